import { config } from "~/config.server";
import { getOrganizationSettings } from "~/settings/settings.server";
import { formatDate } from "~/ui/date-format";
import { checkForm, formValues } from "~/forms/form-result";
import { SERVER_FAILURE_MESSAGE, type PromoClaimOutcome, type SubmissionOutcome } from "./capture-outcome";
import { contactSchema, inquirySchema, promoClaimSchema } from "./inquiry-form";
import { claimPromo, createContactLead, createInquiryLead, HONEYPOT_REFUSAL } from "./lead-capture.server";

/**
 * The request side of the public forms, shared by the JSON endpoints (used with JavaScript)
 * and the pages' own actions (used without): parse, call the capture service, answer with
 * an outcome and an HTTP status. Field values come back with a refusal so a page rendered
 * without JavaScript can refill the form.
 */
export type Answer<T> = { status: number; outcome: T };

/** What the visitor typed, to refill the form; never the honeypot. */
function typedValues(formData: FormData): Record<string, string> {
  const { website: _honeypot, ...values } = formValues(formData);
  return values;
}

function refusalStatus(refusal: string): number {
  return refusal === HONEYPOT_REFUSAL ? 400 : 429;
}

function failed(error: unknown, what: string): Answer<{ ok: false; error: string }> {
  // Logged as a warning: the visitor sees a clear message and keeps the form's data.
  if (config().env !== "test") console.warn(`${what} could not be saved:`, error);
  return { status: 500, outcome: { ok: false, error: SERVER_FAILURE_MESSAGE } };
}

export async function answerPromoClaim(formData: FormData, clientAddress: string): Promise<Answer<PromoClaimOutcome>> {
  const checked = checkForm(promoClaimSchema, formData);
  if (!checked.ok) return { status: 400, outcome: { ok: false, fieldErrors: checked.fieldErrors, values: typedValues(formData) } };
  try {
    const result = await claimPromo(checked.data, { clientAddress });
    if (!result.ok) return { status: refusalStatus(result.refusal), outcome: { ok: false, error: result.refusal, values: typedValues(formData) } };
    const settings = await getOrganizationSettings();
    return {
      status: 200,
      outcome: {
        ok: true,
        code: result.code,
        email: checked.data.email,
        expiresOn: formatDate(result.expiresAt, settings.timezone),
        alreadyClaimed: result.alreadyClaimed,
      },
    };
  } catch (error) {
    return failed(error, "A promo claim");
  }
}

export async function answerInquiry(formData: FormData, clientAddress: string): Promise<Answer<SubmissionOutcome>> {
  const checked = checkForm(inquirySchema, formData);
  if (!checked.ok) return { status: 400, outcome: { ok: false, fieldErrors: checked.fieldErrors, values: typedValues(formData) } };
  try {
    const result = await createInquiryLead(checked.data, { clientAddress });
    if (!result.ok) return { status: refusalStatus(result.refusal), outcome: { ok: false, error: result.refusal } };
    return { status: 200, outcome: { ok: true } };
  } catch (error) {
    return failed(error, "An inquiry");
  }
}

export async function answerContact(formData: FormData, clientAddress: string): Promise<Answer<SubmissionOutcome>> {
  const checked = checkForm(contactSchema, formData);
  if (!checked.ok) return { status: 400, outcome: { ok: false, fieldErrors: checked.fieldErrors, values: typedValues(formData) } };
  try {
    const result = await createContactLead(checked.data, { clientAddress });
    if (!result.ok) return { status: refusalStatus(result.refusal), outcome: { ok: false, error: result.refusal, values: typedValues(formData) } };
    return { status: 200, outcome: { ok: true } };
  } catch (error) {
    return failed(error, "A contact message");
  }
}
