import { PerformanceObserver } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';

/** How often the event loop is sampled, and from what delay on a pause is reported. */
const SAMPLE_MS = 50;
export const STALL_REPORTED_MS = 200;

/**
 * Reports, at warn level, every time the server stops answering for STALL_REPORTED_MS or more:
 * its event loop held (a timer that should have fired every SAMPLE_MS came that much late),
 * and separately each garbage collection that long. Requests that wait through such a pause
 * are the slow tail a user notices; the log line says when it happened and whether garbage
 * collection was the cause, to match with the database's log (checkpoints, autovacuum, lock
 * waits) over the same seconds. A loaded machine that gives the process no CPU shows here too.
 */
export function watchForStalls(log: FastifyBaseLogger): () => void {
  let expected = performance.now() + SAMPLE_MS;
  const timer = setInterval(() => {
    const now = performance.now();
    const heldMs = now - expected;
    if (heldMs >= STALL_REPORTED_MS) log.warn({ heldMs: Math.round(heldMs) }, 'the event loop was held');
    expected = now + SAMPLE_MS;
  }, SAMPLE_MS).unref();
  const collections = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.duration >= STALL_REPORTED_MS) log.warn({ pauseMs: Math.round(entry.duration) }, 'a garbage collection paused the server');
    }
  });
  collections.observe({ entryTypes: ['gc'] });
  return () => {
    clearInterval(timer);
    collections.disconnect();
  };
}
