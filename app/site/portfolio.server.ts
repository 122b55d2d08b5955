import { asc, eq } from "drizzle-orm";
import { db, type DatabaseExecutor } from "~/db/connection.server";
import { isRecordId } from "~/forms/record-id";
import { DEFAULT_PORTFOLIO_ITEMS } from "./portfolio-items";
import { portfolioItems, type PortfolioItem } from "./schema";

/** The portfolio a new installation shows, where missing. */
export async function seedPortfolio(tx: DatabaseExecutor): Promise<void> {
  await tx
    .insert(portfolioItems)
    .values(DEFAULT_PORTFOLIO_ITEMS.map((item) => ({ ...item, features: [...item.features] })))
    .onConflictDoNothing();
}

/** The portfolio, in display order. */
export async function listPortfolioItems(): Promise<PortfolioItem[]> {
  return db().select().from(portfolioItems).orderBy(asc(portfolioItems.sortOrder));
}

/** One project, or undefined for an id that names none (a malformed one included: no query is made). */
export async function findPortfolioItem(id: string): Promise<PortfolioItem | undefined> {
  if (!isRecordId(id)) return undefined;
  const [item] = await db().select().from(portfolioItems).where(eq(portfolioItems.id, id)).limit(1);
  return item;
}
