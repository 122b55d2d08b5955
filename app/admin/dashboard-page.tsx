import { useLoaderData } from "react-router";
import { requireAdmin } from "~/auth/guard.server";
import { confirmBooking } from "~/consultations/confirm-booking.server";
import { confirmBookingForm } from "~/consultations/consultation-forms";
import { redirectWithToast } from "~/forms/flash.server";
import { answerForm, parseForm } from "~/forms/form-action.server";
import { invoiceIdSchema, paymentSchema } from "~/invoices/invoice-forms";
import { recordPayment } from "~/invoices/record-payment.server";
import { leadIdFormSchema } from "~/leads/lead-forms";
import { changeLeadStatus } from "~/leads/leads.server";
import type { Route } from "./+types/dashboard-page";
import { DashboardCards, FinancialSummaryPanel, ProjectStatusPanel, QuickActionsPanel, UpcomingDeadlinesPanel } from "./dashboard-panels";
import { dashboardFigures, todayList } from "./dashboard.server";
import { TodayPanel } from "./dashboard-today";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const [figures, today] = await Promise.all([dashboardFigures(), todayList()]);
  return { adminName: admin.name, figures, today };
}

/** The Today view's actions, done in place: each the same service (and toast) as on its own page. */
export async function action({ request }: Route.ActionArgs) {
  const { actor } = await requireAdmin(request);
  return answerForm(
    request,
    {
      "mark-contacted": async (form) => {
        await changeLeadStatus(actor, parseForm(leadIdFormSchema, form).leadId, "contacted");
        return redirectWithToast("/admin", { type: "success", title: "Status updated" });
      },
      confirm: async (form) => {
        const input = parseForm(confirmBookingForm, form);
        await confirmBooking({ actor, bookingId: input.bookingId, meetingLink: input.meetingLink });
        return redirectWithToast("/admin", { type: "success", title: "Consultation confirmed and email sent!" });
      },
      "record-payment": async (form) => {
        const { invoiceId } = parseForm(invoiceIdSchema, form);
        await recordPayment({ actor, invoiceId, input: parseForm(paymentSchema, form) });
        return redirectWithToast("/admin", { type: "success", title: "Payment recorded" });
      },
    },
    { failureTitles: { "mark-contacted": "Failed to update status", confirm: "Failed to confirm booking" } },
  );
}

export default function DashboardPage() {
  const { adminName, figures, today } = useLoaderData<typeof loader>();
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Dashboard</h1>
        <p className="text-muted-foreground">Welcome, {adminName}.</p>
      </div>
      <TodayPanel today={today} />
      <DashboardCards figures={figures} />
      <div className="grid gap-6 lg:grid-cols-2">
        <ProjectStatusPanel projects={figures.projects} />
        <UpcomingDeadlinesPanel deadlines={figures.deadlines} />
        <FinancialSummaryPanel figures={figures} />
        <QuickActionsPanel />
      </div>
    </div>
  );
}
