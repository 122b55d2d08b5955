// How the browser's code is cut into files (decision 040). Rollup alone makes a chunk per set of
// route modules that share a module, though a page always loads its layouts, the root and the
// client entry with it: ~35 files on a public page, most under 1 KB, each compressed alone (its own
// header and dictionary) and named by a modulepreload link. Cut by what each load of the browser
// needs instead, ~15 files carry the same code in ~5% fewer bytes.
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { GetModuleInfo, ManualChunksOption } from "rollup";
import type { Plugin } from "vite";

import routes from "../app/routes";

const APP = path.resolve(import.meta.dirname, "../app");

/**
 * What a file costs each load that fetches it besides its code, in characters of source: its
 * request, its compressed stream's header and dictionary, its import and export lines. Chosen by
 * measurement: at 800 the public pages fetch the least script (500 to 2,000 were tried).
 */
export const CHUNK_OVERHEAD = 800;

/** A load of the browser (a page, or a module asked for on demand): the modules it brings. */
export type Load = Set<string>;

/** The modules that go in one file. */
export type Chunk = { modules: string[]; loads: Set<number>; size: number };

/** Characters a merge of `a` and `b` saves all loads together; negative when it costs more. */
function mergeGain(a: Chunk, b: Chunk): number {
  let both = 0;
  for (const load of a.loads) if (b.loads.has(load)) both++;
  return CHUNK_OVERHEAD * both - a.size * (b.loads.size - both) - b.size * (a.loads.size - both);
}

/**
 * The files: modules that the same loads need go together, so no load fetches code it does not
 * run; then, while it pays, the two files whose merge saves most are merged, a load that needs both
 * fetching one file and one that needs only one fetching the other's code for nothing.
 */
export function chunksFor(loads: Load[], sizeOf: (module: string) => number): Chunk[] {
  const byLoads = new Map<string, Chunk>();
  for (const module of [...new Set(loads.flatMap((load) => [...load]))].sort()) {
    const needing = loads.flatMap((load, index) => (load.has(module) ? [index] : []));
    const key = needing.join(",");
    const chunk = byLoads.get(key) ?? { modules: [], loads: new Set(needing), size: 0 };
    chunk.modules.push(module);
    chunk.size += sizeOf(module);
    byLoads.set(key, chunk);
  }
  const chunks = [...byLoads.values()];
  for (;;) {
    let best = { gain: 0, a: -1, b: -1 };
    for (let a = 0; a < chunks.length; a++) {
      for (let b = a + 1; b < chunks.length; b++) {
        const gain = mergeGain(chunks[a], chunks[b]);
        if (gain > best.gain) best = { gain, a, b };
      }
    }
    if (best.a < 0) return chunks;
    const [a, b] = [chunks[best.a], chunks[best.b]];
    chunks[best.a] = { modules: [...a.modules, ...b.modules], loads: new Set([...a.loads, ...b.loads]), size: a.size + b.size };
    chunks.splice(best.b, 1);
  }
}

/** What Rollup knows of a module that the loads are worked out from. */
export type ModuleGraph = (id: string) => { importedIds: readonly string[]; dynamicImporters: readonly string[] } | null;

/** Every module `starts` reach through static imports, `starts` included. */
function staticClosure(starts: string[], graph: ModuleGraph): Set<string> {
  const seen = new Set<string>();
  const todo = [...starts];
  while (todo.length > 0) {
    const id = todo.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    todo.push(...(graph(id)?.importedIds ?? []));
  }
  return seen;
}

/** What `sets` all hold. */
function common(sets: Set<string>[]): Set<string> {
  if (sets.length === 0) return new Set();
  return new Set([...sets[0]].filter((module) => sets.every((set) => set.has(module))));
}

/**
 * The browser's loads: each page (`pages`, each the modules a page starts from: the client entry,
 * the root and the route with its layouts), and each module asked for on demand, less what is in
 * the browser already wherever it is asked for.
 */
export function browserLoads(pages: string[][], onDemand: string[], graph: ModuleGraph): Load[] {
  const pageLoads = pages.map((starts) => staticClosure(starts, graph));
  const own = new Map(onDemand.map((id) => [id, staticClosure([id], graph)]));
  const before = new Map<string, Set<string>>();
  const loadedBefore = (id: string): Set<string> => {
    const known = before.get(id);
    if (known) return known;
    before.set(id, new Set()); // an on-demand cycle counts as nothing there
    const asks = (modules: Set<string>) => (graph(id)?.dynamicImporters ?? []).some((importer) => modules.has(importer));
    const askers = [...pageLoads.filter(asks), ...onDemand.filter((other) => other !== id && asks(own.get(other)!)).map((other) => new Set([...loadedBefore(other), ...own.get(other)!]))];
    before.set(id, common(askers));
    return before.get(id)!;
  };
  return [...pageLoads, ...onDemand.map((id) => new Set([...own.get(id)!].filter((module) => !loadedBefore(id).has(module))))];
}

/** The path of a module without Vite's query (React Router's route entries carry one). */
const pathOf = (id: string) => id.split("?")[0];

/** Each route's files from the root down to it: what a page that ends there starts from. */
function routeChains(entries: RouteConfigEntry[], above: string[]): string[][] {
  return entries.flatMap((entry) => {
    const chain = [...above, path.join(APP, entry.file)];
    return [chain, ...routeChains(entry.children ?? [], chain)];
  });
}

function chunkNames(ids: string[], getModuleInfo: GetModuleInfo): Map<string, string> {
  const idsOf = (file: string) => ids.filter((id) => pathOf(id) === file);
  // The client entry: ours, or React Router's default when app/ has none.
  const clientEntry = ids.filter((id) => getModuleInfo(id)?.isEntry && /\/entry\.client\.[jt]sx?$/.test(pathOf(id)));
  const pages = routeChains(routes, [path.join(APP, "root.tsx")]).map((chain) => [...clientEntry, ...chain.flatMap(idsOf)]);
  const onDemand = ids.filter((id) => (getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0);
  const chunks = chunksFor(browserLoads(pages, onDemand, getModuleInfo), (id) => getModuleInfo(id)?.code?.length ?? 0);
  const names = new Map<string, string>();
  for (const chunk of chunks) {
    // Named after its first module of ours (React and React Router's file is the client entry's).
    const first = chunk.modules.find((id) => !id.includes("/node_modules/")) ?? chunk.modules[0];
    for (const id of chunk.modules) names.set(id, path.basename(pathOf(first)).replace(/\.[^.]+$/, ""));
  }
  return names;
}

/** The client build's files cut by `chunksFor` (the server build is left as it is). */
export function clientChunks(): Plugin {
  let ssr = false;
  return {
    name: "client-chunks",
    apply: "build",
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    outputOptions(options) {
      if (ssr) return options;
      let names: Map<string, string> | undefined;
      const manualChunks: ManualChunksOption = (id, { getModuleIds, getModuleInfo }) => {
        names ??= chunkNames([...getModuleIds()], getModuleInfo);
        return names.get(id);
      };
      return { ...options, manualChunks };
    },
  };
}
