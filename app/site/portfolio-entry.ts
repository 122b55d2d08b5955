import type { PortfolioItem } from "./schema";

/** A portfolio project as the Portfolio page and its dialog show it. */
export type PortfolioEntry = PortfolioItem;
