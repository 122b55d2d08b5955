import { bigint, boolean, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { recordKey, instant } from "~/db/columns";

// The tables better-auth needs (core, two-factor plugin, database rate limit),
// as its schema generator (@better-auth/cli generate) writes them for Drizzle.
// Diff against a fresh generation when better-auth is upgraded.

export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").default(false).notNull(),
  image: text("image"),
  createdAt: instant("created_at").defaultNow().notNull(),
  updatedAt: instant("updated_at").defaultNow().notNull(),
  twoFactorEnabled: boolean("two_factor_enabled").default(false),
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: instant("expires_at").notNull(),
    token: text("token").notNull().unique(),
    createdAt: instant("created_at").defaultNow().notNull(),
    updatedAt: instant("updated_at").notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (table) => [index("session_user_id_idx").on(table.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: instant("access_token_expires_at"),
    refreshTokenExpiresAt: instant("refresh_token_expires_at"),
    scope: text("scope"),
    password: text("password"),
    createdAt: instant("created_at").defaultNow().notNull(),
    updatedAt: instant("updated_at").notNull(),
  },
  (table) => [index("account_user_id_idx").on(table.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: instant("expires_at").notNull(),
    createdAt: instant("created_at").defaultNow().notNull(),
    updatedAt: instant("updated_at").defaultNow().notNull(),
  },
  (table) => [index("verification_identifier_idx").on(table.identifier)],
);

export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: instant("locked_until"),
  },
  (table) => [index("two_factor_secret_idx").on(table.secret), index("two_factor_user_id_idx").on(table.userId)],
);

/** better-auth's own request limits, kept in the database so every app process shares them. */
export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/** The back-office role. Only `admin` exists; a row here is what lets a user into /admin. */
export const userRoles = pgTable(
  "user_roles",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["admin"] }).notNull(),
    createdAt: instant("created_at").defaultNow().notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.role] })],
);

/**
 * Secrets this installation generates for itself on first start (the session
 * signing secret, unless AUTH_SECRET is set), shared by every app process.
 */
export const instanceSecrets = pgTable("instance_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: instant("created_at").defaultNow().notNull(),
});

/**
 * The last authenticator time-step each account used (a 30-second TOTP step number): a code is
 * good once, so a code of this step or an earlier one is refused (two-factor-replay.server.ts).
 */
export const totpLastSteps = pgTable("totp_last_steps", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  lastStep: bigint("last_step", { mode: "number" }).notNull(),
  usedAt: instant("used_at").defaultNow().notNull(),
});

/**
 * An admin role offered to an e-mail address (Settings › Security, or `npm run admin -- grant`).
 * The link e-mailed to the address carries 256 random bits; only their SHA-256 is kept. The role
 * starts when the link is followed and a new password set there (admin-invitations.server.ts).
 */
export const adminInvitations = pgTable(
  "admin_invitations",
  {
    id: recordKey(),
    /** The invited address, lower-cased. */
    email: text("email").notNull(),
    /** The name the account gets when the address has none yet. */
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    /** Who invited: an admin, or null for the command line. */
    invitedByUserId: text("invited_by_user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: instant("created_at").defaultNow().notNull(),
    expiresAt: instant("expires_at").notNull(),
    acceptedAt: instant("accepted_at"),
  },
  (table) => [index("admin_invitations_email_idx").on(table.email)],
);

/**
 * When a session last confirmed it is its admin (password, and the current code with two-factor
 * on): a backup or a full export needs one within the last 5 minutes (recent-confirmation.server.ts).
 */
export const sessionConfirmations = pgTable("session_confirmations", {
  sessionId: text("session_id")
    .primaryKey()
    .references(() => session.id, { onDelete: "cascade" }),
  confirmedAt: instant("confirmed_at").notNull(),
});

/**
 * How many times an account's sign-ins were all ended (its password changed, "sign out
 * everywhere", its role taken): what outlives a session (a browser's sign-in allowance, an admin's
 * calendar feed) is bound to the number it was made under and ends when it moves on
 * (sign-in-epochs.server.ts). No row: 0.
 */
export const signInEpochs = pgTable("sign_in_epochs", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  epoch: integer("epoch").notNull(),
  changedAt: instant("changed_at").defaultNow().notNull(),
});

export type User = typeof user.$inferSelect;
