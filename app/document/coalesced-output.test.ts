import { describe, expect, it } from "vitest";
import { coalescedOutput } from "./coalesced-output";

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("coalesced output", () => {
  it("sends what one turn wrote as one chunk, and what a later turn wrote as the next", async () => {
    const chunks: string[] = [];
    let finished = 0;
    const stream = coalescedOutput(() => (finished += 1));
    stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString("utf8")));
    const ended = new Promise((resolve) => stream.on("end", resolve));

    stream.write("<html><body>");
    stream.write(Buffer.from("<p>first</p>"));
    stream.write("<p>é</p>");
    await nextTurn();
    await nextTurn();
    expect(chunks).toEqual(["<html><body><p>first</p><p>é</p>"]);

    stream.write("<p>later</p>");
    stream.end("</body></html>");
    await ended;
    expect(chunks).toEqual(["<html><body><p>first</p><p>é</p>", "<p>later</p></body></html>"]);
    expect(finished).toBe(1);
  });

  it("takes every piece at once, however many, so the writer is never held back", () => {
    const stream = coalescedOutput();
    const piece = "x".repeat(2048);
    for (let index = 0; index < 200; index += 1) expect(stream.write(piece)).toBe(true);
    stream.destroy();
  });
});
