import { describe, expect, it } from "vitest";
import { leanIcons } from "./lean-icons";

type Hook = (this: unknown, ...args: unknown[]) => unknown;

describe("the lean icons plugin", () => {
  const plugin = leanIcons();
  const resolveId = plugin.resolveId as Hook;
  const load = plugin.load as Hook;

  it("answers an icon module's import with a lean module holding lucide's drawing, and leaves other imports alone", async () => {
    const id = resolveId.call({}, "lucide-react/icons/x", "/app/page.tsx");
    expect(id).toBe("\0lean-icon:x");
    expect(resolveId.call({}, "lucide-react", "/app/page.tsx")).toBeNull();
    expect(resolveId.call({}, "react", "/app/page.tsx")).toBeNull();

    const code = (await load.call({}, id)) as string;
    expect(code).toContain("export default /* @__PURE__ */ leanIcon(");
    expect(code).toContain('"d":"M18 6 6 18"');
    // lucide's own module (and with it its component) is not imported.
    expect(code).not.toContain("lucide-react");
  });
});
