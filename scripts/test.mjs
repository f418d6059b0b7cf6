// npm test: every check the project has, stopping at the first that fails, then a table of how
// long each step took (the same table after a failure, up to the step that failed).
//
// The build comes first: every later step may read dist (the process tests' servers find the
// built client and the PGlite template there, the journeys serve it), and nothing reads a build
// half written. The type check and the linter then run beside vitest at the lowest CPU priority
// (nice 19): vitest leaves about a seventh of two cores idle while its tests wait on child
// processes, PostgreSQL and mail servers, and the two checks fill that time instead of taking
// most of a minute of their own; at that priority they get a core only when vitest's processes
// leave one (measured in docs/decisions/055-checks-beside-vitest.md). Output of a step beside
// another is printed whole when its group ends, never interleaved.
import { spawn } from 'node:child_process';

/**
 * Steps in order; an array is a group whose steps run at the same time. In a group, the one step
 * without `background` streams its output; the `background` ones run at the lowest priority.
 */
const STEPS = [
  { name: 'messages', command: 'npm run --silent i18n:compile' },
  { name: 'build', command: 'npm run build' },
  [
    { name: 'unit and integration tests', command: 'npx vitest run' },
    { name: 'type check', command: 'npx tsc --noEmit', background: true },
    { name: 'lint', command: 'npx eslint .', background: true },
  ],
  [
    { name: 'bundle budget and styles', command: 'npm run --silent check:bundle' },
    { name: 'the built server starts', command: 'npm run --silent check:start' },
  ],
  { name: 'browser journeys', command: 'npx playwright test' },
];

const timings = [];
const seconds = (since) => ((performance.now() - since) / 1000).toFixed(1);

/**
 * Runs one step. Streamed, its output comes as it is written; otherwise it is kept and handed
 * back, to be printed when the group ends.
 */
function run(step, { streamed }) {
  const started = performance.now();
  const command = step.background ? `nice -n 19 ${step.command}` : step.command;
  return new Promise((done) => {
    const child = spawn(command, { shell: true, stdio: streamed ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const output = [];
    if (!streamed) {
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
    }
    child.on('close', (code) => {
      timings.push({ step: step.name, seconds: seconds(started), result: code === 0 ? 'passed' : `failed (exit ${code})` });
      done({ step, passed: code === 0, output: Buffer.concat(output) });
    });
  });
}

function printTimings(total) {
  console.log('\nnpm test, step by step:');
  for (const { step, seconds, result } of timings) console.log(`  ${step.padEnd(28)} ${seconds.padStart(7)} s  ${result}`);
  console.log(`  ${'all'.padEnd(28)} ${total.padStart(7)} s`);
}

const started = performance.now();
let passed = true;
for (const step of STEPS) {
  const group = Array.isArray(step) ? step : [step];
  const foreground = group.filter((each) => !each.background);
  const streamed = foreground.length === 1 ? foreground[0] : undefined;
  const names = (steps) => steps.map((each) => each.name).join(' and ');
  if (group.length === 1) console.log(`\n== ${step.name}: ${step.command}`);
  else if (streamed) console.log(`\n== ${streamed.name} (${names(group.filter((each) => each.background))} beside it, at the lowest priority)`);
  else console.log(`\n== ${names(group)} (side by side)`);
  const results = await Promise.all(group.map((each) => run(each, { streamed: each === streamed })));
  for (const result of results.filter((each) => each.step !== streamed)) {
    if (group.length > 1) console.log(`\n-- ${result.step.name}:`);
    process.stdout.write(result.output);
  }
  if (results.some((result) => !result.passed)) {
    passed = false;
    break;
  }
}
printTimings(seconds(started));
process.exit(passed ? 0 : 1);
