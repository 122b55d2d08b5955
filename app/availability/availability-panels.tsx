import CalendarPlus from "lucide-react/icons/calendar-plus";
import Trash2 from "lucide-react/icons/trash";
import type * as React from "react";
import { Link } from "react-router";
import { formatDay } from "~/formatting/dates";
import { useFormAction } from "~/forms/use-form-action";
import { Button } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/ui/card";
import { FormField } from "~/ui/form-field";
import { Input } from "~/ui/input";
import { NativeSelect, NativeSelectOptions } from "~/ui/native-select";
import { Switch } from "~/ui/switch";
import { AddRuleDialog, BlockDatesDialog } from "./availability-dialogs";
import { COMMON_TIME_ZONES, GENERATION_WEEKS, WEEKDAY_NAMES } from "./availability-forms";
import type { BlockedDate, RecurringAvailability } from "./schema";
import { shortTime } from "./slot-time";
import { HiddenInputs } from "~/forms/hidden-inputs";

export type AvailabilitySettingsView = {
  defaultConsultDurationMinutes: number;
  bufferTimeMinutes: number;
  timezone: string;
  defaultMeetingLink: string;
  bookingCancelCutoffHours: number;
};

function RuleRow({ rule }: { rule: RecurringAvailability }) {
  const toggle = useFormAction({ intent: "toggle-rule" });
  const remove = useFormAction({ intent: "delete-rule" });
  const day = WEEKDAY_NAMES[rule.dayOfWeek];
  return (
    <li className="flex items-center gap-3 rounded-md border p-3" data-testid="rule">
      <span className="w-28 font-medium">{day}</span>
      <span className="flex-1">
        {shortTime(rule.startTime)} - {shortTime(rule.endTime)}
      </span>
      <Switch
        checked={rule.isActive}
        disabled={toggle.busy}
        onCheckedChange={(isActive) =>
          toggle.fetcher.submit({ intent: "toggle-rule", ruleId: rule.id, isActive: String(isActive) }, { method: "post", preventScrollReset: true })
        }
        aria-label={`${day} ${shortTime(rule.startTime)} active`}
      />
      <remove.fetcher.Form method="post" preventScrollReset noValidate>
        <HiddenInputs fields={{ intent: "delete-rule", ruleId: rule.id }} />
        <Button type="submit" variant="ghost" size="icon" aria-label={`Delete ${day} rule`} disabled={remove.busy} icon={Trash2} />
      </remove.fetcher.Form>
    </li>
  );
}

/** A panel of rows (the rules, the blocked ranges) with the dialog that adds one, or a sentence while there are none. */
function RowsCard({ title, description, adder, none, children }: { title: string; description: string; adder: React.ReactNode; none: string; children: React.ReactNode[] }) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <div>
          <CardTitle>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        {adder}
      </CardHeader>
      <CardContent>{children.length === 0 ? <p className="text-muted-foreground">{none}</p> : <ul className="grid gap-2">{children}</ul>}</CardContent>
    </Card>
  );
}

