import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2E_ADMIN, type AppServer } from "../e2e/support/app-server";
import { startBuiltApp } from "../support/app-process";
import { testDatabaseKind } from "../support/database-kind";
import { HttpVisitor } from "../support/http-visitor";
import { startMailServer, type TestMailServer } from "../support/mail-server";

// Issue 25's attacks on the back-office's edges, sent over real HTTP to the production server in
// its own process: taking an admin role by pre-registering its address, better-auth's own
// endpoints around the app's rules, a request without its origin, the backup without a fresh
// password, one visitor blocking another's e-mail address, and what junk does to the error log.

let app: AppServer;
let mail: TestMailServer;
let owner: HttpVisitor;

beforeAll(async () => {
  mail = await startMailServer();
  app = await startBuiltApp({ TRUST_PROXY: "loopback", SMTP_URL: mail.url });
  owner = new HttpVisitor(app.url, "198.51.100.10");
  expect((await owner.signInOverApi(E2E_ADMIN.email, E2E_ADMIN.password)).status).toBe(200);
}, 400_000);

afterAll(async () => {
  await app?.stop();
  await mail?.stop();
});

const SECURITY = "/admin/settings/security";

describe("an admin role offered to an address someone else registered first", () => {
  it("goes to whoever proves the address, with a new password that ends the squatter's sessions", async () => {
    const attacker = new HttpVisitor(app.url, "203.0.113.30");
    expect((await attacker.signUpWithForm("New Hire", "newhire@studio.test", "attackers-password")).text).toContain("Account created successfully");
    expect((await attacker.signInOverApi("newhire@studio.test", "attackers-password")).status).toBe(200);

    // The old way (the role straight to the account) is gone.
    expect((await owner.send(SECURITY, { form: { intent: "grant-admin", email: "newhire@studio.test" } })).status).toBe(400);
    // Inviting asks the owner who they are first (issue 41); on a session of its own, so that the
    // owner's stays unconfirmed for the tests below.
    expect((await owner.send(SECURITY, { form: { intent: "invite-admin", name: "Nia Hire", email: "newhire@studio.test" } })).status).toBe(403);
    const inviting = new HttpVisitor(app.url, "198.51.100.13");
    expect((await inviting.signInOverApi(E2E_ADMIN.email, E2E_ADMIN.password)).status).toBe(200);
    expect((await inviting.send("/admin/confirm", { form: { intent: "confirm-identity", password: E2E_ADMIN.password, returnTo: SECURITY } })).status).toBe(302);
    const invited = await inviting.send(SECURITY, { form: { intent: "invite-admin", name: "Nia Hire", email: "newhire@studio.test" } });
    expect(invited.status).toBe(302);
    // Until the link is followed, the account that holds the address is no admin.
    expect((await attacker.send("/admin/leads")).location).toBe("/");
    expect((await attacker.signInOverApi("newhire@studio.test", "attackers-password")).status).toBe(200);
    expect((await attacker.send("/admin")).location).toBe("/");

    const invitation = await mail.waitFor((message) => message.envelopeTo.includes("newhire@studio.test"));
    expect(invitation.subject).toBe("Admin invited you to the Sister Site Studio back-office");
    const link = /https?:\/\/\S+\/auth\/invitation\/[\w-]{43}/.exec(invitation.text ?? "")?.[0];
    if (!link) throw new Error("No invitation link in the e-mail");
    const path = new URL(link).pathname;

    const newHire = new HttpVisitor(app.url, "198.51.100.31");
    const page = await newHire.send(path);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Choose a password for newhire@studio.test");
    expect((await newHire.send(path, { form: { password: "nias-own-password", confirmPassword: "typo" } })).text).toContain("The passwords do not match");
    const accepted = await newHire.send(path, { form: { password: "nias-own-password", confirmPassword: "nias-own-password" } });
    expect(accepted.status).toBe(302);
    expect(accepted.location).toBe("/auth");

    // The squatter's password and sessions are gone; the owner of the address is the admin.
    expect(await attacker.signedInAs()).toBeNull();
    expect((await attacker.send("/admin/leads")).location).toMatch(/^\/auth\?/);
    expect((await attacker.signInOverApi("newhire@studio.test", "attackers-password")).status).toBe(401);
    expect((await newHire.signInOverApi("newhire@studio.test", "nias-own-password")).status).toBe(200);
    expect((await newHire.send("/admin/leads")).status).toBe(200);
    // The link worked once.
    const again = await new HttpVisitor(app.url, "203.0.113.32").send(path, { form: { password: "attackers-again", confirmPassword: "attackers-again" } });
    expect(again.status).toBe(404);
    expect((await attacker.signInOverApi("newhire@studio.test", "attackers-again")).status).toBe(401);
  }, 120_000);
});

describe("a request that changes something with an admin's cookie but says nothing of where it comes from", () => {
  it("is refused before any action sees it", async () => {
    const bare = await owner.send(SECURITY, { origin: false, form: { intent: "save-settings", require2fa: "on", sessionTimeoutMinutes: "5" } });
    expect(bare.status).toBe(403);
    expect(bare.text).toBe("A request that carries cookies must say where it comes from (its Origin).");
    expect(await owner.send(SECURITY).then((answer) => answer.text)).toContain('name="sessionTimeoutMinutes"');
    expect((await owner.send(SECURITY)).text).not.toMatch(/name="require2fa"[^>]*checked/);
  });
});

