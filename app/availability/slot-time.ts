import { tzOffset } from "@date-fns/tz";
import { addDays } from "date-fns/addDays";
import { format } from "date-fns/format";
import { parseISO } from "date-fns/parseISO";
import { dayIn } from "~/formatting/dates";

/**
 * Slot arithmetic, shared by the server and the browser. Slots are stored as a business-local
 * date (yyyy-MM-dd) and wall-clock times (HH:mm:ss) in the business time zone (DESIGN.md "Time");
 * this module turns them into instants and back, always through the time-zone library.
 *
 * DST, deliberately:
 * - A local time that does not exist (the spring-forward gap, e.g. 02:30 on 8 Mar 2026 in
 *   America/New_York) maps to no instant: generation skips a slot whose start or end falls in
 *   the gap, and such a slot is never offered.
 * - A local time that exists twice (the fall-back overlap, e.g. 01:30 on 1 Nov 2026) maps to its
 *   FIRST occurrence (daylight time). Generation makes that slot once — slots are unique by local
 *   date and time, so a second 01:30 cannot exist — and everyone sees the same instant.
 * Generation steps through wall-clock time, so a rule "09:00–17:00" gives the same local slots
 * on every day of the year, which is what the admin reads in their calendar.
 */

export type LocalSlot = { date: string; startTime: string; endTime: string };
export type DateRange = { startDate: string; endDate: string };
export type WeeklyRule = { dayOfWeek: number; startTime: string; endTime: string; isActive: boolean };

const MINUTE_MS = 60_000;

/** "9:00" / "09:00" / "09:00:00" → minutes after midnight. */
export function minutesOfDay(time: string): number {
  const [hours = "0", minutes = "0"] = time.split(":");
  return Number(hours) * 60 + Number(minutes);
}

/** Minutes after midnight → "HH:mm:ss" (the database's time format). */
export function timeOfDay(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `${String(hours).padStart(2, "0")}:${String(rest).padStart(2, "0")}:00`;
}

/** "HH:mm:ss" → "HH:mm" for form inputs. */
export function shortTime(time: string): string {
  return time.slice(0, 5);
}

/**
 * The instant of a business-local date and time, or null when that wall-clock time does not
 * exist in `timeZone` (spring-forward gap). An ambiguous time (fall-back) gives its first occurrence.
 */
export function localToInstant(date: string, time: string, timeZone: string): Date | null {
  // Zone rules do not change while the process runs, and the booking page converts the same few
  // hundred slot times on every request: remember the answers (Intl look-ups are the costly part).
  const key = `${timeZone} ${date} ${time}`;
  const known = instantCache.get(key);
  if (known !== undefined) return known === null ? null : new Date(known);
  const instant = computeInstant(date, time, timeZone);
  if (instantCache.size >= INSTANT_CACHE_LIMIT) instantCache.clear();
  instantCache.set(key, instant ? instant.getTime() : null);
  return instant;
}

const INSTANT_CACHE_LIMIT = 20_000;
const instantCache = new Map<string, number | null>();

function computeInstant(date: string, time: string, timeZone: string): Date | null {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const minutes = minutesOfDay(time);
  const wallAsUtc = Date.UTC(year, month - 1, day, Math.floor(minutes / 60), minutes % 60);
  // The offset in force can only be the one before or the one after a nearby transition.
  const offsets = new Set([
    tzOffset(timeZone, new Date(wallAsUtc - 14 * 60 * MINUTE_MS)),
    tzOffset(timeZone, new Date(wallAsUtc + 14 * 60 * MINUTE_MS)),
  ]);
  const candidates = [...offsets]
    .map((offset) => new Date(wallAsUtc - offset * MINUTE_MS))
    .filter((instant) => tzOffset(timeZone, instant) * MINUTE_MS === wallAsUtc - instant.getTime())
    .sort((a, b) => a.getTime() - b.getTime());
  return candidates[0] ?? null;
}

export function addDaysToDate(date: string, days: number): string {
  return format(addDays(parseISO(date), days), "yyyy-MM-dd");
}

/** 0 = Sunday … 6 = Saturday, of a calendar date (no zone involved). */
export function dayOfWeek(date: string): number {
  return parseISO(date).getDay();
}

export function isDateBlocked(date: string, blocked: readonly DateRange[]): boolean {
  return blocked.some((range) => range.startDate <= date && date <= range.endDate);
}

