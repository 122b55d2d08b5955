import CheckCircle2 from "lucide-react/icons/circle-check";
import { Link, useRouteLoaderData } from "react-router";
import { buttonVariants } from "~/ui/button";
import { cn } from "~/ui/class-names";
import type { Route } from "./+types/thank-you-page";
import type { loader as siteLoader } from "./site-layout";
import { REPLY_WITHIN_BUSINESS_HOURS } from "~/organization/reply-promise";
import { daysText, useLaunchOffer } from "./launch-offer";
import { publicPageMeta } from "./seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  publicPageMeta(matches, {
    title: "Thank you",
    description: `Your inquiry was received. We'll reply within ${REPLY_WITHIN_BUSINESS_HOURS}.`,
    path: "/thank-you",
  });

export default function ThankYouPage() {
  const site = useRouteLoaderData<typeof siteLoader>("site/site-layout");
  const email = site?.email ?? null;
  const { promoDays } = useLaunchOffer();
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center sm:px-6">
      <CheckCircle2 className="size-14 text-success" aria-hidden="true" />
      <h1 className="mt-6 text-4xl font-extrabold tracking-tight">Thank you!</h1>
      <p className="mt-4 text-lg">We received your inquiry, and one of us will reply within {REPLY_WITHIN_BUSINESS_HOURS}.</p>
      <p className="mt-3 text-muted-foreground">
        Please check your e-mail, including the spam or promotions folder, so our reply doesn't slip past you. If you
        claimed the launch offer, your promo code is valid for {daysText(promoDays)}.
      </p>
      <Link to="/" className={cn(buttonVariants({ size: "lg" }), "mt-8")}>Back to Home</Link>
      {email ? (
        <p className="mt-6 text-sm text-muted-foreground">
          Questions in the meantime? Write to{" "}
          <a className="font-medium text-primary underline underline-offset-4" href={`mailto:${email}`}>
            {email}
          </a>
        </p>
      ) : null}
    </section>
  );
}
