import { format } from "date-fns/format";
import { parseISO } from "date-fns/parseISO";
import ChevronLeft from "lucide-react/icons/chevron-left";
import ChevronRight from "lucide-react/icons/chevron-right";
import Trash2 from "lucide-react/icons/trash";
import * as React from "react";
import { formatDay } from "~/formatting/dates";
import { ConfirmDialog } from "~/forms/form-dialog";
import { useFormAction } from "~/forms/use-form-action";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Calendar } from "~/ui/calendar";
import { Card, CardContent, CardHeader, CardTitle } from "~/ui/card";
import { NativeCheckbox } from "~/ui/checkbox";
import { toast } from "~/ui/toaster";
import { AddSlotDialog, SelectRangeDialog, type SlotRow } from "./availability-dialogs";
import { AVAILABILITY_VIEWS, type AvailabilityView } from "./availability-forms";
import { datesBetween, stepDate, viewTitle } from "./calendar-range";
import { isDateBlocked, shortTime, type DateRange } from "./slot-time";

/** The calendar tab: the slots of a day, week, month or year, selected and deleted in bulk or one by one. */
export type CalendarData = {
  view: AvailabilityView;
  date: string;
  today: string;
  range: { start: string; end: string };
  slots: SlotRow[];
  blocked: DateRange[];
};

export function CalendarPanel({ data, setParam }: { data: CalendarData; setParam: (changes: Record<string, string>) => void }) {
  const removal = useFormAction({ intent: "delete-slots" });
  const [selected, setSelected] = React.useState<Set<string>>(new Set());
  const [confirmOpen, setConfirmOpen] = React.useState(false);
  const selectable = data.slots.filter((slot) => slot.status !== "booked");
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const selectMany = (slots: SlotRow[]) => {
    const ids = slots.filter((slot) => slot.status !== "booked").map((slot) => slot.id);
    setSelected(new Set(ids));
    toast.success(`Selected ${ids.length} slots`);
  };
  const deleteSlot = (id: string) => void removal.fetcher.submit({ intent: "delete-slots", slotId: id }, { method: "post", preventScrollReset: true });
  const slotsOn = (date: string) => data.slots.filter((slot) => slot.date === date);
  const blocked = (date: string) => isDateBlocked(date, data.blocked);
  const slotProps = { selected, toggle, onDelete: deleteSlot, selectionMode: selected.size > 0 };

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="outline" size="sm" onClick={() => setParam({ date: stepDate(data.view, data.date, -1) })} icon={ChevronLeft}>
              Previous
            </Button>
            <Button variant="outline" size="sm" onClick={() => setParam({ date: data.today })}>
              Today
            </Button>
            <Button variant="outline" size="sm" onClick={() => setParam({ date: stepDate(data.view, data.date, 1) })}>
              Next <ChevronRight aria-hidden="true" />
            </Button>
            <CardTitle className="ml-2" data-testid="calendar-title">
              {viewTitle(data.view, data.date)}
            </CardTitle>
          </div>
          <div className="flex rounded-md border" role="group" aria-label="View">
            {AVAILABILITY_VIEWS.map((view) => (
              <Button
                key={view}
                variant={view === data.view ? "default" : "ghost"}
                size="sm"
                aria-pressed={view === data.view}
                onClick={() => setParam({ view })}
              >
                {view[0]?.toUpperCase() + view.slice(1)}
              </Button>
            ))}
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {data.view === "day" || data.view === "week" ? (
            <Button variant="outline" size="sm" onClick={() => selectMany(data.slots)} disabled={selectable.length === 0}>
              Select all visible slots
            </Button>
          ) : null}
          {data.view === "month" ? (
            <Button variant="outline" size="sm" onClick={() => selectMany(data.slots)} disabled={selectable.length === 0}>
              Select All in Month
            </Button>
          ) : null}
          {data.view === "year" ? (
            <Button variant="outline" size="sm" onClick={() => selectMany(data.slots)} disabled={selectable.length === 0}>
              Select All This Year
            </Button>
          ) : null}
          <SelectRangeDialog onSelect={selectMany} />
          <AddSlotDialog date={data.date} />
          {selected.size > 0 ? (
            <>
              <Button variant="destructive" size="sm" onClick={() => setConfirmOpen(true)} icon={Trash2}>
                Delete ({selected.size})
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setSelected(new Set())}>
                Clear selection
              </Button>
            </>
          ) : null}
        </div>
      </CardHeader>
      <CardContent>
        {data.view === "day" ? (
          blocked(data.date) ? (
            <p className="text-muted-foreground">This date is blocked</p>
          ) : slotsOn(data.date).length === 0 ? (
            <p className="text-muted-foreground">No slots for this date</p>
          ) : (
            <SlotList slots={slotsOn(data.date)} {...slotProps} />
          )
        ) : null}
        {data.view === "week" ? (
          <div className="grid gap-3 md:grid-cols-7">
            {datesBetween(data.range.start, data.range.end).map((date) => (
              <section key={date} aria-label={formatDay(date, "weekday-month-day")} className="grid min-w-0 content-start gap-2 rounded-md border p-2">
                <button type="button" className="text-left text-sm font-semibold hover:underline" onClick={() => setParam({ view: "day", date })}>
                  {formatDay(date, "weekday-day")}
                </button>
                {blocked(date) ? <Badge variant="destructive">Blocked</Badge> : <SlotList slots={slotsOn(date)} compact {...slotProps} />}
              </section>
            ))}
          </div>
        ) : null}
        {data.view === "month" ? (
          <div className="grid gap-6 md:grid-cols-[auto_1fr]">
            <Calendar
              mode="single"
              month={parseISO(data.date)}
              hideNavigation
              selected={parseISO(data.date)}
              onSelect={(day) => day && setParam({ view: "day", date: format(day, "yyyy-MM-dd") })}
              modifiers={{
                blocked: (day) => blocked(format(day, "yyyy-MM-dd")),
                hasSlots: (day) => slotsOn(format(day, "yyyy-MM-dd")).length > 0,
              }}
              modifiersClassNames={{ blocked: "bg-destructive/15 text-destructive rounded-md", hasSlots: "[&_button]:font-bold" }}
            />
            <div>
              <h3 className="mb-2 font-semibold">All Slots This Month ({data.slots.length})</h3>
              <div className="max-h-96 overflow-y-auto">
                <SlotList slots={data.slots} showDate {...slotProps} />
              </div>
            </div>
          </div>
        ) : null}
        {data.view === "year" ? (
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {Array.from({ length: 12 }, (_, month) => {
              const prefix = `${data.date.slice(0, 4)}-${String(month + 1).padStart(2, "0")}`;
              const monthSlots = data.slots.filter((slot) => slot.date.startsWith(prefix));
              return (
                <Card key={prefix}>
                  <CardHeader className="flex-row items-center justify-between">
                    <button type="button" className="font-semibold hover:underline" onClick={() => setParam({ view: "month", date: `${prefix}-01` })}>
                      {formatDay(`${prefix}-01`, "month")}
                    </button>
                    <Badge variant="secondary">{monthSlots.length}</Badge>
                  </CardHeader>
                  <CardContent>
                    <SlotList slots={monthSlots.slice(0, 5)} showDate compact {...slotProps} />
                    {monthSlots.length > 5 ? <p className="mt-1 text-xs text-muted-foreground">+{monthSlots.length - 5} more</p> : null}
                  </CardContent>
                </Card>
              );
            })}
          </div>
        ) : null}
      </CardContent>
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title="Delete Selected Slots"
        description={`Are you sure you want to delete ${selected.size} slot(s)? This action cannot be undone.`}
        intent="delete-slots"
        fields={{ slotId: [...selected] }}
        confirmLabel="Delete"
        onSuccess={() => setSelected(new Set())}
      />
    </Card>
  );
}

