// `npx tsx bench/cpu-profile-summary.ts FILE.cpuprofile [--top N] [--filter TEXT]`: the top
// functions of a V8 CPU profile (`node --cpu-prof`) by self time and by inclusive time (the
// function and everything it called; a function on the stack twice counts once), and the
// self time per package (node_modules/<name>, the app's own code, node internals).
// With --filter, only samples whose stack holds a frame whose name or file contains TEXT count
// (e.g. --filter renderToPipeableStream for the time spent rendering). With --callers NAME, also
// the stacks (thirteen frames up) that lead to the functions named NAME, by self time. With
// --last SECONDS, only the profile's last SECONDS count (a benchmark's measured run, without the
// server's start and warm-up: bench/booking.ts prints how long its run took).
import fs from "node:fs";
import { parseArgs } from "node:util";

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type Profile = { nodes: ProfileNode[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: "string", default: "30" }, filter: { type: "string" }, callers: { type: "string" }, last: { type: "string" } },
});
const file = positionals[0];
if (!file) throw new Error("Usage: tsx bench/cpu-profile-summary.ts FILE.cpuprofile [--top N] [--filter TEXT]");
const top = Number(values.top);
const profile = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

function shortUrl(url: string): string {
  const modules = url.lastIndexOf("node_modules/");
  if (modules >= 0) return url.slice(modules + "node_modules/".length);
  const build = url.indexOf("/build/");
  if (build >= 0) return url.slice(build + 1);
  return url.replace(/^file:\/\//, "");
}

function packageOf(url: string): string {
  if (!url) return "(native / V8)";
  if (url.startsWith("node:")) return "(node internals)";
  const modules = url.lastIndexOf("node_modules/");
  if (modules < 0) return url.includes("/build/server/") ? "(app server bundle)" : "(other)";
  const rest = url.slice(modules + "node_modules/".length).split("/");
  return rest[0]?.startsWith("@") ? `${rest[0]}/${rest[1] ?? ""}` : (rest[0] ?? "?");
}

const frameKey = (frame: CallFrame) => `${frame.functionName || "(anonymous)"}  ${shortUrl(frame.url)}:${frame.lineNumber + 1}`;

function stackOf(nodeId: number): ProfileNode[] {
  const stack: ProfileNode[] = [];
  for (let id: number | undefined = nodeId; id !== undefined; id = parentOf.get(id)) {
    const node = byId.get(id);
    if (node) stack.push(node);
  }
  return stack;
}

const self = new Map<string, number>();
const inclusive = new Map<string, number>();
const perPackage = new Map<string, number>();
const callers = new Map<string, number>();
let total = 0;
let counted = 0;
const filter = values.filter?.toLowerCase();
const countsFrom = values.last ? profile.endTime - Number(values.last) * 1_000_000 : -Infinity;
let sampledAt = profile.startTime;
profile.samples.forEach((nodeId, index) => {
  sampledAt += profile.timeDeltas[index] ?? 0;
  if (sampledAt < countsFrom) return;
  const delta = (profile.timeDeltas[index + 1] ?? profile.timeDeltas[index] ?? 0) / 1000;
  total += delta;
  const stack = stackOf(nodeId);
  const leaf = stack[0];
  if (!leaf) return;
  if (filter && !stack.some((node) => `${node.callFrame.functionName} ${node.callFrame.url}`.toLowerCase().includes(filter))) return;
  if (leaf.callFrame.functionName === "(idle)") return;
  counted += delta;
  const leafKey = frameKey(leaf.callFrame);
  self.set(leafKey, (self.get(leafKey) ?? 0) + delta);
  perPackage.set(packageOf(leaf.callFrame.url), (perPackage.get(packageOf(leaf.callFrame.url)) ?? 0) + delta);
  if (values.callers && leaf.callFrame.functionName === values.callers) {
    const chain = stack.slice(1, 14).map((node) => frameKey(node.callFrame)).join("\n             < ");
    callers.set(chain, (callers.get(chain) ?? 0) + delta);
  }
  const seen = new Set<string>();
  for (const node of stack) {
    const key = frameKey(node.callFrame);
    if (seen.has(key)) continue;
    seen.add(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + delta);
  }
});

const print = (title: string, entries: Map<string, number>, limit: number) => {
  console.log(`\n${title}`);
  for (const [key, ms] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, limit)) {
    console.log(`${ms.toFixed(0).padStart(8)} ms ${((100 * ms) / counted).toFixed(1).padStart(5)}%  ${key}`);
  }
};

console.log(
  `${file}: ${(total / 1000).toFixed(1)} s profiled${values.last ? ` (its last ${values.last} s)` : ""}, ${(counted / 1000).toFixed(1)} s busy${filter ? ` under "${values.filter}"` : ""} (idle excluded)`,
);
print("Self time by package", perPackage, top);
print("Self time by function", self, top);
print("Inclusive time by function", inclusive, top);
if (values.callers) print(`Callers of ${values.callers}`, callers, 8);
