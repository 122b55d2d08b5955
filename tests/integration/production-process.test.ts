import { once } from "node:events";
import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppServer } from "../e2e/support/app-server";
import { startBuiltApp } from "../support/app-process";

// The production server as `npm start` runs it (server.js on the build), in its own process, on
// the database kind under test: what it logs, and how it stops.

let app: AppServer;

beforeAll(async () => {
  app = await startBuiltApp({ LOG_LEVEL: "info", SHUTDOWN_TIMEOUT_MS: "60000" });
}, 400_000);

afterAll(async () => {
  await app?.stop();
});

type LogLine = Record<string, unknown>;

/** The JSON lines the process wrote so far (its start banner is plain text, for people). */
function logLines(): LogLine[] {
  return app
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as LogLine);
}

/** Waits for the process to write a line that `matches`: a request's line follows its answer. */
async function lineWhere(matches: (line: LogLine) => boolean): Promise<LogLine> {
  for (;;) {
    const found = logLines().find(matches);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("the request log", () => {
  it("writes one JSON line per request with its route, its redacted path, status, duration and id, and echoes the id", async () => {
    const response = await fetch(`${app.url}/booking/secret-booking-token?email=jane.doe@example.com`, { headers: { "X-Request-Id": "proxy-id-1" } });
    await response.text();
    expect(response.headers.get("x-request-id")).toBe("proxy-id-1");
    const line = await lineWhere((entry) => entry.req_id === "proxy-id-1");
    expect(line).toMatchObject({
      level: "info",
      msg: "request",
      method: "GET",
      route: "booking/booking-page",
      path: "/booking/***",
      status: response.status,
    });
    expect(line.duration_ms).toEqual(expect.any(Number));
    expect(logLines().filter((entry) => entry.req_id === "proxy-id-1")).toHaveLength(1);
    expect(app.output()).not.toContain("secret-booking-token");
    expect(app.output()).not.toContain("jane.doe@example.com");
  });

  it("makes an id when the request brings none or a bad one", async () => {
    const response = await fetch(`${app.url}/`, { headers: { "X-Request-Id": "bad id\twith spaces" } });
    await response.text();
    const id = response.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await lineWhere((entry) => entry.req_id === id)).toMatchObject({ route: "site/home-page", path: "/", status: 200 });
  });
});

describe("the built files", () => {
  it("go without a document's headers (CSP, frame and referrer rules), which a missing one, answered by a page, keeps", async () => {
    const page = await fetch(`${app.url}/`);
    expect(page.headers.get("content-security-policy")).toMatch(/^default-src 'self'/);
    const html = await page.text();
    const script = /\/assets\/[\w-]+\.js/.exec(html)?.[0];
    const style = /\/assets\/[\w-]+\.css/.exec(html)?.[0];
    for (const file of [script, style]) {
      expect(file).toBeDefined();
      for (const encoding of ["br", "gzip", "identity"]) {
        const answer = await fetch(`${app.url}${file}`, { headers: { "Accept-Encoding": encoding } });
        expect(answer.status, `${file} ${encoding}`).toBe(200);
        expect(answer.headers.get("content-security-policy")).toBeNull();
        expect(answer.headers.get("x-frame-options")).toBeNull();
        expect(answer.headers.get("referrer-policy")).toBeNull();
        expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
      }
    }
    const missing = await fetch(`${app.url}/assets/not-a-built-file.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-security-policy")).toMatch(/^default-src 'self'/);
    expect(missing.headers.get("x-frame-options")).toBe("DENY");
  });
});

describe("a stop (SIGTERM)", () => {
  it("finishes the request in flight, closes idle connections, refuses new ones, and exits 0", async () => {
    const port = Number(new URL(app.url).port);
    const keepAlive = new http.Agent({ keepAlive: true });
    const idle = await new Promise<net.Socket>((resolve, reject) => {
      const probe = http.get(`${app.url}/healthz`, { agent: keepAlive }, (response) => {
        response.resume();
        response.on("end", () => resolve(socket));
      });
      let socket: net.Socket;
      probe.on("socket", (opened) => (socket = opened));
      probe.on("error", reject);
    });
    const idleClosed = once(idle, "close");

    // A contact message whose body is still on its way when the signal comes. `Expect: 100-continue`:
    // the server's 100 answer says it has the request in hand.
    const body = new URLSearchParams({ name: "Slow Sender", email: "slow.sender@example.com", message: "Sent slowly." }).toString();
    const upload = http.request({
      host: "127.0.0.1",
      port,
      method: "POST",
      path: "/contact-message",
      headers: {
        Origin: `http://localhost:${port}`,
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": String(Buffer.byteLength(body)),
        Expect: "100-continue",
      },
    });
    const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
      upload.on("response", (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
      });
      upload.on("error", reject);
    });
    upload.flushHeaders();
    await once(upload, "continue");
    upload.write(body.slice(0, 10));

    const exited = once(app.process, "exit") as Promise<[number | null, NodeJS.Signals | null]>;
    app.process.kill("SIGTERM");

    while (await connects(port)) await new Promise((resolve) => setTimeout(resolve, 50));
    await idleClosed;

    upload.end(body.slice(10));
    const answer = await answered;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toMatchObject({ ok: true });

    const [code] = await exited;
    expect(code).toBe(0);
    const messages = logLines().map((entry) => entry.msg);
    expect(messages).toContain("stopping");
    expect(messages.at(-1)).toBe("stopped");
    expect(logLines().find((entry) => entry.path === "/contact-message")).toMatchObject({ method: "POST", status: 200 });
    keepAlive.destroy();
  });
});

/** Whether a new connection to the port is accepted (false once it is refused). */
function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}
