import path from "node:path";
import { z } from "~/forms/zod";

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
});

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
};

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
  };
}

let current: AppConfig | undefined;

export function config(): AppConfig {
  current ??= readConfig();
  return current;
}
