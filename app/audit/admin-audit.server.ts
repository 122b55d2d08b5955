import { db } from "~/db/connection.server";
import { formObject } from "~/forms/form-result";
import type { Actor } from "./actor";
import { recordAuditEntry } from "./audit-log.server";
import { answerSucceeded, describeAdminAction, type AuditDescription } from "./audit-descriptor";
import { auditAlreadyRecorded } from "./audit-request-scope.server";


/**
 * The audit log's one writer for admin actions (docs/decisions/023-audit-log.md): `answerForm`
 * calls `recordAdminAction` after an intent succeeded, for every request whose admin
 * `requireAdmin` remembered. The admin is kept per Request (the action's guard and its form share
 * it); the network address per HTTP request (server/app.ts runs each request in its scope).
 */

type Admin = { actor: Actor };

const adminsByRequest = new WeakMap<Request, Admin>();
/** What a handler adds to the generic record (a readable summary, what changed). */
const notesByRequest = new WeakMap<Request, Partial<AuditDescription>>();

export function rememberAdmin(request: Request, admin: Admin): void {
  adminsByRequest.set(request, admin);
}

/** A handler's words for its entry: they replace the derived summary, entity or details. */
export function noteAuditEntry(request: Request, note: Partial<AuditDescription>): void {
  notesByRequest.set(request, { ...notesByRequest.get(request), ...note });
}

function actorOf(request: Request): Actor | null {
  const admin = adminsByRequest.get(request);
  if (!admin) return null;
  return admin.actor;
}

/**
 * Records a succeeded admin action: who (the remembered admin), from where, what (`{domain}.{intent}`),
 * which record (the path's or the form's id). Not an admin's request (a public form): nothing.
 */
export async function recordAdminAction(request: Request, intent: string, form: FormData | null, answer: unknown): Promise<void> {
  const actor = actorOf(request);
  if (!actor || !answerSucceeded(answer) || auditAlreadyRecorded()) return;
  const derived = describeAdminAction({ pathname: new URL(request.url).pathname, intent, form: form ? formObject(form) : {} });
  if (!derived) return;
  const note = notesByRequest.get(request) ?? {};
  const description = { ...derived, ...note, details: { ...derived.details, ...note.details } };
  await recordAuditEntry(db(), actor, description);
}
