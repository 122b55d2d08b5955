// Fails when modules in app/ import each other in a cycle (DESIGN.md: "No import cycles in app/").
// Every import counts: static, dynamic (`import("./x")`) and type-only, since each ties the two
// modules' code together. Imports are resolved as TypeScript resolves them (the `~/` alias included).
// Run by `npm run lint`.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

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
for (const file of files) {
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true);
  const targets = new Set();
  for (const { fileName } of importedFiles) {
    const resolved = ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule?.resolvedFileName;
    if (resolved && resolved.startsWith(appDir + path.sep) && !resolved.endsWith(".d.ts")) targets.add(path.resolve(resolved));
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
if (components.length > 0) {
  console.error(`Import cycles in app/ (${components.length}); move the shared piece into a module both can import:`);
  for (const component of components) {
    console.error(`- ${cycleIn(component).map(relative).join(" → ")}`);
    if (component.length > 2) console.error(`  (the cycle's group: ${component.map(relative).sort().join(", ")})`);
  }
  process.exit(1);
}
console.log(`No import cycles among ${files.length} modules in app/.`);
