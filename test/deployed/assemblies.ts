import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';

export interface AssemblyFolders {
  readonly simulation: string;
  readonly production: string;
  readonly root: string;
}

/** Where each environment is synthesized under `root`: `<root>/<env>`. */
export function assemblyFolders(root: string): AssemblyFolders {
  return { root, simulation: join(root, 'simulation'), production: join(root, 'production') };
}

/** The files the synthesis process leaves: `done` once both environments are written, `failed` with why. */
export function synthesisMarkers(folders: AssemblyFolders): { done: string; failed: string } {
  return {
    done: join(folders.root, 'deployed-synthesis.done'),
    failed: join(folders.root, 'deployed-synthesis.failed'),
  };
}

/** Synthesis takes about 40 s on a quiet machine; a run that takes longer than this has hung. */
const WAIT_LIMIT_MS = 300_000;
const POLL_MS = 250;

/** The synthesized assemblies of this run, once the global setup's synthesis has finished. */
export async function deployedAssemblies(): Promise<AssemblyFolders> {
  const folders = inject('deployedAssemblies');
  const markers = synthesisMarkers(folders);
  for (let waited = 0; waited < WAIT_LIMIT_MS; waited += POLL_MS) {
    if (existsSync(markers.done)) return folders;
    if (existsSync(markers.failed))
      throw new Error(`synthesizing the templates failed:\n${readFileSync(markers.failed, 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`the templates were not synthesized within ${WAIT_LIMIT_MS / 1000} s`);
}
