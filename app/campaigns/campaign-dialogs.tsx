import * as React from "react";
import { FormDialog, type FormDialogState } from "~/forms/form-dialog";
import type { RowDeletion } from "~/lists/row-deletion";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { NativeSelect, NativeSelectOptions } from "~/ui/native-select";
import { CAMPAIGN_STATUSES } from "~/attribution/campaign-options";
import { slugFromName } from "~/attribution/campaign-slug";

/** Where the list's forms post. */
export const CAMPAIGNS_URL = "/admin/campaigns";

/** What the dialogs need of a campaign (the list's and the details page's rows both have it). */
export type CampaignFields = {
  id: string;
  name: string;
  slug: string;
  offerTitle: string | null;
  startDate: string | null;
  promoDurationDays: number;
  status: (typeof CAMPAIGN_STATUSES)[number];
};

/** 'Create Campaign' (campaign null) or edit, posted to `action` (the list or the details page). */
export function CampaignDialog({
  open,
  campaign,
  onOpenChange,
  action,
  defaultPromoDays,
}: {
  open: boolean;
  campaign: CampaignFields | null;
  onOpenChange: (open: boolean) => void;
  action: string;
  defaultPromoDays: number;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={campaign ? "Edit Campaign" : "Create Campaign"}
      description="Share the campaign's link; visitors who arrive through it and then claim the offer or write to you are counted here."
      action={action}
      intent={campaign ? "update-campaign" : "create-campaign"}
      fields={{ campaignId: campaign?.id }}
      submitLabel={campaign ? "Save Campaign" : "Create Campaign"}
      width="md"
    >
      {(form) => <CampaignFieldset campaign={campaign} defaultPromoDays={defaultPromoDays} form={form} />}
    </FormDialog>
  );
}

/** The campaign's fields. The link name follows the name as it is typed until the admin edits it. */
function CampaignFieldset({ campaign, defaultPromoDays, form: { errors, values } }: { campaign: CampaignFields | null; defaultPromoDays: number; form: FormDialogState }) {
  const refused = Object.keys(values).length > 0;
  const value = (name: string, stored: string | number | null | undefined) => (refused ? (values[name] ?? "") : String(stored ?? ""));
  const [slug, setSlug] = React.useState(() => value("slug", campaign?.slug));
  const [slugEdited, setSlugEdited] = React.useState(Boolean(campaign));
  return (
    <>
      <FormField label="Name" name="name" required error={errors.name}>
        <Input
          defaultValue={value("name", campaign?.name)}
          maxLength={120}
          autoComplete="off"
          onChange={(event) => {
            if (!slugEdited) setSlug(event.currentTarget.value ? slugFromName(event.currentTarget.value) : "");
          }}
        />
      </FormField>
      <FormField label="Offer title" name="offerTitle" error={errors.offerTitle} description="What the campaign offers, e.g. $99 Launch Website.">
        <Input defaultValue={value("offerTitle", campaign?.offerTitle)} maxLength={200} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Start date" name="startDate" error={errors.startDate}>
          <Input type="date" defaultValue={value("startDate", campaign?.startDate)} />
        </FormField>
        <FormField label="Promo duration (days)" name="promoDurationDays" required error={errors.promoDurationDays}>
          <Input type="number" min={1} max={365} step={1} inputMode="numeric" defaultValue={value("promoDurationDays", campaign?.promoDurationDays ?? defaultPromoDays)} />
        </FormField>
      </div>
      <FormField label="Status" name="status" required error={errors.status} description="Only an active campaign's link attributes new leads.">
        <NativeSelect defaultValue={value("status", campaign?.status ?? "draft")}>
          <NativeSelectOptions options={CAMPAIGN_STATUSES} />
        </NativeSelect>
      </FormField>
      <FormField label="Link name" name="slug" error={errors.slug} description="The {slug} of the link /?campaign={slug}. Left empty, it is made from the name.">
        <Input
          value={slug}
          maxLength={60}
          autoComplete="off"
          onChange={(event) => {
            setSlugEdited(true);
            setSlug(event.currentTarget.value);
          }}
        />
      </FormField>
    </>
  );
}

/** Deleting a campaign from its row's menu. */
export const CAMPAIGN_DELETION: RowDeletion = {
  noun: "campaign",
  plural: "campaigns",
  action: CAMPAIGNS_URL,
  intent: "delete-campaign",
  field: "campaignId",
  note: "Its link goes away; its leads stay, no longer attributed to it.",
};
