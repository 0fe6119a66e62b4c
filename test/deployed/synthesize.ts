import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { ENVIRONMENT_NAMES } from '#shared/config/function-environment.js';
import { assemblyFolders, synthesisMarkers } from './assemblies.js';
import { synthesizeForDeployment } from './synth.js';

// `node --import tsx synthesize.ts <root>`: both environments into `<root>/<env>`, then a marker file that
// says it is done (or why it failed), written whole so a reader never sees half of it.
const root = process.argv[2] as string;
const folders = assemblyFolders(root);
const markers = synthesisMarkers(folders);
const writeWhole = (file: string, text: string) => {
  mkdirSync(root, { recursive: true });
  writeFileSync(`${file}.partial`, text);
  renameSync(`${file}.partial`, file);
};
try {
  for (const envName of ENVIRONMENT_NAMES) synthesizeForDeployment(envName, folders[envName]);
  writeWhole(markers.done, new Date().toISOString());
} catch (error) {
  writeWhole(markers.failed, (error as Error).stack ?? String(error));
  process.exitCode = 1;
}
