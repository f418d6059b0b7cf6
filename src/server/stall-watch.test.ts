import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { STALL_REPORTED_MS, watchForStalls } from './stall-watch';

function recordingLog() {
  const warnings: { fields: Record<string, number>; message: string }[] = [];
  const log = { warn: (fields: Record<string, number>, message: string) => warnings.push({ fields, message }) } as unknown as FastifyBaseLogger;
  return { log, warnings };
}

const holdTheEventLoop = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy: nothing else runs
  }
};
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe('watchForStalls', () => {
  it('reports an event loop held past the threshold, with how long', async () => {
    const { log, warnings } = recordingLog();
    const stop = watchForStalls(log);
    try {
      await sleep(120);
      holdTheEventLoop(STALL_REPORTED_MS + 150);
      await sleep(120);
    } finally {
      stop();
    }
    // A machine busy with other work may add shorter pauses of its own; the one held here is there.
    const held = warnings.filter((warning) => warning.message === 'the event loop was held').map((warning) => warning.fields.heldMs!);
    expect(Math.max(...held)).toBeGreaterThanOrEqual(STALL_REPORTED_MS + 100);
  });

  it('reports nothing once stopped', async () => {
    const { log, warnings } = recordingLog();
    const stop = watchForStalls(log);
    await sleep(120);
    stop();
    const before = warnings.length;
    holdTheEventLoop(STALL_REPORTED_MS + 150);
    await sleep(120);
    expect(warnings).toHaveLength(before);
  });
});