function SlotList({
  slots,
  selected,
  toggle,
  onDelete,
  selectionMode,
  showDate = false,
  compact = false,
}: {
  slots: SlotRow[];
  selected: Set<string>;
  toggle: (id: string) => void;
  onDelete: (id: string) => void;
  selectionMode: boolean;
  showDate?: boolean;
  compact?: boolean;
}) {
  if (slots.length === 0) return compact ? null : <p className="text-sm text-muted-foreground">No slots</p>;
  return (
    <ul className="grid gap-1">
      {slots.map((slot) => {
        const label = `${showDate ? `${formatDay(slot.date, "month-day")} ` : ""}${shortTime(slot.startTime)}–${shortTime(slot.endTime)}`;
        const booked = slot.status === "booked";
        return (
          <li key={slot.id} className={`flex min-w-0 items-center rounded border py-1 ${compact ? "gap-1 px-1 text-xs" : "gap-2 px-2 text-sm"}`} data-testid="slot">
            {booked ? null : (
              <NativeCheckbox checked={selected.has(slot.id)} onChange={() => toggle(slot.id)} aria-label={`Select ${slot.date} ${label}`} />
            )}
            <span className="min-w-0 flex-1 truncate">{label}</span>
            {/* In narrow columns only the exceptions (tentative, booked) carry a badge. */}
            {!compact || slot.status !== "open" ? (
              <Badge variant={booked ? "default" : slot.status === "tentative" ? "outline" : "secondary"}>{slot.status}</Badge>
            ) : null}
            {!booked && !selectionMode ? (
              <Button variant="ghost" size={compact ? "icon-xs" : "icon-sm"} onClick={() => onDelete(slot.id)} aria-label={`Delete slot ${slot.date} ${label}`}>
                <Trash2 className="size-3.5" aria-hidden="true" />
              </Button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
