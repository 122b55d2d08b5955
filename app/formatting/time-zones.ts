/**
 * The time zone a visitor or a client reads times in (decision 050): their browser's, unless they
 * chose another where times are shown; remembered in a cookie so that a page the server renders
 * for them (the client portal, which a phone reads before its app runs) is in the same zone as the
 * booking page and the e-mails. Pure: the server reads the cookie, the browser writes it.
 */

/** `auto:<zone>` (the browser's, as last seen) or `chosen:<zone>` (picked by the person), URI-encoded. */
export const VISITOR_ZONE_COOKIE = "visitor_zone";

/** A year: the zone a person reads times in rarely changes. */
export const VISITOR_ZONE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export type RememberedZone = { zone: string; chosen: boolean };

const known = new Map<string, boolean>();

/** Whether `value` is an IANA time zone this runtime knows ("America/Chicago", "UTC"). */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(value)) return false;
  let answer = known.get(value);
  if (answer === undefined) {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: value });
      answer = true;
    } catch {
      answer = false;
    }
    if (known.size > 500) known.clear();
    known.set(value, answer);
  }
  return answer;
}

/** A zone as given when it is one, else undefined (a posted field, a stored value). */
export function validTimeZone(value: string | null | undefined): string | undefined {
  return typeof value === "string" && isTimeZone(value) ? value : undefined;
}

/** The cookie's value for a zone: `auto:…` when it is the browser's own, `chosen:…` when picked. */
export function rememberedZoneValue(remembered: RememberedZone): string {
  return encodeURIComponent(`${remembered.chosen ? "chosen" : "auto"}:${remembered.zone}`);
}

/** The zone a Cookie header (or `document.cookie`) remembers, or null when none or not a zone. */
export function readRememberedZone(cookieHeader: string | null | undefined): RememberedZone | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name !== VISITOR_ZONE_COOKIE) continue;
    let value: string;
    try {
      value = decodeURIComponent(rest.join("="));
    } catch {
      return null;
    }
    const separator = value.indexOf(":");
    const kind = value.slice(0, separator);
    const zone = value.slice(separator + 1);
    if ((kind !== "auto" && kind !== "chosen") || !isTimeZone(zone)) return null;
    return { zone, chosen: kind === "chosen" };
  }
  return null;
}

/** "America/Los_Angeles" → "America/Los Angeles": a zone as the pages write it. */
export function zoneName(zone: string): string {
  return zone.replace(/_/g, " ");
}
