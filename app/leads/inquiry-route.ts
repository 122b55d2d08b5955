import { data } from "react-router";
import { checkForm } from "~/ui/form-validation";
import type { Route } from "./+types/inquiry-route";
import { inquirySchema } from "./inquiry-form";
import { createInquiryLead } from "./lead-capture.server";

export type InquiryResult =
  | { ok: true }
  | { ok: false; fieldErrors: Partial<Record<string, string>>; error?: undefined }
  | { ok: false; error: string; fieldErrors?: undefined };

// Posted by the inquiry dialog (a fetcher). It has no page of its own.
export async function action({ request }: Route.ActionArgs) {
  const checked = checkForm(inquirySchema, await request.formData());
  if (!checked.ok) return data<InquiryResult>({ ok: false, fieldErrors: checked.fieldErrors }, { status: 400 });
  // A filled honeypot is a bot: answer as if it worked, keep nothing.
  if (checked.data.website) return data<InquiryResult>({ ok: true });
  try {
    await createInquiryLead(checked.data);
  } catch (error) {
    console.warn("Inquiry could not be saved:", error);
    return data<InquiryResult>(
      { ok: false, error: "We could not send your inquiry. Please try again in a moment." },
      { status: 500 },
    );
  }
  return data<InquiryResult>({ ok: true });
}
