import { useLoaderData } from "react-router";
import { answerAdminForm, requireAdmin } from "~/auth/guard.server";
import { settingsSave } from "~/organization/settings-save.server";
import { useFormAction } from "~/forms/use-form-action";
import { Button } from "~/ui/button";
import { TitledCard } from "~/ui/card";
import { NativeCheckbox } from "~/ui/checkbox";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";
import { centsToDollarsInput } from "~/formatting/money";
import { Textarea } from "~/ui/textarea";
import type { Route } from "./+types/promos-tab";
import type { PackageTier } from "~/organization/schema";
import { promoSettingsForm, tierForm } from "~/organization/settings-forms";
import { getOrganizationSettings, listPackageTiers, savePromoTab, saveTier } from "~/organization/settings.server";
import { HiddenInputs } from "~/forms/hidden-inputs";
import { SettingsFormCard } from "./settings-form-card";

export const meta: Route.MetaFunction = () => [{ title: "Promos | Settings | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [settings, tiers] = await Promise.all([getOrganizationSettings(), listPackageTiers()]);
  return {
    promo: {
      promoDurationDays: String(settings.promoDurationDays),
      promoCodePrefix: settings.promoCodePrefix,
      referralCommissionPercent: String(settings.referralCommissionPercent),
      promoPopupDelaySeconds: String(settings.promoPopupDelaySeconds),
    },
    tiers,
  };
}

export async function action({ request }: Route.ActionArgs) {
  return answerAdminForm(request, ({ actor }) => ({
    "save-promos": settingsSave("save-promos", promoSettingsForm, (input) => savePromoTab(actor, input)),
    "save-tier": settingsSave("save-tier", tierForm, (input) => saveTier(actor, input)),
  }));
}

export default function PromosTab() {
  const { promo, tiers } = useLoaderData<typeof loader>();
  const { fetcher, busy, errors, values } = useFormAction({ intent: "save-promos" });
  const value = (name: keyof typeof promo) => values[name] ?? promo[name];
  return (
    <div className="grid max-w-3xl gap-6">
      <SettingsFormCard
        title="Launch promo"
        description="New promo claims get a code with this prefix, valid for this many days."
        form={{ fetcher, busy }}
        intent="save-promos"
        saved={promo}
        formClassName="grid gap-4 sm:grid-cols-3"
        saveClassName="sm:col-span-3"
      >
        <FormField label="Promo duration (days)" name="promoDurationDays" required error={errors.promoDurationDays}>
          <Input type="number" inputMode="numeric" defaultValue={value("promoDurationDays")} />
        </FormField>
        <FormField label="Code prefix" name="promoCodePrefix" required error={errors.promoCodePrefix} description="e.g. LAUNCH-…">
          <Input defaultValue={value("promoCodePrefix")} maxLength={12} className="uppercase" />
        </FormField>
        <FormField label="Referral commission (%)" name="referralCommissionPercent" required error={errors.referralCommissionPercent}>
          <Input type="number" inputMode="numeric" defaultValue={value("referralCommissionPercent")} />
        </FormField>
        <FormField
          label="Offer popup delay (seconds)"
          name="promoPopupDelaySeconds"
          required
          error={errors.promoPopupDelaySeconds}
          description="How long after a page loads the offer pops up on a wide screen."
        >
          <Input type="number" inputMode="numeric" defaultValue={value("promoPopupDelaySeconds")} />
        </FormField>
      </SettingsFormCard>
      <div>
        <h2 className="text-lg font-semibold">Packages</h2>
        <p className="text-sm text-muted-foreground">The public pages, invoices and the draft invoice of a new client read these at once.</p>
      </div>
      {tiers.map((tier) => (
        <TierCard key={tier.tier} tier={tier} />
      ))}
    </div>
  );
}

function TierCard({ tier }: { tier: PackageTier }) {
  // One fetcher per tier: a refusal shows on the card it came from.
  const { fetcher, busy, errors, values } = useFormAction({ intent: "save-tier", key: `save-tier-${tier.tier}` });
  const saved = {
    name: tier.name,
    tagline: tier.tagline ?? "",
    price: centsToDollarsInput(tier.priceCents),
    promoPrice: tier.promoPriceCents === null ? "" : centsToDollarsInput(tier.promoPriceCents),
    features: tier.features.join("\n"),
  };
  const value = (name: keyof typeof saved) => values[name] ?? saved[name];
  const id = (name: string) => `tier-${tier.tier}-${name}`;
  return (
    <TitledCard title={<>Tier {tier.tier}</>}>
      <fetcher.Form method="post" className="grid gap-4 sm:grid-cols-2" noValidate key={JSON.stringify(saved) + String(tier.isCustomQuote)}>
        <HiddenInputs fields={{ intent: "save-tier", tier: tier.tier }} />
        <FormField label="Name" name="name" id={id("name")} required error={errors.name}>
          <Input defaultValue={value("name")} maxLength={80} />
        </FormField>
        <FormField label="Tagline" name="tagline" id={id("tagline")} error={errors.tagline}>
          <Input defaultValue={value("tagline")} maxLength={200} />
        </FormField>
        <FormField label="Price ($)" name="price" id={id("price")} required error={errors.price}>
          <Input inputMode="decimal" defaultValue={value("price")} />
        </FormField>
        <FormField label="Promo price ($)" name="promoPrice" id={id("promoPrice")} error={errors.promoPrice} description="With the launch promo; empty for none.">
          <Input inputMode="decimal" defaultValue={value("promoPrice")} />
        </FormField>
        <FormField label="Features" name="features" id={id("features")} error={errors.features} description="One per line." className="sm:col-span-2">
          <Textarea rows={5} defaultValue={value("features")} />
        </FormField>
        <div className="flex items-center gap-2 sm:col-span-2">
          <NativeCheckbox id={id("isCustomQuote")} name="isCustomQuote" defaultChecked={values.isCustomQuote !== undefined ? values.isCustomQuote === "on" : tier.isCustomQuote} />
          <Label htmlFor={id("isCustomQuote")}>Custom quote (the price is a starting price)</Label>
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={busy}>
            Save Tier {tier.tier}
          </Button>
        </div>
      </fetcher.Form>
    </TitledCard>
  );
}
