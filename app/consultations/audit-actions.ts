import type { NoAuditDetails } from "~/audit/audit-actions";
import type { ConsultationDetails } from "./client-consultations.server";

type StatusChange = { from: string; to: string };
/** A booking's entry names its lead by id only (decision 020). */
type BookingDetails<Facts = unknown> = { leadId: string | null } & Facts;
/** A consultation's entry names its client by id. */
type ConsultationChangeDetails<Facts> = { clientId: string | null } & Facts;

declare module "~/audit/audit-actions" {
  interface AuditActions {
    "booking.send": BookingDetails<{ windowDays: number; clientId: string | null }>;
    "booking.resend": BookingDetails;
    "booking.delete": BookingDetails<{ status: string }>;
    "booking.confirm": BookingDetails<{ status: StatusChange; start: string | null }>;
    "booking.propose": BookingDetails<{ status: StatusChange; proposed: string[] }>;
    "booking.complete": BookingDetails<{ status: StatusChange; clientId: string | null }>;
    "booking.cancel": BookingDetails<{ released: boolean }>;
    "consultation.make-calendar-feed": NoAuditDetails;
    "consultation.renew-calendar-feed": NoAuditDetails;
    "consultation.update-consultation": ConsultationChangeDetails<{ status: StatusChange; scheduledDate: string | null }>;
    "consultation.delete-consultation": ConsultationChangeDetails<{ status: string }>;
    "client.add-consultation": ConsultationChangeDetails<ConsultationDetails>;
    "client.update-consultation": ConsultationChangeDetails<ConsultationDetails>;
    "client.delete-consultation": ConsultationChangeDetails<ConsultationDetails>;
    "client.notify-consultation": ConsultationChangeDetails<{ status: string; scheduledDate: string | null }>;
    "client.link-booking": { clientId: string; projectId: string; consultationId: string | null };
  }
}
