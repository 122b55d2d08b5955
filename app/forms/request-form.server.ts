import fs from "node:fs";
import path from "node:path";
import { Refusal } from "~/refusal/refusal";
import { bodyLimitFor } from "~/http/request-body-limit";
import { makeScratchFolder, type ScratchFolder } from "./scratch-folder.server";
import { hasControlCharacter } from "./text-field";

/**
 * Reads a posted form, streamed, with hard limits: the one reader every form and upload goes
 * through (docs/decisions/030-data-lifecycle.md). A file of a multipart form is written, as it
 * arrives, to a scratch folder under DATA_DIR (never held in memory) and handed on as a `File`
 * read from disk; the other fields are kept as text. Whatever breaks a limit or is not a form is
 * refused with a 4xx `Refusal` before anything uses it, and the scratch folder is removed.
 */
export type RequestFormLimits = {
  /** The whole body; by default the route's body limit (app/http/request-body-limit.ts). */
  maxBytes?: number;
  /** Each file; by default the whole body's limit. */
  maxFileBytes?: number;
  /** How long the body may take to arrive. */
  maxMilliseconds?: number;
  /** The field a refused file is shown at (a form's error under its file input). */
  fileField?: string;
};

export type RequestForm = { form: FormData; dispose(): Promise<void> };

const MAX_PARTS = 200;
const MAX_PART_HEADER_BYTES = 16 * 1024;
const MAX_TEXT_FIELD_BYTES = 8 * 1024 * 1024;
const DEFAULT_MAX_MILLISECONDS = 5 * 60_000;

function megabytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** Chunks of the body as they arrive, with the limits of size and time applied to all of them. */
async function* bodyChunks(request: Request, maxBytes: number, maxMilliseconds: number): AsyncGenerator<Uint8Array> {
  if (!request.body) return;
  const reader = request.body.getReader();
  const deadline = Date.now() + maxMilliseconds;
  let received = 0;
  let late = false;
  try {
    for (;;) {
      let timer: NodeJS.Timeout | undefined;
      const timeUp = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          late = true;
          reject(new Refusal(`The upload took longer than ${Math.round(maxMilliseconds / 60_000)} minutes and was stopped. Try again.`, { status: 408 }));
        }, Math.max(0, deadline - Date.now()));
      });
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await Promise.race([reader.read(), timeUp]);
      } catch (error) {
        if (error instanceof Refusal) throw error;
        throw new Refusal("The upload stopped before all of it arrived. Try again.");
      } finally {
        clearTimeout(timer);
      }
      if (next.done) return;
      received += next.value.byteLength;
      if (received > maxBytes) throw new Refusal(`The upload is larger than ${megabytes(maxBytes)}.`, { status: 413 });
      yield next.value;
    }
  } finally {
    // A refused upload's sender is still sending: read the rest (its length is within the route's
    // limit, checked before the body was read) and discard it, so the refusal reaches them rather
    // than a reset connection. One that ran out of time is cut off.
    if (late) reader.cancel().catch(() => undefined);
    else void drain(reader, deadline);
  }
}

async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, deadline: number): Promise<void> {
  try {
    while (Date.now() < deadline && !(await reader.read()).done);
  } catch {
    // The sender went away: nothing more to read.
  }
  reader.cancel().catch(() => undefined);
}

function boundaryOf(contentType: string): string | null {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2] ?? null;
}

type PartHeaders = { name: string; filename: string | null; contentType: string };

function parsePartHeaders(raw: string): PartHeaders | null {
  let disposition = "";
  let contentType = "application/octet-stream";
  for (const line of raw.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const header = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (header === "content-disposition") disposition = value;
    if (header === "content-type") contentType = value;
  }
  if (!/^form-data\b/i.test(disposition)) return null;
  const parameter = (key: string) => {
    const match = new RegExp(`;\\s*${key}="((?:[^"\\\\]|\\\\.)*)"`, "i").exec(disposition) ?? new RegExp(`;\\s*${key}=([^;\\s]+)`, "i").exec(disposition);
    return match?.[1] === undefined ? null : match[1].replace(/\\(.)/g, "$1");
  };
  const name = parameter("name");
  if (name === null) return null;
  return { name, filename: parameter("filename"), contentType };
}

/** A file the browser named: kept as its last path segment, without control characters. */
function cleanFileName(name: string): string {
  return [...(name.split(/[\\/]/).pop() ?? "")].filter((character) => !hasControlCharacter(character)).join("").slice(0, 200);
}

type OpenPart = { headers: PartHeaders; text: Uint8Array[]; textBytes: number; file?: { handle: fs.promises.FileHandle; path: string; bytes: number } };

/**
 * A multipart/form-data body (RFC 7578), parsed as it streams: the delimiter is searched in what
 * has arrived, and everything before its possible start is passed on at once.
 */