describe("the backup and the full export", () => {
  it("ask for the password again (within 5 minutes) before handing over everything", async () => {
    for (const download of ["/admin/settings/data/export", "/admin/settings/data/backup"]) {
      const refused = await owner.send(download);
      expect(refused.status, download).toBe(302);
      expect(refused.location).toBe(`/admin/confirm?returnTo=${encodeURIComponent(download)}`);
    }
    const wrong = await owner.send("/admin/confirm", { form: { intent: "confirm-identity", password: "not it", returnTo: "/admin/settings/data/export" } });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain("The password is not right");
    expect((await owner.send("/admin/settings/data/export")).status).toBe(302);

    const confirmed = await owner.send("/admin/confirm", { form: { intent: "confirm-identity", password: E2E_ADMIN.password, returnTo: "/admin/settings/data/export" } });
    expect(confirmed.status).toBe(302);
    expect(confirmed.location).toBe("/admin/settings/data/export");
    const exported = await owner.send("/admin/settings/data/export");
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toBe("application/zip");
    // The backup exists on the embedded database only (PostgreSQL has pg_dump).
    expect((await owner.send("/admin/settings/data/backup")).status).toBe(testDatabaseKind() === "server" ? 400 : 200);
    // Another session of the same admin has confirmed nothing.
    const elsewhere = new HttpVisitor(app.url, "198.51.100.11");
    expect((await elsewhere.signInOverApi(E2E_ADMIN.email, E2E_ADMIN.password)).status).toBe(200);
    expect((await elsewhere.send("/admin/settings/data/backup")).status).toBe(302);
  });
});

describe("better-auth's own endpoints", () => {
  it("are closed except sign-in, the session and sign-out, which carry no token and keep the second factor's rules", async () => {
    const started = await owner.send(`${SECURITY}.data`, { form: { intent: "start-two-factor", password: E2E_ADMIN.password } });
    const secret = /\b[A-Z2-7]{52}\b/.exec(started.text)?.[0] ?? "";
    await owner.send(`${SECURITY}.data`, { form: { intent: "confirm-two-factor", code: await generate({ secret }) } });
    expect((await owner.send(SECURITY, { form: { intent: "save-settings", require2fa: "on", sessionTimeoutMinutes: "30" } })).status).toBe(302);

    const attempts: [string, string, unknown][] = [
      ["POST", "/two-factor/disable", { password: E2E_ADMIN.password }],
      ["POST", "/two-factor/verify-totp", { code: await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }), trustDevice: true }],
      ["POST", "/two-factor/get-totp-uri", { password: E2E_ADMIN.password }],
      ["POST", "/two-factor/generate-backup-codes", { password: E2E_ADMIN.password }],
      ["POST", "/two-factor/enable", { password: E2E_ADMIN.password }],
      ["GET", "/list-sessions", undefined],
      ["POST", "/update-user", { name: "Renamed" }],
      ["POST", "/change-password", { currentPassword: E2E_ADMIN.password, newPassword: "another-password-1" }],
      ["POST", "/change-email", { newEmail: "taken@evil.example" }],
      ["POST", "/revoke-sessions", {}],
      ["POST", "/sign-up/email", { name: "Bot", email: "bot@evil.example", password: "bot-password-1" }],
      ["POST", "/request-password-reset", { email: E2E_ADMIN.email }],
      ["POST", "/send-verification-email", { email: E2E_ADMIN.email }],
      ["POST", "/delete-user", {}],
      ["GET", "/ok", undefined],
    ];
    for (const [method, path, json] of attempts) {
      const answer = await owner.send(`/api/auth${path}`, json === undefined ? { method } : { method, json });
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
    const session = JSON.parse((await owner.send("/api/auth/get-session")).text) as { session: Record<string, unknown>; user: { name: string; twoFactorEnabled: boolean } };
    expect(session.user).toMatchObject({ name: "Admin", twoFactorEnabled: true });
    expect(session.session).not.toHaveProperty("token");

    // A password alone never signs in: no device was trusted to skip the code.
    const signIn = await owner.signInOverApi(E2E_ADMIN.email, E2E_ADMIN.password);
    expect(signIn.status).toBe(200);
    expect(JSON.parse(signIn.text)).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    const plain = await new HttpVisitor(app.url, "198.51.100.12").signInOverApi("newhire@studio.test", "nias-own-password");
    expect(plain.status).toBe(200);
    expect(plain.text).not.toContain("token");
  });
});

describe("one visitor's promo claims", () => {
  it("do not block that e-mail address for everyone else", async () => {
    const claim = (visitor: HttpVisitor) =>
      visitor.send("/promo-claim", { form: { name: "Cus Tomer", email: "customer@example.com", phone: "(555) 010-2030", placement: "popup" } });
    const pest = new HttpVisitor(app.url, "203.0.113.40");
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await claim(pest)).status).toBe(200);
    expect((await claim(pest)).status).toBe(429);
    expect((await claim(new HttpVisitor(app.url, "198.51.100.41"))).status).toBe(200);
  });
});

describe("the error log", () => {
  it("gets no entry for an anonymous request the app refuses (400, 405): a warning", async () => {
    const anonymous = new HttpVisitor(app.url, "203.0.113.50");
    expect((await anonymous.send("/", { form: { x: "1" } })).status).toBe(405);
    expect((await anonymous.send("/about", { method: "PUT", form: { x: "1" } })).status).toBe(405);
    // The machine's other name as Origin: allowed by the origin check, refused by React Router's own (400).
    const alias = `http://localhost:${new URL(app.url).port}`;
    expect((await anonymous.send("/contact", { origin: false, headers: { Origin: alias }, form: { x: "1" } })).status).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const lines = app
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { level: string; msg: string; status?: number; path?: string });
    expect(lines.filter((line) => line.level === "error")).toEqual([]);
    expect(lines).toContainEqual(expect.objectContaining({ level: "warn", msg: "request refused", status: 405, path: "/" }));
    expect(lines).toContainEqual(expect.objectContaining({ level: "warn", msg: "request refused", status: 400, path: "/contact" }));
  });
});
