import { FolderPlus } from "lucide-react";
import { Link } from "react-router";
import { useFormDialog } from "~/forms/use-form-action";
import { TIER_IDS } from "~/settings/tier-catalog";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { DataTable } from "~/ui/data-table";
import { formatDate } from "~/ui/date-format";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "~/ui/dialog";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { NativeSelect, NativeSelectOption } from "~/ui/native-select";
import type { ClientDetail } from "./client-detail.server";
import { humanize, tierLabel, type TierNames } from "./client-display";

// The client page's Projects tab: its projects and New Project (posts `create-project` to the page).

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
}: {
  client: ClientDetail["client"];
  projects: ClientDetail["projects"];
  tiers: TierNames;
}) {
  return (
    <>
      <div className="flex justify-end">
        <NewProjectDialog client={client} tiers={tiers} />
      </div>
      <DataTable
        label="Projects"
        rows={projects}
        getRowId={(project) => project.id}
        emptyMessage="No projects yet."
        columns={[
          {
            id: "project",
            header: "Project",
            className: "font-medium",
            cell: (project) => (
              <Link to={`/admin/projects/${project.id}`} className="text-primary hover:underline">
                {project.name ?? project.projectNumber}
              </Link>
            ),
          },
          { id: "number", header: "Number", cell: (project) => project.projectNumber },
          { id: "tier", header: "Tier", cell: (project) => project.tier },
          {
            id: "status",
            header: "Status",
            cell: (project) => (
              <Badge variant={project.status === "complete" ? "success" : "outline"}>
                {project.status === "complete" ? "completed" : humanize(project.status)}
              </Badge>
            ),
          },
          {
            id: "deadline",
            header: "Deadline",
            cell: (project) => (project.deliveryDeadline ? formatDate(`${project.deliveryDeadline}T12:00:00Z`, "UTC") : "—"),
          },
        ]}
      />
    </>
  );
}
