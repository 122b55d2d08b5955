import * as React from "react";
import { useFormAction } from "~/forms/use-form-action";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/ui/alert-dialog";
import { Button } from "~/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/ui/dialog";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { NativeSelect, NativeSelectOption } from "~/ui/native-select";
import { CAMPAIGN_STATUSES } from "./campaign-options";
import { slugFromName } from "./campaign-slug";

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

/**
 * 'Create Campaign' (campaign null) or edit, posted to `action` (the list or the details page).
 * The link name follows the name as it is typed until the admin edits it.
 */
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
  const intent = campaign ? "update-campaign" : "create-campaign";
  const { fetcher, busy, errors, values } = useFormAction({ intent, open, onSuccess: () => onOpenChange(false) });
  const refused = Object.keys(values).length > 0;
  const value = (name: string, stored: string | number | null | undefined) => (refused ? (values[name] ?? "") : String(stored ?? ""));
  const [slug, setSlug] = React.useState(() => value("slug", campaign?.slug));
  const [slugEdited, setSlugEdited] = React.useState(Boolean(campaign));
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent width="md">
        <DialogHeader>
          <DialogTitle>{campaign ? "Edit Campaign" : "Create Campaign"}</DialogTitle>
          <DialogDescription>Share the campaign&apos;s link; visitors who arrive through it and then claim the offer or write to you are counted here.</DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" action={action} className="grid gap-4" noValidate>
          <input type="hidden" name="intent" value={intent} />
          {campaign ? <input type="hidden" name="campaignId" value={campaign.id} /> : null}
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
              {CAMPAIGN_STATUSES.map((status) => (
                <NativeSelectOption key={status} value={status}>
                  {status}
                </NativeSelectOption>
              ))}
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
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {campaign ? "Save Campaign" : "Create Campaign"}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

/** Delete, asked first; posted to the list. */
export function DeleteCampaignDialog({ campaign, onOpenChange }: { campaign: { id: string; name: string } | null; onOpenChange: (open: boolean) => void }) {
  const { fetcher, busy } = useFormAction({ intent: "delete-campaign", open: campaign !== null, onSuccess: () => onOpenChange(false) });
  return (
    <AlertDialog open={campaign !== null} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete this campaign?</AlertDialogTitle>
          <AlertDialogDescription>
            {campaign?.name} and its link go away; its leads stay, no longer attributed to it. This action cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <fetcher.Form method="post" action="/admin/campaigns">
          <input type="hidden" name="intent" value="delete-campaign" />
          <input type="hidden" name="campaignId" value={campaign?.id ?? ""} />
          <AlertDialogFooter>
            <AlertDialogCancel type="button">Cancel</AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={busy}>
              Delete
            </Button>
          </AlertDialogFooter>
        </fetcher.Form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
