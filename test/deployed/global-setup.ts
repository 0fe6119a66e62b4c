import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { type AssemblyFolders, assemblyFolders, synthesisMarkers } from './assemblies.js';

/**
 * Where the deployed suite synthesizes each environment: `cdk.out/<env>`, as `cdk deploy` would stage it
 * (`CLEARWAY_ASSEMBLY_ROOT` moves it, so two runs at once do not share folders).
 */
const assemblyRoot = process.env.CLEARWAY_ASSEMBLY_ROOT ?? join(import.meta.dirname, '..', '..', 'cdk.out');

declare module 'vitest' {
  export interface ProvidedContext {
    deployedAssemblies: AssemblyFolders;
  }
}

/**
 * Synthesizes both environments once per run, with real bundling, for every file of the deployed suite. It
 * runs in a process of its own while the other project's tests run (this project's group runs after them),
 * so the synth costs no wall time on a machine with a spare core; the files wait for it (`assemblies.ts`).
 */
export default function setup(project: TestProject): () => void {
  const folders = assemblyFolders(assemblyRoot);
  const markers = synthesisMarkers(folders);
  for (const folder of [folders.simulation, folders.production, markers.done, markers.failed])
    rmSync(folder, { recursive: true, force: true });
  mkdirSync(folders.root, { recursive: true });
  const synthesis: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'synthesize.ts'), folders.root],
    // CDK reports each bundle on stderr; a failure is written to the `failed` marker instead.
    { stdio: 'ignore' },
  );
  synthesis.once('exit', (code, signal) => {
    if (code !== 0 && !existsSync(markers.failed))
      writeFileSync(markers.failed, `the synthesis process ended with ${signal ?? `exit code ${code}`}`);
  });
  project.provide('deployedAssemblies', folders);
  return () => {
    synthesis.kill();
  };
}
