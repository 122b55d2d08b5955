import { formatCount } from "~/formatting/dates";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import zlib from "node:zlib";
import { Refusal } from "~/refusal/refusal";
import { isZeroBlock, parseTarHeader, TAR_BLOCK, type TarHeader } from "./tar-format";

/**
 * Reads an uploaded archive (a tar, gzip-compressed or not) entry by entry as it streams, within
 * hard limits, so that no archive can fill the memory or the disk or keep the process busy: the
 * bytes read, the bytes once expanded, the number of entries, the expansion ratio and the time.
 * Anything out of line (a damaged or truncated archive, a link, a path leaving its folder) is a
 * `Refusal` (4xx) with what was wrong; stream errors (a corrupt gzip) become refusals too, never
 * an unhandled error.
 */
export type ArchiveLimits = {
  maxBytes: number;
  maxExpandedBytes: number;
  maxEntries: number;
  /** Expanded bytes per compressed byte, checked once more than `ratioCheckedAfterBytes` came out. */
  maxRatio: number;
  ratioCheckedAfterBytes: number;
  maxMilliseconds: number;
};

/** One entry: its header and, for a file, its bytes as they stream (read them, or they are skipped). */
export type ArchiveEntry = TarHeader & { chunks(): AsyncGenerator<Buffer> };

type Refuse = (message: string, status?: 400 | 408 | 413) => Refusal;

function megabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}

/** Reads exactly what is asked of a stream of chunks, whatever their sizes. */
class ByteQueue {
  private buffered: Buffer[] = [];
  private length = 0;
  private ended = false;

  constructor(private readonly source: AsyncIterator<Buffer>) {}

  private async fill(wanted: number): Promise<void> {
    while (this.length < wanted && !this.ended) {
      const next = await this.source.next();
      if (next.done) this.ended = true;
      else {
        this.buffered.push(next.value);
        this.length += next.value.length;
      }
    }
  }

  /** `size` bytes, fewer only at the end of the stream. */
  async read(size: number): Promise<Buffer> {
    await this.fill(size);
    const all = this.buffered.length === 1 ? this.buffered[0]! : Buffer.concat(this.buffered);
    const taken = all.subarray(0, Math.min(size, all.length));
    const rest = all.subarray(taken.length);
    this.buffered = rest.length > 0 ? [rest] : [];
    this.length = rest.length;
    return taken;
  }

  /** Up to `size` bytes, at least one unless the stream ended: what has arrived, without waiting for more. */
  async readSome(size: number): Promise<Buffer> {
    await this.fill(1);
    const first = this.buffered[0];
    if (!first) return Buffer.alloc(0);
    const taken = first.subarray(0, Math.min(size, first.length));
    if (taken.length === first.length) this.buffered.shift();
    else this.buffered[0] = first.subarray(taken.length);
    this.length -= taken.length;
    return taken;
  }
}

async function* tarEntries(queue: ByteQueue, limits: ArchiveLimits, refuse: Refuse, rootedNames: boolean, what: string): AsyncGenerator<ArchiveEntry> {
  let entries = 0;
  for (;;) {
    const block = await queue.read(TAR_BLOCK);
    if (block.length === 0) throw refuse(`This file is not a usable ${what}: it ends without its end marker (it is cut short).`);
    if (isZeroBlock(block)) return;
    const header = parseTarHeader(block, { rootedNames });
    if ("problem" in header) throw refuse(`This file is not a usable ${what}: ${header.problem}.`);
    entries += 1;
    if (entries > limits.maxEntries) throw refuse(`The ${what} holds more than ${formatCount(limits.maxEntries)} entries.`, 413);
    let remaining = header.size;
    let consumed = false;
    const chunks = async function* () {
      if (consumed) throw new Error("An archive entry's data can be read once.");
      consumed = true;
      while (remaining > 0) {
        const piece = await queue.readSome(Math.min(remaining, 1024 * 1024));
        if (piece.length === 0) throw refuse(`This file is not a usable ${what}: it is cut short (in ${header.name}).`);
        remaining -= piece.length;
        yield piece;
      }
    };
    yield { ...header, chunks };
    if (!consumed) for await (const piece of chunks()) void piece;
    if (remaining > 0) throw refuse(`This file is not a usable ${what}: it is cut short (in ${header.name}).`);
    const padding = (TAR_BLOCK - (header.size % TAR_BLOCK)) % TAR_BLOCK;
    if (padding > 0 && (await queue.read(padding)).length < padding) throw refuse(`This file is not a usable ${what}: it is cut short (after ${header.name}).`);
  }
}

