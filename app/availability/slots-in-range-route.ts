import { data } from "react-router";
import { requireAdmin } from "~/auth/guard.server";
import { checkForm, type FormRefusal } from "~/forms/form-result";
import type { Route } from "./+types/slots-in-range-route";
import { MAX_SLOTS_DELETED, slotRangeQuery } from "./availability-forms";
import { listDeletableSlotsBetween } from "./availability-lists.server";

/**
 * GET /admin/availability/slots?from=&to=: every slot 'Select Date Range' selects, the booked ones
 * left out, whether or not the calendar's day, week, month or year shows them. A missing or
 * reversed date, or more slots than one deletion takes, is a 400 with the reason.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const checked = checkForm(slotRangeQuery, Object.fromEntries(new URL(request.url).searchParams));
  if (!checked.ok) return data<FormRefusal>({ ...checked, formError: Object.values(checked.fieldErrors)[0] }, { status: 400 });
  const slots = await listDeletableSlotsBetween(checked.data.from, checked.data.to, MAX_SLOTS_DELETED + 1);
  if (slots.length > MAX_SLOTS_DELETED) {
    const formError = `There are more than ${MAX_SLOTS_DELETED} slots in this range. Please choose a shorter one.`;
    return data<FormRefusal>({ ok: false, fieldErrors: { to: formError }, values: checked.data, formError }, { status: 400 });
  }
  return { ok: true as const, slots };
}
