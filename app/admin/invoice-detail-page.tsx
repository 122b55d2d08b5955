import Download from "lucide-react/icons/download";
import Lock from "lucide-react/icons/lock";
import { Form, Link, useLoaderData } from "react-router";
import { answerAdminForm, requireAdmin } from "~/auth/guard.server";
import { getOrganizationSettings, listPackageTiers } from "~/organization/settings.server";
import { Badge } from "~/ui/badge";
import { Button, buttonVariants } from "~/ui/button";
import { TitledCard } from "~/ui/card";
import { formatDateTime } from "~/formatting/dates";
import { formatCents } from "~/formatting/money";
import { requireListedRecordById } from "~/forms/record-page.server";
import type { Route } from "./+types/invoice-detail-page";
import { parseForm } from "~/forms/form-action.server";
import { redirectWithToast } from "~/forms/flash.server";
import { addConsultationsToInvoice } from "~/consultations/bill-consultations.server";
import { listBillableConsultations } from "~/consultations/consultation-billing.server";
import { invoiceIntents } from "~/invoices/invoice-editor-intents.server";
import { addConsultationsSchema, invoiceIdSchema } from "~/invoices/invoice-forms";
import { lineItemIntents } from "~/invoices/line-item-intents.server";
import { paymentIntents } from "~/invoices/payment-intents.server";
import { AddConsultationsDialog, GenerateFromProjectDialog } from "~/invoices/invoice-billing-dialogs";
import { bankTransferInstruction } from "~/invoices/invoice-document";
import { InvoiceDetailsForm } from "~/invoices/invoice-details-form";
import { INVOICE_STATUS_BADGE } from "~/invoices/invoice-options";
import { InvoiceLinkCard } from "~/invoices/invoice-link-card";
import { invoiceLink } from "~/invoices/invoice-link.server";
import { InvoicePaymentsPanel } from "~/invoices/invoice-payments-panel";
import { agencyForInvoices } from "~/invoices/invoice-pdf.server";
import { InvoiceSendDialog } from "~/invoices/invoice-send-dialog";
import { previewInvoiceEmail } from "~/invoices/invoice-email.server";
import { todayForPayments } from "~/invoices/invoice-payments.server";
import { findInvoiceDetail, invoiceFormOptions } from "~/invoices/invoice-detail.server";
import { LineItemsPanel } from "~/invoices/line-items-panel";
import { projectBillingOptions } from "~/invoices/project-billing.server";
import { RecordHeader } from "~/ui/record-header";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.invoice.invoiceNumber ?? "Invoice"} | Admin` }];

const INVOICES_LIST = { href: "/admin/invoices", label: "Back to Invoices" };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request);
  const detail = await requireListedRecordById(params.invoiceId, findInvoiceDetail, { request, context }, "Invoice not found", INVOICES_LIST);
  const [options, tiers, billing, consultations, preview, agency, settings] = await Promise.all([
    invoiceFormOptions(),
    listPackageTiers(),
    projectBillingOptions(detail.invoice.id),
    listBillableConsultations(detail.invoice.clientId),
    previewInvoiceEmail(detail.invoice.id),
    agencyForInvoices(),
    getOrganizationSettings(),
  ]);
  return {
    ...detail,
    clients: options.clients,
    projects: options.projects.filter((project) => project.clientId === detail.invoice.clientId),
    tiers: tiers.map((tier) => ({ tier: tier.tier, name: tier.name })),
    billing: billing && {
      projectLabel: `${billing.project.projectNumber}${billing.project.name ? ` – ${billing.project.name}` : ""}`,
      tierLabel: `Tier ${billing.tier.tier} – ${billing.tier.name}`,
      deliverables: billing.deliverables,
      addOns: billing.addOns,
      packagePriceCents: billing.packagePriceCents,
      promoApplies: billing.promoApplies,
    },
    consultations: consultations.map(({ id, consultType, scheduledDate }) => ({ id, consultType, scheduledDate })),
    preview: { to: preview.to, subject: preview.subject, html: preview.html, attachmentName: preview.attachmentName },
    paymentInstruction: bankTransferInstruction(agency, detail.invoice.invoiceNumber),
    today: todayForPayments(settings.timezone),
    clientLink: detail.invoice.viewToken ? invoiceLink(detail.invoice.viewToken) : null,
    timeZone: settings.timezone,
  };
}

// The invoice editor composes the invoices domain's intents with the consultations domain's
// 'Add Consultations' (decision 048: consultations are billed by their own domain).
export async function action({ request, params }: Route.ActionArgs) {
  return answerAdminForm(request, ({ actor }) => {
    // A malformed id is refused as not found (400), when an intent asks for it.
    const editor = { actor, invoiceId: () => parseForm(invoiceIdSchema, { invoiceId: params.invoiceId }).invoiceId, here: `/admin/invoices/${params.invoiceId ?? ""}` };
    return {
      ...invoiceIntents(editor),
      ...lineItemIntents(editor),
      ...paymentIntents(editor),
      "add-consultations": async (form) => {
        const added = await addConsultationsToInvoice({ actor, invoiceId: editor.invoiceId(), ...parseForm(addConsultationsSchema, form) });
        return redirectWithToast(editor.here, { type: "success", title: `${added} consultation(s) added to the invoice` });
      },
    };
  });
}

function SummaryRow({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? "font-semibold" : ""}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

export default function InvoicePage() {
  const data = useLoaderData<typeof loader>();
  const { invoice, client, lines, payments, money, timeZone } = data;
  const locked = invoice.status === "paid";
  const canResend = invoice.status === "sent" || invoice.status === "overdue";
  return (
    <div className="grid grid-cols-1 gap-6">
      <RecordHeader
        back={{ to: "/admin/invoices", label: "Invoices" }}
        title={
          <>
            {invoice.invoiceNumber} <Badge variant={INVOICE_STATUS_BADGE[invoice.status]}>{invoice.status}</Badge>
          </>
        }
        description={
          <p className="text-sm text-muted-foreground">
            <Link to={`/admin/clients/${client.id}`} className="hover:underline">
              {client.name}
            </Link>
            {invoice.sentAt ? ` · sent ${formatDateTime(invoice.sentAt, timeZone)}` : " · not sent yet"}
            {invoice.firstViewedAt ? ` · viewed ${formatDateTime(invoice.firstViewedAt, timeZone)}` : invoice.sentAt ? " · not viewed yet" : ""}
          </p>
        }
        actions={
          <div className="flex flex-wrap gap-2">
            <a href={`/admin/invoices/${invoice.id}/pdf`} download className={buttonVariants({ variant: "outline" })}>
              <Download className="size-4" aria-hidden="true" /> Download PDF
            </a>
            {locked ? (
              <Form method="post">
                <input type="hidden" name="intent" value="reopen" />
                <Button type="submit" variant="outline" icon={Lock}>
                  Reopen
                </Button>
              </Form>
            ) : (
              <InvoiceSendDialog invoiceId={invoice.id} preview={data.preview} resend={canResend} />
            )}
          </div>
        }
      />
      {locked ? (
        <p role="status" className="rounded-md border bg-muted/50 px-4 py-2 text-sm">
          This invoice is paid and locked. Reopen it to make changes.
        </p>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="grid content-start gap-6">
          <InvoiceDetailsForm invoice={invoice} clients={data.clients} projects={data.projects} tiers={data.tiers} locked={locked} />
          <LineItemsPanel
            lines={lines}
            locked={locked}
            actions={
              <>
                <GenerateFromProjectDialog billing={data.billing} />
                <AddConsultationsDialog consultations={data.consultations} />
              </>
            }
          />
        </div>
        <div className="grid content-start gap-6">
          <TitledCard title="Summary">
            <dl className="grid gap-1 text-sm" aria-label="Invoice summary">
              <SummaryRow label="Subtotal" value={formatCents(invoice.subtotalCents)} />
              <SummaryRow label="Discount" value={invoice.discountCents > 0 ? `-${formatCents(invoice.discountCents)}` : formatCents(0)} />
              <SummaryRow label="Tax" value={formatCents(invoice.taxCents)} />
              <SummaryRow label="Total" value={formatCents(invoice.totalCents)} strong />
              <SummaryRow label="Amount paid" value={formatCents(money.paidCents)} />
              <SummaryRow label="Balance" value={formatCents(money.balanceCents)} strong />
            </dl>
            <p className="mt-4 text-sm text-muted-foreground">{data.paymentInstruction}</p>
          </TitledCard>
          <InvoicePaymentsPanel payments={payments} balanceCents={money.balanceCents} today={data.today} />
          <InvoiceLinkCard link={data.clientLink} sent={invoice.sentAt !== null} />
        </div>
      </div>
    </div>
  );
}
