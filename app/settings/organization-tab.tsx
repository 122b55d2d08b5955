import { useLoaderData } from "react-router";
import { answerAdminForm, requireAdmin } from "~/auth/guard.server";
import { settingsSave } from "~/organization/settings-save.server";
import { useFormAction } from "~/forms/use-form-action";
import { NativeCheckbox } from "~/ui/checkbox";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { NativeSelect, NativeSelectOptions } from "~/ui/native-select";
import { Textarea } from "~/ui/textarea";
import type { Route } from "./+types/organization-tab";
import { BUSINESS_TIME_ZONES, organizationSettingsForm } from "~/organization/settings-forms";
import { getOrganizationSettings, saveOrganizationTab } from "~/organization/settings.server";
import { SettingsFormCard } from "./settings-form-card";

export const meta: Route.MetaFunction = () => [{ title: "Organization | Settings | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const settings = await getOrganizationSettings();
  return {
    companyName: settings.companyName ?? "",
    replyToEmail: settings.replyToEmail ?? "",
    agencyNotificationEmail: settings.agencyNotificationEmail ?? "",
    phone: settings.phone ?? "",
    address: settings.address ?? "",
    timezone: settings.timezone,
    clientPortalEnabled: settings.clientPortalEnabled,
  };
}

export async function action({ request }: Route.ActionArgs) {
  return answerAdminForm(request, ({ actor }) => ({
    "save-organization": settingsSave("save-organization", organizationSettingsForm, (input) => saveOrganizationTab(actor, input)),
  }));
}

export default function OrganizationTab() {
  const saved = useLoaderData<typeof loader>();
  const { fetcher, busy, errors, values } = useFormAction({ intent: "save-organization" });
  const value = (name: Exclude<keyof typeof saved, "clientPortalEnabled">) => values[name] ?? saved[name];
  // A refused save keeps the box as it was sent: ticked when the form carried it.
  const portalOn = Object.keys(values).length > 0 ? values.clientPortalEnabled === "on" : saved.clientPortalEnabled;
  // A zone stored before the list was narrowed stays choosable until it is changed.
  const zones: readonly string[] = (BUSINESS_TIME_ZONES as readonly string[]).includes(saved.timezone) ? BUSINESS_TIME_ZONES : [saved.timezone, ...BUSINESS_TIME_ZONES];
  return (
    <SettingsFormCard
      title="Organization"
      description="Shown on the site, in e-mails and on invoices."
      className="max-w-2xl"
      form={{ fetcher, busy }}
      intent="save-organization"
      saved={saved}
    >
      <FormField label="Company name" name="companyName" required error={errors.companyName} description="The site's header, footer and page titles, e-mails and invoices.">
        <Input defaultValue={value("companyName")} maxLength={120} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Reply-to e-mail" name="replyToEmail" error={errors.replyToEmail} description="Where replies to our e-mails go.">
          <Input type="email" defaultValue={value("replyToEmail")} />
        </FormField>
        <FormField label="Agency notification e-mail" name="agencyNotificationEmail" error={errors.agencyNotificationEmail} description="New leads and bookings are announced here.">
          <Input type="email" defaultValue={value("agencyNotificationEmail")} />
        </FormField>
      </div>
      <FormField label="Phone" name="phone" error={errors.phone} description="Printed on invoices with the bank-transfer instructions.">
        <Input type="tel" defaultValue={value("phone")} maxLength={40} />
      </FormField>
      <FormField label="Address" name="address" error={errors.address} description="Printed in e-mail footers.">
        <Textarea rows={3} defaultValue={value("address")} maxLength={300} />
      </FormField>
      <FormField label="Business time zone" name="timezone" error={errors.timezone} description="Every date, slot and report of the back-office is in this zone.">
        <NativeSelect defaultValue={value("timezone")}>
          <NativeSelectOptions options={zones.map((zone) => ({ value: zone, label: zone.replace(/_/g, " ") }))} />
        </NativeSelect>
      </FormField>
      <label className="flex items-start gap-3 text-sm">
        <NativeCheckbox name="clientPortalEnabled" defaultChecked={portalOn} className="mt-0.5" />
        <span>
          <span className="font-medium">Client portal</span>
          <span className="block text-muted-foreground">
            Clients sign in at /portal with a link e-mailed to them, and see their projects, invoices, calls and e-mails. Off: /portal says it is not
            available, and no e-mail or client page links to it.
          </span>
        </span>
      </label>
    </SettingsFormCard>
  );
}
