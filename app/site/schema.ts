import { integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Work shown on the Portfolio page (spec 000 §3, Portfolio item). Seeded; edited in the database. */
export const portfolioItems = pgTable("portfolio_items", {
  id: uuid("id").primaryKey().defaultRandom(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  category: text("category").notNull(),
  description: text("description").notNull(),
  features: text("features").array().notNull(),
  tierLabel: text("tier_label").notNull(),
  link: text("link"),
  imagePath: text("image_path"),
  sortOrder: integer("sort_order").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export type PortfolioItem = typeof portfolioItems.$inferSelect;
