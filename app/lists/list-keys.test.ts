import { describe, expect, it } from "vitest";
import { isPaletteKey, isTyping, movedRow, pageShortcut, type KeyPress } from "./list-keys";

const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({ key, ctrlKey: false, metaKey: false, altKey: false, target: { tagName: "BODY" }, ...extra });

describe("the back-office's keyboard shortcuts", () => {
  it("treats text fields, selects, text areas and editable elements as typing; buttons, boxes and the page not", () => {
    for (const target of [{ tagName: "INPUT" }, { tagName: "input", type: "search" }, { tagName: "INPUT", type: "email" }, { tagName: "TEXTAREA" }, { tagName: "SELECT" }, { tagName: "DIV", isContentEditable: true }]) {
      expect(isTyping(target), JSON.stringify(target)).toBe(true);
    }
    for (const target of [null, { tagName: "BODY" }, { tagName: "BUTTON" }, { tagName: "INPUT", type: "checkbox" }, { tagName: "INPUT", type: "radio" }, { tagName: "TR" }]) {
      expect(isTyping(target), JSON.stringify(target)).toBe(false);
    }
  });

  it("knows /, j, k, Enter and ? on the page, and none of them while typing or with a modifier held", () => {
    expect(["/", "j", "k", "Enter", "?", "x"].map((key) => pageShortcut(press(key)))).toEqual(["search", "next", "previous", "open", "help", null]);
    for (const key of ["/", "j", "k", "Enter", "?"]) {
      expect(pageShortcut(press(key, { target: { tagName: "INPUT", type: "search" } })), key).toBeNull();
      expect(pageShortcut(press(key, { ctrlKey: true })), key).toBeNull();
      expect(pageShortcut(press(key, { metaKey: true })), key).toBeNull();
    }
  });

  it("opens the palette with Ctrl+K or ⌘K, even while typing", () => {
    expect(isPaletteKey(press("k", { ctrlKey: true }))).toBe(true);
    expect(isPaletteKey(press("K", { metaKey: true, target: { tagName: "TEXTAREA" } }))).toBe(true);
    expect(isPaletteKey(press("k"))).toBe(false);
    expect(isPaletteKey(press("k", { ctrlKey: true, altKey: true }))).toBe(false);
  });

  it("moves through rows without leaving the page's rows", () => {
    expect(movedRow(null, "next", 3)).toBe(0);
    expect(movedRow(null, "previous", 3)).toBe(0);
    expect(movedRow(0, "next", 3)).toBe(1);
    expect(movedRow(2, "next", 3)).toBe(2);
    expect(movedRow(0, "previous", 3)).toBe(0);
    expect(movedRow(5, "previous", 3)).toBe(0);
    expect(movedRow(null, "next", 0)).toBeNull();
  });
});
