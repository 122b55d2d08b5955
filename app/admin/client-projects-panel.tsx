import FolderPlus from "lucide-react/icons/folder-plus";
import * as React from "react";
import { FormDialog } from "~/forms/form-dialog";
import { ClientProjectList } from "~/projects/client-project-list";
import { TierOptions } from "~/organization/tier-options";
import type { TierNames } from "~/organization/tier-names";
import { Button } from "~/ui/button";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { NativeSelect } from "~/ui/native-select";
import { clientPath } from "./client-detail-dialogs";
import type { ClientDetail } from "./client-detail.server";

// The client page's Projects tab: New Project (posts `create-project` to the page) and the
// client's projects with their progress, drawn by the projects domain.

export function ClientProjectsPanel({
  client,
  projects,
  tierNames,
  today,
}: {
  client: ClientDetail["client"];
  projects: ClientDetail["projects"];
  tierNames: TierNames;
  today: string;
}) {
  const [creating, setCreating] = React.useState(false);
  return (
    <>
      <div className="flex justify-end">
        <Button size="sm" onClick={() => setCreating(true)} icon={FolderPlus}>
          New Project
        </Button>
      </div>
      <ClientProjectList projects={projects} today={today} tierNames={tierNames} />
      <FormDialog
        open={creating}
        onOpenChange={setCreating}
        title="New Project"
        description={`A project for ${client.name}; it starts as not started.`}
        action={clientPath(client.id)}
        intent="create-project"
        submitLabel="Create Project"
      >
        {({ errors, values }) => (
          <>
            <FormField label="Project name" name="name" required error={errors.name}>
              <Input defaultValue={values.name} maxLength={200} placeholder="e.g. Catering website" />
            </FormField>
            <FormField label="Tier" name="tier" required error={errors.tier}>
              <NativeSelect defaultValue={values.tier ?? client.tier}>
                <TierOptions tierNames={tierNames} />
              </NativeSelect>
            </FormField>
          </>
        )}
      </FormDialog>
    </>
  );
}
