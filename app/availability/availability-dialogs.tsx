import Ban from "lucide-react/icons/ban";
import Plus from "lucide-react/icons/plus";
import * as React from "react";
import { useFetcher } from "react-router";
import { checkForm } from "~/forms/form-result";
import type { FieldErrors } from "~/refusal/refusal";
import { useSubmissionOutcome } from "~/forms/use-submission-outcome";
import { DialogTrigger, FormDialog, type FormDialogState } from "~/forms/form-dialog";
import { Button } from "~/ui/button";
import { ModalDialog } from "~/ui/modal-dialog";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { NativeSelect, NativeSelectOption, NativeSelectOptions } from "~/ui/native-select";
import { toast } from "~/ui/toaster";
import { BOTH_DATES_NEEDED, slotRangeQuery, WEEKDAY_NAMES } from "./availability-forms";
import type { loader } from "./slots-in-range-route";

/** A slot as the calendar shows it. */
export type SlotRow = { id: string; date: string; startTime: string; endTime: string; status: string };

/** Where 'Select Date Range' reads the slots of its range (./slots-in-range-route.ts). */
const SLOTS_IN_RANGE_URL = "/admin/availability/slots";

/**
 * Selects every slot that is not booked between two dates, inclusive, whether or not the view on
 * screen shows them: the server lists them (the calendar holds only its own period's). A picker,
 * not one of the forms that change something: it posts nothing, so it is a plain dialog.
 */
export function SelectRangeDialog({ onSelect }: { onSelect: (slots: SlotRow[]) => void }) {
  const [open, setOpen] = React.useState(false);
  const [start, setStart] = React.useState("");
  const [end, setEnd] = React.useState("");
  const [errors, setErrors] = React.useState<FieldErrors>({});
  const found = useFetcher<typeof loader>();
  // Only the answer this dialog asked for counts: a fetcher's data is also read again after every
  // change the page makes (its revalidation), which must not select anything.
  const asked = React.useRef(false);
  const refuse = (fieldErrors: FieldErrors, message?: string) => {
    setErrors(fieldErrors);
    toast.error(message ?? Object.values(fieldErrors)[0] ?? BOTH_DATES_NEEDED);
  };
  useSubmissionOutcome(found, (answer) => {
    if (!asked.current || !answer) return;
    asked.current = false;
    if (!answer.ok) return refuse(answer.fieldErrors, answer.formError);
    onSelect(answer.slots);
    setOpen(false);
  });
  const busy = found.state !== "idle";
  return (
    <>
      <DialogTrigger
        opener={{ label: "Select Date Range", variant: "outline" }}
        onOpen={() => {
          setOpen(true);
          setErrors({});
        }}
      />
      <ModalDialog
        open={open}
        onOpenChange={setOpen}
        title="Select Date Range"
        description="Selects every slot that is not booked between the two dates, inclusive, also outside the period on screen."
      >
        <form
          className="grid gap-3"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            // Checked here with the server's schema: a missing date is the spec's toast, and the dialog stays open.
            const checked = checkForm(slotRangeQuery, { from: start, to: end });
            if (!checked.ok) return refuse(checked.fieldErrors);
            setErrors({});
            asked.current = true;
            void found.load(`${SLOTS_IN_RANGE_URL}?${new URLSearchParams({ from: checked.data.from, to: checked.data.to }).toString()}`);
          }}
        >
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField label="Start date" name="rangeStart" id="range-start" error={errors.from ?? null}>
              <Input type="date" value={start} onChange={(event) => setStart(event.target.value)} />
            </FormField>
            <FormField label="End date" name="rangeEnd" id="range-end" error={errors.to ?? null}>
              <Input type="date" value={end} onChange={(event) => setEnd(event.target.value)} />
            </FormField>
          </div>
          <Button type="submit" className="justify-self-end" disabled={busy}>
            {busy ? "Selecting..." : "Select Slots in Range"}
          </Button>
        </form>
      </ModalDialog>
    </>
  );
}

/** A start and an end, of times (a slot, a rule) or of dates (a blocked range), with what was typed kept after a refusal. */
function StartAndEnd({ kind, id, form, start, end }: { kind: "time" | "date"; id: string; form: Pick<FormDialogState, "errors" | "values">; start: string; end: string }) {
  const [startName, endName] = kind === "time" ? ["startTime", "endTime"] : ["startDate", "endDate"];
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <FormField label={`Start ${kind}`} name={startName} id={`${id}-start`} required error={form.errors[startName]}>
        <Input type={kind} defaultValue={form.values[startName] ?? start} />
      </FormField>
      <FormField label={`End ${kind}`} name={endName} id={`${id}-end`} required error={form.errors[endName]}>
        <Input type={kind} defaultValue={form.values[endName] ?? end} />
      </FormField>
    </div>
  );
}

export function AddSlotDialog({ date }: { date: string }) {
  return (
    <FormDialog
      opener={{ label: "Add Slot", icon: Plus }}
      title="Add Slot"
      description="An extra time leads can book, on the selected date."
      intent="add-slot"
      submitLabel="Add Slot"
    >
      {({ errors, values }) => (
        <>
          <FormField label="Date" name="date" id="slot-date" error={errors.date}>
            <Input type="date" value={date} readOnly />
          </FormField>
          <StartAndEnd kind="time" id="slot" form={{ errors, values }} start="09:00" end="09:30" />
          <FormField label="Status" name="status" id="slot-status" error={errors.status}>
            <NativeSelect defaultValue={values.status ?? "open"}>
              <NativeSelectOption value="open">Open</NativeSelectOption>
              <NativeSelectOption value="tentative">Tentative</NativeSelectOption>
            </NativeSelect>
          </FormField>
        </>
      )}
    </FormDialog>
  );
}

export function AddRuleDialog() {
  return (
    <FormDialog
      opener={{ label: "Add Rule", icon: Plus }}
      title="Add Rule"
      description="A weekly window of availability."
      intent="add-rule"
      submitLabel="Add Rule"
    >
      {({ errors, values }) => (
        <>
          <FormField label="Day of week" name="dayOfWeek" id="rule-day" error={errors.dayOfWeek}>
            <NativeSelect defaultValue={values.dayOfWeek ?? "1"}>
              <NativeSelectOptions options={WEEKDAY_NAMES.map((name, index) => ({ value: index, label: name }))} />
            </NativeSelect>
          </FormField>
          <StartAndEnd kind="time" id="rule" form={{ errors, values }} start="09:00" end="17:00" />
        </>
      )}
    </FormDialog>
  );
}

export function BlockDatesDialog({ today }: { today: string }) {
  return (
    <FormDialog
      opener={{ label: "Block Dates", icon: Ban }}
      title="Block Dates"
      description="Open slots in this range are deleted; booked ones stay."
      intent="block"
      submitLabel="Block Dates"
    >
      {({ errors, values }) => (
        <>
          <StartAndEnd kind="date" id="block" form={{ errors, values }} start={today} end={today} />
          <FormField label="Reason (optional)" name="reason" id="block-reason" error={errors.reason}>
            <Input placeholder="e.g., Vacation, Conference" maxLength={200} defaultValue={values.reason} />
          </FormField>
        </>
      )}
    </FormDialog>
  );
}
