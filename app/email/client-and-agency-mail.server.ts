import type { DatabaseExecutor } from "~/db/connection.server";
import { agencyAddress } from "~/organization/agency-address";
import { clientPortalLink } from "~/organization/client-portal-link.server";
import type { OrganizationSettings } from "~/organization/schema";
import { enqueueTemplatedEmail, type TemplatedEmail } from "./outbox.server";
import type { EmailTemplateKey } from "./schema";

/**
 * One event told twice through the outbox, in the transaction that records it: to the client (with
 * the portal's address) and, when the agency has an address, to the agency, with the same variables,
 * metadata and attachments. Each message is its template's type in the log and is queued once per
 * event: its key is the template's, e.g. `payment-receipt:{eventId}`, so a second run queues nothing.
 */
export async function queueClientAndAgencyMail(
  tx: DatabaseExecutor,
  settings: OrganizationSettings,
  {
    client,
    templates,
    eventId,
    agencyToName,
    ...shared
  }: Pick<TemplatedEmail, "variables" | "metadata" | "attachments"> & {
    client: { email: string; name: string; leadId: string | null };
    templates: { client: EmailTemplateKey; agency: EmailTemplateKey };
    eventId: string;
    agencyToName?: string | null;
  },
): Promise<void> {
  const onceFor = (templateKey: EmailTemplateKey) => ({ templateKey, emailType: templateKey, dedupeKey: `${templateKey.replaceAll("_", "-")}:${eventId}` });
  await enqueueTemplatedEmail(tx, {
    ...onceFor(templates.client),
    ...shared,
    to: client.email,
    toName: client.name,
    leadId: client.leadId,
    portalLink: clientPortalLink(settings),
  });
  const agency = agencyAddress(settings);
  if (!agency) return;
  await enqueueTemplatedEmail(tx, { ...onceFor(templates.agency), ...shared, to: agency, toName: agencyToName });
}
