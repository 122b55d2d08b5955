import { isDocumentNavigation } from "~/http/document-navigation";
import { recordNotFound, type RecordNotFound } from "~/http/record-not-found";
import { redirectWithToast } from "./flash.server";
import { recordIdParam } from "./record-id";

/** The list a back-office record page belongs to: where a missing record sends the admin. */
export type RecordList = NonNullable<RecordNotFound["back"]>;

/**
 * The record a back-office record page shows, or, when there is none (deleted, mistyped), the way
 * back to its list with the record's message as a toast (spec 001: "Project not found", back to
 * /admin/projects): a browser's navigation is redirected there; React Router's data request and
 * any other request gets the 404 (`recordNotFound`), whose boundary in the back-office frame goes
 * to the same list with the same toast (app/admin/admin-page-frame.tsx). One rule for every
 * admin record page; resource routes and public pages keep the plain 404.
 */
export async function requireListedRecord<T>(
  record: T | null | undefined,
  { request, context }: { request: Request; context: { dataRequest?: boolean } | undefined },
  message: string,
  list: RecordList,
): Promise<T> {
  if (record !== null && record !== undefined) return record;
  if (isDocumentNavigation(request, context)) throw await redirectWithToast(list.href, { type: "error", title: message });
  return recordNotFound(message, list);
}

/** The same, for the record the page's address names by its id: a malformed id finds nothing, as a missing record. */
export async function requireListedRecordById<T>(
  id: string | undefined,
  find: (id: string) => Promise<T | null | undefined>,
  page: { request: Request; context: { dataRequest?: boolean } | undefined },
  message: string,
  list: RecordList,
): Promise<T> {
  const recordId = recordIdParam(id);
  return requireListedRecord(recordId ? await find(recordId) : undefined, page, message, list);
}
