import { withClientAddress } from "~/request-safety/client-address.server";

/** A route module's loader or action, called as React Router calls it. */
export type RouteHandler = (args: { request: Request; params: Record<string, string>; context: unknown }) => unknown;

/** What a loader or an action answered (returned or thrown): its status, headers and body. */
export type RouteAnswer = { status: number; headers: Headers; body: unknown; location: string | null };

function asAnswer(value: unknown): RouteAnswer {
  if (value instanceof Response) return { status: value.status, headers: value.headers, body: value, location: value.headers.get("Location") };
  if (value && typeof value === "object" && "type" in value && value.type === "DataWithResponseInit") {
    const { data, init } = value as unknown as { data: unknown; init?: ResponseInit | null };
    return { status: init?.status ?? 200, headers: new Headers(init?.headers), body: data, location: null };
  }
  return { status: 200, headers: new Headers(), body: value, location: null };
}

/**
 * Calls a handler with a request to `path` (a GET, or a POST of `form`), from `address`, with
 * `cookie`; answers what it returned or threw (anything but a Response or `data()` is re-thrown).
 */
export async function callRoute(
  handler: RouteHandler,
  path: string,
  { cookie, form, params = {}, address = "203.0.113.50" }: { cookie?: string; form?: Record<string, string>; params?: Record<string, string>; address?: string } = {},
): Promise<RouteAnswer> {
  const headers = new Headers();
  if (cookie) headers.set("Cookie", cookie);
  if (form) headers.set("Content-Type", "application/x-www-form-urlencoded");
  const request = new Request(`http://localhost${path}`, { method: form ? "POST" : "GET", headers, body: form ? new URLSearchParams(form) : undefined });
  try {
    return asAnswer(await withClientAddress(address, () => handler({ request, params, context: { clientAddress: address } })));
  } catch (thrown) {
    if (thrown instanceof Response || (thrown && typeof thrown === "object" && "type" in thrown)) return asAnswer(thrown);
    throw thrown;
  }
}

/** The body of an answer as text (a Response's body read), for looking for what must not be in it. */
export async function answerText(answer: RouteAnswer): Promise<string> {
  if (answer.body instanceof Response) {
    const bytes = Buffer.from(await answer.body.clone().arrayBuffer());
    return answer.headers.get("Content-Type")?.includes("pdf") ? bytes.toString("latin1") : bytes.toString("utf8");
  }
  return JSON.stringify(answer.body) ?? "";
}
