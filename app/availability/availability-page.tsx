import { format, parseISO } from "date-fns";
import { Ban, CalendarPlus, ChevronLeft, ChevronRight, Plus, Trash2 } from "lucide-react";
import * as React from "react";
import { Form, Link, useLoaderData, useNavigation, useSearchParams, useSubmit } from "react-router";
import { requireAdmin } from "~/auth/guard.server";
import { getOrganizationSettings } from "~/settings/settings.server";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/ui/alert-dialog";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Calendar } from "~/ui/calendar";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/ui/card";
import { NativeCheckbox } from "~/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "~/ui/dialog";
import { redirectWithToast } from "~/ui/flash.server";
import { checkForm } from "~/forms/form-result";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";
import { NativeSelect, NativeSelectOption } from "~/ui/native-select";
import { Switch } from "~/ui/switch";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/ui/tabs";
import { toast } from "~/ui/toaster";
import type { Route } from "./+types/availability-page";
import {
  addRuleForm,
  addSlotForm,
  AVAILABILITY_VIEWS,
  blockDatesForm,
  COMMON_TIME_ZONES,
  GENERATION_WEEKS,
  generateForm,
  settingsForm,
  WEEKDAY_NAMES,
  type AvailabilityView,
} from "./availability-forms";
import {
  addRecurringRule,
  addSlot,
  AvailabilityError,
  blockDates,
  deleteRecurringRule,
  deleteSlots,
  generateSlotsFromRules,
  listBlockedDates,
  listRecurringRules,
  listSlotsBetween,
  removeBlockedDate,
  setRecurringRuleActive,
  updateAvailabilitySettings,
} from "./availability.server";
import { datesBetween, stepDate, viewRange, viewTitle } from "./calendar-range";
import { isDateBlocked, shortTime, todayInZone } from "./slot-time";

export const meta: Route.MetaFunction = () => [{ title: "Consultation Availability | Admin" }];

function readView(url: URL, timeZone: string): { view: AvailabilityView; date: string; tab: string } {
  const view = (AVAILABILITY_VIEWS as readonly string[]).includes(url.searchParams.get("view") ?? "")
    ? (url.searchParams.get("view") as AvailabilityView)
    : "week";
  const rawDate = url.searchParams.get("date") ?? "";
  const date = /^\d{4}-\d{2}-\d{2}$/.test(rawDate) && !Number.isNaN(parseISO(rawDate).getTime()) ? rawDate : todayInZone(new Date(), timeZone);
  return { view, date, tab: url.searchParams.get("tab") ?? "calendar" };
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const settings = await getOrganizationSettings();
  const { view, date, tab } = readView(new URL(request.url), settings.timezone);
  const range = viewRange(view, date);
  const [slots, rules, blocked] = await Promise.all([listSlotsBetween(range.start, range.end), listRecurringRules(), listBlockedDates()]);
  return {
    view,
    date,
    tab,
    range,
    today: todayInZone(new Date(), settings.timezone),
    slots: slots.map((slot) => ({ id: slot.id, date: slot.date, startTime: slot.startTime, endTime: slot.endTime, status: slot.status })),
    rules,
    blocked,
    settings: {
      defaultConsultDurationMinutes: settings.defaultConsultDurationMinutes,
      bufferTimeMinutes: settings.bufferTimeMinutes,
      timezone: settings.timezone,
      defaultMeetingLink: settings.defaultMeetingLink ?? "",
      bookingCancelCutoffHours: settings.bookingCancelCutoffHours,
    },
  };
}

