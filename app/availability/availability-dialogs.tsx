import Ban from "lucide-react/icons/ban";
import Plus from "lucide-react/icons/plus";
import * as React from "react";
import { DialogTrigger, FormDialog, type FormDialogState } from "~/forms/form-dialog";
import { Button } from "~/ui/button";
import { ModalDialog } from "~/ui/modal-dialog";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { NativeSelect, NativeSelectOption, NativeSelectOptions } from "~/ui/native-select";
import { toast } from "~/ui/toaster";
import { WEEKDAY_NAMES } from "./availability-forms";

/** A slot as the calendar shows it. */
export type SlotRow = { id: string; date: string; startTime: string; endTime: string; status: string };

/**
 * Selects (in the browser only) every unbooked slot of the view between two dates. A picker, not
 * one of the forms the server answers: it posts nothing, so it is a plain dialog.
 */
export function SelectRangeDialog({ slots, onSelect }: { slots: SlotRow[]; onSelect: (slots: SlotRow[]) => void }) {
  const [open, setOpen] = React.useState(false);
  const [start, setStart] = React.useState("");
  const [end, setEnd] = React.useState("");
  const [error, setError] = React.useState<string | null>(null);
  return (
    <>
      <DialogTrigger
        trigger={
          <Button variant="outline" size="sm">
            Select Date Range
          </Button>
        }
        onOpen={() => {
          setOpen(true);
          setError(null);
        }}
      />
      <ModalDialog
        open={open}
        onOpenChange={setOpen}
        title="Select Date Range"
        description="Selects every slot that is not booked between the two dates, inclusive, in this view."
      >
        <form
          className="grid gap-3"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!start || !end) {
              // Nothing is posted: the message is the spec's toast, and the dialog stays open.
              setError("Please select both start and end dates");
              toast.error("Please select both start and end dates");
              return;
            }
            onSelect(slots.filter((slot) => slot.date >= start && slot.date <= end));
            setOpen(false);
          }}
        >
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField label="Start date" name="rangeStart" id="range-start" error={error && !start ? error : null}>
              <Input type="date" value={start} onChange={(event) => setStart(event.target.value)} />
            </FormField>
            <FormField label="End date" name="rangeEnd" id="range-end" error={error && !end ? error : null}>
              <Input type="date" value={end} onChange={(event) => setEnd(event.target.value)} />
            </FormField>
          </div>
          <Button type="submit" className="justify-self-end">
            Select Slots in Range
          </Button>
        </form>
      </ModalDialog>
    </>
  );
}

/** A slot's or a rule's start and end time, with what was typed kept after a refusal. */
function TimeRange({ id, form, start, end }: { id: string; form: Pick<FormDialogState, "errors" | "values">; start: string; end: string }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <FormField label="Start time" name="startTime" id={`${id}-start`} required error={form.errors.startTime}>
        <Input type="time" defaultValue={form.values.startTime ?? start} />
      </FormField>
      <FormField label="End time" name="endTime" id={`${id}-end`} required error={form.errors.endTime}>
        <Input type="time" defaultValue={form.values.endTime ?? end} />
      </FormField>
    </div>
  );
}

export function AddSlotDialog({ date }: { date: string }) {
  return (
    <FormDialog
      trigger={
        <Button size="sm" icon={Plus}>
          Add Slot
        </Button>
      }
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
          <TimeRange id="slot" form={{ errors, values }} start="09:00" end="09:30" />
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
      trigger={
        <Button size="sm" icon={Plus}>
          Add Rule
        </Button>
      }
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
          <TimeRange id="rule" form={{ errors, values }} start="09:00" end="17:00" />
        </>
      )}
    </FormDialog>
  );
}

export function BlockDatesDialog({ today }: { today: string }) {
  return (
    <FormDialog
      trigger={
        <Button size="sm" icon={Ban}>
          Block Dates
        </Button>
      }
      title="Block Dates"
      description="Open slots in this range are deleted; booked ones stay."
      intent="block"
      submitLabel="Block Dates"
    >
      {({ errors, values }) => (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField label="Start date" name="startDate" id="block-start" required error={errors.startDate}>
              <Input type="date" defaultValue={values.startDate ?? today} />
            </FormField>
            <FormField label="End date" name="endDate" id="block-end" required error={errors.endDate}>
              <Input type="date" defaultValue={values.endDate ?? today} />
            </FormField>
          </div>
          <FormField label="Reason (optional)" name="reason" id="block-reason" error={errors.reason}>
            <Input placeholder="e.g., Vacation, Conference" maxLength={200} defaultValue={values.reason} />
          </FormField>
        </>
      )}
    </FormDialog>
  );
}
