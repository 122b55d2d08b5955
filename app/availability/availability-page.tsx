import { useLoaderData, useNavigation, useSearchParams } from "react-router";
import { answerAdminForm, requireAdmin } from "~/auth/guard.server";
import { parseForm } from "~/forms/form-action.server";
import { getOrganizationSettings } from "~/organization/settings.server";
import { redirectWithToast } from "~/forms/flash.server";
import { z } from "~/forms/zod";
import { listParam } from "~/lists/list-view";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/ui/tabs";
import type { Route } from "./+types/availability-page";
import { CalendarPanel } from "./availability-calendar";
import {
  addRuleForm,
  addSlotForm,
  AVAILABILITY_TABS,
  AVAILABILITY_VIEWS,
  blockDatesForm,
  blockedIdForm,
  deleteSlotsForm,
  generateForm,
  ruleIdForm,
  settingsForm,
  toggleRuleForm,
  type AvailabilityView,
} from "./availability-forms";
import { BlockedPanel, RulesPanel, SettingsPanel } from "./availability-panels";
import { addRecurringRule, addSlot, blockDates, deleteRecurringRule, deleteSlots, removeBlockedDate, setRecurringRuleActive, updateAvailabilitySettings } from "./availability-editing.server";
import { generateSlotsFromRules } from "./availability.server";
import { listBlockedDates, listRecurringRules, listSlotsBetween } from "./availability-lists.server";
import { viewRange } from "./calendar-range";
import { dayIn } from "~/formatting/dates";
import { pageAddress } from "~/http/page-address";

const AVAILABILITY_PATH = "/admin/availability";

export const meta: Route.MetaFunction = () => [{ title: "Consultation Availability | Admin" }];

const calendarDate = z.iso.date();

/** The calendar's view, day and tab, from the URL; anything else is this week, today, the calendar. */
function readView(url: URL, timeZone: string): { view: AvailabilityView; date: string; tab: string } {
  const params = url.searchParams;
  const date = calendarDate.safeParse(params.get("date"));
  return {
    view: listParam.oneOf(AVAILABILITY_VIEWS).parse(params.get("view")) ?? "week",
    date: date.success ? date.data : dayIn(new Date(), timeZone),
    tab: listParam.choice(AVAILABILITY_TABS).parse(params.get("tab")),
  };
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
    today: dayIn(new Date(), settings.timezone),
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

/** The spec's toast titles for each action's failures (deleting one slot or several: the service names its own). */
const AVAILABILITY_FAILURE_TITLES = {
  "add-slot": "Error adding slot",
  "add-rule": "Error adding rule",
  "toggle-rule": "Error updating rule",
  "delete-rule": "Error deleting rule",
  generate: "Error generating slots",
  block: "Error blocking dates",
  unblock: "Error removing blocked date",
  settings: "Error updating settings",
};

export async function action({ request }: Route.ActionArgs) {
  const here = pageAddress(request);
  const done = (title: string, description?: string) => redirectWithToast(here, { type: "success", title, description });
  return answerAdminForm(
    request,
    ({ actor }) => ({
      "add-slot": async (form) => {
        await addSlot(actor, parseForm(addSlotForm, form));
        return done("Slot added successfully");
      },
      "delete-slots": async (form) => {
        const ids = parseForm(deleteSlotsForm, form).slotId;
        const deleted = await deleteSlots(actor, ids);
        return done(ids.length === 1 ? "Slot deleted" : `Successfully deleted ${deleted} slot(s)`);
      },
      "add-rule": async (form) => {
        await addRecurringRule(actor, parseForm(addRuleForm, form));
        return done("Recurring rule added");
      },
      "toggle-rule": async (form) => {
        const { ruleId, isActive } = parseForm(toggleRuleForm, form);
        await setRecurringRuleActive(actor, ruleId, isActive);
        return done(isActive ? "Rule activated" : "Rule deactivated");
      },
      "delete-rule": async (form) => {
        await deleteRecurringRule(actor, parseForm(ruleIdForm, form).ruleId);
        return done("Rule deleted");
      },
      generate: async (form) => {
        const { weeks } = parseForm(generateForm, form);
        const made = await generateSlotsFromRules(actor, weeks * 7);
        return made === 0
          ? redirectWithToast(here, { type: "info", title: "No new slots to generate", description: "All slots for this period already exist." })
          : done(`Generated ${made} time slots!`, `Slots created for the next ${weeks} weeks based on your recurring rules.`);
      },
      block: async (form) => {
        const input = parseForm(blockDatesForm, form);
        const { deletedSlots } = await blockDates(actor, input);
        return done(
          "Dates blocked successfully",
          deletedSlots > 0 ? `Blocked ${input.startDate} to ${input.endDate} and deleted ${deletedSlots} existing slot(s)` : undefined,
        );
      },
      unblock: async (form) => {
        await removeBlockedDate(actor, parseForm(blockedIdForm, form).blockedId);
        return done("Blocked date removed");
      },
      settings: async (form) => {
        await updateAvailabilitySettings(actor, parseForm(settingsForm, form));
        return done("Settings saved successfully");
      },
    }),
    { failureTitles: AVAILABILITY_FAILURE_TITLES },
  );
}

export default function AvailabilityPage() {
  const data = useLoaderData<typeof loader>();
  const [searchParams, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  // The page's own data on its way (another day, week, view or tab): not a navigation away from it.
  const loadingItself = navigation.state === "loading" && navigation.location.pathname === AVAILABILITY_PATH;
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
      {/* Always in the page, so that screen readers announce the words when they come. */}
      <p role="status" className="text-muted-foreground empty:hidden">
        {loadingItself ? "Loading availability..." : null}
      </p>
      {/* What is shown stays in place (and the control just used keeps focus) until the new data replaces it. */}
      <Tabs value={data.tab} onValueChange={(tab) => setParam({ tab })} aria-busy={loadingItself} className={loadingItself ? "opacity-60" : undefined}>
        <TabsList>
          <TabsTrigger value="calendar">Calendar</TabsTrigger>
          <TabsTrigger value="rules">Recurring Rules</TabsTrigger>
          <TabsTrigger value="blocked">Blocked Dates</TabsTrigger>
          <TabsTrigger value="settings">Settings</TabsTrigger>
        </TabsList>
        <TabsContent value="calendar">
          {/* Keyed by view and date: a new view or period starts with nothing selected. */}
          <CalendarPanel key={`${data.view}-${data.date}`} data={data} setParam={setParam} />
        </TabsContent>
        <TabsContent value="rules">
          <RulesPanel rules={data.rules} settings={data.settings} />
        </TabsContent>
        <TabsContent value="blocked">
          <BlockedPanel blocked={data.blocked} today={data.today} />
        </TabsContent>
        <TabsContent value="settings">
          <SettingsPanel settings={data.settings} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
