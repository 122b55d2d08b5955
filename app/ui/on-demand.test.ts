import { describe, expect, it } from "vitest";
import { onDemand } from "./on-demand";

function Dialog() {
  return null;
}

describe("a component loaded on demand", () => {
  it("loads its code once, however often it is asked for, and then has it at hand", async () => {
    let imports = 0;
    const dialog = onDemand(async () => {
      imports += 1;
      return { default: Dialog };
    });
    expect(dialog.loaded()).toBeUndefined();
    const [first, second] = await Promise.all([dialog.load(), dialog.load()]);
    expect(first).toBe(Dialog);
    expect(second).toBe(Dialog);
    expect(await dialog.load()).toBe(Dialog);
    expect(dialog.loaded()).toBe(Dialog);
    expect(imports).toBe(1);
  });

  it("tries again after a failed load, such as a dropped connection", async () => {
    let imports = 0;
    const dialog = onDemand(async () => {
      imports += 1;
      if (imports === 1) throw new Error("network error");
      return { default: Dialog };
    });
    await expect(dialog.load()).rejects.toThrow("network error");
    expect(dialog.loaded()).toBeUndefined();
    expect(await dialog.load()).toBe(Dialog);
    expect(imports).toBe(2);
  });
});