/** The slot's start and end as instants, or null when either does not exist (DST gap). */
export function slotInstants(slot: LocalSlot, timeZone: string): { start: Date; end: Date } | null {
  const start = localToInstant(slot.date, slot.startTime, timeZone);
  const end = localToInstant(slot.date, slot.endTime, timeZone);
  if (!start || !end || end <= start) return null;
  return { start, end };
}

export type GenerationInput = {
  rules: readonly WeeklyRule[];
  /** First business-local date (today). */
  fromDate: string;
  /** How many dates, from `fromDate` on (the horizon's weeks × 7, or an invitation's window). */
  days: number;
  durationMinutes: number;
  bufferMinutes: number;
  blocked: readonly DateRange[];
  existing: readonly LocalSlot[];
  timeZone: string;
};

const slotKey = (slot: LocalSlot) => `${slot.date} ${timeOfDay(minutesOfDay(slot.startTime))} ${timeOfDay(minutesOfDay(slot.endTime))}`;

/**
 * The slots the active rules produce over `days` dates from `fromDate` (inclusive): cut in steps of duration plus buffer from the rule's start, the last slot ending no
 * later than the rule's end, blocked dates skipped, slots that already exist (same date, start
 * and end) not repeated, slots that fall into a DST gap skipped.
 */
export function generateSlots(input: GenerationInput): LocalSlot[] {
  const step = input.durationMinutes + input.bufferMinutes;
  if (input.durationMinutes <= 0 || step <= 0) return [];
  const taken = new Set(input.existing.map(slotKey));
  const activeRules = input.rules.filter((rule) => rule.isActive);
  const result: LocalSlot[] = [];
  for (let offset = 0; offset < input.days; offset += 1) {
    const date = addDaysToDate(input.fromDate, offset);
    if (isDateBlocked(date, input.blocked)) continue;
    const weekday = dayOfWeek(date);
    for (const rule of activeRules) {
      if (rule.dayOfWeek !== weekday) continue;
      const ruleEnd = minutesOfDay(rule.endTime);
      for (let start = minutesOfDay(rule.startTime); start + input.durationMinutes <= ruleEnd; start += step) {
        const slot = { date, startTime: timeOfDay(start), endTime: timeOfDay(start + input.durationMinutes) };
        const key = slotKey(slot);
        if (taken.has(key)) continue;
        if (!slotInstants(slot, input.timeZone)) continue;
        taken.add(key);
        result.push(slot);
      }
    }
  }
  return result;
}

export type OfferableSlotRow = LocalSlot & { id: string; status: string; bookingId: string | null };
/** An offerable slot: which one, its business-local date and start, and its instants (ISO). */
export type OfferedSlot = { id: string; date: string; startTime: string; start: string; end: string };

/**
 * What a booking link may offer: open, unbooked slots that start after `now`, lie on or before
 * the invitation's last date, outside blocked ranges, and exist as instants. Sorted by start.
 */
export function offerableSlots(
  slots: readonly OfferableSlotRow[],
  options: { now: Date; blocked: readonly DateRange[]; lastDate: string | null; timeZone: string },
): OfferedSlot[] {
  const offered: OfferedSlot[] = [];
  for (const slot of slots) {
    if (slot.status !== "open" || slot.bookingId !== null) continue;
    if (options.lastDate && slot.date > options.lastDate) continue;
    if (isDateBlocked(slot.date, options.blocked)) continue;
    const instants = slotInstants(slot, options.timeZone);
    if (!instants || instants.start <= options.now) continue;
    offered.push({ id: slot.id, date: slot.date, startTime: slot.startTime, start: instants.start.toISOString(), end: instants.end.toISOString() });
  }
  return offered.sort((a, b) => a.start.localeCompare(b.start));
}

/** Offered slots grouped by the visitor's calendar date, for the booking page's calendar. */
export function groupByVisitorDate<T extends { start: string }>(slots: readonly T[], visitorZone: string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const slot of slots) {
    const key = dayIn(new Date(slot.start), visitorZone);
    const group = groups.get(key);
    if (group) group.push(slot);
    else groups.set(key, [slot]);
  }
  return groups;
}

/** Proposed times last 30 minutes from the chosen start (spec). */
export const PROPOSED_SLOT_MINUTES = 30;
