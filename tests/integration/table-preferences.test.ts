import { describe, expect, it } from "vitest";
import { action } from "~/admin/table-columns-route";
import { hiddenColumnsByTable, saveHiddenColumns } from "~/admin/table-preferences.server";
import { getSignedInUser } from "~/auth/guard.server";
import { signedInCookie } from "../support/sessions";
import { withTestDatabase } from "../support/test-database";

withTestDatabase();

async function adminId(cookie: string): Promise<string> {
  const user = await getSignedInUser(new Request("http://localhost/", { headers: { Cookie: cookie } }));
  if (!user) throw new Error("not signed in");
  return user.id;
}

function post(cookie: string, fields: [string, string][]): Promise<Response | object> {
  const body = new URLSearchParams([["intent", "hide-columns"], ...fields]);
  const request = new Request("http://localhost/admin/table-columns", {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body,
  });
  return action({ request, params: {}, context: {} } as Parameters<typeof action>[0]) as Promise<Response | object>;
}

/** `data()` answers carry their status; a plain object is a 200. */
function statusOf(answer: unknown): number {
  if (answer && typeof answer === "object" && "init" in answer) {
    const init = (answer as { init?: { status?: number } | null }).init;
    return init?.status ?? 200;
  }
  return answer instanceof Response ? answer.status : 200;
}

describe("the admins' table preferences", () => {
  it("saves and reads the hidden columns per admin and per table", async () => {
    const first = await adminId((await signedInCookie({ admin: true })).cookie);
    const second = await adminId((await signedInCookie({ admin: true })).cookie);

    expect(await hiddenColumnsByTable(first)).toEqual({});
    await saveHiddenColumns(first, "leads", ["phone", "email"]);
    await saveHiddenColumns(first, "clients", ["payment"]);
    await saveHiddenColumns(second, "leads", ["created"]);

    expect(await hiddenColumnsByTable(first)).toEqual({ leads: ["email", "phone"], clients: ["payment"] });
    expect(await hiddenColumnsByTable(second)).toEqual({ leads: ["created"] });
  });

  it("replaces the list on each save, and an empty list shows every column again", async () => {
    const id = await adminId((await signedInCookie({ admin: true })).cookie);
    await saveHiddenColumns(id, "leads", ["phone"]);
    await saveHiddenColumns(id, "leads", ["tier", "booking"]);
    expect((await hiddenColumnsByTable(id)).leads).toEqual(["tier", "booking"]);
    await saveHiddenColumns(id, "leads", []);
    expect((await hiddenColumnsByTable(id)).leads).toEqual([]);
  });

  it("the Columns action saves for the signed-in admin and refuses what it does not know with 400", async () => {
    const { cookie } = await signedInCookie({ admin: true });
    const id = await adminId(cookie);

    const saved = await post(cookie, [["tableId", "leads"], ["hidden", "email"], ["hidden", "source"]]);
    expect(statusOf(saved)).toBe(200);
    expect(saved).toMatchObject({ ok: true, hiddenColumns: ["email", "source"] });
    expect((await hiddenColumnsByTable(id)).leads).toEqual(["email", "source"]);

    for (const fields of [
      [["tableId", "invoices"], ["hidden", "email"]],
      [["tableId", "leads"], ["hidden", "name"]],
      [["tableId", "leads"], ["hidden", "payment"]],
    ] as [string, string][][]) {
      const refused = await post(cookie, fields);
      expect(statusOf(refused)).toBe(400);
    }
    expect((await hiddenColumnsByTable(id)).leads).toEqual(["email", "source"]);
  });
});
