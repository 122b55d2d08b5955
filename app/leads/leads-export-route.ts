import { readListView } from "~/lists/list-view";
import { requireAdmin } from "~/auth/guard.server";
import { csvExportResponse, type CsvColumn } from "~/lists/csv-export.server";
import { getOrganizationSettings } from "~/organization/settings.server";
import type { Route } from "./+types/leads-export-route";
import { LEAD_LIST_VIEW } from "./lead-list-view";
import { leadsInViewBatches } from "./leads.server";
import { promoStateAt } from "./promo-state";
import type { Lead } from "./schema";

/** Export CSV: exactly the list's view (search, filters, sort), every page of it, streamed. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const view = readListView(new URL(request.url).searchParams, LEAD_LIST_VIEW);
  const settings = await getOrganizationSettings();
  const now = new Date();
  const columns: CsvColumn<Lead>[] = [
    { header: "Name", value: (lead) => lead.name },
    { header: "Email", value: (lead) => lead.email },
    { header: "Phone", value: (lead) => lead.phone },
    { header: "Business Type", value: (lead) => lead.businessType },
    { header: "Industry", value: (lead) => lead.industry },
    { header: "Tier", value: (lead) => lead.tier },
    { header: "Source", value: (lead) => lead.source },
    { header: "Status", value: (lead) => lead.status },
    { header: "Promo Code", value: (lead) => lead.promoCode },
    { header: "Promo Status", value: (lead) => promoStateAt(lead, now) },
    { header: "Promo Expires At", value: (lead) => lead.promoExpiresAt },
    { header: "Booking Status", value: (lead) => lead.bookingStatus },
    { header: "Tags", value: (lead) => lead.tags },
    { header: "Message", value: (lead) => lead.message },
    { header: "Created At", value: (lead) => lead.createdAt },
    { header: "ID", value: (lead) => lead.id },
  ];
  return csvExportResponse({ baseName: "leads", columns, batches: leadsInViewBatches(view), timeZone: settings.timezone, now });
}
