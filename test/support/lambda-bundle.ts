import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build, type Metafile, type Plugin } from 'esbuild';
import { lambdaBuildOptions } from '#lib/constructs/lambda-bundle.js';

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

/**
 * Makes zod report each schema it builds to `globalThis.__zodBuilt(kind)` when that is set: the same bundle
 * otherwise. Finds the schemas a function builds when it is imported (shared/operations/README.md).
 */
export const reportSchemaBuilds: Plugin = {
  name: 'report-schema-builds',
  setup(build) {
    build.onLoad({ filter: /zod[\\/]v4[\\/]core[\\/]core\.js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const hooked = source.replace(
        'function init(inst, def) {',
        'function init(inst, def) { globalThis.__zodBuilt?.(name);',
      );
      if (hooked === source)
        throw new Error(`zod's $constructor changed: ${args.path} has no init(inst, def)`);
      return { contents: hooked, loader: 'js' };
    });
  },
};

/** Every `.mjs` file of a bundle, entry and chunks: all the code the function is deployed with. */
export function bundleCode(outdir: string): string {
  return readdirSync(outdir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.mjs'))
    .map((name) => readFileSync(join(outdir, name), 'utf8'))
    .join('\n');
}

/** Lambda entry points: every `functions/*.ts` (not the shared `functions/http/` helpers). */
export function lambdaEntries(root: string): string[] {
  const folder = join(root, 'functions');
  return readdirSync(folder)
    .filter((name) => name.endsWith('.ts') && statSync(join(folder, name)).isFile())
    .sort()
    .map((name) => join(folder, name));
}
