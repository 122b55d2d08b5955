import { Archive, Link2, Pencil, Trash2 } from "lucide-react";
import { useFormAction, useFormDialog } from "~/forms/use-form-action";
import { TIER_IDS } from "~/settings/tier-catalog";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/ui/alert-dialog";
import { Button } from "~/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "~/ui/dialog";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { NativeSelect, NativeSelectOption } from "~/ui/native-select";
import { Textarea } from "~/ui/textarea";
import type { ClientDetail } from "./client-detail.server";
import { tierLabel, type TierNames } from "./client-display";
import { CLIENT_STATUS_LABELS, PAYMENT_STATUS_LABELS } from "./client-form";
import { CLIENT_STATUSES, PAYMENT_STATUSES } from "./client-options";

// The client page's dialogs and notes: each posts one intent to the page's action (the one form pattern).

type Client = ClientDetail["client"];

export function EditClientDialog({ client, tiers }: { client: Client; tiers: TierNames }) {
  const { fetcher, open, setOpen, busy, errors, values } = useFormDialog({ intent: "update" });
  const value = (name: keyof Client, fallback: string | null) => values[name] ?? fallback ?? "";
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Pencil aria-hidden="true" /> Edit Client
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit Client</DialogTitle>
          <DialogDescription>Contact details, tier and statuses of {client.name}.</DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" className="grid gap-4" noValidate key={open ? "open" : "closed"}>
          <input type="hidden" name="intent" value="update" />
          <FormField label="Name" name="name" required error={errors.name}>
            <Input defaultValue={value("name", client.name)} maxLength={120} />
          </FormField>
          <FormField label="Email" name="email" required error={errors.email}>
            <Input type="email" defaultValue={value("email", client.email)} maxLength={254} />
          </FormField>
          <FormField label="Phone" name="phone" error={errors.phone}>
            <Input type="tel" defaultValue={value("phone", client.phone)} maxLength={40} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField label="Tier" name="tier" required error={errors.tier}>
              <NativeSelect defaultValue={value("tier", client.tier)}>
                {TIER_IDS.map((tier) => (
                  <NativeSelectOption key={tier} value={tier}>
                    {tierLabel(tiers, tier)}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            </FormField>
            <FormField label="Status" name="status" required error={errors.status}>
              <NativeSelect defaultValue={value("status", client.status)}>
                {CLIENT_STATUSES.map((status) => (
                  <NativeSelectOption key={status} value={status}>
                    {CLIENT_STATUS_LABELS[status]}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            </FormField>
            <FormField label="Payment status" name="paymentStatus" required error={errors.paymentStatus}>
              <NativeSelect defaultValue={value("paymentStatus", client.paymentStatus)}>
                {PAYMENT_STATUSES.map((status) => (
                  <NativeSelectOption key={status} value={status}>
                    {PAYMENT_STATUS_LABELS[status]}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            </FormField>
          </div>
          <FormField label="Project link" name="projectLink" error={errors.projectLink} description="The live or staging site, e.g. https://example.com">
            <Input type="url" defaultValue={value("projectLink", client.projectLink)} maxLength={500} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "Saving…" : "Save Changes"}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * Delete asks first; a client with invoices cannot be deleted, so the dialog says why and offers
 * Archive. A refusal (invoices added meanwhile, the client gone) keeps it open with its toast.
 */
export function DeleteClientDialog({ client, invoiceCount }: { client: Client; invoiceCount: number }) {
  const blocked = invoiceCount > 0;
  const intent = blocked ? "archive" : "delete";
  const { fetcher, open, setOpen, busy } = useFormDialog({ intent });
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogTrigger asChild>
        <Button variant="destructive">
          <Trash2 aria-hidden="true" /> Delete
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{blocked ? `${client.name} can't be deleted` : `Delete ${client.name}?`}</AlertDialogTitle>
          <AlertDialogDescription>
            {blocked
              ? `This client has ${invoiceCount === 1 ? "1 invoice" : `${invoiceCount} invoices`}. Invoices are financial records and must be kept, so a client with invoices cannot be deleted. Archive the client instead: they leave your active lists and keep their invoices and history.`
              : "This permanently deletes the client with their projects and consultations. This action cannot be undone."}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <fetcher.Form method="post" noValidate>
            <input type="hidden" name="intent" value={intent} />
            {blocked ? (
              <Button type="submit" disabled={busy || client.status === "archived"}>
                <Archive aria-hidden="true" /> {client.status === "archived" ? "Already Archived" : "Archive Client"}
              </Button>
            ) : (
              <Button type="submit" variant="destructive" disabled={busy}>
                <Trash2 aria-hidden="true" /> Delete Client
              </Button>
            )}
          </fetcher.Form>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

export function LinkToProjectDialog({ bookingId, projects }: { bookingId: string; projects: ClientDetail["projects"] }) {
  const { fetcher, open, setOpen, busy, errors, values } = useFormDialog({ intent: "link-booking" });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          <Link2 aria-hidden="true" /> Link to Project
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Link to Project</DialogTitle>
          <DialogDescription>A discovery call is linked to one project, once.</DialogDescription>
        </DialogHeader>
        {projects.length === 0 ? (
          <p className="text-sm text-muted-foreground">This client has no projects yet. Create one in the Projects tab first.</p>
        ) : (
          <fetcher.Form method="post" className="grid gap-4" noValidate>
            <input type="hidden" name="intent" value="link-booking" />
            <input type="hidden" name="bookingId" value={bookingId} />
            <FormField label="Project" name="projectId" required error={errors.projectId ?? errors.bookingId}>
              <NativeSelect defaultValue={values.projectId ?? ""}>
                <NativeSelectOption value="">Choose a project</NativeSelectOption>
                {projects.map((project) => (
                  <NativeSelectOption key={project.id} value={project.id}>
                    {project.name ? `${project.name} (${project.projectNumber})` : project.projectNumber}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            </FormField>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={busy}>
                Link
              </Button>
            </DialogFooter>
          </fetcher.Form>
        )}
      </DialogContent>
    </Dialog>
  );
}

export function NotesCard({ notes }: { notes: string | null }) {
  const { fetcher, busy, errors, values } = useFormAction({ intent: "notes" });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Internal Notes</CardTitle>
      </CardHeader>
      <CardContent>
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
      </CardContent>
    </Card>
  );
}
