/**
 * Where a CPU profile's time went: `npx tsx scripts/cpu-profile-summary.ts <file.cpuprofile>`,
 * for the profiles `BENCH_CPU_PROFILE=<folder>` makes the bench servers write (node --cpu-prof).
 * Prints the busy time (idle left out), then shares of it: by package (a node_modules package,
 * a node: module, the app's own bundle, or V8's own work such as the garbage collector), by
 * function (self time), and by function with everything it called (inclusive).
 * `--callers <text>` adds, for the functions whose name contains the text, whose calls their
 * self time was spent under (the nearest caller outside them).
 * `--busy-spans <ms>` adds the stretches of at least that many ms in which the thread never
 * went idle (no request waited on I/O alone: each one that came in waited its turn), with what
 * filled each, and the longest gaps between two samples (the thread got no CPU to be sampled).
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const callersIndex = process.argv.indexOf('--callers');
const callersOf = callersIndex > 0 ? process.argv.splice(callersIndex, 2)[1] : undefined;
const spansIndex = process.argv.indexOf('--busy-spans');
const busySpanMs = spansIndex > 0 ? Number(process.argv.splice(spansIndex, 2)[1]) : undefined;
const [file, top = '30'] = process.argv.slice(2);
if (!file) {
  console.error('usage: npx tsx scripts/cpu-profile-summary.ts <file.cpuprofile> [rows] [--callers <function name>] [--busy-spans <ms>]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const rows = Number(top);
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

/** Microseconds sampled in each node itself. */
const selfTime = new Map<number, number>();
profile.samples.forEach((id, index) => selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));

const functionOf = ({ callFrame }: ProfileNode) =>
  `${callFrame.functionName || '(anonymous)'} ${callFrame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/dist\//, 'dist/')}${callFrame.url ? `:${callFrame.lineNumber + 1}` : ''}`;
function packageOf({ callFrame }: ProfileNode): string {
  if (!callFrame.url) return callFrame.functionName;
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(callFrame.url);
  if (dependency) return dependency[1]!;
  if (callFrame.url.startsWith('node:')) return callFrame.url;
  return callFrame.url.includes('/dist/') ? 'the app (dist)' : callFrame.url;
}

const bySelf = new Map<string, number>();
const byPackage = new Map<string, number>();
const inclusive = new Map<string, number>();
const callers = new Map<string, number>();
let idle = 0;
let total = 0;
for (const [id, time] of selfTime) {
  const node = nodes.get(id)!;
  total += time;
  if (node.callFrame.functionName === '(idle)') {
    idle += time;
    continue;
  }
  const add = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + time);
  add(bySelf, functionOf(node));
  add(byPackage, packageOf(node));
  // Each function on the stack once, however often it recurs.
  const onStack = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) onStack.add(functionOf(nodes.get(at)!));
  for (const name of onStack) add(inclusive, name);
  if (callersOf && functionOf(node).includes(callersOf)) {
    let caller = parentOf.get(id);
    while (caller !== undefined && functionOf(nodes.get(caller)!).includes(callersOf)) caller = parentOf.get(caller);
    add(callers, caller === undefined ? '(none)' : functionOf(nodes.get(caller)!));
  }
}

const busy = total - idle;
const share = (time: number) => `${((time / busy) * 100).toFixed(1).padStart(5)}%`;
const print = (title: string, map: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [name, time] of [...map].sort((a, b) => b[1] - a[1]).slice(0, rows)) console.log(`${share(time)}  ${name}`);
};
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy; shares of the busy time`);
print('By package (self time)', byPackage);
print('By function (self time)', bySelf);
inclusive.delete('(root) ');
print('By function with what it called (inclusive)', inclusive);
if (callersOf) print(`Self time of functions named like "${callersOf}", by their nearest other caller`, callers);

if (busySpanMs !== undefined) printBusySpans(busySpanMs);

/** The stretches without an idle sample of at least `minimumMs`, longest first, and the longest gaps between samples. */
function printBusySpans(minimumMs: number) {
  const spans: { startMs: number; lengthMs: number; selfTime: Map<string, number> }[] = [];
  const gaps: { atMs: number; lengthMs: number }[] = [];
  let now = 0;
  let current: { startMs: number; selfTime: Map<string, number> } | null = null;
  const close = () => {
    const lengthMs = current ? [...current.selfTime.values()].reduce((sum, time) => sum + time, 0) / 1000 : 0;
    if (current && lengthMs >= minimumMs) spans.push({ startMs: current.startMs / 1000, lengthMs, selfTime: current.selfTime });
    current = null;
  };
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    now += delta;
    gaps.push({ atMs: now / 1000, lengthMs: delta / 1000 });
    const node = nodes.get(id)!;
    if (node.callFrame.functionName === '(idle)') return close();
    current ??= { startMs: now - delta, selfTime: new Map() };
    const name = functionOf(node);
    current.selfTime.set(name, (current.selfTime.get(name) ?? 0) + delta);
  });
  close();
  const lengths = spans.map((span) => span.lengthMs);
  console.log(`\nStretches without idle of ${minimumMs} ms or more: ${spans.length}, ${lengths.reduce((sum, length) => sum + length, 0).toFixed(0)} ms in all`);
  for (const span of spans.sort((a, b) => b.lengthMs - a.lengthMs).slice(0, rows)) {
    const filled = [...span.selfTime].sort((a, b) => b[1] - a[1]).slice(0, 4);
    const parts = filled.map(([name, time]) => `${((time / 1000 / span.lengthMs) * 100).toFixed(0)}% ${name}`).join('; ');
    console.log(`  at ${(span.startMs / 1000).toFixed(1)} s, ${span.lengthMs.toFixed(0)} ms: ${parts}`);
  }
  console.log('Longest gaps between two samples:');
  for (const gap of gaps.sort((a, b) => b.lengthMs - a.lengthMs).slice(0, 8)) console.log(`  at ${(gap.atMs / 1000).toFixed(1)} s, ${gap.lengthMs.toFixed(1)} ms`);
}