/** The archive's bytes as stored: gunzipped when it is a gzip file. Stream errors come out of the iteration. */
async function* storedBytes(archive: Blob, compressed: boolean, counted: (bytes: number) => void): AsyncGenerator<Buffer> {
  const source = Readable.fromWeb(archive.stream() as NodeReadableStream<Uint8Array>);
  if (!compressed) {
    try {
      for await (const chunk of source) {
        counted(chunk.length);
        yield chunk as Buffer;
      }
    } finally {
      source.destroy();
    }
    return;
  }
  const gunzip = zlib.createGunzip();
  source.on("data", (chunk: Buffer) => counted(chunk.length));
  source.on("error", (error) => gunzip.destroy(error));
  source.pipe(gunzip);
  try {
    for await (const chunk of gunzip) yield chunk as Buffer;
  } finally {
    source.unpipe(gunzip);
    source.destroy();
    gunzip.destroy();
  }
}

/**
 * The entries of `archive` in order, within `limits`; a broken limit, a damaged archive or an
 * entry a backup never holds ends the iteration with a `Refusal`. `field` names the form field a
 * refusal belongs to; `rootedNames` reads names written from the root (`/base/1`), as PGlite's
 * own dump has them, as relative ones.
 */
export async function* archiveEntries(
  archive: Blob,
  limits: ArchiveLimits,
  options: { field?: string; describe?: string; rootedNames?: boolean } = {},
): AsyncGenerator<ArchiveEntry> {
  const what = options.describe ?? "archive";
  const refuse: Refuse = (message, status = 400) => new Refusal(message, { status, ...(options.field ? { field: options.field } : {}) });
  if (archive.size === 0) throw refuse(`The ${what} is empty.`);
  if (archive.size > limits.maxBytes) throw refuse(`The ${what} is larger than ${megabytes(limits.maxBytes)}.`, 413);
  const head = new Uint8Array(await archive.slice(0, 2).arrayBuffer());
  const compressed = head[0] === 0x1f && head[1] === 0x8b;

  const started = Date.now();
  let read = 0;
  let expanded = 0;
  async function* measured(source: AsyncIterable<Buffer>) {
    for await (const chunk of unzipErrorsRefused(source)) {
      expanded += chunk.length;
      if (expanded > limits.maxExpandedBytes) throw refuse(`The ${what} expands to more than ${megabytes(limits.maxExpandedBytes)}.`, 413);
      if (compressed && expanded > limits.ratioCheckedAfterBytes && expanded / Math.max(read, 1) > limits.maxRatio) {
        throw refuse(`The ${what} expands more than ${limits.maxRatio} times its size, as no backup does: it is refused as a compression bomb.`, 413);
      }
      if (Date.now() - started > limits.maxMilliseconds) throw refuse(`Reading the ${what} took longer than ${Math.round(limits.maxMilliseconds / 1000)} seconds.`, 408);
      yield chunk;
    }
  }
  // A corrupt gzip is the file's fault: a refusal, wherever its bytes are being read.
  async function* unzipErrorsRefused(source: AsyncIterable<Buffer>) {
    try {
      yield* source;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (typeof code === "string" && code.startsWith("Z_")) throw refuse(`This file is not a usable ${what}: its compressed data is damaged or cut short.`);
      throw error;
    }
  }
  const queue = new ByteQueue(measured(storedBytes(archive, compressed, (bytes) => (read += bytes)))[Symbol.asyncIterator]());
  yield* tarEntries(queue, limits, refuse, options.rootedNames ?? false, what);
}

/** Writes a file or folder entry under `root` (its name is already checked to stay inside). */
export async function unpackEntry(root: string, entry: ArchiveEntry, name = entry.name): Promise<void> {
  const target = path.join(root, name);
  if (entry.type === "directory") {
    await fs.promises.mkdir(target, { recursive: true });
    return;
  }
  await fs.promises.mkdir(path.dirname(target), { recursive: true });
  // "wx": an entry named twice is an error, never an overwrite.
  const handle = await fs.promises.open(target, "wx", 0o600);
  try {
    for await (const chunk of entry.chunks()) await handle.write(chunk);
  } finally {
    await handle.close();
  }
}

/** An entry's bytes in memory, for a small one (a manifest); larger is refused. */
export async function entryBytes(entry: ArchiveEntry, maxBytes: number, refusal: () => Refusal): Promise<Buffer> {
  if (entry.size > maxBytes) throw refusal();
  const pieces: Buffer[] = [];
  for await (const chunk of entry.chunks()) pieces.push(chunk);
  return Buffer.concat(pieces);
}
