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
 * Calls a handler with a request to `path` (a GET, or a POST of `form` or of `json`), from
 * `address`, with `cookie`; answers what it returned or threw (anything but a Response or `data()`
 * is re-thrown). A JSON post carries the site's Origin, as a browser's fetch does.
 */
export async function callRoute(
  handler: RouteHandler,
  path: string,
  {
    cookie,
    form,
    json,
    params = {},
    address = "203.0.113.50",
  }: { cookie?: string; form?: Record<string, string>; json?: unknown; params?: Record<string, string>; address?: string } = {},
): Promise<RouteAnswer> {
  const headers = new Headers();
  if (cookie) headers.set("Cookie", cookie);
  if (form) headers.set("Content-Type", "application/x-www-form-urlencoded");
  if (json !== undefined) headers.set("Content-Type", "application/json");
  if (json !== undefined) headers.set("Origin", "http://localhost:3000");
  const body = form ? new URLSearchParams(form) : json !== undefined ? JSON.stringify(json) : undefined;
  const request = new Request(`http://localhost${path}`, { method: body === undefined ? "GET" : "POST", headers, body });
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

/**
 * One browser calling route handlers in process: its own cookie jar (what each answer sets, kept
 * for the next call) and its own network address.
 */
export class RouteBrowser {
  readonly cookies = new Map<string, string>();

  constructor(readonly address: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  /** This browser's cookies, sent from another network address. */
  elsewhere(address: string): RouteBrowser {
    const copy = new RouteBrowser(address);
    for (const [name, value] of this.cookies) copy.cookies.set(name, value);
    return copy;
  }

  async call(handler: RouteHandler, path: string, options: { form?: Record<string, string>; json?: unknown; params?: Record<string, string> } = {}): Promise<RouteAnswer> {
    const cookie = this.cookieHeader();
    const answer = await callRoute(handler, path, { ...options, address: this.address, ...(cookie ? { cookie } : {}) });
    for (const line of answer.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      if (value === "" || /;\s*max-age=0\b/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return answer;
  }
}
