import FolderKanban from "lucide-react/icons/folder-kanban";
import MessagesSquare from "lucide-react/icons/messages-square";
import * as React from "react";
import { FormDialog } from "~/forms/form-dialog";
import { NativeCheckbox } from "~/ui/checkbox";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { centsToDollarsInput, formatCents } from "~/formatting/money";
import { formatDay } from "~/formatting/dates";
import { DEFAULT_CONSULTATION_PRICE_CENTS } from "./invoice-options";
import { spreadCents } from "./invoice-totals";

export type ProjectBillingView = {
  projectLabel: string;
  tierLabel: string;
  deliverables: string[];
  addOns: { addOnId: string; name: string; quantity: number; unitPriceCents: number | null }[];
  packagePriceCents: number;
  promoApplies: boolean;
};

/** A checklist's error, under its fieldset (a fieldset has no single control to carry it). */
function ChoiceError({ message }: { message: string | undefined }) {
  return message ? (
    <p role="alert" className="text-sm font-medium text-destructive">
      {message}
    </p>
  ) : null;
}

/** The deliverables with each one's share of the package price; mounted with the dialog's content, so it starts with all chosen. */
function DeliverableChoice({ billing, error }: { billing: ProjectBillingView; error: string | undefined }) {
  const [chosen, setChosen] = React.useState<number[]>(() => billing.deliverables.map((_, index) => index));
  const shares = chosen.length > 0 ? spreadCents(billing.packagePriceCents, chosen.length) : [];
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">Deliverables</legend>
      {billing.deliverables.map((name, index) => {
        const position = chosen.indexOf(index);
        return (
          <label key={name} className="flex items-center gap-2 text-sm">
            <NativeCheckbox
              name="deliverables"
              value={index}
              checked={position >= 0}
              onChange={(event) =>
                setChosen((current) => (event.target.checked ? [...current, index].sort((a, b) => a - b) : current.filter((other) => other !== index)))
              }
            />
            <span className="flex-1">{name}</span>
            <span className="tabular-nums text-muted-foreground">{position >= 0 ? formatCents(shares[position] ?? 0) : ""}</span>
          </label>
        );
      })}
      <ChoiceError message={error} />
    </fieldset>
  );
}

/**
 * 'Generate from Project': choose deliverables (at least one); the package price spreads over them.
 * Without a project on the invoice the dialog says so, and generating is refused with the reason.
 */
export function GenerateFromProjectDialog({ billing }: { billing: ProjectBillingView | null }) {
  return (
    <FormDialog
      opener={{ label: "Generate from Project", icon: FolderKanban, variant: "outline" }}
      title="Generate from Project"
      description={
        billing
          ? `${billing.projectLabel}: ${billing.tierLabel}, ${formatCents(billing.packagePriceCents)}${billing.promoApplies ? " (promo price)" : ""}, spread equally over the deliverables you choose.`
          : "Could not find project. Choose this invoice's project in Details and save first."
      }
      intent="generate-from-project"
      submitLabel="Generate Items"
      width="xl"
    >
      {({ errors }) =>
        billing ? (
          <>
            <DeliverableChoice billing={billing} error={errors.deliverables} />
            {billing.addOns.length > 0 ? (
              <label className="flex items-start gap-2 text-sm">
                <NativeCheckbox name="includeAddOns" defaultChecked />
                <span>
                  Add the project's add-ons:{" "}
                  {billing.addOns
                    .map((addOn) => `${addOn.name} × ${addOn.quantity} (${addOn.unitPriceCents === null ? "no price" : formatCents(addOn.unitPriceCents)})`)
                    .join(", ")}
                </span>
              </label>
            ) : (
              <p className="text-sm text-muted-foreground">This project has no add-ons.</p>
            )}
          </>
        ) : null
      }
    </FormDialog>
  );
}

export type BillableConsultation = { id: string; consultType: string; scheduledDate: string | null };

/** 'Add Consultations': the client's completed, unbilled consultations at a price each (default 100). */
export function AddConsultationsDialog({ consultations }: { consultations: BillableConsultation[] }) {
  return (
    <FormDialog
      opener={{ label: "Add Consultations", icon: MessagesSquare, variant: "outline" }}
      title="Add Consultations"
      description="Completed consultations of this client that are not on an invoice yet."
      intent="add-consultations"
      submitLabel="Add to Invoice"
    >
      {({ errors, values }) => (
        <>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Consultations</legend>
            {consultations.length === 0 ? <p className="text-sm text-muted-foreground">No completed, unbilled consultations.</p> : null}
            {consultations.map((consultation) => (
              <label key={consultation.id} className="flex items-center gap-2 text-sm">
                <NativeCheckbox name="consultationIds" value={consultation.id} />
                {consultation.consultType} consultation {consultation.scheduledDate ? `on ${formatDay(consultation.scheduledDate)}` : ""}
              </label>
            ))}
            <ChoiceError message={errors.consultationIds} />
          </fieldset>
          <FormField label="Price per consultation ($)" name="price" error={errors.price}>
            <Input inputMode="decimal" defaultValue={values.price ?? centsToDollarsInput(DEFAULT_CONSULTATION_PRICE_CENTS)} />
          </FormField>
        </>
      )}
    </FormDialog>
  );
}
