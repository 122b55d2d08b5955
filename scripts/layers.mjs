// The layers of app/, bottom to top (README "Layers", docs/decisions/032-layers.md). Every folder and
// loose file directly under app/ is named here once. A module may import from its own unit and from
// the units listed before it, never from one listed after it; `npm run lint`
// (scripts/check-imports.mjs) fails on an import that runs back up, naming the file, the import and
// this rule, unless the pair is one of the exceptions below.

export const LAYERS = [
  {
    tier: "primitives",
    about: "know no domain: formatting, components, the document, configuration, HTTP, logs, the form kit, uploads, the database, the signed-document seal, lists",
    units: [
      "formatting",
      "ui",
      "document",
      "config.server.ts",
      "config.server.test.ts",
      "http",
      "logging",
      "refusal",
      "forms",
      "uploads",
      "db",
      "signing",
      "events",
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
    units: ["attribution", "leads", "availability", "clients", "referrals", "projects", "add-ons", "invoices", "consultations", "cadences", "campaigns", "booking", "analytics", "proposals"],
  },
  {
    tier: "app",
    about: "what composes the domains: the client portal, the public site, the worker, the back-office shell and its record pages, the registries, start-up, the Settings screens, the route table",
    units: [
      "domain-event-handlers.server.ts",
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
];