export function RulesPanel({ rules, settings }: { rules: RecurringAvailability[]; settings: AvailabilitySettingsView }) {
  const generate = useFormAction({ intent: "generate" });
  return (
    <div className="grid gap-4">
      <RowsCard
        title="Recurring Rules"
        description="Weekly hours; generate slots from the active ones."
        adder={<AddRuleDialog />}
        none="No recurring rules yet. Add rules for days you're regularly available."
      >
        {rules.map((rule) => (
          <RuleRow key={rule.id} rule={rule} />
        ))}
      </RowsCard>
      {rules.length > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle>Generate Time Slots</CardTitle>
            <CardDescription>
              Cuts the active rules into {settings.defaultConsultDurationMinutes}-minute slots
              {settings.bufferTimeMinutes ? ` with ${settings.bufferTimeMinutes} minutes between` : ""}, skipping blocked dates and existing
              slots.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <generate.fetcher.Form method="post" preventScrollReset className="flex flex-wrap items-end gap-3" noValidate>
              <input type="hidden" name="intent" value="generate" />
              <FormField label="Generate for" name="weeks" id="generate-weeks" error={generate.errors.weeks}>
                <NativeSelect defaultValue={generate.values.weeks ?? "4"} wrapperClassName="w-40">
                  <NativeSelectOptions options={GENERATION_WEEKS.map((weeks) => ({ value: weeks, label: `${weeks} weeks` }))} />
                </NativeSelect>
              </FormField>
              <Button type="submit" disabled={generate.busy} icon={CalendarPlus}>
                {generate.busy ? "Generating..." : "Generate Slots"}
              </Button>
            </generate.fetcher.Form>
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}

function BlockedRow({ range }: { range: BlockedDate }) {
  const remove = useFormAction({ intent: "unblock" });
  return (
    <li className="flex items-center gap-3 rounded-md border p-3" data-testid="blocked-range">
      <span className="flex-1">
        <strong>
          {formatDay(range.startDate)}
          {range.endDate !== range.startDate ? ` – ${formatDay(range.endDate)}` : ""}
        </strong>
        {range.reason ? <span className="text-muted-foreground"> · {range.reason}</span> : null}
      </span>
      <remove.fetcher.Form method="post" preventScrollReset noValidate>
        <HiddenInputs fields={{ intent: "unblock", blockedId: range.id }} />
        <Button type="submit" variant="ghost" size="icon" aria-label={`Remove blocked ${range.startDate}`} disabled={remove.busy} icon={Trash2} />
      </remove.fetcher.Form>
    </li>
  );
}

export function BlockedPanel({ blocked, today }: { blocked: BlockedDate[]; today: string }) {
  return (
    <RowsCard
      title="Blocked Dates"
      description="Days nobody can book. Blocking deletes the open slots inside the range."
      adder={<BlockDatesDialog today={today} />}
      none="No blocked dates."
    >
      {blocked.map((range) => (
        <BlockedRow key={range.id} range={range} />
      ))}
    </RowsCard>
  );
}

export function SettingsPanel({ settings }: { settings: AvailabilitySettingsView }) {
  const { fetcher, busy, errors, values } = useFormAction({ intent: "settings" });
  const zones = (COMMON_TIME_ZONES as readonly string[]).includes(settings.timezone) ? COMMON_TIME_ZONES : [settings.timezone, ...COMMON_TIME_ZONES];
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
        <fetcher.Form method="post" preventScrollReset className="grid max-w-lg gap-4" noValidate>
          <input type="hidden" name="intent" value="settings" />
          <FormField label="Default consultation duration (minutes)" name="defaultConsultDurationMinutes" id="duration" error={errors.defaultConsultDurationMinutes}>
            <Input type="number" min={15} step={15} defaultValue={values.defaultConsultDurationMinutes ?? settings.defaultConsultDurationMinutes} />
          </FormField>
          <FormField label="Buffer between consultations (minutes)" name="bufferTimeMinutes" id="buffer" error={errors.bufferTimeMinutes}>
            <Input type="number" min={0} step={5} defaultValue={values.bufferTimeMinutes ?? settings.bufferTimeMinutes} />
          </FormField>
          <FormField label="Your Timezone" name="timezone" id="timezone" error={errors.timezone}>
            <NativeSelect defaultValue={values.timezone ?? settings.timezone}>
              <NativeSelectOptions options={zones} />
            </NativeSelect>
          </FormField>
          <FormField label="Default meeting link" name="defaultMeetingLink" id="meeting-link" error={errors.defaultMeetingLink}>
            <Input type="url" placeholder="https://meet.example.com/your-room" defaultValue={values.defaultMeetingLink ?? settings.defaultMeetingLink} />
          </FormField>
          <FormField label="Visitors may reschedule or cancel until (hours before)" name="bookingCancelCutoffHours" id="cutoff" error={errors.bookingCancelCutoffHours}>
            <Input type="number" min={0} step={1} defaultValue={values.bookingCancelCutoffHours ?? settings.bookingCancelCutoffHours} />
          </FormField>
          <div>
            <Button type="submit" disabled={busy}>
              Save Settings
            </Button>
          </div>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
