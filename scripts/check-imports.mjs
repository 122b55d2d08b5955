// Fails when modules in app/ import each other in a cycle (DESIGN.md: "No import cycles in app/"), or
// when an import runs back up the layers declared in scripts/layers.mjs (README "Layers").
// Every import counts: static, dynamic (`import("./x")`) and type-only, since each ties the two
// modules' code together. Imports are resolved as TypeScript resolves them (the `~/` alias included).
// Run by `npm run lint`.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { EXCEPTIONS, LAYERS } from "./layers.mjs";

const root = path.resolve(import.meta.dirname, "..");
const appDir = path.join(root, "app");
const configFile = ts.readConfigFile(path.join(root, "tsconfig.json"), ts.sys.readFile);
const { options } = ts.parseJsonConfigFileContent(configFile.config, ts.sys, root);

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "migrations" ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

const files = sourceFiles(appDir);
const imports = new Map();
/** Every import of a module in app/ of another module in app/, as written: for the layer check's messages. */
const written = [];
for (const file of files) {
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true);
  const targets = new Set();
  for (const { fileName } of importedFiles) {
    const resolved = ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule?.resolvedFileName;
    if (resolved && resolved.startsWith(appDir + path.sep) && !resolved.endsWith(".d.ts")) {
      targets.add(path.resolve(resolved));
      written.push({ file, specifier: fileName, target: path.resolve(resolved) });
    }
  }
  imports.set(file, [...targets]);
}

// Tarjan's strongly connected components: every component of more than one module holds a cycle.
let index = 0;
const stack = [];
const state = new Map();
const components = [];
function visit(file) {
  const node = { index, low: index, onStack: true };
  index += 1;
  state.set(file, node);
  stack.push(file);
  for (const next of imports.get(file) ?? []) {
    const seen = state.get(next);
    if (!seen) {
      visit(next);
      node.low = Math.min(node.low, state.get(next).low);
    } else if (seen.onStack) node.low = Math.min(node.low, seen.index);
  }
  if (node.low === node.index) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      state.get(member).onStack = false;
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || (imports.get(file) ?? []).includes(file)) components.push(component);
  }
}
for (const file of files) if (!state.has(file)) visit(file);

/** One cycle inside a component, to show: follow imports that stay in it until a module repeats. */
function cycleIn(component) {
  const members = new Set(component);
  const pathSoFar = [component[0]];
  for (;;) {
    const current = pathSoFar[pathSoFar.length - 1];
    const next = (imports.get(current) ?? []).find((target) => members.has(target));
    const at = pathSoFar.indexOf(next);
    if (at >= 0) return [...pathSoFar.slice(at), next];
    pathSoFar.push(next);
  }
}

const relative = (file) => path.relative(root, file);
let failed = false;
if (components.length > 0) {
  failed = true;
  console.error(`Import cycles in app/ (${components.length}); move the shared piece into a module both can import:`);
  for (const component of components) {
    console.error(`- ${cycleIn(component).map(relative).join(" → ")}`);
    if (component.length > 2) console.error(`  (the cycle's group: ${component.map(relative).sort().join(", ")})`);
  }
} else console.log(`No import cycles among ${files.length} modules in app/.`);

// Folder loops: the folders of app/ (at every depth) may import each other only one way round. A
// folder and a folder inside it count as two (app/invoices and app/invoices/card-payments); a loose
// file directly under app/ is a unit of its own (the layers above), so it counts as one too.
const folderOf = (file) => path.relative(appDir, path.dirname(file)) || path.basename(file);
const folderImports = new Map();
for (const { file, target } of written) {
  const from = folderOf(file);
  const to = folderOf(target);
  if (from === to) continue;
  if (!folderImports.has(from)) folderImports.set(from, new Map());
  if (!folderImports.get(from).has(to)) folderImports.get(from).set(to, `${relative(file)} → ${relative(target)}`);
}
const folderLoops = [];
for (const [from, targets] of folderImports) {
  for (const [to, example] of targets) {
    const back = folderImports.get(to)?.get(from);
    if (back && from < to) folderLoops.push(`- app/${from} ⇄ app/${to}: ${example}, and ${back}`);
  }
}
if (folderLoops.length > 0) {
  failed = true;
  console.error(`Folders of app/ that import each other (${folderLoops.length}); one way round only:`);
  for (const line of folderLoops) console.error(line);
} else console.log(`No two folders of app/ import each other (${folderImports.size} folders).`);

// The layers: each folder or loose file directly under app/ is one unit, placed once in LAYERS.
const layerProblems = [];
const placeOf = new Map();
for (const { tier, units } of LAYERS) {
  for (const unit of units) {
    if (placeOf.has(unit)) layerProblems.push(`${unit} is placed twice in scripts/layers.mjs`);
    placeOf.set(unit, { rank: placeOf.size, tier });
  }
}
const unitsOnDisk = fs
  .readdirSync(appDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() || /\.(ts|tsx)$/.test(entry.name))
  .map((entry) => entry.name);
for (const unit of unitsOnDisk) {
  if (!placeOf.has(unit)) layerProblems.push(`app/${unit} has no place in the layers: add it to scripts/layers.mjs, above everything it imports and below everything that imports it (and name it in the README's Layout)`);
}
for (const unit of placeOf.keys()) {
  if (!unitsOnDisk.includes(unit)) layerProblems.push(`scripts/layers.mjs places ${unit}, which is not in app/ any more: take it out`);
}

const unitOf = (file) => path.relative(appDir, file).split(path.sep)[0];
const pairKey = (from, to) => `${from} → ${to}`;
const exceptions = new Map(EXCEPTIONS.map((exception) => [pairKey(exception.from, exception.to), exception]));
const excepted = new Set();
const backUp = [];
for (const { file, specifier, target } of written) {
  const from = unitOf(file);
  const to = unitOf(target);
  const below = placeOf.get(from);
  const above = placeOf.get(to);
  if (from === to || !below || !above || below.rank > above.rank) continue;
  const key = pairKey(from, to);
  if (exceptions.has(key)) excepted.add(key);
  else backUp.push(`- ${relative(file)} imports "${specifier}": ${from} (${below.tier}) is below ${to} (${above.tier})`);
}
for (const [key, { from, to }] of exceptions) {
  if (!placeOf.has(from) || !placeOf.has(to)) layerProblems.push(`the exception ${key} names a unit that has no place in the layers`);
  else if (placeOf.get(from).rank > placeOf.get(to).rank) layerProblems.push(`the exception ${key} runs down the layers, which is allowed anyway: take it out of scripts/layers.mjs`);
  else if (!excepted.has(key)) layerProblems.push(`the exception ${key} is no longer used: take it out of scripts/layers.mjs`);
}
if (backUp.length > 0) {
  failed = true;
  console.error(
    `Imports that run back up the layers (${backUp.length}). A module imports from its own folder and from the folders below it ` +
      `(scripts/layers.mjs, README "Layers"); move the shared piece down, or pass it in from the layer that composes both:`,
  );
  for (const line of backUp) console.error(line);
}
if (layerProblems.length > 0) {
  failed = true;
  console.error("The layers in scripts/layers.mjs do not match app/:");
  for (const problem of layerProblems) console.error(`- ${problem}`);
}
if (!failed) console.log(`No import runs back up the ${placeOf.size} units' layers (${exceptions.size} exceptions, each with its reason in scripts/layers.mjs).`);
if (failed) process.exit(1);
