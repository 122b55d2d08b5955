import { describe, expect, it } from "vitest";

import { browserLoads, CHUNK_OVERHEAD, chunksFor, type ModuleGraph } from "./client-chunks";

/** A module graph from `imports` (static) and `asks` (on demand), as Rollup's getModuleInfo gives it. */
function graphOf(imports: Record<string, string[]>, asks: Record<string, string[]> = {}): ModuleGraph {
  return (id) => ({
    importedIds: imports[id] ?? [],
    dynamicImporters: Object.entries(asks).flatMap(([importer, targets]) => (targets.includes(id) ? [importer] : [])),
  });
}

const sorted = (chunks: { modules: string[] }[]) => chunks.map((chunk) => [...chunk.modules].sort()).sort();

describe("the browser's loads", () => {
  it("are each page's static imports, and what an on-demand module brings beyond what its askers had", () => {
    const graph = graphOf(
      { entry: ["react"], home: ["button", "icons"], about: ["button"], dialog: ["react", "button", "form"] },
      { home: ["dialog"], about: ["dialog"] },
    );
    const loads = browserLoads([["entry", "home"], ["entry", "about"]], ["dialog"], graph);
    expect(loads.map((load) => [...load].sort())).toEqual([
      ["button", "entry", "home", "icons", "react"],
      ["about", "button", "entry", "react"],
      // react and button are there wherever the dialog is asked for; form is not.
      ["dialog", "form"],
    ]);
  });
});

describe("the browser's files", () => {
  const size = (sizes: Record<string, number>) => (module: string) => sizes[module] ?? 0;

  it("put modules the same loads need in one file", () => {
    const loads = [new Set(["entry", "root", "home"]), new Set(["entry", "root", "about"])];
    const chunks = chunksFor(loads, size({ entry: 50_000, root: 50_000, home: 50_000, about: 50_000 }));
    expect(sorted(chunks)).toEqual([["about"], ["entry", "root"], ["home"]]);
  });

  it("merge a small file into a large one that the same loads but one need: one request less on each", () => {
    const loads = [new Set(["shell", "icon"]), new Set(["shell", "icon"]), new Set(["shell"])];
    const iconSize = CHUNK_OVERHEAD / 2; // two loads save an overhead each; one fetches half of one for nothing
    expect(sorted(chunksFor(loads, size({ shell: 100_000, icon: iconSize })))).toEqual([["icon", "shell"]]);
  });

  it("keep a module apart when the loads that do not need it would fetch more than the merge saves", () => {
    const loads = [new Set(["shell", "chart"]), new Set(["shell"]), new Set(["shell"])];
    const chunks = chunksFor(loads, size({ shell: 100_000, chart: CHUNK_OVERHEAD }));
    expect(sorted(chunks)).toEqual([["chart"], ["shell"]]);
  });
});
