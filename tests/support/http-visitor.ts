/**
 * One visitor of a running app over real HTTP, as curl or a script would be: its own cookie jar,
 * and its own network address (sent as X-Forwarded-For, which the app believes from the loopback
 * proxy when started with TRUST_PROXY=loopback). Requests carry the app's Origin unless told not to.
 */
export type Answer = { status: number; headers: Headers; text: string; location: string | null };

/** At most one body: a form, JSON, or bytes with the content type to declare (which need not match them). */
type Body = { form?: Record<string, string>; json?: unknown; raw?: { body: string; contentType: string } };

export class HttpVisitor {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly appUrl: string,
    readonly address: string,
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  hasCookie(namePart: string): boolean {
    return [...this.cookies.keys()].some((name) => name.includes(namePart));
  }

  /** A copy of this browser (same cookies) seen from another network address. */
  elsewhere(address: string): HttpVisitor {
    const copy = new HttpVisitor(this.appUrl, address);
    for (const [name, value] of this.cookies) copy.cookies.set(name, value);
    return copy;
  }

  async send(path: string, init: { method?: string; headers?: Record<string, string>; origin?: boolean } & Body = {}): Promise<Answer> {
    const headers = new Headers({ "X-Forwarded-For": this.address, ...init.headers });
    if (init.origin !== false) headers.set("Origin", this.appUrl);
    if (this.cookies.size > 0) headers.set("Cookie", this.cookieHeader());
    let body: string | undefined;
    if (init.form) {
      body = new URLSearchParams(init.form).toString();
      headers.set("Content-Type", "application/x-www-form-urlencoded");
    } else if (init.json !== undefined) {
      body = JSON.stringify(init.json);
      headers.set("Content-Type", "application/json");
    } else if (init.raw) {
      body = init.raw.body;
      headers.set("Content-Type", init.raw.contentType);
    }
    const response = await fetch(`${this.appUrl}${path}`, { method: init.method ?? (body === undefined ? "GET" : "POST"), headers, body, redirect: "manual" });
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return { status: response.status, headers: response.headers, text: await response.text(), location: response.headers.get("location") };
  }

  /** better-auth's JSON sign-in, as scripts and the browser tests use it. */
  signInOverApi(email: string, password: string): Promise<Answer> {
    return this.send("/api/auth/sign-in/email", { json: { email, password } });
  }

  /** The /auth page's form, as a browser without JavaScript posts it. */
  signInWithForm(email: string, password: string, extra: Record<string, string> = {}): Promise<Answer> {
    return this.send("/auth", { form: { intent: "sign-in", email, password, ...extra } });
  }

  signUpWithForm(name: string, email: string, password: string): Promise<Answer> {
    return this.send("/auth", { form: { intent: "sign-up", name, email, password } });
  }

  /** Who the session cookie signs in as, if anyone. */
  async signedInAs(): Promise<string | null> {
    const answer = await this.send("/api/auth/get-session");
    const session = JSON.parse(answer.text || "null") as { user?: { email?: string } } | null;
    return session?.user?.email ?? null;
  }
}
