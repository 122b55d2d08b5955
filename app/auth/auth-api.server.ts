import { getOrganizationSettings } from "~/organization/settings.server";
import { isJsonContentType, isOpenAuthEndpoint, withoutTokens } from "./auth-api-policy";
import { authRequestHeaders } from "./auth-request-headers";
import { getAuth } from "./auth.server";
import { endIdleSession } from "./sessions.server";

/**
 * better-auth's own HTTP endpoints (`/api/auth/*`), under the one sign-in policy (decision 029):
 * only the open ones reach better-auth (the rest answer 404), their bodies are JSON, a session
 * idle past the timeout is ended here as on the back-office's pages, and no answer carries a
 * session token. Throttling, device cookies and the second factor's rules are better-auth's hooks
 * (sign-in-policy.server.ts), so they hold here and on the /auth form alike.
 */
export async function answerAuthApi(request: Request, clientAddress: string): Promise<Response> {
  const pathname = new URL(request.url).pathname;
  if (!isOpenAuthEndpoint(request.method, pathname)) return Response.json({ code: "NOT_FOUND", message: "Not found" }, { status: 404 });
  if (request.method === "POST" && !isJsonContentType(request.headers.get("content-type"))) {
    return Response.json({ code: "UNSUPPORTED_MEDIA_TYPE", message: "Send the body as JSON (Content-Type: application/json)." }, { status: 415 });
  }
  const headers = authRequestHeaders(request.headers, clientAddress);
  const auth = await getAuth();
  if (request.method === "GET") {
    const current = await auth.api.getSession({ headers });
    const signedOut = current ? await endIdleSession(current.session, (await getOrganizationSettings()).sessionTimeoutMinutes, headers) : null;
    // As better-auth answers a request without a session.
    if (signedOut) return Response.json(null, { headers: signedOut });
  }
  return answerWithoutTokens(await auth.handler(new Request(request, { headers })));
}

async function answerWithoutTokens(response: Response): Promise<Response> {
  if (!isJsonContentType(response.headers.get("content-type"))) return response;
  const text = await response.text();
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  const body = text === "" ? text : JSON.stringify(withoutTokens(JSON.parse(text)));
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}
