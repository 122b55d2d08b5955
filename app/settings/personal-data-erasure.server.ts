import { clientOf, clientsOfPerson, eraseClientPersonalData } from "~/clients/client-erasure.server";
import { db } from "~/db/connection.server";
import { eraseRecipient } from "~/email/recipient-erasure.server";
import { notFound } from "~/forms/refusal";
import { erasedEmail, eraseLeadPersonalData, leadEmailOf, leadIdsByEmail } from "~/leads/lead-erasure.server";

export type ErasureRequest = { email: string } | { leadId: string } | { clientId: string };
export type ErasureOutcome = { leadIds: string[]; clientIds: string[] };

/**
 * Erases one person's personal data on request (the right to erasure): every lead and client with
 * their address, or the one record named and the records linked to it (a client's lead). Names,
 * e-mails, phones, messages and notes are replaced; invoices, projects and consultations stay with
 * their numbers and totals. One transaction: all of it or nothing.
 */
export async function erasePerson(request: ErasureRequest): Promise<ErasureOutcome> {
  return db().transaction(async (tx) => {
    let email: string | null = null;
    const leadIds = new Set<string>();
    if ("email" in request) email = request.email;
    if ("leadId" in request) {
      email = await leadEmailOf(tx, request.leadId);
      if (!email) throw notFound("This lead no longer exists.");
      leadIds.add(request.leadId);
    }
    let clients: { id: string; email: string; leadId: string | null }[] = [];
    if ("clientId" in request) {
      const client = await clientOf(tx, request.clientId);
      if (!client) throw notFound("This client no longer exists.");
      email = client.email;
      clients = [client];
      if (client.leadId) leadIds.add(client.leadId);
    }
    // The same person under the same address: every lead and client of it.
    if (email) for (const lead of await leadIdsByEmail(tx, email)) leadIds.add(lead.id);
    const found = await clientsOfPerson(tx, email, [...leadIds]);
    for (const client of found) if (!clients.some((known) => known.id === client.id)) clients.push(client);
    if (leadIds.size === 0 && clients.length === 0) throw notFound("No lead or client has this e-mail address.", { title: "Nothing to erase" });

    const addresses = new Set<string>(email ? [email.toLowerCase()] : []);
    for (const client of clients) addresses.add(client.email.toLowerCase());
    for (const leadId of leadIds) await eraseLeadPersonalData(tx, leadId);
    for (const client of clients) await eraseClientPersonalData(tx, client.id);
    const replacement = erasedEmail([...leadIds][0] ?? clients[0]?.id ?? "person");
    for (const address of addresses) {
      if (!address.endsWith("@invalid")) await eraseRecipient(tx, address, replacement);
    }
    return { leadIds: [...leadIds], clientIds: clients.map((client) => client.id) };
  });
}
