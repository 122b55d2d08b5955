import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, readConfig } from "./config.server";

describe("configuration", () => {
  it("has working defaults for a fresh machine", () => {
    const settings = readConfig({});
    expect(settings).toMatchObject({
      port: 3000,
      dataDir: path.resolve("./data"),
      databaseUrl: undefined,
      smtpUrl: undefined,
      adminEmail: "admin@agency.localhost",
      publicUrl: "http://localhost:3000",
    });
  });

  it("treats empty values as unset and derives the public URL from the port", () => {
    expect(readConfig({ PORT: "4000", DATABASE_URL: "", SMTP_URL: "" })).toMatchObject({
      port: 4000,
      databaseUrl: undefined,
      publicUrl: "http://localhost:4000",
    });
  });

  it("stops with a message that names every bad variable", () => {
    const attempt = () =>
      readConfig({ PORT: "http", DATABASE_URL: "mysql://x", SMTP_URL: "mail.example.com", ADMIN_PASSWORD: "short" });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ["PORT", "DATABASE_URL", "SMTP_URL", "ADMIN_PASSWORD"]) expect(message).toContain(name);
    }
  });

  it("reads the shutdown deadline and the log level, refusing bad ones by name", () => {
    expect(readConfig({})).toMatchObject({ shutdownTimeoutMs: 10_000, logLevel: "info" });
    expect(readConfig({ NODE_ENV: "test" }).logLevel).toBe("silent");
    expect(readConfig({ SHUTDOWN_TIMEOUT_MS: "2500", LOG_LEVEL: "debug" })).toMatchObject({ shutdownTimeoutMs: 2500, logLevel: "debug" });
    expect(() => readConfig({ SHUTDOWN_TIMEOUT_MS: "soon" })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
    expect(() => readConfig({ SHUTDOWN_TIMEOUT_MS: "-1" })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
    expect(() => readConfig({ LOG_LEVEL: "verbose" })).toThrow(/LOG_LEVEL/);
  });

  it("reads the outbox's lease, refusing one too short to be renewed in time", () => {
    expect(readConfig({}).outboxLeaseMs).toBe(30_000);
    expect(readConfig({ OUTBOX_LEASE_MS: "6000" }).outboxLeaseMs).toBe(6_000);
    expect(() => readConfig({ OUTBOX_LEASE_MS: "500" })).toThrow(/OUTBOX_LEASE_MS/);
    expect(() => readConfig({ OUTBOX_LEASE_MS: "soon" })).toThrow(/OUTBOX_LEASE_MS/);
  });

  it("believes forwarding headers only from the proxies TRUST_PROXY names", () => {
    expect(readConfig({}).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(readConfig({ TRUST_PROXY: "loopback, 10.0.0.0/8" }).trustProxy).toBe("loopback, 10.0.0.0/8");
    expect(() => readConfig({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY/);
    expect(() => readConfig({ TRUST_PROXY: "*" })).toThrow(/TRUST_PROXY/);
  });

  it("runs the jobs in a thread on PostgreSQL and on the main thread on the embedded database, unless JOBS says", () => {
    const server = "postgres://agency@db.example.com/agency";
    expect(readConfig({}).jobs).toBe("main");
    expect(readConfig({ DATABASE_URL: server }).jobs).toBe("thread");
    expect(readConfig({ DATABASE_URL: server, JOBS: "off" }).jobs).toBe("off");
    expect(readConfig({ DATABASE_URL: server, JOBS: "main" }).jobs).toBe("main");
    expect(readConfig({ JOBS: "main" }).jobs).toBe("main");
    expect(() => readConfig({ DATABASE_URL: server, JOBS: "elsewhere" })).toThrow(/JOBS: must be main, thread or off/);
    for (const mode of ["thread", "off"]) {
      expect(() => readConfig({ JOBS: mode })).toThrow(/JOBS: thread and off need DATABASE_URL \(PostgreSQL\)/);
    }
  });

  it("keeps the public URL without a trailing slash", () => {
    expect(readConfig({ PUBLIC_URL: "https://sistersite.studio/" }).publicUrl).toBe("https://sistersite.studio");
  });

  it("turns card payments on with both Stripe keys, refusing one alone or a key of the wrong kind", () => {
    expect(readConfig({}).cardPayments).toBeNull();
    const on = readConfig({ STRIPE_SECRET_KEY: "sk_test_51abc", STRIPE_WEBHOOK_SECRET: "whsec_abc" }).cardPayments;
    expect(on).toEqual({
      secretKey: "sk_test_51abc",
      webhookSecret: "whsec_abc",
      api: { protocol: "https", host: "api.stripe.com", port: 443, url: "https://api.stripe.com" },
      checkoutOrigin: "https://checkout.stripe.com",
      testMode: true,
    });
    expect(readConfig({ STRIPE_SECRET_KEY: "sk_live_51abc", STRIPE_WEBHOOK_SECRET: "whsec_abc" }).cardPayments?.testMode).toBe(false);
    expect(() => readConfig({ STRIPE_SECRET_KEY: "sk_test_51abc" })).toThrow(/STRIPE_WEBHOOK_SECRET: card payments need both/);
    expect(() => readConfig({ STRIPE_WEBHOOK_SECRET: "whsec_abc" })).toThrow(/STRIPE_WEBHOOK_SECRET: card payments need both/);
    expect(() => readConfig({ STRIPE_SECRET_KEY: "pk_test_51abc", STRIPE_WEBHOOK_SECRET: "whsec_abc" })).toThrow(/STRIPE_SECRET_KEY: must be a Stripe secret key/);
    expect(() => readConfig({ STRIPE_SECRET_KEY: "sk_test_51abc", STRIPE_WEBHOOK_SECRET: "secret" })).toThrow(/STRIPE_WEBHOOK_SECRET: must be the webhook's signing secret/);
  });

  it("points the Stripe library at STRIPE_API_URL, whose origin is then the hosted page's too", () => {
    const keys = { STRIPE_SECRET_KEY: "sk_test_51abc", STRIPE_WEBHOOK_SECRET: "whsec_abc" };
    expect(readConfig({ ...keys, STRIPE_API_URL: "http://127.0.0.1:12111/" }).cardPayments).toMatchObject({
      api: { protocol: "http", host: "127.0.0.1", port: 12111, url: "http://127.0.0.1:12111" },
      checkoutOrigin: "http://127.0.0.1:12111",
    });
    expect(() => readConfig({ ...keys, STRIPE_API_URL: "http://127.0.0.1:12111/v1" })).toThrow(/STRIPE_API_URL/);
    expect(() => readConfig({ ...keys, STRIPE_API_URL: "api.stripe.com" })).toThrow(/STRIPE_API_URL/);
  });
});
