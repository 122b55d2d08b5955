import { data, redirect, useActionData, useLoaderData } from "react-router";
import { answerForm, parseForm } from "~/forms/form-action.server";
import type { FormResult } from "~/forms/form-result";
import { requireRecord } from "~/http/record-not-found";
import { clientAddressOf } from "~/request-safety/client-address.server";
import { Button } from "~/ui/button";
import type { Route } from "./+types/client-proposal-page";
import { openClientProposal } from "./client-proposal.server";
import { ChooseStep, DepositStep, ReadStep, SignStep } from "./client-proposal-steps";
import { declineProposal } from "./decline-proposal.server";
import { freezeContract } from "./freeze-contract.server";
import { choiceSchema, declineSchema, signSchema } from "./proposal-forms";
import type { StepOrigin } from "./proposal-events.server";
import { readContract } from "./read-contract.server";
import { signProposal } from "./sign-proposal.server";
import { CLOSED_MESSAGES } from "./signable";

// The client's one link (issue 44): public, no account, reached only through the capability link
// of the e-mail. A wrong token gets the site's ordinary 404 page: nothing leaks.

export const meta: Route.MetaFunction = ({ data: loaded }) => [{ title: loaded ? loaded.view.title : "Page not found" }, { name: "robots", content: "noindex" }];

export function headers() {
  // The token is in the URL: no shared cache keeps the page; same-origin so the page's own forms post with their Origin (decision 047).
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" };
}

function originOf(request: Request, context: Route.LoaderArgs["context"]): StepOrigin {
  const address = clientAddressOf(context);
  return { ipAddress: address === "unknown" ? null : address, userAgent: request.headers.get("user-agent")?.slice(0, 500) ?? null };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const token = params.token ?? "";
  const view = requireRecord(await openClientProposal({ token, origin: originOf(request, context) }), "Proposal not found");
  const url = new URL(request.url);
  const step = url.searchParams.get("step");
  const choice = { tierOptionId: url.searchParams.get("tierOptionId") ?? "", addOnOptionIds: url.searchParams.getAll("addOnOptionIds") };
  const reading = step === "read" && view.state === "open" ? await readContract({ token, choice }) : null;
  return data({ view, step: reading ? "read" : step === "sign" && view.frozen ? "sign" : "choose", reading, choice }, { headers: headers() });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const token = params.token ?? "";
  const origin = originOf(request, context);
  const here = `/proposal/${token}`;
  return answerForm(request, {
    freeze: async (form) => {
      await freezeContract({ token, choice: parseForm(choiceSchema, form), origin });
      return redirect(`${here}?step=sign`);
    },
    sign: async (form) => {
      await signProposal({ token, input: parseForm(signSchema, form), origin });
      return redirect(here);
    },
    decline: async (form) => {
      await declineProposal({ token, reason: parseForm(declineSchema, form).reason, origin });
      return redirect(here);
    },
  });
}

function Closed({ message }: { message: string }) {
  return <p className="rounded-lg border p-4 text-lg">{message}</p>;
}

export default function ClientProposalPage() {
  const { view, step, reading, choice } = useLoaderData<typeof loader>();
  const refused = useActionData<FormResult>();
  const error = refused && !refused.ok ? (refused.formError ?? Object.values(refused.fieldErrors ?? {})[0]) : undefined;
  const values = refused && !refused.ok ? refused.values : {};
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-10">
      <header className="grid gap-2">
        <h1 className="text-2xl font-bold tracking-tight">{view.title}</h1>
        <p className="text-muted-foreground">For {view.recipientName}</p>
        {view.note ? <p className="whitespace-pre-wrap">{view.note}</p> : null}
      </header>
      {view.signed ? (
        <DepositStep deposit={view.signed.deposit} signerName={view.signed.signerName} />
      ) : view.state === "signed" ? (
        <Closed message="This proposal is already signed." />
      ) : view.state !== "open" ? (
        <Closed message={CLOSED_MESSAGES[view.state]} />
      ) : step === "read" && reading ? (
        <ReadStep text={reading} choice={choice} backHref="?" />
      ) : step === "sign" && view.frozen ? (
        <SignStep text={view.frozen.text} versionId={view.versionId} sha256={view.frozen.sha256} values={values} error={error} />
      ) : (
        <ChooseStep offer={view.offer} initial={view.frozen?.choice ?? null} />
      )}
      {view.state === "open" && !view.signed ? (
        <details className="text-sm">
          <summary>Decline this proposal</summary>
          <form method="post" className="mt-2 grid gap-2">
            <input type="hidden" name="intent" value="decline" />
            <label className="grid gap-1">
              Reason (optional)
              <textarea name="reason" className="rounded-md border p-2" rows={3} />
            </label>
            <Button type="submit" variant="outline">
              Decline
            </Button>
          </form>
        </details>
      ) : null}
      {error && step !== "sign" ? (
        <p role="alert" className="text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
