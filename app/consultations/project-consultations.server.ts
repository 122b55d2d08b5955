import { desc, eq } from "drizzle-orm";
import { db } from "~/db/connection.server";
import { consultationBookings, consultations, type Consultation } from "./schema";

// What the consultations domain tells a project's page: its discovery calls and its consultations.

export type ProjectDiscoveryCall = {
  id: string;
  status: string;
  selectedStart: Date | null;
  meetingLink: string | null;
  adminNotes: string | null;
  /** The call's consultation on the project (made when it was linked): its day and times. */
  consultation: { date: string | null; startTime: string | null; endTime: string | null } | null;
};

/** Discovery calls linked to the project (from the client's page), newest first. */
export async function listProjectDiscoveryCalls(projectId: string): Promise<ProjectDiscoveryCall[]> {
  return db()
    .select({
      id: consultationBookings.id,
      status: consultationBookings.status,
      selectedStart: consultationBookings.selectedStart,
      meetingLink: consultationBookings.meetingLink,
      adminNotes: consultationBookings.adminNotes,
      consultation: { date: consultations.scheduledDate, startTime: consultations.scheduledStartTime, endTime: consultations.scheduledEndTime },
    })
    .from(consultationBookings)
    .leftJoin(consultations, eq(consultations.bookingId, consultationBookings.id))
    .where(eq(consultationBookings.projectId, projectId))
    .orderBy(desc(consultationBookings.createdAt));
}

/** The project's consultations, latest date first. */
export async function listProjectConsultations(projectId: string): Promise<Consultation[]> {
  return db()
    .select()
    .from(consultations)
    .where(eq(consultations.projectId, projectId))
    .orderBy(desc(consultations.scheduledDate), desc(consultations.createdAt));
}
