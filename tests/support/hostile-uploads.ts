import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import journal from "../../app/db/migrations/meta/_journal.json";

// Files an attacker (or an unlucky admin) would upload as a backup, written here without the app's
// own archive code, so a bug there cannot hide itself.

const BLOCK = 512;

/** A ustar header of any kind (the app's writer makes only files and folders). */
export function rawTarHeader(name: string, size: number, type: "0" | "1" | "2" | "5" = "0", linkName = ""): Buffer {
  const header = Buffer.alloc(BLOCK);
  const put = (text: string, at: number, length: number) => header.write(text.slice(0, length), at, length, "utf8");
  const octal = (value: number, at: number, length: number) => put(`${value.toString(8).padStart(length - 1, "0")}\0`, at, length);
  put(name, 0, 100);
  octal(0o644, 100, 8);
  octal(0, 108, 8);
  octal(0, 116, 8);
  octal(size, 124, 12);
  octal(Math.floor(Date.now() / 1000), 136, 12);
  header.fill(" ", 148, 156);
  put(type, 156, 1);
  put(linkName, 157, 100);
  put("ustar", 257, 6);
  put("00", 263, 2);
  let sum = 0;
  for (const byte of header) sum += byte;
  put(`${sum.toString(8).padStart(6, "0")}\0 `, 148, 8);
  return header;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

export function tarEntry(name: string, content: Buffer | string, type: "0" | "1" | "2" | "5" = "0", linkName = ""): Buffer {
  const data = typeof content === "string" ? Buffer.from(content) : content;
  return Buffer.concat([rawTarHeader(name, data.length, type, linkName), data, padding(data.length)]);
}

export const TAR_END = Buffer.alloc(BLOCK * 2);

export function manifestText(overrides: Record<string, unknown> = {}): string {
  const newest = journal.entries[journal.entries.length - 1]?.tag;
  return JSON.stringify({ format: "agency-backup", formatVersion: 1, appVersion: "0.1.0", newestMigration: newest, createdAt: new Date().toISOString(), ...overrides });
}

/** A tar of these entries, gzip-compressed as a backup is. */
export function gzippedTar(...entries: Buffer[]): Buffer {
  return zlib.gzipSync(Buffer.concat([...entries, TAR_END]));
}

export const randomFile = (bytes: number) => randomBytes(bytes);

/** An ordinary empty tar, as `tar cf` writes one: zero blocks up to its 10 KiB record. */
export const emptyTar = () => Buffer.alloc(10 * 1024);

/**
 * A gzip that expands to `expandedBytes`: zeros after `prefix` (a manifest entry and a file header,
 * so the bomb looks like a backup until its one huge file). Made once per test run and kept in the
 * temporary folder: compressing a gibibyte takes seconds.
 */
export async function gzipBomb(expandedBytes: number, { asBackup }: { asBackup: boolean }): Promise<string> {
  // Named by the newest migration too: a bomb dressed as a backup carries it in its manifest.
  const newest = journal.entries[journal.entries.length - 1]?.tag ?? "none";
  const file = path.join(os.tmpdir(), "agency-tests", `bomb-${asBackup ? `backup-${newest}` : "raw"}-${expandedBytes}.gz`);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const prefix = asBackup ? Buffer.concat([tarEntry("agency-backup.json", manifestText()), tarEntry("pgdata", "", "5"), rawTarHeader("pgdata/base/filler", expandedBytes)]) : Buffer.alloc(0);
  async function* bytes() {
    yield prefix;
    const zeros = Buffer.alloc(1024 * 1024);
    for (let written = 0; written < expandedBytes; written += zeros.length) yield zeros.subarray(0, Math.min(zeros.length, expandedBytes - written));
  }
  const partial = `${file}.${process.pid}`;
  await pipeline(bytes, zlib.createGzip({ level: 9 }), fs.createWriteStream(partial));
  fs.renameSync(partial, file);
  return file;
}

/** The resident memory of a process, in bytes (Linux). */
export function residentBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kilobytes = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? "0");
  return kilobytes * 1024;
}

/** Samples a process's resident memory while `work` runs; answers the work's result and the peak. */
export async function peakResidentBytes<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = residentBytes(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, residentBytes(pid));
    } catch {
      // The process is gone: the test's own checks say so.
    }
  }, 20);
  try {
    const result = await work();
    peak = Math.max(peak, residentBytes(pid));
    return { result, peak };
  } finally {
    clearInterval(timer);
  }
}

/** A Blob of these bytes (copied: a Buffer may be a view of a shared pool). */
export function blobOf(...parts: Uint8Array[]): Blob {
  return new Blob(parts.map((part) => new Uint8Array(part)));
}
