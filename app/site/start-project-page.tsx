import { randomUUID } from "node:crypto";
import { useActionData, useLoaderData, useNavigate } from "react-router";
import type { FormResult } from "~/forms/form-result";
import { answerInquiry } from "~/leads/capture-actions.server";
import { INQUIRY_SENT } from "~/leads/capture-outcome";
import { clientAddressOf } from "~/request-safety/client-address.server";
import { redirectWithToast } from "~/forms/flash.server";
import type { Route } from "./+types/start-project-page";
import { InquiryForm, InquiryPresetNote, inquiryIntro } from "./inquiry-form";
import { launchOfferPricesFrom, useLaunchOffer } from "./launch-offer";
import { INQUIRY_PAGE_PATH } from "./inquiry-preset";
import { inquiryPresetFrom } from "./inquiry-preset.server";
import { publicPageMeta } from "./seo";

/**
 * The inquiry on a page of its own (decision 028): where every call to action leads before the
 * app runs, so a first tap on a slow phone answers with a page instead of waiting for the app. Once
 * the app runs, the same calls to action open the inquiry dialog instead.
 */
export const meta: Route.MetaFunction = ({ matches, data }) => {
  const intro = inquiryIntro(data?.preset ?? {}, launchOfferPricesFrom(matches));
  return publicPageMeta(matches, { title: intro.title, description: intro.description, path: INQUIRY_PAGE_PATH });
};

export function loader({ request }: Route.LoaderArgs) {
  // A new key for every showing of the form: its double post makes one lead (`leads.submission_key`).
  return { preset: inquiryPresetFrom(new URL(request.url).searchParams), submissionKey: randomUUID() };
}

// Posted here without JavaScript: a success goes on to the thank-you page (so a reload posts nothing
// again); a refusal renders this page with what was typed and what is wrong.
export async function action({ request, context }: Route.ActionArgs) {
  const answer = await answerInquiry(request, clientAddressOf(context));
  if ("ok" in answer && answer.ok === true) {
    return redirectWithToast("/thank-you", { type: "success", title: INQUIRY_SENT.title, description: INQUIRY_SENT.text });
  }
  return answer;
}

export default function StartProjectPage() {
  const { preset, submissionKey } = useLoaderData<typeof loader>();
  const posted = useActionData<FormResult>();
  const navigate = useNavigate();
  const intro = inquiryIntro(preset, useLaunchOffer());
  return (
    <section className="mx-auto max-w-xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{intro.title}</h1>
      <p className="mt-3 text-muted-foreground">{intro.description}</p>
      <div className="mt-6 grid gap-4 rounded-xl border bg-card p-6 shadow-sm">
        <InquiryPresetNote preset={preset} />
        <InquiryForm preset={preset} idPrefix="inquiry-page" initial={posted} submissionKey={submissionKey} onSuccess={() => navigate("/thank-you")} />
      </div>
    </section>
  );
}
