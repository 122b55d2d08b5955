import { bookingPageCache } from "~/booking/booking-page-cache.server";
import { testDatabaseKind } from "./database-kind";

/**
 * Waits until the kept pages have heard of the last change. On the embedded database a change is
 * heard while it commits, so nothing is awaited there: the very next load must show it. On a
 * PostgreSQL server it arrives on another connection a moment later; caughtUp() waits for it.
 */
export async function heard(): Promise<void> {
  if (testDatabaseKind() === "server") await bookingPageCache().caughtUp();
}