const plural = (count: number) => `${count} slot(s)`;

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  const intent = form.get("intent");
  const back = new URL(request.url);
  const here = back.pathname + back.search;
  const fail = (title: string, description: string) => redirectWithToast(here, { type: "error", title, description });
  const invalid = (check: { ok: false; fieldErrors: Record<string, string | undefined> }) =>
    Object.values(check.fieldErrors).filter(Boolean).join(" ");
  try {
    switch (intent) {
      case "add-slot": {
        const check = checkForm(addSlotForm, form);
        if (!check.ok) return fail("Error adding slot", invalid(check));
        await addSlot(check.data);
        return redirectWithToast(here, { type: "success", title: "Slot added successfully" });
      }
      case "delete-slots": {
        const ids = form.getAll("slotId").filter((id): id is string => typeof id === "string").slice(0, 5000);
        const deleted = await deleteSlots(ids);
        return redirectWithToast(here, { type: "success", title: ids.length === 1 ? "Slot deleted" : `Successfully deleted ${plural(deleted)}` });
      }
      case "add-rule": {
        const check = checkForm(addRuleForm, form);
        if (!check.ok) return fail("Error adding rule", invalid(check));
        await addRecurringRule(check.data);
        return redirectWithToast(here, { type: "success", title: "Recurring rule added" });
      }
      case "toggle-rule": {
        const isActive = form.get("isActive") === "true";
        await setRecurringRuleActive(String(form.get("ruleId")), isActive);
        return redirectWithToast(here, { type: "success", title: isActive ? "Rule activated" : "Rule deactivated" });
      }
      case "delete-rule":
        await deleteRecurringRule(String(form.get("ruleId")));
        return redirectWithToast(here, { type: "success", title: "Rule deleted" });
      case "generate": {
        const check = checkForm(generateForm, form);
        if (!check.ok) return fail("Error generating slots", invalid(check));
        const made = await generateSlotsFromRules(check.data.weeks);
        return made === 0
          ? redirectWithToast(here, { type: "info", title: "No new slots to generate", description: "All slots for this period already exist." })
          : redirectWithToast(here, {
              type: "success",
              title: `Generated ${made} time slots!`,
              description: `Slots created for the next ${check.data.weeks} weeks based on your recurring rules.`,
            });
      }
      case "block": {
        const check = checkForm(blockDatesForm, form);
        if (!check.ok) return fail("Error blocking dates", invalid(check));
        const { deletedSlots } = await blockDates(check.data);
        return redirectWithToast(here, {
          type: "success",
          title: "Dates blocked successfully",
          description:
            deletedSlots > 0 ? `Blocked ${check.data.startDate} to ${check.data.endDate} and deleted ${deletedSlots} existing slot(s)` : undefined,
        });
      }
      case "unblock":
        await removeBlockedDate(String(form.get("blockedId")));
        return redirectWithToast(here, { type: "success", title: "Blocked date removed" });
      case "settings": {
        const check = checkForm(settingsForm, form);
        if (!check.ok) return fail("Error updating settings", invalid(check));
        await updateAvailabilitySettings(check.data);
        return redirectWithToast(here, { type: "success", title: "Settings saved successfully" });
      }
      default:
        return fail("Error", "Unknown action.");
    }
  } catch (error) {
    if (error instanceof AvailabilityError) {
      const titles: Record<string, string> = {
        "add-slot": "Error adding slot",
        "add-rule": "Error adding rule",
        generate: "Error generating slots",
        block: "Error blocking dates",
      };
      return fail(titles[String(intent)] ?? "Error", error.message);
    }
    throw error;
  }
}

type LoaderData = Awaited<ReturnType<typeof loader>>;
type SlotRow = LoaderData["slots"][number];

