import { asc } from "drizzle-orm";
import { db } from "~/db/connection.server";
import { portfolioItems, type PortfolioItem } from "./schema";

/** The portfolio, in display order. */
export async function listPortfolioItems(): Promise<PortfolioItem[]> {
  return db().select().from(portfolioItems).orderBy(asc(portfolioItems.sortOrder));
}
