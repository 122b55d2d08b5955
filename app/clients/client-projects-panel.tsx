import { FolderPlus } from "lucide-react";
import { useFormDialog } from "~/forms/use-form-action";
import { TIER_IDS } from "~/settings/tier-catalog";
import { Button } from "~/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "~/ui/dialog";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { NativeSelect, NativeSelectOption } from "~/ui/native-select";
import { ClientProjectsPanel as ProjectsWithProgress } from "~/projects/client-projects-panel";
import type { ClientDetail } from "./client-detail.server";
import { tierLabel, type TierNames } from "./client-display";

// The client page's Projects tab: New Project (posts `create-project` to the page) and the
// client's projects with their progress, drawn by the projects domain.

function NewProjectDialog({ client, tiers }: { client: ClientDetail["client"]; tiers: TierNames }) {
  const { fetcher, open, setOpen, busy, errors, values } = useFormDialog({ intent: "create-project" });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm">
          <FolderPlus aria-hidden="true" /> New Project
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>New Project</DialogTitle>
          <DialogDescription>A project for {client.name}; it starts as not started.</DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" className="grid gap-4" noValidate key={open ? "open" : "closed"}>
          <input type="hidden" name="intent" value="create-project" />
          <FormField label="Project name" name="name" required error={errors.name}>
            <Input defaultValue={values.name} maxLength={200} placeholder="e.g. Catering website" />
          </FormField>
          <FormField label="Tier" name="tier" required error={errors.tier}>
            <NativeSelect defaultValue={values.tier ?? client.tier}>
              {TIER_IDS.map((tier) => (
                <NativeSelectOption key={tier} value={tier}>
                  {tierLabel(tiers, tier)}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "Creating…" : "Create Project"}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

export function ClientProjectsPanel({
  client,
  projects,
  tiers,
  today,
}: {
  client: ClientDetail["client"];
  projects: ClientDetail["projects"];
  tiers: TierNames;
  today: string;
}) {
  return (
    <>
      <div className="flex justify-end">
        <NewProjectDialog client={client} tiers={tiers} />
      </div>
      <ProjectsWithProgress
        clientId={client.id}
        projects={projects}
        today={today}
        tierNames={Object.fromEntries(tiers.map(({ tier, name }) => [tier, name]))}
        showNewProject={false}
      />
    </>
  );
}
