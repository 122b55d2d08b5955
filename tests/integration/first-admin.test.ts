import { describe, expect, it } from "vitest";
import { runAdminCommand } from "~/auth/admin-command.server";
import { getAuth } from "~/auth/auth.server";
import { ensureFirstAdmin } from "~/auth/first-admin.server";
import { adminCount, findUserByEmail, isAdmin } from "~/auth/roles.server";
import { withTestDatabase } from "../support/test-database";

withTestDatabase();

async function signIn(email: string, password: string): Promise<boolean> {
  const auth = await getAuth();
  try {
    await auth.api.signInEmail({ body: { email, password } });
    return true;
  } catch {
    return false;
  }
}

describe("the first admin", () => {
  it("is made once from ADMIN_EMAIL with a random password that signs in", async () => {
    const made = await ensureFirstAdmin({ adminEmail: "owner@studio.test", adminPassword: undefined });
    expect(made?.email).toBe("owner@studio.test");
    expect(made?.generatedPassword).toMatch(/^[\w-]{16}$/);
    expect(await signIn("owner@studio.test", made!.generatedPassword!)).toBe(true);
    expect(await ensureFirstAdmin({ adminEmail: "other@studio.test", adminPassword: "another-password" })).toBeNull();
    expect(await adminCount()).toBe(1);
  });

  it("uses ADMIN_PASSWORD when given and prints no password", async () => {
    const made = await ensureFirstAdmin({ adminEmail: "owner@studio.test", adminPassword: "chosen-password" });
    expect(made?.generatedPassword).toBeUndefined();
    expect(await signIn("owner@studio.test", "chosen-password")).toBe(true);
  });

  it("promotes an existing account of ADMIN_EMAIL instead of making a second one", async () => {
    const auth = await getAuth();
    await auth.api.signUpEmail({ body: { name: "Owner", email: "owner@studio.test", password: "their-own-password" } });
    const made = await ensureFirstAdmin({ adminEmail: "owner@studio.test", adminPassword: undefined });
    expect(made).toMatchObject({ accountExisted: true, generatedPassword: undefined });
    expect(await signIn("owner@studio.test", "their-own-password")).toBe(true);
  });
});

describe("npm run admin", () => {
  it("grants and revokes the admin role of an existing account", async () => {
    const auth = await getAuth();
    await auth.api.signUpEmail({ body: { name: "Kim", email: "kim@studio.test", password: "kims-password" } });
    const kim = await findUserByEmail("kim@studio.test");

    expect(await runAdminCommand(["grant", "KIM@studio.test"])).toEqual({ ok: true, message: "KIM@studio.test is now an admin." });
    expect(await isAdmin(kim!.id)).toBe(true);
    // The last admin is kept: Kim is the only one so far.
    expect(await runAdminCommand(["revoke", "kim@studio.test"])).toMatchObject({ ok: false, message: expect.stringMatching(/only admin/) });
    expect(await isAdmin(kim!.id)).toBe(true);
    await auth.api.signUpEmail({ body: { name: "Owner", email: "owner@studio.test", password: "owner-password" } });
    expect((await runAdminCommand(["grant", "owner@studio.test"])).ok).toBe(true);
    expect((await runAdminCommand(["revoke", "kim@studio.test"])).ok).toBe(true);
    expect(await isAdmin(kim!.id)).toBe(false);
    expect((await runAdminCommand(["revoke", "kim@studio.test"])).message).toMatch(/was not an admin/);
  });

  it("refuses an unknown account and a malformed command", async () => {
    expect(await runAdminCommand(["grant", "nobody@studio.test"])).toMatchObject({ ok: false, message: expect.stringMatching(/No account uses/) });
    expect(await runAdminCommand(["promote", "kim@studio.test"])).toMatchObject({ ok: false, message: expect.stringMatching(/^Usage/) });
    expect(await runAdminCommand([])).toMatchObject({ ok: false });
  });
});
