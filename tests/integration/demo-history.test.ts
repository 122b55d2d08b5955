import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditFilterChoices, listAuditEntries } from "~/audit/audit-log.server";
import { REFERRAL_CODE_ALPHABET } from "~/clients/referral-code";
import { clients } from "~/clients/schema";
import { db } from "~/db/connection.server";
import { seedDemoHistory } from "~/demo/demo-history.server";
import { insertLeadsInBulk } from "~/demo/demo-seed.server";
import { demoLead, seededRandom } from "~/demo/demo-factories";
import { emailLogs } from "~/email/schema";
import { listSuppressions } from "~/email/suppression-list.server";
import { leads } from "~/leads/schema";
import { withTestDatabase } from "../support/test-database";

withTestDatabase();

const count = async (table: typeof clients | typeof emailLogs) => (await db().select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n ?? 0;

describe("the demo's long lists", () => {
  it("makes clients of converted leads once, and an e-mail log entry, an audit entry and a suppression per lead", async () => {
    const random = seededRandom(3);
    const now = new Date("2026-11-23T12:00:00.000Z");
    await insertLeadsInBulk(db(), [
      ...Array.from({ length: 6 }, (_, i) => demoLead(random, { now, sequence: i }, { status: "converted" })),
      ...Array.from({ length: 14 }, (_, i) => demoLead(random, { now, sequence: 6 + i }, { status: "new" })),
    ]);

    expect(await seedDemoHistory(db(), { clients: 4, emails: 12, auditEntries: 9, suppressions: 5 })).toEqual({ clients: 4, emails: 12, auditEntries: 9, suppressions: 5 });
    // Only the two converted leads left without a client become clients the second time.
    expect((await seedDemoHistory(db(), { clients: 10 })).clients).toBe(2);

    const made = await db().select({ code: clients.referralCode, status: leads.status }).from(clients).innerJoin(leads, eq(leads.id, clients.leadId));
    expect(made).toHaveLength(6);
    for (const client of made) {
      expect(client.status).toBe("converted");
      expect([...(client.code ?? "")].every((character) => REFERRAL_CODE_ALPHABET.includes(character))).toBe(true);
      expect(client.code).toHaveLength(8);
    }
    expect(await count(emailLogs)).toBe(12);
    expect(await listAuditEntries({ domain: "lead", limit: 100 })).toHaveLength(9);
    expect((await auditFilterChoices()).domains).toEqual(["lead"]);
    expect((await listSuppressions({ pageSize: 50 })).suppressions).toHaveLength(5);
  });
});
