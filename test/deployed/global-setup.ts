import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { synthesizeForDeployment } from './synth.js';

/**
 * Where the deployed suite synthesizes each environment: `cdk.out/<env>`, as `cdk deploy` would stage it
 * (`CLEARWAY_ASSEMBLY_ROOT` moves it, so two runs at once do not share folders).
 */
const assemblyRoot = process.env.CLEARWAY_ASSEMBLY_ROOT ?? join(import.meta.dirname, '..', '..', 'cdk.out');

declare module 'vitest' {
  export interface ProvidedContext {
    deployedAssemblies: { simulation: string; production: string };
  }
}

/** Synthesizes both environments once per run, with real bundling, for every file of the deployed suite. */
export default function setup(project: TestProject): void {
  const folders = {
    simulation: join(assemblyRoot, 'simulation'),
    production: join(assemblyRoot, 'production'),
  };
  for (const [envName, folder] of Object.entries(folders)) {
    rmSync(folder, { recursive: true, force: true });
    synthesizeForDeployment(envName as 'simulation' | 'production', folder);
  }
  project.provide('deployedAssemblies', folders);
}
