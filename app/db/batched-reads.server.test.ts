import { describe, expect, it } from "vitest";
import { batchedReads } from "./batched-reads.server";

/** A reader over a fixed table that records each query's keys. */
function recordingReader(table: Record<string, number>) {
  const queries: string[][] = [];
  const read = batchedReads(async (keys: readonly string[]) => {
    queries.push([...keys]);
    return new Map(keys.filter((key) => key in table).map((key) => [key, table[key] ?? 0]));
  });
  return { read, queries };
}

describe("reads gathered into one query", () => {
  it("answers every read asked for in one turn from one query, each key once", async () => {
    const { read, queries } = recordingReader({ a: 1, b: 2 });
    const answers = await Promise.all([read("a"), read("b"), read("a"), read("missing")]);
    expect(answers).toEqual([1, 2, 1, undefined]);
    expect(queries).toEqual([["a", "b", "missing"]]);
  });

  it("gathers the reads of promise chains started in the same turn, and starts a new query in the next", async () => {
    const { read, queries } = recordingReader({ a: 1, b: 2, c: 3 });
    const later = async (key: string) => {
      await Promise.resolve();
      await Promise.resolve();
      return read(key);
    };
    expect(await Promise.all([read("a"), later("b")])).toEqual([1, 2]);
    expect(await read("c")).toBe(3);
    expect(queries).toEqual([["a", "b"], ["c"]]);
  });

  it("fails every read of a failed query, and the next query is a new one", async () => {
    let fail = true;
    const read = batchedReads(async (keys: readonly string[]) => {
      if (fail) throw new Error("the database went away");
      return new Map(keys.map((key) => [key, key.length]));
    });
    const failed = await Promise.allSettled([read("a"), read("bb")]);
    expect(failed.map((result) => result.status)).toEqual(["rejected", "rejected"]);
    fail = false;
    expect(await read("ccc")).toBe(3);
  });
});
