// The pages `npm run bench:load` loads, and the sign-in the back-office page needs.
import http from "node:http";
import type { AppProcess } from "../support/app-process";
import { ADMIN, firstViews, leadRate, pagesWanted } from "./options";
import type { Prepared } from "./prepare-data";
import type { Call } from "./windows";

export type Page = {
  name: string;
  /** The calls for one server's window (a fresh source per window: first views take links nobody opened). */
  calls: (server: AppProcess) => (visitor: number) => Call | null;
  /** Windows end after this many requests rather than after `--duration`. */
  requestsPerWindow?: number;
  /** Requests per second the visitors offer together (default: each sends its next as soon as it has its answer). */
  ratePerSecond?: number;
};

export async function signIn(server: AppProcess, origin: string): Promise<string> {
  const body = JSON.stringify(ADMIN);
  const answer = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port: server.port, method: "POST", path: "/api/auth/sign-in/email", headers: { "Content-Type": "application/json", Origin: origin, "Content-Length": Buffer.byteLength(body) } },
      resolve,
    );
    request.on("error", reject);
    request.end(body);
  });
  answer.resume();
  const cookies = answer.headers["set-cookie"] ?? [];
  if (answer.statusCode !== 200 || cookies.length === 0) throw new Error(`Signing in answered HTTP ${answer.statusCode}`);
  return cookies.map((cookie) => cookie.split(";")[0]).join("; ");
}

export function pagesToLoad(prepared: Prepared, origin: string, cookie: string): Page[] {
  let posted = 0;
  const inquiry = (): Call => {
    posted += 1;
    const body = new URLSearchParams({ name: `Load Tester ${posted}`, email: `load-post-${posted}-${process.pid}@example.test`, message: "A site for my bakery, please." }).toString();
    return {
      method: "POST",
      path: "/inquiry",
      headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(Buffer.byteLength(body)) },
      body,
      expect: 200,
    };
  };
  let fresh = 0;
  const pages: Page[] = [
    { name: "GET / (home)", calls: () => () => ({ method: "GET", path: "/", headers: {}, expect: 200 }) },
    { name: "POST /inquiry (lead)", calls: () => () => inquiry() },
    { name: `POST /inquiry (lead), ${leadRate}/s offered`, calls: () => () => inquiry(), ratePerSecond: leadRate },
    { name: "GET /admin/leads (signed in)", calls: () => () => ({ method: "GET", path: "/admin/leads", headers: { Cookie: cookie }, expect: 200 }) },
    { name: "GET /booking/{token}, one link", calls: () => () => ({ method: "GET", path: `/booking/${prepared.hotToken}`, headers: {}, expect: 200 }) },
    {
      name: "GET /booking/{token}, first views",
      requestsPerWindow: firstViews,
      calls: () => () => {
        const token = prepared.freshTokens[fresh++];
        return token ? { method: "GET", path: `/booking/${token}`, headers: {}, expect: 200 } : null;
      },
    },
  ];
  const keys = ["home", "lead", "lead-rate", "admin", "booking", "first-view"];
  return pages.filter((_, index) => pagesWanted.has(keys[index] ?? ""));
}
