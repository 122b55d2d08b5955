import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runAdminCommand } from "~/auth/admin-command.server";
import { acceptInvitation } from "~/auth/admin-invitations.server";
import { unsealed } from "~/email/sealed-links";
import { getAuth } from "~/auth/auth.server";
import { ensureFirstAdmin } from "~/auth/first-admin.server";
import { adminCount, findUserByEmail, isAdmin } from "~/auth/roles.server";
import { db } from "~/db/connection.server";
import { emailOutbox } from "~/email/schema";
import { makeAdmin } from "../support/sessions";
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

  it("makes an existing account of ADMIN_EMAIL the admin with the console's password, not the one whoever made it chose", async () => {
    const auth = await getAuth();
    await auth.api.signUpEmail({ body: { name: "Owner", email: "owner@studio.test", password: "their-own-password" } });
    const early = await auth.api.signInEmail({ body: { email: "owner@studio.test", password: "their-own-password" }, returnHeaders: true });
    const made = await ensureFirstAdmin({ adminEmail: "owner@studio.test", adminPassword: undefined });
    expect(made).toMatchObject({ accountExisted: true, generatedPassword: expect.stringMatching(/^[\w-]{16}$/) });
    expect(await signIn("owner@studio.test", "their-own-password")).toBe(false);
    expect(await signIn("owner@studio.test", made!.generatedPassword!)).toBe(true);
    // The session made before is gone.
    const cookie = early.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
    expect(await auth.api.getSession({ headers: new Headers({ cookie }) })).toBeNull();
    expect(await adminCount()).toBe(1);
  });
});

describe("npm run admin", () => {
  it("grants by invitation, as the Security tab does: no role until the link is followed, and the link printed for the console", async () => {
    const auth = await getAuth();
    await auth.api.signUpEmail({ body: { name: "Kim", email: "kim@studio.test", password: "kims-password" } });
    const kim = await findUserByEmail("kim@studio.test");

    const granted = await runAdminCommand(["grant", "KIM@studio.test", "Kim", "Park"]);
    expect(granted.ok).toBe(true);
    expect(granted.message).toMatch(/^Invitation e-mailed to kim@studio\.test: they are an admin once they open its link and choose a password/);
    expect(await isAdmin(kim!.id)).toBe(false);
    const [mail] = await db().select().from(emailOutbox).where(eq(emailOutbox.emailType, "admin_invitation"));
    expect(mail).toMatchObject({ toEmail: "kim@studio.test", subject: "The site's owner invited you to the Sister Site Studio back-office" });
    const link = granted.message.split("\n").at(-1)!;
    // The mail sends the link printed at the console; the outbox keeps it masked (issue 41).
    expect(unsealed(mail!, mail!.sealed).text).toContain(link);
    expect(mail!.text).not.toContain(link);
    const token = new URL(link).pathname.split("/").at(-1)!;
    await acceptInvitation(token, "kims-new-password", "127.0.0.1");
    expect(await isAdmin(kim!.id)).toBe(true);
    expect(await signIn("kim@studio.test", "kims-password")).toBe(false);
    expect(await signIn("kim@studio.test", "kims-new-password")).toBe(true);
  });

  it("revokes, keeping the last admin", async () => {
    await makeAdmin({ name: "Kim", email: "kim@studio.test", password: "kims-password" });
    const kim = await findUserByEmail("kim@studio.test");
    expect(await runAdminCommand(["revoke", "kim@studio.test"])).toMatchObject({ ok: false, message: expect.stringMatching(/only admin/) });
    expect(await isAdmin(kim!.id)).toBe(true);
    await makeAdmin({ name: "Owner", email: "owner@studio.test", password: "owner-password" });
    expect((await runAdminCommand(["revoke", "kim@studio.test"])).ok).toBe(true);
    expect(await isAdmin(kim!.id)).toBe(false);
    expect((await runAdminCommand(["revoke", "kim@studio.test"])).message).toMatch(/was not an admin/);
  });

  it("refuses an unknown account to revoke, an admin to invite again, and a malformed command", async () => {
    expect(await runAdminCommand(["revoke", "nobody@studio.test"])).toMatchObject({ ok: false, message: expect.stringMatching(/No account uses/) });
    await makeAdmin({ name: "Kim", email: "kim@studio.test", password: "kims-password" });
    expect(await runAdminCommand(["grant", "kim@studio.test"])).toMatchObject({ ok: false, message: "kim@studio.test is already an admin." });
    expect(await runAdminCommand(["grant", "not-an-address"])).toMatchObject({ ok: false, message: expect.stringMatching(/is not an e-mail address/) });
    expect(await runAdminCommand(["promote", "kim@studio.test"])).toMatchObject({ ok: false, message: expect.stringMatching(/^Usage/) });
    expect(await runAdminCommand([])).toMatchObject({ ok: false });
  });
});
