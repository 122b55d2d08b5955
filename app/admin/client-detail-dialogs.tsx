import Link2 from "lucide-react/icons/link-2";
import Pencil from "lucide-react/icons/pencil";
import * as React from "react";
import { ConfirmDialog, FormDialog } from "~/forms/form-dialog";
import { useFormAction } from "~/forms/use-form-action";
import { TierOptions } from "~/organization/tier-options";
import type { TierNames } from "~/organization/tier-names";
import { Button } from "~/ui/button";
import { TitledCard } from "~/ui/card";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { NativeSelect, NativeSelectOption, NativeSelectOptions } from "~/ui/native-select";
import { Textarea } from "~/ui/textarea";
import type { ClientDetail } from "./client-detail.server";
import type { ClientInvoicesOnDeletion } from "~/invoices/client-invoices.server";
import { StatusOptions } from "~/clients/clients-dialogs";

// The client page's dialogs and notes: each posts one intent to the page's action (the one form pattern).

type Client = ClientDetail["client"];

/** Where the client page's forms post: the page's own action. */
export const clientPath = (clientId: string) => `/admin/clients/${clientId}`;

export function EditClientAction({ client, tierNames }: { client: Client; tierNames: TierNames }) {
  const [open, setOpen] = React.useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)} icon={Pencil}>
        Edit Client
      </Button>
      <FormDialog
        open={open}
        onOpenChange={setOpen}
        title="Edit Client"
        description={`Contact details, tier and statuses of ${client.name}.`}
        action={clientPath(client.id)}
        intent="update"
        submitLabel="Save Changes"
      >
        {({ errors, values }) => {
          const value = (name: keyof Client, stored: string | null) => values[name] ?? stored ?? "";
          return (
            <>
              <FormField label="Name" name="name" required error={errors.name}>
                <Input defaultValue={value("name", client.name)} maxLength={120} />
              </FormField>
              <FormField label="Email" name="email" required error={errors.email}>
                <Input type="email" defaultValue={value("email", client.email)} maxLength={254} />
              </FormField>
              <FormField label="Phone" name="phone" error={errors.phone}>
                <Input type="tel" defaultValue={value("phone", client.phone)} maxLength={40} />
              </FormField>
              <FormField label="Business name" name="businessName" error={errors.businessName}>
                <Input defaultValue={value("businessName", client.businessName)} maxLength={120} />
              </FormField>
              <div className="grid gap-4 sm:grid-cols-3">
                <FormField label="Tier" name="tier" required error={errors.tier}>
                  <NativeSelect defaultValue={value("tier", client.tier)}>
                    <TierOptions tierNames={tierNames} />
                  </NativeSelect>
                </FormField>
                <FormField label="Status" name="status" required error={errors.status}>
                  <NativeSelect defaultValue={value("status", client.status)}>
                    <StatusOptions of="status" />
                  </NativeSelect>
                </FormField>
                <FormField label="Payment status" name="paymentStatus" required error={errors.paymentStatus}>
                  <NativeSelect defaultValue={value("paymentStatus", client.paymentStatus)}>
                    <StatusOptions of="payment" />
                  </NativeSelect>
                </FormField>
              </div>
              <FormField label="Project link" name="projectLink" error={errors.projectLink} description="The live or staging site, e.g. https://example.com">
                <Input type="url" defaultValue={value("projectLink", client.projectLink)} maxLength={500} />
              </FormField>
            </>
          );
        }}
      </FormDialog>
    </>
  );
}

const invoicesText = (count: number, kind: string) => (count === 1 ? `1 ${kind}invoice` : `${count} ${kind}invoices`);

/**
 * Delete asks first (an item of the page's "More" menu, decision 050). Unsent draft invoices go with
 * the client, and the confirmation says so; a client with a sent or paid invoice cannot be deleted,
 * so the confirmation says why and offers Archive instead. A refusal (an invoice sent meanwhile,
 * the client gone) keeps it open.
 */
export function DeleteClientDialog({ client, invoices, open, onOpenChange }: { client: Client; invoices: ClientInvoicesOnDeletion; open: boolean; onOpenChange: (open: boolean) => void }) {
  const blocked = invoices.kept > 0;
  const archived = client.status === "archived";
  const drafts = invoices.unsentDrafts > 0 ? `, consultations and ${invoicesText(invoices.unsentDrafts, "unsent draft ")}` : " and consultations";
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={blocked ? `${client.name} can't be deleted` : `Delete ${client.name}?`}
      description={
        blocked
          ? `This client has ${invoicesText(invoices.kept, "sent or paid ")}. Invoices sent or paid are financial records and must be kept, so this client cannot be deleted. Archive the client instead: they leave your active lists and keep their invoices and history.`
          : `This permanently deletes the client with their projects${drafts}. This action cannot be undone.`
      }
      action={clientPath(client.id)}
      intent={blocked ? "archive" : "delete"}
      confirmLabel={!blocked ? "Delete Client" : archived ? "Already Archived" : "Archive Client"}
      destructive={!blocked}
      disabled={blocked && archived}
    />
  );
}

/** A discovery call is linked to one of the client's projects, once; without a project there is nothing to link yet. */
export function LinkToProjectAction({ clientId, bookingId, projects }: { clientId: string; bookingId: string; projects: ClientDetail["projects"] }) {
  const [open, setOpen] = React.useState(false);
  if (projects.length === 0) return <span className="text-sm text-muted-foreground">Create a project in the Projects tab to link this call.</span>;
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)} icon={Link2}>
        Link to Project
      </Button>
      <FormDialog
        open={open}
        onOpenChange={setOpen}
        title="Link to Project"
        description="A discovery call is linked to one project, once."
        action={clientPath(clientId)}
        intent="link-booking"
        fields={{ bookingId }}
        submitLabel="Link"
      >
        {({ errors, values }) => (
          <FormField label="Project" name="projectId" required error={errors.projectId ?? errors.bookingId}>
            <NativeSelect defaultValue={values.projectId ?? ""}>
              <NativeSelectOption value="">Choose a project</NativeSelectOption>
              <NativeSelectOptions options={projects.map((project) => ({ value: project.id, label: project.name ? `${project.name} (${project.projectNumber})` : project.projectNumber }))} />
            </NativeSelect>
          </FormField>
        )}
      </FormDialog>
    </>
  );
}

export function NotesCard({ notes }: { notes: string | null }) {
  const { fetcher, busy, errors, values } = useFormAction({ intent: "notes" });
  return (
    <TitledCard title="Internal Notes">
      <fetcher.Form method="post" className="grid gap-3" noValidate preventScrollReset>
        <input type="hidden" name="intent" value="notes" />
        <FormField label={<span className="sr-only">Internal notes</span>} name="notes" id="client-notes" error={errors.notes}>
          <Textarea
            key={values.notes ?? notes ?? ""}
            defaultValue={values.notes ?? notes ?? ""}
            rows={5}
            maxLength={20_000}
            placeholder="Only your team sees these notes."
          />
        </FormField>
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? "Saving…" : "Save Notes"}
          </Button>
        </div>
      </fetcher.Form>
    </TitledCard>
  );
}
