import CheckCircle2 from "lucide-react/icons/circle-check";
import MailX from "lucide-react/icons/mail-x";
import { data, Form, useActionData, useLoaderData, useNavigation, useRouteLoaderData } from "react-router";
import { answerForm } from "~/forms/form-action.server";
import type { FormResult } from "~/forms/form-result";
import { Refusal } from "~/refusal/refusal";
import { Button, LinkButton } from "~/ui/button";
import type { Route } from "./+types/unsubscribe-page";
import { readUnsubscribeLink, resubscribeWithLink, unsubscribeWithLink } from "./unsubscribe.server";

// The page behind every marketing e-mail's unsubscribe link. Opening it changes nothing (link
// scanners open links); the button posts, as a mail client's one-click POST does (RFC 8058,
// body `List-Unsubscribe=One-Click`, no cookies): both reach the same action.

export const meta: Route.MetaFunction = () => [{ title: "Unsubscribe" }, { name: "robots", content: "noindex, nofollow" }];

export function headers() {
  // The token is in the URL: no shared cache keeps the page. The site-wide Referrer-Policy
  // (strict-origin-when-cross-origin) already keeps the path, and so the token, from other sites.
  return { "Cache-Control": "private, no-store" };
}

/** The site layout leaves out its promo popup here: nobody unsubscribing wants an offer. */
export const handle = { hidePromoOffer: true };

export async function loader({ params }: Route.LoaderArgs) {
  try {
    return data({ link: await readUnsubscribeLink(params.token), invalid: null }, { headers: headers() });
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return data({ link: null, invalid: error.message }, { status: error.status, headers: headers() });
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  return answerForm(request, {
    // The one-click POST carries no intent: List-Unsubscribe=One-Click is all it sends.
    default: async () => {
      await unsubscribeWithLink(params.token);
      return data({ ok: true as const, done: "unsubscribed" as const }, { headers: headers() });
    },
    resubscribe: async () => {
      await resubscribeWithLink(params.token);
      return data({ ok: true as const, done: "resubscribed" as const }, { headers: headers() });
    },
  });
}

export default function UnsubscribePage() {
  const { link, invalid } = useLoaderData<typeof loader>();
  const answer = useActionData<FormResult<{ done: "unsubscribed" | "resubscribed" }>>();
  // The site layout's data (the page sits in it): who is writing, and where to reach them.
  const site = useRouteLoaderData<{ companyName: string; email: string | null }>("site/site-layout");
  const busy = useNavigation().state === "submitting";
  const companyName = site?.companyName ?? "us";
  const contact = site?.email ?? null;

  if (!link) {
    return (
      <Panel icon={<MailX className="size-14 text-destructive" aria-hidden="true" />} title="This link does not work">
        <p className="mt-4 text-lg">{invalid}</p>
        <LinkButton to="/" variant="outline" className="mt-8">
          Back to Home
        </LinkButton>
      </Panel>
    );
  }

  const refused = answer && !answer.ok ? answer.formError : undefined;
  const alert = refused ? (
    <p role="alert" className="mt-6 rounded-md border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm text-destructive">
      {refused}
    </p>
  ) : null;

  if (link.suppressedReason) {
    return (
      <Panel icon={<CheckCircle2 className="size-14 text-success" aria-hidden="true" />} title="You're unsubscribed">
        <p className="mt-4 text-lg">
          <strong className="font-semibold">{link.email}</strong> will no longer receive marketing e-mails from {companyName}.
        </p>
        <p className="mt-3 text-muted-foreground">E-mails about your bookings and invoices will still arrive.</p>
        {alert}
        {link.suppressedReason === "unsubscribed" ? (
          <Form method="post" className="mt-8 grid justify-items-center gap-2">
            <p className="text-sm text-muted-foreground">Unsubscribed by mistake?</p>
            <input type="hidden" name="intent" value="resubscribe" />
            <Button type="submit" variant="outline" disabled={busy}>
              Resubscribe
            </Button>
          </Form>
        ) : contact ? (
          <p className="mt-8 text-sm text-muted-foreground">
            To receive our e-mails again, write to{" "}
            <a className="font-medium text-primary underline underline-offset-4" href={`mailto:${contact}`}>
              {contact}
            </a>
            .
          </p>
        ) : null}
      </Panel>
    );
  }

  const resubscribed = answer?.ok && answer.done === "resubscribed";
  return (
    <Panel
      icon={resubscribed ? <CheckCircle2 className="size-14 text-success" aria-hidden="true" /> : <MailX className="size-14 text-primary" aria-hidden="true" />}
      title={resubscribed ? "You're subscribed again" : "Unsubscribe"}
    >
      <p className="mt-4 text-lg">
        {resubscribed ? (
          <>
            <strong className="font-semibold">{link.email}</strong> will receive our e-mails again. Welcome back!
          </>
        ) : (
          <>
            Stop marketing e-mails from {companyName} to <strong className="font-semibold">{link.email}</strong>?
          </>
        )}
      </p>
      <p className="mt-3 text-muted-foreground">E-mails about your bookings and invoices will still arrive.</p>
      {alert}
      <Form method="post" className="mt-8">
        {/* The same body a mail client's one-click POST sends. */}
        <input type="hidden" name="List-Unsubscribe" value="One-Click" />
        <Button type="submit" size="lg" variant={resubscribed ? "outline" : "default"} disabled={busy}>
          Unsubscribe
        </Button>
      </Form>
    </Panel>
  );
}

function Panel({ icon, title, children }: { icon: React.ReactNode; title: string; children: React.ReactNode }) {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center sm:px-6">
      {icon}
      <h1 className="mt-6 text-4xl font-extrabold tracking-tight">{title}</h1>
      {children}
    </section>
  );
}
