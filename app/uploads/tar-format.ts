import { hasControlCharacter } from "~/forms/text-field";

/**
 * The ustar archive format (POSIX.1-1988), the part of it a backup uses: regular files and
 * directories, names of up to 255 bytes (prefix + name). Pure: the header of one entry, read and
 * written. Everything else a tar may hold (links, devices, extended headers) is named so the
 * reader can refuse it.
 */
export const TAR_BLOCK = 512;

export type TarEntryType = "file" | "directory";

export type TarHeader = { name: string; type: TarEntryType; size: number; mode: number; modifiedAt: Date };

/** What a header said that a backup never holds, or a block that is not a header at all. */
export type TarHeaderProblem = { problem: string };

const TYPE_NAMES: Record<string, string> = {
  "1": "a hard link",
  "2": "a symbolic link",
  "3": "a character device",
  "4": "a block device",
  "6": "a named pipe",
  "7": "a contiguous file",
  x: "an extended (pax) header",
  g: "a global extended header",
  L: "a GNU long name",
  K: "a GNU long link name",
};

function text(block: Uint8Array, start: number, length: number): string {
  const field = block.subarray(start, start + length);
  const end = field.indexOf(0);
  return new TextDecoder().decode(end === -1 ? field : field.subarray(0, end));
}

function octal(block: Uint8Array, start: number, length: number): number | null {
  const raw = text(block, start, length).trim();
  if (raw === "") return 0;
  if (!/^[0-7]+$/.test(raw)) return null;
  return parseInt(raw, 8);
}

/** A block of zeros: two of them end the archive. */
export function isZeroBlock(block: Uint8Array): boolean {
  for (const byte of block) if (byte !== 0) return false;
  return true;
}

function checksumOf(block: Uint8Array): number {
  let sum = 0;
  for (let index = 0; index < TAR_BLOCK; index += 1) sum += index >= 148 && index < 156 ? 32 : (block[index] ?? 0);
  return sum;
}

/**
 * A name inside the archive that stays inside the folder it is unpacked into: relative, no `..`,
 * no empty or `.` segment, no backslash or control character. Null when it would not.
 */
export function safeEntryName(name: string): string | null {
  const trimmed = name.endsWith("/") ? name.slice(0, -1) : name;
  if (trimmed === "" || trimmed.startsWith("/") || trimmed.includes("\\") || hasControlCharacter(trimmed)) return null;
  const segments = trimmed.split("/");
  if (segments.some((segment) => segment === "" || segment === "." || segment === "..")) return null;
  return trimmed;
}

/** Reads one 512-byte header block; `rootedNames` takes `/base/1` (PGlite's own dump) as `base/1`. */
export function parseTarHeader(block: Uint8Array, { rootedNames = false } = {}): TarHeader | TarHeaderProblem {
  if (block.length !== TAR_BLOCK) return { problem: "the archive ends in the middle of an entry's header" };
  const stored = octal(block, 148, 8);
  if (stored === null || stored !== checksumOf(block)) return { problem: "an entry's header is damaged (its checksum does not match)" };
  const flag = String.fromCharCode(block[156] ?? 0);
  const magic = text(block, 257, 6);
  const prefix = magic === "ustar" ? text(block, 345, 155) : "";
  const rawName = prefix ? `${prefix}/${text(block, 0, 100)}` : text(block, 0, 100);
  const described = TYPE_NAMES[flag];
  if (described) return { problem: `it holds ${described} (${rawName}), which a backup never does` };
  const type: TarEntryType | null = flag === "0" || flag === "\u0000" ? "file" : flag === "5" ? "directory" : null;
  if (!type) return { problem: `it holds an entry of an unknown kind (${rawName})` };
  const name = safeEntryName(rootedNames ? rawName.replace(/^\/+/, "") : rawName);
  if (!name) return { problem: `it holds a path that would leave its folder (${rawName})` };
  const size = octal(block, 124, 12);
  if (size === null) return { problem: `the size of ${rawName} is not readable` };
  const mode = octal(block, 100, 8) ?? 0o644;
  const mtime = octal(block, 136, 12) ?? 0;
  return { name, type, size: type === "directory" ? 0 : size, mode, modifiedAt: new Date(mtime * 1000) };
}

function writeText(block: Uint8Array, start: number, length: number, value: string): void {
  const bytes = new TextEncoder().encode(value);
  if (bytes.length > length) throw new Error(`"${value}" does not fit a tar header field of ${length} bytes`);
  block.set(bytes, start);
}

function writeOctal(block: Uint8Array, start: number, length: number, value: number): void {
  writeText(block, start, length, `${value.toString(8).padStart(length - 1, "0")}\u0000`);
}

/** One header block for a file or a directory; a name over 100 bytes is split into ustar's prefix and name. */
export function tarHeader(entry: TarHeader): Uint8Array {
  const block = new Uint8Array(TAR_BLOCK);
  let name = entry.type === "directory" ? `${entry.name}/` : entry.name;
  let prefix = "";
  if (new TextEncoder().encode(name).length > 100) {
    const cut = name.lastIndexOf("/", name.length - 2);
    prefix = name.slice(0, cut);
    name = name.slice(cut + 1);
  }
  writeText(block, 0, 100, name);
  writeOctal(block, 100, 8, entry.mode & 0o7777);
  writeOctal(block, 108, 8, 0);
  writeOctal(block, 116, 8, 0);
  writeOctal(block, 124, 12, entry.type === "directory" ? 0 : entry.size);
  writeOctal(block, 136, 12, Math.max(0, Math.floor(entry.modifiedAt.getTime() / 1000)));
  block[156] = (entry.type === "directory" ? "5" : "0").charCodeAt(0);
  writeText(block, 257, 6, "ustar");
  writeText(block, 263, 2, "00");
  writeText(block, 345, 155, prefix);
  writeText(block, 148, 8, `${checksumOf(block).toString(8).padStart(6, "0")}\u0000 `);
  return block;
}

/** The zeros after an entry's data, up to the next block. */
export function tarPadding(size: number): Uint8Array {
  return new Uint8Array((TAR_BLOCK - (size % TAR_BLOCK)) % TAR_BLOCK);
}

/** The end of an archive: two zero blocks. */
export const TAR_END = new Uint8Array(TAR_BLOCK * 2);
