import { resolve } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { SERVER_BUNDLE_OPTIONS } from '../../scripts/server-bundle-options';
import { restartDelay } from './supervisor';

describe('the supervisor’s restart backoff', () => {
  it('starts a worker again at once after a healthy run, then doubles from 0.1 s up to 10 s while starts keep failing', () => {
    expect([0, 1, 2, 3, 4].map(restartDelay)).toEqual([0, 100, 200, 400, 800]);
    expect(restartDelay(8)).toBe(10_000);
    expect(restartDelay(50)).toBe(10_000);
  });
});

describe('the production entry', () => {
  it("loads only what supervising needs (the environment check, the server processes' V8 flags and node:cluster), never the server or its packages", async () => {
    const { metafile } = await build({ ...SERVER_BUNDLE_OPTIONS, entryPoints: [resolve(import.meta.dirname, 'main.ts')], write: false, outdir: 'out', metafile: true, logLevel: 'silent' });
    // Modules of src/shared (the site's name, time zones) are small and free of packages.
    const serverModules = Object.keys(metafile.inputs).filter((path) => path.startsWith('src/server/'));
    expect(serverModules.sort()).toEqual(['src/server/env.ts', 'src/server/main.ts', 'src/server/server-process-flags.ts', 'src/server/supervisor.ts']);
    const packages = Object.values(metafile.outputs).flatMap((output) => output.imports.filter((imported) => imported.external).map((imported) => imported.path));
    expect([...new Set(packages)].filter((name) => !name.startsWith('node:'))).toEqual(['zod']);
  });
});