export default function AvailabilityPage() {
  const data = useLoaderData<typeof loader>();
  const [searchParams, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  if (navigation.state === "loading" && navigation.location.pathname !== "/admin/availability") {
    return <p role="status">Loading availability...</p>;
  }
  const setParam = (changes: Record<string, string>) => {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) next.set(key, value);
    setSearchParams(next, { preventScrollReset: true });
  };
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Consultation Availability</h1>
        <p className="text-muted-foreground">When leads can book a consultation, in {data.settings.timezone}.</p>
      </div>
      <Tabs value={data.tab} onValueChange={(tab) => setParam({ tab })}>
        <TabsList>
          <TabsTrigger value="calendar">Calendar</TabsTrigger>
          <TabsTrigger value="rules">Recurring Rules</TabsTrigger>
          <TabsTrigger value="blocked">Blocked Dates</TabsTrigger>
          <TabsTrigger value="settings">Settings</TabsTrigger>
        </TabsList>
        <TabsContent value="calendar">
          {/* Keyed by view and date: a new view or period starts with nothing selected. */}
          <CalendarTab key={`${data.view}-${data.date}`} data={data} setParam={setParam} />
        </TabsContent>
        <TabsContent value="rules">
          <RulesTab data={data} />
        </TabsContent>
        <TabsContent value="blocked">
          <BlockedTab data={data} />
        </TabsContent>
        <TabsContent value="settings">
          <SettingsTab data={data} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function CalendarTab({ data, setParam }: { data: LoaderData; setParam: (changes: Record<string, string>) => void }) {
  const submit = useSubmit();
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
  const deleteIds = (ids: string[]) => {
    const form = new FormData();
    form.set("intent", "delete-slots");
    for (const id of ids) form.append("slotId", id);
    submit(form, { method: "post", preventScrollReset: true });
    setSelected(new Set());
  };
  const slotsOn = (date: string) => data.slots.filter((slot) => slot.date === date);
  const blocked = (date: string) => isDateBlocked(date, data.blocked);
  const slotProps = { selected, toggle, onDelete: (id: string) => deleteIds([id]), selectionMode: selected.size > 0 };

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="outline" size="sm" onClick={() => setParam({ date: stepDate(data.view, data.date, -1) })}>
              <ChevronLeft aria-hidden="true" /> Previous
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
          <SelectRangeDialog slots={data.slots} onSelect={selectMany} />
          <AddSlotDialog date={data.date} />
          {selected.size > 0 ? (
            <>
              <Button variant="destructive" size="sm" onClick={() => setConfirmOpen(true)}>
                <Trash2 aria-hidden="true" /> Delete ({selected.size})
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
              <section key={date} aria-label={format(parseISO(date), "EEEE, MMMM d")} className="grid min-w-0 content-start gap-2 rounded-md border p-2">
                <button type="button" className="text-left text-sm font-semibold hover:underline" onClick={() => setParam({ view: "day", date })}>
                  {format(parseISO(date), "EEE d")}
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
                      {format(parseISO(`${prefix}-01`), "MMMM")}
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
      <AlertDialog open={confirmOpen} onOpenChange={setConfirmOpen}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete Selected Slots</AlertDialogTitle>
            <AlertDialogDescription>
              Are you sure you want to delete {selected.size} slot(s)? This action cannot be undone.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={() => deleteIds([...selected])}>Delete</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
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
        const label = `${showDate ? `${format(parseISO(slot.date), "MMM d")} ` : ""}${shortTime(slot.startTime)}–${shortTime(slot.endTime)}`;
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

function SelectRangeDialog({ slots, onSelect }: { slots: SlotRow[]; onSelect: (slots: SlotRow[]) => void }) {
  const [open, setOpen] = React.useState(false);
  const [start, setStart] = React.useState("");
  const [end, setEnd] = React.useState("");
  return (
    <Dialog open={open} onOpenChange={setOpen}>
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
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor="range-start">Start date</Label>
            <Input id="range-start" type="date" value={start} onChange={(event) => setStart(event.target.value)} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="range-end">End date</Label>
            <Input id="range-end" type="date" value={end} onChange={(event) => setEnd(event.target.value)} />
          </div>
        </div>
        <DialogFooter>
          <Button
            onClick={() => {
              if (!start || !end) {
                toast.error("Please select both start and end dates");
                return;
              }
              onSelect(slots.filter((slot) => slot.date >= start && slot.date <= end));
              setOpen(false);
            }}
          >
            Select Slots in Range
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function AddSlotDialog({ date }: { date: string }) {
  const [open, setOpen] = React.useState(false);
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
        <Form method="post" preventScrollReset className="grid gap-3" onSubmit={() => setOpen(false)}>
          <input type="hidden" name="intent" value="add-slot" />
          <div className="grid gap-2">
            <Label htmlFor="slot-date">Date</Label>
            <Input id="slot-date" name="date" type="date" value={date} readOnly />
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor="slot-start">Start time</Label>
              <Input id="slot-start" name="startTime" type="time" defaultValue="09:00" required />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="slot-end">End time</Label>
              <Input id="slot-end" name="endTime" type="time" defaultValue="09:30" required />
            </div>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="slot-status">Status</Label>
            <NativeSelect id="slot-status" name="status" defaultValue="open">
              <NativeSelectOption value="open">Open</NativeSelectOption>
              <NativeSelectOption value="tentative">Tentative</NativeSelectOption>
            </NativeSelect>
          </div>
          <DialogFooter>
            <Button type="submit">Add Slot</Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

function RulesTab({ data }: { data: LoaderData }) {
  const navigation = useNavigation();
  const submit = useSubmit();
  const generating = navigation.state !== "idle" && navigation.formData?.get("intent") === "generate";
  const [open, setOpen] = React.useState(false);
  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader className="flex-row items-center justify-between">
          <div>
            <CardTitle>Recurring Rules</CardTitle>
            <CardDescription>Weekly hours; generate slots from the active ones.</CardDescription>
          </div>
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
              <Form method="post" preventScrollReset className="grid gap-3" onSubmit={() => setOpen(false)}>
                <input type="hidden" name="intent" value="add-rule" />
                <div className="grid gap-2">
                  <Label htmlFor="rule-day">Day of week</Label>
                  <NativeSelect id="rule-day" name="dayOfWeek" defaultValue="1">
                    {WEEKDAY_NAMES.map((name, index) => (
                      <NativeSelectOption key={name} value={index}>
                        {name}
                      </NativeSelectOption>
                    ))}
                  </NativeSelect>
                </div>
                <div className="grid gap-3 sm:grid-cols-2">
                  <div className="grid gap-2">
                    <Label htmlFor="rule-start">Start time</Label>
                    <Input id="rule-start" name="startTime" type="time" defaultValue="09:00" required />
                  </div>
                  <div className="grid gap-2">
                    <Label htmlFor="rule-end">End time</Label>
                    <Input id="rule-end" name="endTime" type="time" defaultValue="17:00" required />
                  </div>
                </div>
                <DialogFooter>
                  <Button type="submit">Add Rule</Button>
                </DialogFooter>
              </Form>
            </DialogContent>
          </Dialog>
        </CardHeader>
        <CardContent>
          {data.rules.length === 0 ? (
            <p className="text-muted-foreground">No recurring rules yet. Add rules for days you're regularly available.</p>
          ) : (
            <ul className="grid gap-2">
              {data.rules.map((rule) => (
                <li key={rule.id} className="flex items-center gap-3 rounded-md border p-3" data-testid="rule">
                  <span className="w-28 font-medium">{WEEKDAY_NAMES[rule.dayOfWeek]}</span>
                  <span className="flex-1">
                    {shortTime(rule.startTime)} - {shortTime(rule.endTime)}
                  </span>
                  <Switch
                    checked={rule.isActive}
                    onCheckedChange={(isActive) =>
                      submit({ intent: "toggle-rule", ruleId: rule.id, isActive: String(isActive) }, { method: "post", preventScrollReset: true })
                    }
                    aria-label={`${WEEKDAY_NAMES[rule.dayOfWeek]} ${shortTime(rule.startTime)} active`}
                  />
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="intent" value="delete-rule" />
                    <input type="hidden" name="ruleId" value={rule.id} />
                    <Button type="submit" variant="ghost" size="icon" aria-label={`Delete ${WEEKDAY_NAMES[rule.dayOfWeek]} rule`}>
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </Form>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      {data.rules.length > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle>Generate Time Slots</CardTitle>
            <CardDescription>
              Cuts the active rules into {data.settings.defaultConsultDurationMinutes}-minute slots
              {data.settings.bufferTimeMinutes ? ` with ${data.settings.bufferTimeMinutes} minutes between` : ""}, skipping blocked dates and
              existing slots.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Form method="post" preventScrollReset className="flex flex-wrap items-end gap-3">
              <input type="hidden" name="intent" value="generate" />
              <div className="grid gap-2">
                <Label htmlFor="generate-weeks">Generate for</Label>
                <NativeSelect id="generate-weeks" name="weeks" defaultValue="4" wrapperClassName="w-40">
                  {GENERATION_WEEKS.map((weeks) => (
                    <NativeSelectOption key={weeks} value={weeks}>
                      {weeks} weeks
                    </NativeSelectOption>
                  ))}
                </NativeSelect>
              </div>
              <Button type="submit" disabled={generating}>
                <CalendarPlus aria-hidden="true" /> {generating ? "Generating..." : "Generate Slots"}
              </Button>
            </Form>
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}

function BlockedTab({ data }: { data: LoaderData }) {
  const [open, setOpen] = React.useState(false);
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <div>
          <CardTitle>Blocked Dates</CardTitle>
          <CardDescription>Days nobody can book. Blocking deletes the open slots inside the range.</CardDescription>
        </div>
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
            <Form method="post" preventScrollReset className="grid gap-3" onSubmit={() => setOpen(false)}>
              <input type="hidden" name="intent" value="block" />
              <div className="grid gap-3 sm:grid-cols-2">
                <div className="grid gap-2">
                  <Label htmlFor="block-start">Start date</Label>
                  <Input id="block-start" name="startDate" type="date" defaultValue={data.today} required />
                </div>
                <div className="grid gap-2">
                  <Label htmlFor="block-end">End date</Label>
                  <Input id="block-end" name="endDate" type="date" defaultValue={data.today} required />
                </div>
              </div>
              <div className="grid gap-2">
                <Label htmlFor="block-reason">Reason (optional)</Label>
                <Input id="block-reason" name="reason" placeholder="e.g., Vacation, Conference" maxLength={200} />
              </div>
              <DialogFooter>
                <Button type="submit">Block Dates</Button>
              </DialogFooter>
            </Form>
          </DialogContent>
        </Dialog>
      </CardHeader>
      <CardContent>
        {data.blocked.length === 0 ? (
          <p className="text-muted-foreground">No blocked dates.</p>
        ) : (
          <ul className="grid gap-2">
            {data.blocked.map((range) => (
              <li key={range.id} className="flex items-center gap-3 rounded-md border p-3" data-testid="blocked-range">
                <span className="flex-1">
                  <strong>
                    {format(parseISO(range.startDate), "MMM d, yyyy")}
                    {range.endDate !== range.startDate ? ` – ${format(parseISO(range.endDate), "MMM d, yyyy")}` : ""}
                  </strong>
                  {range.reason ? <span className="text-muted-foreground"> · {range.reason}</span> : null}
                </span>
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="unblock" />
                  <input type="hidden" name="blockedId" value={range.id} />
                  <Button type="submit" variant="ghost" size="icon" aria-label={`Remove blocked ${range.startDate}`}>
                    <Trash2 aria-hidden="true" />
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function SettingsTab({ data }: { data: LoaderData }) {
  const zones = (COMMON_TIME_ZONES as readonly string[]).includes(data.settings.timezone)
    ? COMMON_TIME_ZONES
    : [data.settings.timezone, ...COMMON_TIME_ZONES];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Consultation Settings</CardTitle>
        <CardDescription>
          Used when generating slots and booking. Changes do not move slots that already exist. Also see{" "}
          <Link to="/admin/bookings" className="underline">
            Consultation Bookings
          </Link>
          .
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" preventScrollReset className="grid max-w-lg gap-4">
          <input type="hidden" name="intent" value="settings" />
          <div className="grid gap-2">
            <Label htmlFor="duration">Default consultation duration (minutes)</Label>
            <Input id="duration" name="defaultConsultDurationMinutes" type="number" min={15} step={15} defaultValue={data.settings.defaultConsultDurationMinutes} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="buffer">Buffer between consultations (minutes)</Label>
            <Input id="buffer" name="bufferTimeMinutes" type="number" min={0} step={5} defaultValue={data.settings.bufferTimeMinutes} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="timezone">Your Timezone</Label>
            <NativeSelect id="timezone" name="timezone" defaultValue={data.settings.timezone}>
              {zones.map((zone) => (
                <NativeSelectOption key={zone} value={zone}>
                  {zone}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="meeting-link">Default meeting link</Label>
            <Input id="meeting-link" name="defaultMeetingLink" type="url" placeholder="https://meet.example.com/your-room" defaultValue={data.settings.defaultMeetingLink} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="cutoff">Visitors may reschedule or cancel until (hours before)</Label>
            <Input id="cutoff" name="bookingCancelCutoffHours" type="number" min={0} step={1} defaultValue={data.settings.bookingCancelCutoffHours} />
          </div>
          <div>
            <Button type="submit">Save Settings</Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
