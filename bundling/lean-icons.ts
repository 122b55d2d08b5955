// lucide-react's icons drawn lean in both builds (decision 042): an import of
// `lucide-react/icons/<name>` (the one way the app imports an icon, decision 040) answers
// `leanIcon(drawing)` (app/ui/lean-icon.tsx), the same drawing without the ~230 bytes of
// attributes lucide's component writes on each SVG. The drawing is read from lucide's module here,
// at build time, and written into the module: importing lucide's module would bring its component
// along (each icon module calls it, and a bundler cannot tell the call has no effect). The types
// stay lucide's.
import path from "node:path";
import type { Plugin } from "vite";
import type { IconData } from "../app/ui/lean-icon";

const ICON_IMPORT = /^lucide-react\/icons\/([a-z0-9-]+)$/;
const VIRTUAL = "\0lean-icon:";
const LEAN_ICON = path.resolve(import.meta.dirname, "../app/ui/lean-icon.tsx");

export function leanIcons(): Plugin {
  return {
    name: "lean-icons",
    enforce: "pre",
    resolveId(source) {
      const icon = ICON_IMPORT.exec(source)?.[1];
      return icon ? `${VIRTUAL}${icon}` : null;
    },
    async load(id) {
      if (!id.startsWith(VIRTUAL)) return null;
      const icon = id.slice(VIRTUAL.length);
      const { __iconData: drawing } = (await import(`lucide-react/icons/${icon}`)) as { __iconData: IconData };
      return [
        `import { leanIcon } from ${JSON.stringify(LEAN_ICON)};`,
        `export default /* @__PURE__ */ leanIcon(${JSON.stringify({ name: drawing.name, node: drawing.node })});`,
      ].join("\n");
    },
  };
}
