import { withClientAddress } from "~/request-safety/client-address.server";

export type AnyAction = (args: never) => unknown;

/** Posts a form (repeated fields as URLSearchParams) to a route's action as the admin of `cookie`, from `address`, as the server would call it. */
export async function postToAction(
  routeAction: AnyAction,
  path: string,
  cookie: string,
  fields: Record<string, string> | URLSearchParams,
  params: Record<string, string> = {},
  address = "203.0.113.7",
) {
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: fields instanceof URLSearchParams ? fields : new URLSearchParams(fields),
  });
  const args = { request, params, context: { clientAddress: address } } as never;
  return withClientAddress(address, () => routeAction(args) as Promise<unknown>);
}

/** An action's answer's HTTP status: a Response's, `data()`'s init, or 200 for a plain object. */
export function statusOf(answer: unknown): number {
  if (answer instanceof Response) return answer.status;
  if (answer && typeof answer === "object" && "init" in answer) return (answer as { init?: { status?: number } | null }).init?.status ?? 200;
  return 200;
}

/** The body of an action's answer that did not redirect (`data()`'s data, or the object itself). */
export function bodyOf(answer: unknown): Record<string, unknown> {
  if (answer && typeof answer === "object" && "data" in answer && "init" in answer) return (answer as { data: Record<string, unknown> }).data;
  return answer as Record<string, unknown>;
}
