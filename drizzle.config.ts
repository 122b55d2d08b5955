import { defineConfig } from "drizzle-kit";

// `npm run db:generate` writes a SQL migration from the difference between
// app/**/schema.ts and the last snapshot. Migrations are applied at start.
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/schema.ts",
  out: "./app/db/migrations",
  casing: undefined,
});
