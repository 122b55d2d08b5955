import { Form, Link, useActionData, useLoaderData } from "react-router";
import { answerAdminForm, requireAdmin } from "~/auth/guard.server";
import { redirectWithToast } from "~/forms/flash.server";
import { parseForm } from "~/forms/form-action.server";
import type { FormResult } from "~/forms/form-result";
import { formatDateTime } from "~/formatting/dates";
import { formatCents, formatPrice } from "~/formatting/money";
import { recordIdParam } from "~/forms/record-id";
import { requireListedRecordById } from "~/forms/record-page.server";
import { notFound } from "~/refusal/refusal";
import { getOrganizationSettings } from "~/organization/settings.server";
import { Button } from "~/ui/button";
import { Input } from "~/ui/input";
import type { Route } from "./+types/proposal-editor-page";
import { PROPOSAL_EVENT_LABELS, PROPOSAL_STATUS_LABELS } from "./proposal-options";
import { loadProposalEditor } from "./proposal-editor.server";
import { editorFields, proposalEditorSchema } from "./proposal-forms";
import { sendProposal } from "./send-proposal.server";
import { updateProposal } from "./update-proposal.server";

export const meta: Route.MetaFunction = ({ data: loaded }) => [{ title: `${loaded?.proposal.title ?? "Proposal"} | Admin` }];

const PROPOSALS_LIST = { href: "/admin/proposals", label: "Back to Proposals" };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request);
  const editor = await requireListedRecordById(params.proposalId, loadProposalEditor, { request, context }, "Proposal not found", PROPOSALS_LIST);
  return { ...editor, timeZone: (await getOrganizationSettings()).timezone };
}

export async function action({ request, params }: Route.ActionArgs) {
  // Read when an intent asks for it, so that answerForm answers a malformed id 404 (thrown out here it was a 500).
  const proposalIdOf = () => {
    const proposalId = recordIdParam(params.proposalId);
    if (!proposalId) throw notFound("Proposal not found");
    return proposalId;
  };
  const here = `/admin/proposals/${params.proposalId ?? ""}`;
  return answerAdminForm(request, ({ actor }) => ({
    save: async (form) => {
      const { resent } = await updateProposal({ actor, proposalId: proposalIdOf(), input: parseForm(proposalEditorSchema, editorFields(form)) });
      return redirectWithToast(here, { type: "success", title: resent ? "Proposal saved and sent as a new version" : "Proposal saved" });
    },
    send: async () => {
      await sendProposal({ actor, proposalId: proposalIdOf() });
      return redirectWithToast(here, { type: "success", title: "Proposal sent" });
    },
  }));
}

