import { redirect, useActionData, useLoaderData } from "react-router";
import { clientOwnDetailsSchema } from "~/clients/client-form";
import { updateClientOwnDetails } from "~/clients/update-client-own-details.server";
import { answerForm, parseForm } from "~/forms/form-action.server";
import type { FormResult } from "~/forms/form-result";
import { clientAddressOf } from "~/request-safety/client-address.server";
import type { Route } from "./+types/portal-home-page";
import { DetailsSection } from "./details-form";
import { signInRequestForm } from "./portal-forms";
import { readPortalHome } from "./portal-home.server";
import { CallsSection, EmailsSection, InvoicesSection, ProjectsSection, ReferralsSection } from "./portal-sections";
import { recordPortalEvent } from "./portal-activity.server";
import { endPortalSession, findPortalClient, requirePortalClient, requirePortalOn } from "./portal-session.server";
import { requestSignInLink } from "./sign-in.server";
import { SignInForm } from "./sign-in-form";
import { useVisitorZone } from "~/document/visitor-zone";
import { portalZone } from "./portal-zone.server";
import { proposalsOfClient } from "~/proposals/proposals-of-client.server";
import { ProposalsSection } from "./portal-proposals-section";

// /portal: the sign-in form for a visitor, the client's home once signed in (decision 033).

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: loaded?.signedIn ? `Your portal | ${loaded.home.companyName}` : "Client portal" },
  { name: "description", content: "Sign in to see your projects, invoices, calls and messages in one place." },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requirePortalOn();
  const client = await findPortalClient(request);
  if (!client) return { signedIn: false as const };
  const [home, proposals] = await Promise.all([readPortalHome(client), proposalsOfClient({ clientId: client.id, leadId: client.leadId, sentOnly: true })]);
  return { signedIn: true as const, home, proposals, zone: await portalZone(request, client, home.timeZone) };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requirePortalOn();
  return answerForm(request, {
    "request-link": async (form) => {
      const input = parseForm(signInRequestForm, form);
      await requestSignInLink(input, { clientAddress: clientAddressOf(context) });
      return { ok: true as const, intent: "request-link", sentTo: input.email };
    },
    "update-details": async (form) => {
      const client = await requirePortalClient(request);
      await updateClientOwnDetails({ clientId: client.id, input: parseForm(clientOwnDetailsSchema, form) });
      await recordPortalEvent(client.id, { kind: "updated_details" });
      return { ok: true as const, intent: "update-details", toast: "Your details are saved" };
    },
    "sign-out": async () => {
      const cleared = await endPortalSession(request);
      return redirect("/portal", { headers: { "Set-Cookie": cleared } });
    },
  });
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function PortalHomePage() {
  const loaded = useLoaderData<typeof loader>();
  const posted = useActionData<FormResult<{ sentTo?: string }>>();
  if (!loaded.signedIn) return <SignInForm initial={posted} />;
  return <PortalHome home={loaded.home} proposals={loaded.proposals} serverZone={loaded.zone} posted={posted} />;
}

function PortalHome({ home, proposals, serverZone, posted }: { home: Awaited<ReturnType<typeof readPortalHome>>; proposals: Awaited<ReturnType<typeof proposalsOfClient>>; serverZone: string; posted: FormResult | undefined }) {
  const zone = useVisitorZone(serverZone);
  return (
    <>
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">Hello, {home.client.name.split(/\s+/)[0]}</h1>
        <p className="text-muted-foreground">Everything about your website with {home.companyName}, in one place.</p>
      </div>
      <nav aria-label="Sections" className="flex flex-wrap gap-2 text-sm">
        {[
          ["#projects", "Projects"],
          ["#invoices", "Invoices"],
          ["#calls", "Calls"],
          ["#referrals", "Referrals"],
          ["#emails", "E-mails"],
          ["#details", "Your details"],
        ].map(([href, label]) => (
          <a key={href} href={href} className="rounded-full border bg-background px-3 py-1 hover:bg-muted">
            {label}
          </a>
        ))}
      </nav>
      <ProposalsSection proposals={proposals} />
      <ProjectsSection projects={home.projects} />
      <InvoicesSection invoices={home.invoices} />
      <CallsSection calls={home.calls} zone={zone} />
      <ReferralsSection referral={home.referral} timeZone={home.timeZone} />
      <EmailsSection emails={home.emails} timeZone={home.timeZone} />
      <DetailsSection client={home.client} initial={posted?.intent === "update-details" ? posted : undefined} />
    </>
  );
}

