import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { recordKey, createdAt } from "~/db/columns";

/** Work shown on the Portfolio page (spec 000 §3, Portfolio item). Seeded; edited in the database. */
export const portfolioItems = pgTable("portfolio_items", {
  id: recordKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  category: text("category").notNull(),
  description: text("description").notNull(),
  features: text("features").array().notNull(),
  tierLabel: text("tier_label").notNull(),
  link: text("link"),
  imagePath: text("image_path"),
  sortOrder: integer("sort_order").notNull().default(0),
  createdAt: createdAt(),
});

export type PortfolioItem = typeof portfolioItems.$inferSelect;
