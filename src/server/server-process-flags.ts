/**
 * The V8 flags every server process runs with: main.ts gives them to the server processes it
 * starts, and the benchmark to the server it measures. This module imports nothing, so the
 * supervisor that reads it still loads none of the server's code.
 *
 * `--heap-growing-percent=100`: after a full garbage collection the old generation may grow to
 * twice what survived before the next one starts. With V8's own factor the server, holding
 * 55–60 MB live, started a full collection every 1–3 s under load (10–30 ms of pause and up to
 * 70 ms of incremental marking on its one thread each, with the requests that came meanwhile
 * waiting behind them): 55–56 in a run of the mixed workload, 8–9 with the flag, whose p99 at
 * 70% of saturation fell from 83–89 ms to 22–23 ms, at the same peak memory (decision 060).
 *
 * `--no-allocation-site-pretenuring`: V8 watches where objects are made, and once most of a
 * place's objects were alive at a young-generation collection it makes that place's objects in the
 * old generation from then on, where only a full collection frees them. A burst of requests taught
 * it that about objects ordinary requests make and drop within milliseconds: the same page of
 * forum posts then promoted 19–31 KB a request instead of 1.4–2.7 KB, and full collections came
 * every 2–5 s under load. Without it (and with tRPC's combined signals patched), one or two came
 * in the mixed workload's two and a half minutes of load (decision 061).
 */
export const SERVER_PROCESS_V8_FLAGS = ['--heap-growing-percent=100', '--no-allocation-site-pretenuring'];
