import type { AppLoadContext } from "react-router";

/** The visitor's address for rate limits; "unknown" when the server did not provide one (all such share a limit). */
export function clientAddressOf(context: AppLoadContext | undefined): string {
  const address = (context as Partial<AppLoadContext> | undefined)?.clientAddress;
  return typeof address === "string" && address !== "" ? address : "unknown";
}
