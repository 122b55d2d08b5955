import * as React from "react";
import {
  readRememberedZone,
  rememberedZoneValue,
  validTimeZone,
  VISITOR_ZONE_COOKIE,
  VISITOR_ZONE_MAX_AGE_SECONDS,
  zoneName,
} from "~/formatting/time-zones";
import { useHydrated } from "~/ui/hydrated";
import { NativeSelect } from "~/ui/native-select";

/**
 * One time zone per person (decision 050): the zone a visitor or a client reads every time in,
 * wherever times are shown (the booking page, the client portal). It is the browser's own unless
 * the person chose another; the choice and the browser's zone are remembered in a cookie
 * (`formatting/time-zones.ts`), which the server reads to write the portal's first view in the
 * same zone, and which the booking post carries to the e-mails.
 */

function deviceZone(): string {
  return validTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone) ?? "UTC";
}

function writeCookie(value: string, maxAge: number): void {
  document.cookie = `${VISITOR_ZONE_COOKIE}=${value}; path=/; max-age=${maxAge}; samesite=lax`;
}

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The zone to show times in now: the one chosen, else the browser's. */
function currentZone(): string {
  const remembered = readRememberedZone(document.cookie);
  return remembered?.chosen ? remembered.zone : deviceZone();
}

/** Keeps the cookie in step with the browser's zone (a traveller's laptop), unless a zone was chosen. */
function rememberDeviceZone(): void {
  const remembered = readRememberedZone(document.cookie);
  if (remembered?.chosen) return;
  const zone = deviceZone();
  if (remembered?.zone !== zone) writeCookie(rememberedZoneValue({ zone, chosen: false }), VISITOR_ZONE_MAX_AGE_SECONDS);
}

/** Shows times in `zone` from now on, everywhere; null goes back to the browser's own. */
export function chooseVisitorZone(zone: string | null): void {
  const chosen = zone === null ? null : validTimeZone(zone);
  if (chosen && chosen !== deviceZone()) writeCookie(rememberedZoneValue({ zone: chosen, chosen: true }), VISITOR_ZONE_MAX_AGE_SECONDS);
  else writeCookie(rememberedZoneValue({ zone: deviceZone(), chosen: false }), VISITOR_ZONE_MAX_AGE_SECONDS);
  for (const listener of listeners) listener();
}

/**
 * The zone this person reads times in. `serverZone` is what the server rendered with (the portal:
 * the remembered zone, or the client's last booking's; null where the server renders no times, as
 * on the kept booking page); once the app runs, the browser's answer.
 */
export function useVisitorZone(serverZone: string): string;
export function useVisitorZone(serverZone: null): string | null;
export function useVisitorZone(serverZone: string | null): string | null {
  const zone = React.useSyncExternalStore(subscribe, currentZone, () => serverZone);
  React.useEffect(rememberDeviceZone, []);
  return zone;
}

/**
 * Remembers the browser's zone as the page is read, before the app runs (a phone starts it only at
 * the first touch, decision 011): the portal's next page the server writes is then in this zone.
 * The same text on every page, so a kept page's policy names it by its hash.
 */
const REMEMBER_ZONE = `(function () {
  try {
    var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    var found = document.cookie.match(/(?:^|; )${VISITOR_ZONE_COOKIE}=([^;]*)/);
    var value = found ? decodeURIComponent(found[1]) : "";
    if (zone && value.indexOf("chosen:") !== 0 && value !== "auto:" + zone) {
      document.cookie = "${VISITOR_ZONE_COOKIE}=" + encodeURIComponent("auto:" + zone) + "; path=/; max-age=${VISITOR_ZONE_MAX_AGE_SECONDS}; samesite=lax";
    }
  } catch (error) {}
})()`;

export function RememberVisitorZone({ nonce }: { nonce?: string }) {
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: REMEMBER_ZONE }} />;
}

/** The zones a person may choose from: every zone the browser knows, the current one included. */
function zoneChoices(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return all.includes(current) ? all : [current, ...all].sort();
}

/**
 * "Times in America/Chicago", and where the app runs, a select to read them in another zone
 * (or the device's again). Without the app it is the sentence alone: the times are in that zone.
 */
export function VisitorZoneSwitch({ zone, lead = "Times in", className }: { zone: string; lead?: string; className?: string }) {
  const id = React.useId();
  const hydrated = useHydrated();
  const device = hydrated ? deviceZone() : null;
  return (
    <span className={className ?? "inline-flex flex-wrap items-center gap-2 text-sm text-muted-foreground"}>
      <span>
        {lead} <strong data-testid="visitor-zone">{zoneName(zone)}</strong>
      </span>
      {hydrated ? (
        <>
          <label htmlFor={id} className="sr-only">
            Show times in another time zone
          </label>
          <NativeSelect
            id={id}
            value={zone}
            wrapperClassName="w-56"
            onChange={(event) => chooseVisitorZone(event.currentTarget.value === device ? null : event.currentTarget.value)}
          >
            {zoneChoices(zone).map((choice) => (
              <option key={choice} value={choice}>
                {choice === device ? `${zoneName(choice)} (this device)` : zoneName(choice)}
              </option>
            ))}
          </NativeSelect>
        </>
      ) : null}
    </span>
  );
}
