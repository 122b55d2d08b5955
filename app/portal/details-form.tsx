import type { FormResult } from "~/forms/form-result";
import { useFormAction } from "~/forms/use-form-action";
import { Button } from "~/ui/button";
import { FormError, FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { Section } from "./portal-sections";

/** The client's own details: the phone and business name they may correct; the address we write to. */
export function DetailsSection({ client, initial }: { client: { email: string; phone: string | null; businessName: string | null }; initial?: FormResult }) {
  const { fetcher, busy, errors, values, formError, succeeded } = useFormAction({ intent: "update-details", initial });
  return (
    <Section id="details" title="Your details">
      <p className="text-sm">
        <span className="text-muted-foreground">We write to </span>
        <span className="font-medium">{client.email}</span>
        <span className="text-muted-foreground">. To change this address, reply to one of our e-mails.</span>
      </p>
      {succeeded ? (
        <p role="status" className="rounded-md border border-success/40 bg-success/5 p-3 text-sm">
          Your details are saved.
        </p>
      ) : null}
      {/* Keyed by what is saved: after a save the fields show the stored values. */}
      <fetcher.Form method="post" action="/portal?index" noValidate className="grid gap-4 sm:grid-cols-2" key={`${client.phone}|${client.businessName}`}>
        <input type="hidden" name="intent" value="update-details" />
        <FormField label="Phone" name="phone" id="portal-phone" error={errors.phone}>
          <Input type="tel" autoComplete="tel" maxLength={40} defaultValue={values.phone ?? client.phone ?? ""} />
        </FormField>
        <FormField label="Business name" name="businessName" id="portal-business-name" error={errors.businessName}>
          <Input autoComplete="organization" maxLength={120} defaultValue={values.businessName ?? client.businessName ?? ""} />
        </FormField>
        <div className="grid gap-2 sm:col-span-2">
          <FormError message={formError} />
          <Button type="submit" disabled={busy} className="justify-self-start">
            Save my details
          </Button>
        </div>
      </fetcher.Form>
    </Section>
  );
}
