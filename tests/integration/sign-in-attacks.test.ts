import { generate, ScureBase32Plugin } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2E_ADMIN, type AppServer } from "../e2e/support/app-server";
import { startBuiltApp } from "../support/app-process";
import { HttpVisitor } from "../support/http-visitor";
import { startMailServer, type TestMailServer } from "../support/mail-server";

// Issue 25's attacks on signing in, sent as an attacker sends them (curl-like requests over real
// HTTP) to the production server in its own process: each must be refused, and the owner must
// still get in from their usual browser throughout.

let app: AppServer;
let mail: TestMailServer;

beforeAll(async () => {
  mail = await startMailServer();
  app = await startBuiltApp({ TRUST_PROXY: "loopback", SMTP_URL: mail.url });
}, 400_000);

afterAll(async () => {
  await app?.stop();
  await mail?.stop();
});

const PASSWORD = "correct horse battery";

/** A new account made on the /auth page, as anyone may. */
async function account(email: string, from = "192.0.2.200"): Promise<void> {
  const answer = await new HttpVisitor(app.url, from).signUpWithForm(email.split("@")[0]!, email, PASSWORD);
  expect(answer.text).toContain("Account created successfully. You can now sign in.");
}

describe("the lockout bypass by a body that is JSON to one reader and a form to another", () => {
  it("is refused: the API reads JSON only, and a locked account stays locked whatever the body", async () => {
    await account("ada@studio.test");
    const attacker = new HttpVisitor(app.url, "203.0.113.10");
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await attacker.signInOverApi("ada@studio.test", `guess ${attempt}`)).status).toBe(401);
    expect((await attacker.signInOverApi("ada@studio.test", PASSWORD)).status).toBe(429);

    const polyglot = (password: string) =>
      attacker.send("/api/auth/sign-in/email", {
        raw: {
          body: JSON.stringify({ email: "decoy@x.example", a: `=&email=ada%40studio.test&password=${encodeURIComponent(password)}&z=` }),
          contentType: "application/x-www-form-urlencoded",
        },
      });
    const wrong = await polyglot("another guess");
    expect(wrong.status).toBe(415);
    const right = await polyglot(PASSWORD);
    expect(right.status).toBe(415);
    expect(right.headers.getSetCookie()).toEqual([]);
    expect(await attacker.signedInAs()).toBeNull();
    // JSON declared but a form sent: not read as a form either.
    const mislabelled = await attacker.send("/api/auth/sign-in/email", { raw: { body: `email=ada%40studio.test&password=${encodeURIComponent(PASSWORD)}`, contentType: "application/json" } });
    expect(mislabelled.status).toBe(400);
  });
});

