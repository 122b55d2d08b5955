import Workflow from "lucide-react/icons/workflow";
import * as React from "react";
import { useFetcher } from "react-router";
import { FormDialog } from "~/forms/form-dialog";
import type { LeadBulkActionProps } from "~/leads/offered-lead-actions";
import { Button } from "~/ui/button";
import { FormField } from "~/ui/form-field";
import { NativeSelect, NativeSelectOption, NativeSelectOptions } from "~/ui/native-select";
import { cadenceChoice } from "./cadence-options";
import type { loader } from "./cadence-enrolments-route";

const ENROLMENTS_URL = "/admin/cadence-enrolments";

/** 'Enrol in cadence' for the leads selected on the leads list (a lead bulk action, app/admin/lead-actions.tsx). */
export function EnrolInCadenceAction({ leadIds, onDone }: LeadBulkActionProps) {
  const [open, setOpen] = React.useState(false);
  const choices = useFetcher<typeof loader>();
  const openDialog = () => {
    setOpen(true);
    if (choices.state === "idle") void choices.load(ENROLMENTS_URL);
  };
  const cadences = choices.data?.cadences ?? [];
  return (
    <>
      <Button variant="outline" size="sm" onClick={openDialog} icon={Workflow}>
        Enrol in cadence
      </Button>
      <FormDialog
        open={open}
        onOpenChange={setOpen}
        title="Enrol in cadence"
        description={`The ${leadIds.length} selected lead(s) start the cadence now. A lead already in it is not enrolled twice; a paused cadence keeps its steps waiting until it is active again.`}
        action={ENROLMENTS_URL}
        intent="enrol-leads"
        fields={{ leadIds }}
        submitLabel="Enrol"
        onSuccess={onDone}
      >
        {({ errors, values }) => (
          <FormField label="Cadence" name="cadenceId" id="enrol-cadence" required error={errors.cadenceId ?? errors.leadIds}>
            <NativeSelect defaultValue={values.cadenceId ?? ""} key={cadences.length}>
              <NativeSelectOption value="" disabled>
                {choices.state === "loading" ? "Loading cadences..." : cadences.length === 0 ? "No cadences yet" : "Choose a cadence"}
              </NativeSelectOption>
              <NativeSelectOptions options={cadences.map(cadenceChoice)} />
            </NativeSelect>
          </FormField>
        )}
      </FormDialog>
    </>
  );
}
