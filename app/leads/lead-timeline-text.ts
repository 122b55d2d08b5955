import { formatDateTime } from "~/formatting/dates";
import { tierLabel } from "./lead-display";
import type { LeadTimelineEntry } from "./lead-timeline.server";

// What each timeline entry of a lead's page says. Pure: the page renders it, the test reads it.

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** One line per kind of entry, in the words an agency uses. */
export function describeTimelineEntry(entry: LeadTimelineEntry, timeZone: string): { title: string; detail?: string } {
  const d = entry.data;
  switch (entry.event) {
    case "form_submitted":
      if (d.source === "import") return { title: "Imported from CSV" };
      if (d.form === "contact") return { title: "Contact form submitted" };
      return d.source === "manual"
        ? { title: "Lead added by hand" }
        : {
            title: "Form submitted",
            // An inquiry recorded on an earlier lead (its promo code's) keeps its own message here.
            detail: [d.tier ? `Tier: ${tierLabel(text(d.tier))}` : "", d.promo ? "launch offer" : "", d.message ? `“${text(d.message)}”` : ""].filter(Boolean).join(" · "),
          };
    case "promo_claimed":
      return { title: `Promo code ${text(d.code)} claimed`, detail: d.source ? `From ${text(d.source)}` : undefined };
    case "email_queued":
      return { title: `E-mail queued: ${text(d.subject)}`, detail: `To ${text(d.to)}` };
    case "email_sent":
      return { title: d.stored ? `E-mail stored (no mail server): ${text(d.subject)}` : `E-mail sent: ${text(d.subject)}`, detail: `To ${text(d.to)}` };
    case "email_failed":
      return { title: `E-mail failed: ${text(d.subject)}`, detail: text(d.error) };
    case "email_suppressed":
      return { title: `E-mail not sent: ${text(d.subject)}`, detail: `${text(d.to)} is on the suppression list` };
    case "unsubscribed":
      return d.via === "admin"
        ? { title: "Added to the suppression list", detail: `${text(d.email)} receives no marketing e-mail` }
        : { title: "Unsubscribed from marketing e-mail", detail: d.subject ? `Through the link in “${text(d.subject)}”` : `${text(d.email)} used an unsubscribe link` };
    case "resubscribed":
      return d.via === "admin"
        ? { title: "Removed from the suppression list", detail: `${text(d.email)} receives marketing e-mail again` }
        : { title: "Resubscribed to marketing e-mail", detail: `${text(d.email)} chose to receive it again` };
    case "invitation_sent":
      return { title: "Booking invitation sent", detail: d.windowDays ? `Slots for the next ${String(d.windowDays)} days` : undefined };
    case "booked":
      return {
        title: d.rescheduled ? "Consultation rebooked" : "Consultation booked",
        detail: d.start ? `For ${formatDateTime(text(d.start), timeZone)}` : undefined,
      };
    case "status_changed":
      return { title: `Status changed from ${text(d.from)} to ${text(d.to)}` };
    case "promo_edited":
      if (d.action === "extended")
        return { title: `Promo extended by ${String(d.days)} days`, detail: d.to ? `Now expires ${formatDateTime(text(d.to), timeZone)}` : undefined };
      if (d.action === "expired") return { title: "Promo expired" };
      return { title: d.action === "enabled" ? "Promo enabled" : "Promo disabled" };
    case "note_added":
      return { title: "Note", detail: text(d.text) };
    case "converted":
      return {
        title: "Converted to client",
        detail: [d.invoiceNumber ? `Draft invoice ${text(d.invoiceNumber)}` : "", d.promoCodeApplied ? `promo ${text(d.promoCodeApplied)} applied` : ""]
          .filter(Boolean)
          .join(" · "),
      };
    case "cadence_enrolled":
      // The cadences domain writes its own words (triggerText, because) into what it records.
      return { title: `Enrolled in cadence ${text(d.cadenceName)}`, detail: d.trigger ? `Trigger: ${text(d.triggerText ?? d.trigger)}` : undefined };
    case "cadence_step_sent":
      return { title: `Cadence ${text(d.cadenceName)}: step ${String(d.stepNumber)} sent`, detail: d.templateName ? `Template: ${text(d.templateName)}` : undefined };
    case "cadence_step_skipped":
      return { title: `Cadence ${text(d.cadenceName)}: step ${String(d.stepNumber)} skipped`, detail: `Because ${text(d.because ?? d.reason)}` };
    case "cadence_ended":
      return { title: `Cadence ${text(d.cadenceName)} ended`, detail: d.because ? `Because ${text(d.because)}` : undefined };
  }
}

