import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type Forge from "node-forge";
// zod itself, not ~/forms/zod: configuration sits below the forms kit (README "Layers"), and the
// kit's setting is for the browser's CSP, which this server-only module never reaches.
import { z } from "zod";

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * Where the web process runs the background jobs (docs/decisions/038): on its main thread, between
 * requests, within a budget; in a worker thread of its own, with its own connections (PostgreSQL);
 * or not at all, when `npm run worker` runs them (PostgreSQL).
 */
export const JOBS_MODES = ["main", "thread", "off"] as const;
export type JobsMode = (typeof JOBS_MODES)[number];

/**
 * All configuration, read from the environment once and validated at boot.
 * A bad value stops the start with a message that names the variable.
 */
const environmentSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().email("must be an e-mail address").optional(),
  // better-auth accepts only addresses with a dotted domain, so not "admin@localhost".
  ADMIN_EMAIL: z.string().email("must be an e-mail address").default("admin@agency.localhost"),
  ADMIN_PASSWORD: z.string().min(8, "must be at least 8 characters").optional(),
  PUBLIC_URL: z.string().url("must be a URL such as https://example.com").optional(),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  // How long a stopping process lets requests in flight finish (server.js); systemd's TimeoutStopSec must be longer.
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  LOG_LEVEL: z.enum(LOG_LEVELS).optional(),
  // How long the outbox's claim on a message holds unless renewed: how soon mail a killed process
  // held is sent by another (decision 024). Tests shorten it; at least 3 s, so a renewal (every
  // third of it) is never outrun by a slow query.
  OUTBOX_LEASE_MS: z.coerce.number().int().min(3_000).max(600_000).default(30_000),
  JOBS: z.enum(JOBS_MODES, { error: "must be main, thread or off" }).optional(),
  // Which proxies' X-Forwarded-For / X-Forwarded-Proto to believe (Express `trust proxy`): a hop
  // count, or addresses, subnets and Express's names. Never "everyone": a visitor could then pick
  // the address the rate limits count.
  TRUST_PROXY: z
    .string()
    .regex(
      /^(\d+|(loopback|linklocal|uniquelocal|[0-9A-Fa-f:.]+(\/\d{1,3})?)(\s*,\s*(loopback|linklocal|uniquelocal|[0-9A-Fa-f:.]+(\/\d{1,3})?))*)$/,
      "must be a number of proxies, or addresses, subnets, loopback, linklocal or uniquelocal separated by commas",
    )
    .optional(),
  // Card payments through Stripe Checkout (decision 047): both keys or neither.
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\S+$/, "must be a Stripe secret key (sk_live_…, sk_test_…, or a restricted rk_…)")
    .optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\S+$/, "must be the webhook's signing secret (whsec_…)").optional(),
  // Where Stripe's API is: only tests and a local stand-in change it. Scheme, host and port: the
  // library takes no path.
  STRIPE_API_URL: z
    .string()
    .regex(/^https?:\/\/[^/?#\s]+\/?$/, "must be a scheme, host and optional port, such as https://api.stripe.com")
    .optional(),
  // The agency's certificate for signed contracts (decision 049): a .p12/.pfx file's path, and its
  // passphrase. Without both, a self-signed one is made on the first signing and kept in the database.
  SIGNING_CERT_P12: z.string().optional(),
  SIGNING_CERT_PASSPHRASE: z.string().optional(),
})
  .refine((values) => values.DATABASE_URL !== undefined || values.JOBS === undefined || values.JOBS === "main", {
    path: ["JOBS"],
    message: "thread and off need DATABASE_URL (PostgreSQL): the embedded database lives in the app's main thread, which runs the jobs itself",
  })
  .refine((values) => (values.STRIPE_SECRET_KEY === undefined) === (values.STRIPE_WEBHOOK_SECRET === undefined), {
    path: ["STRIPE_WEBHOOK_SECRET"],
    message: "card payments need both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (a payment is marked paid only by the signed webhook); set both, or neither",
  })
  .refine((values) => (values.SIGNING_CERT_P12 === undefined) === (values.SIGNING_CERT_PASSPHRASE === undefined), {
    path: ["SIGNING_CERT_PASSPHRASE"],
    message: "a signing certificate needs both SIGNING_CERT_P12 (the .p12 file's path) and SIGNING_CERT_PASSPHRASE; set both, or neither (a self-signed certificate is then made)",
  });

/** Stripe's hosted Checkout pages, where a client pays (decision 047). */
export const STRIPE_CHECKOUT_ORIGIN = "https://checkout.stripe.com";
export const STRIPE_API_DEFAULT_URL = "https://api.stripe.com";

/** Card payments through Stripe Checkout: on when both keys are set. */
export type CardPaymentsConfig = {
  secretKey: string;
  webhookSecret: string;
  /** Stripe's API, as the library's host, port and protocol. */
  api: { protocol: "http" | "https"; host: string; port: number; url: string };
  /**
   * Where the hosted Checkout page is, which the invoice pages' `form-action` must allow (the Pay
   * now form posts to the site, which redirects there): Stripe's, or the stand-in's own origin
   * when STRIPE_API_URL names one.
   */
  checkoutOrigin: string;
  testMode: boolean;
};

