import { data } from "react-router";
import type { z } from "~/forms/zod";
import { isDatabaseUnreachable, OUTAGE_FORM_MESSAGE, OUTAGE_RETRY_AFTER_SECONDS } from "~/http/database-outage";
import { redactedPath } from "~/logging/log-redaction";
import { logger } from "~/logging/logger.server";
import { readRequestForm, type RequestForm } from "./request-form.server";
import { checkForm, formValues, type FormRefusal } from "./form-result";
import type { FieldErrors } from "~/refusal/refusal";
import { Refusal } from "~/refusal/refusal";

/**
 * The one form pattern, its server half (docs/decisions/014-one-form-pattern.md). An action reads
 * the form, picks the handler of its `intent`, parses each field with the form's zod schema
 * (`parseForm`), calls one service function and answers: a redirect with a toast, or a
 * `FormSuccess`. Whatever is refused on the way (a field, a malformed body, a service's `Refusal`)
 * comes back as one `FormRefusal` with a 4xx status and the values typed; nothing was changed.
 */

/** A field-level refusal from `parseForm`: the schema's errors, keyed by field. */
class FieldRefusal extends Refusal {
  constructor(readonly errors: FieldErrors) {
    super(Object.values(errors)[0] ?? "Please check the form");
  }
}

/** The form's data as its schema reads it; a failure refuses the submission with its field errors. */
export function parseForm<S extends z.ZodType>(schema: S, form: FormData | Record<string, unknown>): z.infer<S> {
  const checked = checkForm(schema, form);
  if (!checked.ok) throw new FieldRefusal(checked.fieldErrors);
  return checked.data;
}

export function refusalAnswer(error: Refusal, form: FormData | null, intent?: string, failureTitle?: string) {
  const title = error.title ?? failureTitle;
  const refusal: FormRefusal = {
    ok: false,
    intent,
    fieldErrors: error instanceof FieldRefusal ? error.errors : error.fieldErrors,
    values: form ? formValues(form) : {},
    formError: error instanceof FieldRefusal ? undefined : error.message,
    ...(title ? { formErrorTitle: title } : {}),
  };
  const headers: HeadersInit = error.retryAfterMs === undefined ? {} : { "Retry-After": String(Math.max(1, Math.ceil(error.retryAfterMs / 1000))) };
  return data(refusal, { status: error.status, headers });
}

export type IntentHandler = (form: FormData) => Promise<Response | object>;

/** What an intent's fault is answered with, when its page must keep the visitor's form. */
function faultAnswer(form: FormData | null, intent: string, message: string) {
  const failed: FormRefusal = { ok: false, intent: intent === "default" ? undefined : intent, fieldErrors: {}, values: form ? formValues(form) : {}, formError: message };
  return data(failed, { status: 500 });
}

/**
 * What a form posted while the database was away is answered with (decision 045): its refusal with
 * the values typed and a message to try again, 503 with `Retry-After`. Nothing was saved (a
 * transaction cut before its commit rolls back; one cut at its commit is keyed, decision 019).
 */
function outageAnswer(form: FormData | null, intent: string) {
  const refused: FormRefusal = { ok: false, intent: intent === "default" ? undefined : intent, fieldErrors: {}, values: form ? formValues(form) : {}, formError: OUTAGE_FORM_MESSAGE };
  return data(refused, { status: 503, headers: { "Retry-After": String(OUTAGE_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" } });
}

/**
 * Answers a form posted to a route: one handler per `intent` (a form without one uses the handler
 * named `default`). Refusals thrown by the handler become the form's refusal; an unknown intent
 * is refused with 400. `failureTitles` names, per intent, the toast title the spec gives its
 * failures ('Failed to confirm booking'); a refusal without a title of its own gets it.
 * Anything else thrown is a fault: a 500 with the error page, unless `faultMessages` names the
 * intent (a public page, whose visitor must keep the form and read a message): then it is logged
 * and answered as a refusal with that message and status 500; nothing was saved. A failure for want
 * of the database is refused alike on every form, with status 503 (`outageAnswer`).
 * The form layer writes no audit entry: the service the handler calls writes its own, in its own
 * transaction, with the Actor it is given (docs/decisions/020-audit-log.md).
 */
export async function answerForm(
  request: Request,
  handlers: Record<string, IntentHandler>,
  { failureTitles = {}, faultMessages = {} }: { failureTitles?: Record<string, string>; faultMessages?: Record<string, string> } = {},
) {
  let form: FormData | null = null;
  let upload: RequestForm | undefined;
  let intent: string | undefined;
  try {
    // Streamed within the route's limits; an uploaded file waits on disk until the answer is made.
    upload = await readRequestForm(request);
    form = upload.form;
    const posted = form.get("intent");
    intent = typeof posted === "string" && posted ? posted : "default";
    const handler = Object.hasOwn(handlers, intent) ? handlers[intent] : undefined;
    if (!handler) throw new Refusal("Unknown action");
    const answer = await handler(form);
    return answer;
  } catch (error) {
    if (error instanceof Refusal) {
      const failureTitle = intent && Object.hasOwn(failureTitles, intent) ? failureTitles[intent] : undefined;
      return refusalAnswer(error, form, intent === "default" ? undefined : intent, failureTitle);
    }
    if (intent && isDatabaseUnreachable(error)) {
      logger.warn({ path: redactedPath(new URL(request.url).pathname), intent }, "a form could not be saved: the database is unreachable");
      return outageAnswer(form, intent);
    }
    const faultMessage = intent && Object.hasOwn(faultMessages, intent) ? faultMessages[intent] : undefined;
    if (intent && faultMessage) {
      // A warning: the visitor was answered with a clear message and kept the form.
      logger.warn({ err: error, path: redactedPath(new URL(request.url).pathname), intent }, "a form could not be saved");
      return faultAnswer(form, intent, faultMessage);
    }
    throw error;
  } finally {
    await upload?.dispose();
  }
}
