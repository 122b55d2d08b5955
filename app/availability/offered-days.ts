import { localToInstant, minutesOfDay, timeOfDay } from "./slot-time";

/**
 * The offered times in their compact form, shared by the server and the browser (decision 035):
 * each business-local day once, with the minutes of that day its times start at, in the business
 * time zone, e.g. `2026-03-09:540,570,600;2026-03-10:540`. A page that offers ~320 times carries
 * ~1.5 KB instead of ~33 KB of slot ids and instants; the browser turns them into instants (the
 * same conversion the server uses, DST rules included: see slot-time.ts) and shows them in the
 * visitor's zone.
 *
 * A time is named by its slot key, `{day}/{minute}` (`2026-03-09/540`): what the visitor posts to
 * book it. The server resolves the key to the open slot at that business-local day and minute under
 * the same rules as any booking; a key that names no such slot is "no longer available".
 */
export type SlotKey = { date: string; minute: number };

/** An offered time decoded: the key to post, and its start (ISO instant). */
export type OfferedTime = { key: string; start: string };

const MINUTES_PER_DAY = 24 * 60;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a `yyyy-MM-dd` names a day of the calendar (not 2026-02-30). */
function isCalendarDay(date: string): boolean {
  const match = DAY_PATTERN.exec(date);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = new Date(Date.UTC(year, month - 1, day));
  return utc.getUTCFullYear() === year && utc.getUTCMonth() === month - 1 && utc.getUTCDate() === day;
}

function isMinuteOfDay(minute: number): boolean {
  return Number.isInteger(minute) && minute >= 0 && minute < MINUTES_PER_DAY;
}

/** The key of the time starting at `minute` on business-local `date`. */
export function slotKey({ date, minute }: SlotKey): string {
  return `${date}/${minute}`;
}

/** The key of a stored slot (its business-local date and start time). */
export function slotKeyOf(slot: { date: string; startTime: string }): string {
  return slotKey({ date: slot.date, minute: minutesOfDay(slot.startTime) });
}

/** A posted key read strictly: a real calendar day and a minute of the day, or null. */
export function parseSlotKey(key: string): SlotKey | null {
  const match = /^(\d{4}-\d{2}-\d{2})\/(\d{1,4})$/.exec(key);
  if (!match) return null;
  const date = match[1] ?? "";
  const minute = Number(match[2]);
  return isCalendarDay(date) && isMinuteOfDay(minute) ? { date, minute } : null;
}

/** The wall-clock start of a key, as the database stores a slot's start ("HH:mm:ss"). */
export function startTimeOf(key: SlotKey): string {
  return timeOfDay(key.minute);
}

/**
 * The compact form of offered slots (business-local date and start time each): days in order,
 * each day's minutes ascending and once (two slots starting together are one time to choose).
 */
export function encodeOfferedDays(slots: readonly { date: string; startTime: string }[]): string {
  const days = new Map<string, Set<number>>();
  for (const slot of slots) {
    const minutes = days.get(slot.date);
    const minute = minutesOfDay(slot.startTime);
    if (minutes) minutes.add(minute);
    else days.set(slot.date, new Set([minute]));
  }
  return [...days.keys()]
    .sort()
    .map((date) => `${date}:${[...(days.get(date) ?? [])].sort((a, b) => a - b).join(",")}`)
    .join(";");
}

/** The days and minutes of a compact form, in order; anything malformed in it is left out. */
export function offeredKeys(encoded: string): SlotKey[] {
  const keys: SlotKey[] = [];
  if (!encoded) return keys;
  for (const day of encoded.split(";")) {
    const [date = "", minutes = ""] = day.split(":");
    if (!isCalendarDay(date)) continue;
    for (const part of minutes.split(",")) {
      const minute = Number(part);
      if (part !== "" && isMinuteOfDay(minute)) keys.push({ date, minute });
    }
  }
  return keys;
}

/**
 * The offered times of a compact form as instants, earliest first: each day and minute read in
 * the business time zone `timeZone`. A wall-clock time that does not exist there (the
 * spring-forward gap) has no instant and is left out; one that exists twice (fall-back) is its
 * first occurrence, as everywhere else (slot-time.ts).
 */
export function decodeOfferedDays(encoded: string, timeZone: string): OfferedTime[] {
  const times: { key: string; at: number }[] = [];
  for (const key of offeredKeys(encoded)) {
    const instant = localToInstant(key.date, startTimeOf(key), timeZone);
    if (instant) times.push({ key: slotKey(key), at: instant.getTime() });
  }
  return times.sort((a, b) => a.at - b.at).map(({ key, at }) => ({ key, start: new Date(at).toISOString() }));
}