export type AppConfig = {
  env: "development" | "production" | "test";
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string | undefined;
  adminEmail: string;
  adminPassword: string | undefined;
  publicUrl: string;
  authSecret: string | undefined;
  shutdownTimeoutMs: number;
  /** The outbox's lease on a claimed message (app/email/outbox-claims.server.ts). */
  outboxLeaseMs: number;
  /** Tests log nothing unless asked: their output is the runner's. */
  logLevel: LogLevel;
  /** Express's `trust proxy`: false (the default) believes no forwarding header. */
  trustProxy: number | string | false;
  /** Where the web process runs the background jobs: a thread of its own on PostgreSQL unless told, the main thread on the embedded database. */
  jobs: JobsMode;
  /** Null without STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: bank transfer only. */
  cardPayments: CardPaymentsConfig | null;
  /** Null without SIGNING_CERT_P12 and SIGNING_CERT_PASSPHRASE: contracts are sealed with a self-signed certificate. */
  signingCertificate: SigningCertificateConfig | null;
};

/** The agency's own certificate for sealing signed contracts, read and opened at start. */
export type SigningCertificateConfig = { p12: Buffer; passphrase: string; commonName: string };

export class ConfigError extends Error {}

export function readConfig(environment: NodeJS.ProcessEnv = process.env): AppConfig {
  // Empty strings mean "not set", as they do in most .env files.
  const present = Object.fromEntries(
    Object.entries(environment).filter(([, value]) => value !== undefined && value !== ""),
  );
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const values = parsed.data;
  const signingCertificate = signingCertificateConfig(values.SIGNING_CERT_P12, values.SIGNING_CERT_PASSPHRASE);
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    adminEmail: values.ADMIN_EMAIL.toLowerCase(),
    adminPassword: values.ADMIN_PASSWORD,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, ""),
    authSecret: values.AUTH_SECRET,
    shutdownTimeoutMs: values.SHUTDOWN_TIMEOUT_MS,
    outboxLeaseMs: values.OUTBOX_LEASE_MS,
    logLevel: values.LOG_LEVEL ?? (values.NODE_ENV === "test" ? "silent" : "info"),
    trustProxy: values.TRUST_PROXY === undefined ? false : /^\d+$/.test(values.TRUST_PROXY) ? Number(values.TRUST_PROXY) : values.TRUST_PROXY,
    jobs: values.JOBS ?? (values.DATABASE_URL ? "thread" : "main"),
    cardPayments: cardPaymentsConfig(values.STRIPE_SECRET_KEY, values.STRIPE_WEBHOOK_SECRET, values.STRIPE_API_URL),
    signingCertificate,
  };
}

/**
 * Reads and opens the configured .p12 at start, so that a missing file or a wrong passphrase stops
 * the start naming the variable instead of failing the first client who signs. node-forge (a tenth
 * of a second to load) is loaded only when a certificate is configured.
 */
function signingCertificateConfig(file: string | undefined, passphrase: string | undefined): SigningCertificateConfig | null {
  if (file === undefined || passphrase === undefined) return null;
  const refuse = (variable: string, message: string) => new ConfigError(`Invalid configuration:\n  ${variable}: ${message}`);
  let p12: Buffer;
  try {
    p12 = readFileSync(path.resolve(file));
  } catch (error) {
    throw refuse("SIGNING_CERT_P12", `cannot read the file ${path.resolve(file)} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  const forge = createRequire(import.meta.url)("node-forge") as typeof Forge;
  let archive: Forge.pkcs12.Pkcs12Pfx;
  try {
    archive = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(forge.util.createBuffer(p12.toString("binary"))), false, passphrase);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/MAC could not be verified|Invalid password/i.test(message)) throw refuse("SIGNING_CERT_PASSPHRASE", `does not open ${file}: wrong passphrase`);
    throw refuse("SIGNING_CERT_P12", `${file} is not a PKCS#12 (.p12/.pfx) file (${message})`);
  }
  const { oids } = forge.pki;
  const key = archive.getBags({ bagType: oids.pkcs8ShroudedKeyBag })[oids.pkcs8ShroudedKeyBag]?.[0]?.key as Forge.pki.rsa.PrivateKey | undefined;
  const certificates = (archive.getBags({ bagType: oids.certBag })[oids.certBag] ?? []).flatMap((bag) => (bag.cert ? [bag.cert] : []));
  // What @signpdf's P12Signer needs: an encrypted RSA key and the certificate of its public key.
  const certificate = key && certificates.find((candidate) => {
    const publicKey = candidate.publicKey as Forge.pki.rsa.PublicKey;
    return publicKey.n?.equals(key.n) && publicKey.e?.equals(key.e);
  });
  if (!certificate) throw refuse("SIGNING_CERT_P12", `${file} must hold an RSA private key and its certificate`);
  const commonName = certificate.subject.getField("CN")?.value;
  return { p12, passphrase, commonName: typeof commonName === "string" ? commonName : "" };
}

function cardPaymentsConfig(secretKey: string | undefined, webhookSecret: string | undefined, apiUrl: string | undefined): CardPaymentsConfig | null {
  if (!secretKey || !webhookSecret) return null;
  const url = new URL(apiUrl ?? STRIPE_API_DEFAULT_URL);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return {
    secretKey,
    webhookSecret,
    api: { protocol, host: url.hostname, port: url.port ? Number(url.port) : protocol === "http" ? 80 : 443, url: url.origin },
    checkoutOrigin: apiUrl ? url.origin : STRIPE_CHECKOUT_ORIGIN,
    testMode: /^(sk|rk)_test_/.test(secretKey),
  };
}

let current: AppConfig | undefined;

export function config(): AppConfig {
  current ??= readConfig();
  return current;
}

/**
 * Forgets the configuration read, so that the next `config()` reads the environment again: for
 * test files that share a process (decision 036), each with the environment it sets.
 */
export function forgetConfig(): void {
  current = undefined;
}
