import { asc, eq } from "drizzle-orm";
import { db } from "~/db/connection.server";
import { portfolioItems, type PortfolioItem } from "./schema";

/** The portfolio, in display order. */
export async function listPortfolioItems(): Promise<PortfolioItem[]> {
  return db().select().from(portfolioItems).orderBy(asc(portfolioItems.sortOrder));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One project, or undefined for an id that names none (a malformed one included: no query is made). */
export async function findPortfolioItem(id: string): Promise<PortfolioItem | undefined> {
  if (!UUID.test(id)) return undefined;
  const [item] = await db().select().from(portfolioItems).where(eq(portfolioItems.id, id)).limit(1);
  return item;
}
