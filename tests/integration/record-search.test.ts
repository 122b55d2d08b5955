import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as clientPage from "~/admin/client-detail-page";
import * as search from "~/admin/record-search-route";
import type { FoundRecord } from "~/admin/jump-targets";
import { addClient } from "~/clients/add-client.server";
import * as leadClient from "~/clients/lead-client-route";
import { convertLeadToClient } from "~/clients/convert-lead-to-client.server";
import { db } from "~/db/connection.server";
import { leads } from "~/leads/schema";
import { createProjectForClient } from "~/projects/projects.server";
import { projects } from "~/projects/schema";
import { testActor } from "../support/actors";
import { callRoute, type RouteHandler } from "../support/route-calls";
import { signedInCookie } from "../support/sessions";
import { withTestDatabase } from "../support/test-database";

// Points 4 and 5 of issue 47 (decision 050): the palette's records by name, found by the lists' own
// searches; 'View Client' and a new project land on the record itself.

withTestDatabase();

const actor = testActor();
const handler = (fn: unknown) => fn as RouteHandler;

async function found(cookie: string, q: string): Promise<FoundRecord[]> {
  const answer = await callRoute(handler(search.loader), `/admin/search?q=${encodeURIComponent(q)}`, { cookie });
  expect(answer.status).toBe(200);
  return (answer.body as { records: FoundRecord[] }).records;
}

describe("jumping to a record by name", () => {
  it("finds clients, projects and leads by the lists' searches, a few of each, and nothing for an empty search", async () => {
    const { cookie } = await signedInCookie({ admin: true });
    const { client } = await addClient({ actor, input: { name: "Rosa Delgado", email: "rosa@mesaverde.test", phone: null, tier: "2", notes: null } });
    const project = await createProjectForClient(actor, client.id, { name: "Mesa Verde storefront", tier: "2" });
    await db().insert(leads).values([
      { name: "Rosalind Park", email: "rosalind@example.test", source: "website" },
      { name: "Someone Else", email: "else@example.test", source: "website" },
    ]);
    for (let index = 0; index < 7; index += 1) await db().insert(leads).values({ name: `Rose ${index}`, email: `rose${index}@example.test`, source: "website" });

    const rosa = await found(cookie, "ROSA");
    expect(rosa.filter((record) => record.kind === "Client")).toEqual([{ kind: "Client", label: "Rosa Delgado", detail: "rosa@mesaverde.test", href: `/admin/clients/${client.id}` }]);
    // A project is found by its client's name too.
    expect(rosa.filter((record) => record.kind === "Project").map((record) => record.href)).toEqual([`/admin/projects/${project.id}`]);
    expect(rosa.filter((record) => record.kind === "Lead").map((record) => record.label)).toEqual(["Rosalind Park"]);
    expect((await found(cookie, "storefront")).map((record) => record.label)).toEqual(["Mesa Verde storefront"]);
    // At most five of a kind; `%` and `_` typed are literal, as in the lists.
    expect((await found(cookie, "rose")).filter((record) => record.kind === "Lead")).toHaveLength(5);
    expect(await found(cookie, "%")).toEqual([]);
    expect(await found(cookie, "   ")).toEqual([]);
  });

  it("answers only an admin", async () => {
    const visitor = await callRoute(handler(search.loader), "/admin/search?q=rosa");
    expect([visitor.status, visitor.location]).toEqual([302, expect.stringMatching(/^\/auth\b/)]);
    const { cookie } = await signedInCookie({ admin: false });
    const member = await callRoute(handler(search.loader), "/admin/search?q=rosa", { cookie });
    expect([member.status, member.location]).toEqual([302, "/"]);
  });
});

describe("landing on what was just made or opened", () => {
  it("'View Client' of a converted lead opens the client's own page; a lead that is no client is not found", async () => {
    const { cookie } = await signedInCookie({ admin: true });
    const [lead] = await db().insert(leads).values({ name: "Vera View", email: "vera@example.test", source: "website" }).returning();
    const notYet = await callRoute(handler(leadClient.loader), `/admin/leads/${lead!.id}/client`, { cookie, params: { leadId: lead!.id } });
    expect(notYet.status).toBe(404);
    const { client } = await convertLeadToClient({ actor, leadId: lead!.id });
    const opened = await callRoute(handler(leadClient.loader), `/admin/leads/${lead!.id}/client`, { cookie, params: { leadId: lead!.id } });
    expect([opened.status, opened.location]).toEqual([302, `/admin/clients/${client.id}`]);
    const malformed = await callRoute(handler(leadClient.loader), "/admin/leads/x/client", { cookie, params: { leadId: "x" } });
    expect(malformed.status).toBe(404);
  });

  it("a project made from a client's page opens", async () => {
    const { cookie } = await signedInCookie({ admin: true });
    const { client } = await addClient({ actor, input: { name: "Pia Project", email: "pia@example.test", phone: null, tier: "1", notes: null } });
    const made = await callRoute(handler(clientPage.action), `/admin/clients/${client.id}`, { cookie, params: { clientId: client.id }, form: { intent: "create-project", name: "Pia's site", tier: "1" } });
    const [project] = await db().select().from(projects).where(eq(projects.clientId, client.id));
    expect([made.status, made.location]).toEqual([302, `/admin/projects/${project?.id}`]);
  });
});
