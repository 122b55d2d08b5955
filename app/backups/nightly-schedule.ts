import { TZDate } from "@date-fns/tz";
import { format } from "date-fns/format";

/** The hour (business-local) from which a night's backup is made. */
export const NIGHTLY_BACKUP_HOUR = 2;

/**
 * The night whose backup is due at `now`: the business-local date, counted from 02:00 (at 01:00
 * it is still the previous night's). Its backup is made once, by the first run that finds it
 * missing, so a newly started app makes its first at once and then one every night. Pure.
 */
export function nightOf(now: Date, timeZone: string): string {
  return format(new TZDate(now.getTime() - NIGHTLY_BACKUP_HOUR * 3_600_000, timeZone), "yyyy-MM-dd");
}

/** The name a backup file made at `at` gets: sortable, in UTC. */
export function backupFileName(at: Date): string {
  return `agency-backup-${at.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}Z$/, "Z")}.tar.gz`;
}

const BACKUP_FILE = /^agency-backup-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.tar\.gz$/;

/** When a backup file of this app's naming was made; null for any other name. */
export function backupFileTime(name: string): Date | null {
  const match = BACKUP_FILE.exec(name);
  if (!match) return null;
  const [, year, month, day, hour, minute, second] = match;
  const time = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}Z`);
  return Number.isNaN(time.getTime()) ? null : time;
}
