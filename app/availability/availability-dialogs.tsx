import { Ban, Plus } from "lucide-react";
import * as React from "react";
import { useFormDialog } from "~/forms/use-form-action";
import { Button } from "~/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "~/ui/dialog";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { NativeSelect, NativeSelectOption } from "~/ui/native-select";
import { toast } from "~/ui/toaster";
import { WEEKDAY_NAMES } from "./availability-forms";

/** A slot as the calendar shows it. */
export type SlotRow = { id: string; date: string; startTime: string; endTime: string; status: string };

/** Selects (in the browser only) every unbooked slot of the view between two dates. */
export function SelectRangeDialog({ slots, onSelect }: { slots: SlotRow[]; onSelect: (slots: SlotRow[]) => void }) {
  const [open, setOpen] = React.useState(false);
  const [start, setStart] = React.useState("");
  const [end, setEnd] = React.useState("");
  const [error, setError] = React.useState<string | null>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(null);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          Select Date Range
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Select Date Range</DialogTitle>
          <DialogDescription>Selects every slot that is not booked between the two dates, inclusive, in this view.</DialogDescription>
        </DialogHeader>
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
          <DialogFooter>
            <Button type="submit">Select Slots in Range</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function AddSlotDialog({ date }: { date: string }) {
  const { fetcher, busy, errors, values, open, setOpen } = useFormDialog({ intent: "add-slot" });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm">
          <Plus aria-hidden="true" /> Add Slot
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Slot</DialogTitle>
          <DialogDescription>An extra time leads can book, on the selected date.</DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" preventScrollReset className="grid gap-3" noValidate>
          <input type="hidden" name="intent" value="add-slot" />
          <FormField label="Date" name="date" id="slot-date" error={errors.date}>
            <Input type="date" value={date} readOnly />
          </FormField>
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField label="Start time" name="startTime" id="slot-start" required error={errors.startTime}>
              <Input type="time" defaultValue={values.startTime ?? "09:00"} />
            </FormField>
            <FormField label="End time" name="endTime" id="slot-end" required error={errors.endTime}>
              <Input type="time" defaultValue={values.endTime ?? "09:30"} />
            </FormField>
          </div>
          <FormField label="Status" name="status" id="slot-status" error={errors.status}>
            <NativeSelect defaultValue={values.status ?? "open"}>
              <NativeSelectOption value="open">Open</NativeSelectOption>
              <NativeSelectOption value="tentative">Tentative</NativeSelectOption>
            </NativeSelect>
          </FormField>
          <DialogFooter>
            <Button type="submit" disabled={busy}>
              Add Slot
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

export function AddRuleDialog() {
  const { fetcher, busy, errors, values, open, setOpen } = useFormDialog({ intent: "add-rule" });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm">
          <Plus aria-hidden="true" /> Add Rule
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Rule</DialogTitle>
          <DialogDescription>A weekly window of availability.</DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" preventScrollReset className="grid gap-3" noValidate>
          <input type="hidden" name="intent" value="add-rule" />
          <FormField label="Day of week" name="dayOfWeek" id="rule-day" error={errors.dayOfWeek}>
            <NativeSelect defaultValue={values.dayOfWeek ?? "1"}>
              {WEEKDAY_NAMES.map((name, index) => (
                <NativeSelectOption key={name} value={index}>
                  {name}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          </FormField>
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField label="Start time" name="startTime" id="rule-start" required error={errors.startTime}>
              <Input type="time" defaultValue={values.startTime ?? "09:00"} />
            </FormField>
            <FormField label="End time" name="endTime" id="rule-end" required error={errors.endTime}>
              <Input type="time" defaultValue={values.endTime ?? "17:00"} />
            </FormField>
          </div>
          <DialogFooter>
            <Button type="submit" disabled={busy}>
              Add Rule
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

export function BlockDatesDialog({ today }: { today: string }) {
  const { fetcher, busy, errors, values, open, setOpen } = useFormDialog({ intent: "block" });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm">
          <Ban aria-hidden="true" /> Block Dates
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Block Dates</DialogTitle>
          <DialogDescription>Open slots in this range are deleted; booked ones stay.</DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" preventScrollReset className="grid gap-3" noValidate>
          <input type="hidden" name="intent" value="block" />
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
          <DialogFooter>
            <Button type="submit" disabled={busy}>
              Block Dates
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
