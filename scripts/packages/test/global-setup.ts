// Packs and installs the scratch project once for every file of the package checks (vitest globalSetup).
import type { TestProject } from 'vitest/node';
import { prepareScratch, type Scratch } from '../scratch';

declare module 'vitest' {
  export interface ProvidedContext {
    scratch: Scratch;
  }
}

export default async function setup(project: TestProject): Promise<void> {
  const started = performance.now();
  const scratch = await prepareScratch();
  console.log(
    `package checks: ${scratch.tarballs.length} tarballs installed in ${scratch.project} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
  project.provide('scratch', scratch);
}