async function readMultipart(request: Request, boundary: string, limits: Required<Omit<RequestFormLimits, "fileField">> & { fileField?: string }): Promise<RequestForm> {
  const form = new FormData();
  let scratch: ScratchFolder | undefined;
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // The body starts with the first delimiter (a preamble before it is ignored): read it as if a CRLF came first.
  let pending: Buffer = Buffer.from("\r\n");
  let state: "preamble" | "after-delimiter" | "headers" | "body" | "done" = "preamble";
  let part: OpenPart | undefined;
  let parts = 0;
  let files = 0;
  const fileRefusal = (message: string, status: 400 | 413 = 400) => new Refusal(message, { status, ...(limits.fileField ? { field: limits.fileField } : {}) });

  const write = async (bytes: Buffer) => {
    if (!part || bytes.length === 0) return;
    if (part.file) {
      part.file.bytes += bytes.length;
      if (part.file.bytes > limits.maxFileBytes) throw fileRefusal(`The file is larger than ${megabytes(limits.maxFileBytes)}.`, 413);
      await part.file.handle.write(bytes);
      return;
    }
    part.textBytes += bytes.length;
    if (part.textBytes > MAX_TEXT_FIELD_BYTES) throw new Refusal(`The field ${part.headers.name} is larger than ${megabytes(MAX_TEXT_FIELD_BYTES)}.`, { status: 413 });
    part.text.push(bytes);
  };

  const open = async (headers: PartHeaders) => {
    parts += 1;
    if (parts > MAX_PARTS) throw new Refusal(`The form has more than ${MAX_PARTS} fields.`, { status: 413 });
    part = { headers, text: [], textBytes: 0 };
    if (headers.filename !== null && headers.filename !== "") {
      scratch ??= await makeScratchFolder("upload");
      files += 1;
      const filePath = path.join(scratch.path, `file-${files}`);
      part.file = { handle: await fs.promises.open(filePath, "wx"), path: filePath, bytes: 0 };
    }
  };

  const close = async () => {
    if (!part) return;
    const { headers, file } = part;
    if (file) {
      await file.handle.close();
      const blob = await fs.openAsBlob(file.path, { type: headers.contentType });
      form.append(headers.name, new File([blob], cleanFileName(headers.filename ?? ""), { type: headers.contentType }));
    } else if (headers.filename !== null) {
      // A file input left empty: browsers send a part without a name or content.
      form.append(headers.name, new File([], "", { type: headers.contentType }));
    } else {
      form.append(headers.name, Buffer.concat(part.text).toString("utf8"));
    }
    part = undefined;
  };

  try {
    for await (const chunk of bodyChunks(request, limits.maxBytes, limits.maxMilliseconds)) {
      pending = pending.length === 0 ? Buffer.from(chunk) : Buffer.concat([pending, chunk]);
      for (;;) {
        if (state === "preamble" || state === "body") {
          const at = pending.indexOf(delimiter);
          if (at === -1) {
            // Keep what could be the start of a delimiter; the rest is this part's.
            const keep = Math.min(pending.length, delimiter.length - 1);
            if (state === "body") await write(pending.subarray(0, pending.length - keep));
            pending = Buffer.from(pending.subarray(pending.length - keep));
            break;
          }
          if (state === "body") {
            await write(pending.subarray(0, at));
            await close();
          }
          pending = Buffer.from(pending.subarray(at + delimiter.length));
          state = "after-delimiter";
        }
        if (state === "after-delimiter") {
          if (pending.length < 2) break;
          if (pending[0] === 0x2d && pending[1] === 0x2d) {
            state = "done";
            break;
          }
          const lineEnd = pending.indexOf("\r\n");
          if (lineEnd === -1) {
            if (pending.length > 256) throw new Refusal("The form could not be read (a malformed part).");
            break;
          }
          pending = Buffer.from(pending.subarray(lineEnd + 2));
          state = "headers";
        }
        if (state === "headers") {
          const end = pending.indexOf("\r\n\r\n");
          if (end === -1) {
            if (pending.length > MAX_PART_HEADER_BYTES) throw new Refusal("The form could not be read (a part's headers are too long).");
            break;
          }
          const headers = parsePartHeaders(pending.subarray(0, end).toString("utf8"));
          if (!headers) throw new Refusal("The form could not be read (a part without a field name).");
          await open(headers);
          pending = Buffer.from(pending.subarray(end + 4));
          state = "body";
          continue;
        }
        break;
      }
      if (state === "done") break;
    }
    if (state !== "done") throw fileRefusal("The upload stopped before all of it arrived. Try again.");
    return { form, dispose: async () => scratch?.dispose() };
  } catch (error) {
    await part?.file?.handle.close().catch(() => undefined);
    await scratch?.dispose();
    throw error;
  }
}

/** A url-encoded form (what a form without files posts), read within the same limits. */
async function readUrlEncoded(request: Request, limits: { maxBytes: number; maxMilliseconds: number }): Promise<RequestForm> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of bodyChunks(request, limits.maxBytes, limits.maxMilliseconds)) chunks.push(chunk);
  const form = new FormData();
  for (const [name, value] of new URLSearchParams(Buffer.concat(chunks).toString("utf8"))) form.append(name, value);
  return { form, dispose: async () => undefined };
}

/**
 * The request's form, read within `limits` (by default the route's body limit and five minutes).
 * Call `dispose` once the request is answered: it removes the uploaded files.
 */
export async function readRequestForm(request: Request, limits: RequestFormLimits = {}): Promise<RequestForm> {
  const maxBytes = limits.maxBytes ?? bodyLimitFor(new URL(request.url).pathname);
  const resolved = {
    maxBytes,
    maxFileBytes: Math.min(limits.maxFileBytes ?? maxBytes, maxBytes),
    maxMilliseconds: limits.maxMilliseconds ?? DEFAULT_MAX_MILLISECONDS,
    fileField: limits.fileField,
  };
  const contentType = request.headers.get("content-type") ?? "";
  if (/^multipart\/form-data/i.test(contentType)) {
    const boundary = boundaryOf(contentType);
    if (!boundary) throw new Refusal("The form could not be read (no multipart boundary).");
    return readMultipart(request, boundary, resolved);
  }
  if (/^application\/x-www-form-urlencoded/i.test(contentType) || contentType === "") return readUrlEncoded(request, resolved);
  throw new Refusal("The form could not be read. Please try again.", { status: 415 });
}
