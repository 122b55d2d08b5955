import { randomUUID } from "node:crypto";
import { createCookie, redirect } from "react-router";
import { z } from "./zod";

import type { FlashToast } from "~/ui/toaster";

// A toast carried across a redirect ("after an admin action the page redirects with a toast").

const flashCookie = createCookie("flash", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  // Like better-auth's session cookie: Secure whenever the site is served over https.
  secure: (process.env.PUBLIC_URL ?? "").startsWith("https:"),
  maxAge: 60,
});

const flashSchema = z.object({
  id: z.string(),
  type: z.enum(["success", "error", "info"]),
  title: z.string(),
  description: z.string().optional(),
});

export async function redirectWithToast(
  url: string,
  toast: Omit<FlashToast, "id">,
  init: ResponseInit = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await flashCookie.serialize({ ...toast, id: randomUUID() }));
  return redirect(url, { ...init, headers });
}

/** Reads the pending toast, and the header that clears it once shown. */
export async function takeFlashToast(request: Request): Promise<{ toast: FlashToast | null; headers: Headers }> {
  const headers = new Headers();
  const raw: unknown = await flashCookie.parse(request.headers.get("Cookie"));
  const parsed = flashSchema.safeParse(raw);
  if (raw !== null && raw !== undefined) headers.append("Set-Cookie", await flashCookie.serialize("", { maxAge: 0 }));
  return { toast: parsed.success ? parsed.data : null, headers };
}

/**
 * Whether a request carries a pending toast (its Cookie header names the flash cookie). Such a
 * request gets a page of its own: the toast, and the header that clears it.
 */
export function carriesFlashToast(cookieHeader: string | null | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(";").some((pair) => pair.trimStart().startsWith(`${flashCookie.name}=`));
}
