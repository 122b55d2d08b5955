// The layers of app/, bottom to top (README "Layers", docs/decisions/032-layers.md). Every folder and
// loose file directly under app/ is named here once. A module may import from its own unit and from
// the units listed before it, never from one listed after it; `npm run lint`
// (scripts/check-imports.mjs) fails on an import that runs back up, naming the file, the import and
// this rule, unless the pair is one of the exceptions below.

export const LAYERS = [
  {
    tier: "primitives",
    about: "know no domain: formatting, components, the document, configuration, HTTP, logs, the form kit, uploads, the database, lists",
    units: [
      "formatting",
      "ui",
      "document",
      "config.server.ts",
      "config.server.test.ts",
      "http",
      "logging",
      "forms",
      "uploads",
      "db",
      "lists",
      "request-safety",
      "health",
    ],
  },
  {
    tier: "platform",
    about: "services every domain uses: the audit log, the organization's settings, sign-in, e-mail, backups",
    units: ["audit", "organization", "auth", "email", "backups"],
  },
  {
    tier: "domains",
    about: "the agency's records, in the order of their foreign keys: each may use the ones before it",
    units: ["availability", "leads", "cadences", "clients", "referrals", "campaigns", "projects", "add-ons", "consultations", "invoices", "booking", "analytics"],
  },
  {
    tier: "app",
    about: "what composes the domains: the client portal, the public site, the worker, the back-office shell and its record pages, the registries, start-up, the Settings screens, the route table",
    units: [
      "portal",
      "site",
      "jobs",
      "admin",
      "schema.ts",
      "schema.test.ts",
      "personal-data",
      "data-transfer",
      "demo",
      "reference-data.server.ts",
      "server-lifecycle.server.ts",
      "settings",
      "routes.ts",
      "route-modules.test.ts",
      "root.tsx",
      "entry.server.tsx",
    ],
  },
];

/**
 * Imports that run back up, allowed pair by pair, each for the reason given. Every pair here must
 * still occur and still run back up (the check says when one can go). Add one only when the
 * dependency is real in both directions (a foreign key one way, a service call the other) and
 * neither moving the piece nor passing it in from the composing layer is cleaner.
 */
export const EXCEPTIONS = [
  { from: "audit", to: "auth", reason: "an audit entry names the user who acted (a foreign key to auth's user table); auth writes its own entries" },
  { from: "auth", to: "email", reason: "auth's own mails (an admin's invitation, a paused sign-in) go through the outbox and the templates like every other" },
  { from: "email", to: "leads", reason: "the outbox and the e-mail log name the lead a message is for (foreign keys); a delivery, a bounce or an unsubscribe goes on the lead's timeline" },
  { from: "email", to: "consultations", reason: "an outbox message names the booking it is about (a foreign key), which the e-mail log shows and a person's erasure follows" },
  { from: "email", to: "cadences", reason: "a template a cadence step sends may not be deleted, and its editor lists those cadences" },
  { from: "availability", to: "consultations", reason: "a slot names the booking that took it (a foreign key); deleting leads frees the slots of their bookings" },
  { from: "leads", to: "campaigns", reason: "a lead keeps the campaign that brought it (a foreign key, read from the first-touch cookie when it is captured)" },
  { from: "leads", to: "cadences", reason: "a captured lead is enrolled, in the same transaction, in the cadences its form starts; its timeline words the cadence events" },
  { from: "leads", to: "referrals", reason: "a lead that came through a client's ?ref= link is recorded as that client's referral when it is captured" },
  { from: "cadences", to: "consultations", reason: "a cadence step fills {{BookingLink}} with the lead's open booking" },
  { from: "clients", to: "invoices", reason: "adding a client, or converting a lead, makes the client's draft invoice in the same transaction (DESIGN.md, Tiers); deleting a client deletes its unsent drafts with it" },
  { from: "clients", to: "referrals", reason: "converting a referred lead marks its referral converted, in the conversion's transaction" },
  { from: "consultations", to: "invoices", reason: "a billed consultation names the invoice that billed it (a foreign key); invoices bill the consultations" },
];
