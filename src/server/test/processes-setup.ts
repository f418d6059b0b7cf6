import type { TestProject } from 'vitest/node';
import { bundleSourceEntries } from './server-bundle';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of the bundled server entries (server-bundle.ts). */
    serverBundle: string;
  }
}

/** The process tests start the server from bundles made once per run (server-bundle.ts). */
export default async function setup(project: TestProject) {
  project.provide('serverBundle', await bundleSourceEntries('process-tests-server'));
}
