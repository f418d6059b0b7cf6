// npm test: every check the project has, stopping at the first that fails, then a table of how
// long each step took (the same table after a failure, up to the step that failed).
//
// The type check and the linter read the same sources and write nothing, so they run side by
// side; each one's output is printed whole when it ends, never interleaved. Everything else runs
// in order: the journeys need the build, and the build rewrites what the other steps read.
import { spawn } from 'node:child_process';

/** Steps in order; an array of steps is a group whose steps run at the same time. */
const STEPS = [
  { name: 'messages', command: 'npm run --silent i18n:compile' },
  [
    { name: 'type check', command: 'npx tsc --noEmit' },
    { name: 'lint', command: 'npx eslint .' },
  ],
  { name: 'unit and integration tests', command: 'npx vitest run' },
  { name: 'build', command: 'npm run build' },
  [
    { name: 'bundle budget and styles', command: 'npm run --silent check:bundle' },
    { name: 'the built server starts', command: 'npm run --silent check:start' },
  ],
  { name: 'browser journeys', command: 'npx playwright test' },
];

const timings = [];
const seconds = (since) => ((performance.now() - since) / 1000).toFixed(1);

/** Runs one step; alone, its output streams as it comes; in a group, it is printed when the step ends. */
function run(step, { buffered }) {
  const started = performance.now();
  return new Promise((done) => {
    const child = spawn(step.command, { shell: true, stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const output = [];
    if (buffered) {
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
    }
    child.on('close', (code) => {
      if (buffered) process.stdout.write(Buffer.concat(output));
      timings.push({ step: step.name, seconds: seconds(started), result: code === 0 ? 'passed' : `failed (exit ${code})` });
      done(code === 0);
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
  if (group.length > 1) console.log(`\n== ${group.map((each) => each.name).join(' and ')} (side by side)`);
  else console.log(`\n== ${step.name}: ${step.command}`);
  const results = await Promise.all(group.map((each) => run(each, { buffered: group.length > 1 })));
  if (results.includes(false)) {
    passed = false;
    break;
  }
}
printTimings(seconds(started));
process.exit(passed ? 0 : 1);
