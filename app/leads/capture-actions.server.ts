import { firstTouchOf } from "~/attribution/attribution-cookie.server";
import { answerForm, parseForm } from "~/forms/form-action.server";
import type { FormSuccess } from "~/forms/form-result";
import { getOrganizationSettings } from "~/organization/settings.server";
import { formatDate } from "~/formatting/dates";
import { CONTACT_SENT, INQUIRY_SENT, SERVER_FAILURE_MESSAGE, type ClaimedPromo } from "./capture-outcome";
import { contactSchema, inquirySchema, promoClaimSchema } from "./inquiry-form";
import { claimPromo } from "./claim-promo.server";
import { createContactLead } from "./create-contact-lead.server";
import { createInquiryLead } from "./create-inquiry-lead.server";

/**
 * The request side of the public forms, shared by the JSON endpoints (used with JavaScript) and
 * the pages' own actions (used without): the one form pattern (`answerForm`, `parseForm`), so
 * both answer a `FormResult` with its status. A refusal carries what was typed so a page rendered
 * without JavaScript can refill the form; a fault is answered too (500, nothing saved, logged),
 * because a visitor must keep the form's data and read a message, never land on an error page.
 */
function answerPublicForm(request: Request, handle: (form: FormData) => Promise<object>) {
  return answerForm(request, { default: handle }, { faultMessages: { default: SERVER_FAILURE_MESSAGE } });
}

function daysLeft(expiresAt: Date): string {
  const days = Math.max(1, Math.round((expiresAt.getTime() - Date.now()) / 86_400_000));
  return days === 1 ? "1 day" : `${days} days`;
}

export function answerPromoClaim(request: Request, clientAddress: string) {
  return answerPublicForm(request, async (form): Promise<FormSuccess<ClaimedPromo>> => {
    const input = parseForm(promoClaimSchema, form);
    const claimed = await claimPromo({ input, submitter: { clientAddress, touch: firstTouchOf(request) } });
    const settings = await getOrganizationSettings();
    return {
      ok: true,
      code: claimed.code,
      email: input.email,
      expiresOn: formatDate(claimed.expiresAt, settings.timezone),
      alreadyClaimed: claimed.alreadyClaimed,
      toast: "Success",
      // The spec's words with the claim's own term: 7 days by default, a campaign's or Settings' otherwise.
      toastDescription: `Check ${input.email} for your unique promo code — valid for ${daysLeft(claimed.expiresAt)}!`,
    };
  });
}

export function answerInquiry(request: Request, clientAddress: string) {
  return answerPublicForm(request, async (form): Promise<FormSuccess> => {
    await createInquiryLead({ input: parseForm(inquirySchema, form), submitter: { clientAddress, touch: firstTouchOf(request) } });
    return { ok: true, toast: INQUIRY_SENT.title, toastDescription: INQUIRY_SENT.text };
  });
}

export function answerContact(request: Request, clientAddress: string) {
  return answerPublicForm(request, async (form): Promise<FormSuccess> => {
    await createContactLead({ input: parseForm(contactSchema, form), submitter: { clientAddress, touch: firstTouchOf(request) } });
    return { ok: true, toast: CONTACT_SENT.title, toastDescription: CONTACT_SENT.text };
  });
}

/** The JSON endpoints send the same answer as JSON, with its status. */
export async function asJson(answer: Promise<unknown>): Promise<Response> {
  const result = await answer;
  if (result instanceof Response) return result;
  if (isDataWithInit(result)) return Response.json(result.data, result.init ?? undefined);
  return Response.json(result);
}

function isDataWithInit(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && "data" in value && "init" in value;
}