export default function ProposalEditorPage() {
  const { proposal, options, tiers, catalogue, templates, link, events, chainValid, signature, timeZone } = useLoaderData<typeof loader>();
  const refused = useActionData<FormResult>();
  const errors = refused && !refused.ok ? refused.fieldErrors ?? {} : {};
  const offeredTiers = new Set(options.filter((option) => option.kind === "tier").map((option) => option.tier));
  const addOnState = new Map(options.filter((option) => option.kind === "add_on").map((option) => [option.addOnId, option.included ? "included" : "optional"]));
  const closed = ["signed", "paid", "declined"].includes(proposal.status);
  return (
    <div className="grid max-w-3xl gap-6">
      <header className="grid gap-1">
        <Link to="/admin/proposals" className="text-sm underline">
          Back to Proposals
        </Link>
        <h1 className="text-2xl font-bold">{proposal.title}</h1>
        <p className="text-sm text-muted-foreground">
          For {proposal.recipientName} ({proposal.recipientEmail}) · {PROPOSAL_STATUS_LABELS[proposal.status]}
        </p>
        {link ? <p className="break-all text-sm">Client's link: {link}</p> : null}
      </header>
      {refused && !refused.ok && refused.formError ? <p role="alert" className="text-destructive">{refused.formError}</p> : null}
      <Form method="post" className="grid gap-4">
        <input type="hidden" name="intent" value="save" />
        <label className="grid gap-1 text-sm">
          Title
          <Input name="title" defaultValue={proposal.title} required />
        </label>
        <fieldset className="grid gap-2" aria-describedby="tiers-error">
          <legend className="font-semibold">Packages</legend>
          {tiers.map((tier) => (
            <label key={tier.tier} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="tiers" value={tier.tier} defaultChecked={offeredTiers.has(tier.tier)} />
              Tier {tier.tier} – {tier.name} ({formatCents(tier.priceCents)})
            </label>
          ))}
          {errors.tiers ? <p id="tiers-error" className="text-sm text-destructive">{errors.tiers}</p> : null}
        </fieldset>
        <fieldset className="grid gap-2">
          <legend className="font-semibold">Add-ons</legend>
          {catalogue.map((addOn) => (
            <label key={addOn.id} className="flex items-center gap-2 text-sm">
              <select name={`addOn-${addOn.id}`} defaultValue={addOnState.get(addOn.id) ?? ""} aria-label={`${addOn.name}: offered as`} className="rounded-md border p-1">
                <option value="">Not offered</option>
                <option value="included">Included</option>
                <option value="optional">Optional</option>
              </select>
              {addOn.name} {addOn.flatPriceCents !== null ? `(${formatCents(addOn.flatPriceCents)})` : ""}
            </label>
          ))}
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="grid gap-1 text-sm">
            Discount
            <Input name="discount" inputMode="decimal" defaultValue={proposal.discountCents ? formatPrice(proposal.discountCents) : ""} />
          </label>
          <label className="grid gap-1 text-sm">
            Deposit rule
            <select name="depositRule" defaultValue={proposal.depositRule} className="rounded-md border p-2">
              <option value="percent">A percent of the total</option>
              <option value="fixed">A fixed amount</option>
            </select>
          </label>
          <label className="grid gap-1 text-sm">
            Deposit percent
            <Input name="depositPercent" inputMode="numeric" defaultValue={proposal.depositRule === "percent" ? String(proposal.depositValue) : "50"} />
          </label>
          <label className="grid gap-1 text-sm">
            Fixed deposit
            <Input name="depositFixed" inputMode="decimal" defaultValue={proposal.depositRule === "fixed" ? formatPrice(proposal.depositValue) : ""} />
          </label>
          <label className="grid gap-1 text-sm">
            Expires on
            <Input name="expiresOn" type="date" defaultValue={proposal.expiresOn ?? ""} />
          </label>
          <label className="grid gap-1 text-sm">
            Reminders (days after sending, at most three)
            <Input name="reminderDays" defaultValue={proposal.reminderDays.join(", ")} />
            {errors.reminderDays ? <span className="text-destructive">{errors.reminderDays}</span> : null}
          </label>
        </div>
        <label className="grid gap-1 text-sm">
          Contract
          <select name="contractTemplateId" defaultValue={proposal.contractTemplateId ?? ""} className="rounded-md border p-2">
            {templates.map((template) => (
              <option key={template.id} value={template.id}>
                {template.name}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-sm">
          Personal note
          <textarea name="note" defaultValue={proposal.note ?? ""} rows={3} className="rounded-md border p-2" />
        </label>
        {closed ? null : <Button type="submit">{proposal.status === "draft" ? "Save" : "Save and send a new version"}</Button>}
      </Form>
      {proposal.status === "draft" ? (
        <Form method="post">
          <input type="hidden" name="intent" value="send" />
          <Button type="submit">Send</Button>
        </Form>
      ) : null}
      {signature ? (
        <section className="grid gap-1 text-sm">
          <h2 className="font-semibold">Signed</h2>
          <p>
            By {signature.signerName} on {formatDateTime(signature.signedAt, timeZone)}; SHA-256 {signature.contractSha256}
          </p>
          <span className="flex flex-wrap gap-3">
            <Link to={`/admin/clients/${signature.clientId}`} className="underline">
              The client
            </Link>
            {signature.projectId ? (
              <Link to={`/admin/projects/${signature.projectId}`} className="underline">
                The project
              </Link>
            ) : null}
            {signature.depositInvoiceId ? (
              <Link to={`/admin/invoices/${signature.depositInvoiceId}`} className="underline">
                The deposit invoice
              </Link>
            ) : null}
            {signature.remainderInvoiceId ? (
              <Link to={`/admin/invoices/${signature.remainderInvoiceId}`} className="underline">
                The remainder (draft)
              </Link>
            ) : null}
            <a href={`/admin/proposals/${proposal.id}/pdf`} className="underline" download>
              Signed PDF
            </a>
          </span>
        </section>
      ) : null}
      <section className="grid gap-1 text-sm">
        <h2 className="font-semibold">Record {chainValid ? "(chain verified)" : "(chain broken)"}</h2>
        <ol className="grid gap-1">
          {events.map((event) => (
            <li key={event.id}>
              {formatDateTime(event.occurredAt, timeZone)} · {PROPOSAL_EVENT_LABELS[event.kind]} {event.ipAddress ? `· ${event.ipAddress}` : ""}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
