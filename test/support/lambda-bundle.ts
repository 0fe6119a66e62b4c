import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Metafile, type Plugin } from 'esbuild';
import { lambdaBuildOptions } from '../../lib/constructs/lambda-bundle.js';

export interface LambdaBundle {
  metafile: Metafile;
  /** The folder the function's asset is made of: `index.mjs`, its chunks and source maps. */
  outdir: string;
}

/** Bundles a Lambda entry exactly as the stack does (`lib/constructs/lambda-bundle.ts`). */
export async function bundleLambda(options: {
  root: string;
  entry: string;
  outdir: string;
  sourcemap?: 'external' | 'linked';
  plugins?: Plugin[];
}): Promise<LambdaBundle> {
  const result = await build({
    ...lambdaBuildOptions(options.root, options.entry, options.outdir, options.sourcemap),
    plugins: options.plugins ?? [],
  });
  return { metafile: result.metafile ?? { inputs: {}, outputs: {} }, outdir: options.outdir };
}

/** Every `.mjs` file of a bundle, entry and chunks: all the code the function is deployed with. */
export function bundleCode(outdir: string): string {
  return readdirSync(outdir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.mjs'))
    .map((name) => readFileSync(join(outdir, name), 'utf8'))
    .join('\n');
}

/** Bundles into a temporary folder and returns all its code. */
export async function bundledCode(root: string, file: string): Promise<string> {
  const outdir = mkdtempSync(join(tmpdir(), 'clearway-bundle-'));
  try {
    await bundleLambda({ root, entry: file, outdir });
    return bundleCode(outdir);
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

/** Lambda entry points: every `functions/*.ts` (not the shared `functions/http/` helpers). */
export function lambdaEntries(root: string): string[] {
  const folder = join(root, 'functions');
  return readdirSync(folder)
    .filter((name) => name.endsWith('.ts') && statSync(join(folder, name)).isFile())
    .sort()
    .map((name) => join(folder, name));
}