describe("an attack on the owner's address", () => {
  it("cannot lock the owner out of their usual browser, and tells them", async () => {
    await account("dana@studio.test");
    const dana = new HttpVisitor(app.url, "198.51.100.20");
    expect((await dana.signInOverApi("dana@studio.test", PASSWORD)).status).toBe(200);
    expect(dana.hasCookie("sign_in_device")).toBe(true);

    // Attempts that are not even an address (answered 400) lock nothing.
    const sloppy = new HttpVisitor(app.url, "203.0.113.21");
    for (let attempt = 0; attempt < 8; attempt += 1) expect((await sloppy.signInOverApi("DANA@studio.test ", "guess")).status).toBe(400);
    expect((await new HttpVisitor(app.url, "192.0.2.31").signInOverApi("dana@studio.test", PASSWORD)).status).toBe(200);

    const attacker = new HttpVisitor(app.url, "203.0.113.20");
    const statuses = [];
    for (let attempt = 0; attempt < 12; attempt += 1) statuses.push((await attacker.signInOverApi("dana@studio.test", `guess ${attempt}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
    // A browser that never signed in to the account is refused, even with the right password...
    expect((await new HttpVisitor(app.url, "192.0.2.30").signInOverApi("dana@studio.test", PASSWORD)).status).toBe(429);
    // ...and the owner's own browser is not, from anywhere, on the API and the form alike.
    const home = await dana.signInOverApi("dana@studio.test", PASSWORD);
    expect(home.status).toBe(200);
    expect(await dana.signedInAs()).toBe("dana@studio.test");
    expect((await dana.elsewhere("203.0.113.20").signInWithForm("dana@studio.test", PASSWORD)).status).toBe(302);

    const warning = await mail.waitFor((message) => message.envelopeTo.includes("dana@studio.test") && /are paused/.test(message.subject ?? ""));
    expect(warning.subject).toBe("Sign-ins to your Sister Site Studio account are paused for 15 minutes");
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(mail.messages.filter((message) => message.envelopeTo.includes("dana@studio.test"))).toHaveLength(1);
  }, 120_000);

  it("still gives the owner's browser an allowance of its own, spent by its own failures only", async () => {
    await account("eve@studio.test");
    const eve = new HttpVisitor(app.url, "198.51.100.40");
    expect((await eve.signInOverApi("eve@studio.test", PASSWORD)).status).toBe(200);
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt += 1) statuses.push((await eve.signInOverApi("eve@studio.test", `typo ${attempt}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // Other browsers are not held back by it.
    expect((await new HttpVisitor(app.url, "192.0.2.41").signInOverApi("eve@studio.test", PASSWORD)).status).toBe(200);
  });
});

describe("the page to return to after signing in", () => {
  it("answers a safe redirect, not a 500, when it carries CR/LF or U+2028", async () => {
    const owner = new HttpVisitor(app.url, "198.51.100.50");
    for (const returnTo of ["/admin/leads\r\nSet-Cookie: stolen=1", "/admin/leads\u2028x", "/admin\\\\evil.example"]) {
      const answer = await owner.signInWithForm(E2E_ADMIN.email, E2E_ADMIN.password, { returnTo });
      expect(answer.status, JSON.stringify(returnTo)).toBe(302);
      expect(answer.location).toBe("/admin");
      expect(answer.headers.getSetCookie().some((line) => line.startsWith("stolen"))).toBe(false);
    }
  });
});

describe("the public forms' limits", () => {
  it("do not lock an address out of signing in", async () => {
    await account("fay@studio.test");
    const visitor = new HttpVisitor(app.url, "203.0.113.99");
    for (let post = 0; post < 101; post += 1) await visitor.send("/contact-message", { form: { junk: String(post) } });
    expect((await visitor.send("/contact-message", { form: { junk: "more" } })).status).toBe(429);
    const signedIn = await visitor.signInWithForm("fay@studio.test", PASSWORD);
    expect(signedIn.status).toBe(302);
  }, 120_000);
});

/** The secret from an enrolment answer (the QR code's secret, base32). */
function secretIn(text: string): string {
  const secret = /\b[A-Z2-7]{52}\b/.exec(text)?.[0];
  if (!secret) throw new Error("No TOTP secret in the answer");
  return secret;
}

const codeAt = (secret: string, offsetSeconds: number) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

describe("an authenticator code", () => {
  it("is good once: not the one that confirmed enrolment, not one already used to sign in", async () => {
    const owner = new HttpVisitor(app.url, "198.51.100.60");
    expect((await owner.signInOverApi(E2E_ADMIN.email, E2E_ADMIN.password)).status).toBe(200);
    const started = await owner.send("/admin/settings/security.data", { form: { intent: "start-two-factor", password: E2E_ADMIN.password } });
    const secret = secretIn(started.text);
    // The secret really is what the app shows: the codes an app would make from it work.
    expect(new ScureBase32Plugin().decode(secret)).toHaveLength(32);
    const enrolCode = await codeAt(secret, 0);
    await owner.send("/admin/settings/security.data", { form: { intent: "confirm-two-factor", code: enrolCode } });
    expect(JSON.parse((await owner.send("/api/auth/get-session")).text).user.twoFactorEnabled).toBe(true);

    // A code taken from the clock (`codeOf`) is made after the password step, right before it is
    // sent: made before it, a time-step that ends during the password step would move it out of
    // the one step of drift allowed, and the answer would be "not right" instead.
    const signIn = async (visitor: HttpVisitor, codeOf: string | (() => Promise<string>)) => {
      const password = await visitor.signInWithForm(E2E_ADMIN.email, E2E_ADMIN.password);
      expect(password.text).toContain("Two-Factor Verification");
      const code = typeof codeOf === "string" ? codeOf : await codeOf();
      return visitor.send("/auth", { form: { intent: "verify-code", method: "totp", code } });
    };
    const replayedEnrolment = await signIn(new HttpVisitor(app.url, "198.51.100.61"), enrolCode);
    expect(replayedEnrolment.status).toBe(400);
    expect(replayedEnrolment.text).toContain("That code was already used. Wait for the next code from your authenticator app.");

    // The next step's code (one step of drift is allowed) signs in once.
    const nextCode = await codeAt(secret, 30);
    expect((await signIn(new HttpVisitor(app.url, "198.51.100.62"), nextCode)).status).toBe(302);
    const replayed = await signIn(new HttpVisitor(app.url, "198.51.100.63"), nextCode);
    expect(replayed.status).toBe(400);
    expect(replayed.text).toContain("That code was already used.");
    // An earlier step than the last used one is refused too.
    expect((await signIn(new HttpVisitor(app.url, "198.51.100.64"), () => codeAt(secret, -30))).text).toContain("That code was already used.");
  }, 120_000);
});
