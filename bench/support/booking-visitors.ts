// bench:booking's visitors: how they ask for a page, and what makes an answer the whole page.
import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { Expected, OfferedMark } from "./booking-data";

const ACCEPT_ENCODING = "gzip, deflate, br, zstd";

export type Answer = { status: number; encoding: string | undefined; body: Buffer };


function getWithHttp(agent: http.Agent, url: string, acceptEncoding = ACCEPT_ENCODING): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { "Accept-Encoding": acceptEncoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, encoding: response.headers["content-encoding"], body: Buffer.concat(chunks) }));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

async function getWithFetch(url: string): Promise<Answer> {
  // fetch asks for gzip and brotli itself and hands over the decoded body.
  const response = await fetch(url);
  return { status: response.status, encoding: undefined, body: Buffer.from(await response.arrayBuffer()) };
}

/** How the visitors ask: node:http with keep-alive (about half fetch's CPU per request), or fetch. */
export function visitorClient(kind: "http" | "fetch", concurrency: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  return {
    get: kind === "fetch" ? getWithFetch : (url: string) => getWithHttp(agent, url),
    getEncoded: (url: string, acceptEncoding: string) => getWithHttp(agent, url, acceptEncoding),
    close: () => agent.destroy(),
  };
}

export function decoded(answer: Answer): Buffer {
  return answer.encoding === "gzip" ? gunzipSync(answer.body) : answer.encoding === "br" ? brotliDecompressSync(answer.body) : answer.body;
}

/** Whether the page offers this time: by its slot id, or as one of the minutes of its day in the compact form. */
function offers(html: string, time: OfferedMark): boolean {
  if (html.includes(time.id)) return true;
  const day = new RegExp(`${time.date}:([0-9,]+)`).exec(html);
  return day?.[1]?.split(",").includes(String(time.minute)) ?? false;
}

export function checkPage(answer: Answer, expected: Expected): void {
  if (answer.status !== 200) throw new Error(`HTTP ${answer.status} for /booking/${expected.token}`);
  const html = decoded(answer).toString("utf8");
  for (const mark of expected.marks) {
    if (!html.includes(mark)) throw new Error(`The page of /booking/${expected.token} lacks "${mark}"`);
  }
  for (const time of [expected.first, expected.last]) {
    if (!offers(html, time)) throw new Error(`The page of /booking/${expected.token} does not offer ${time.date} minute ${time.minute}`);
  }
}
