import { build, type Plugin } from 'esbuild';

/**
 * Bundles a Lambda entry as `lib/constructs/function.ts` has CDK bundle it: ESM for node24, minified, the
 * `module` field first, and a `createRequire` banner for the CommonJS dependencies esbuild inlines. The
 * bench and the bundle tests share it so they measure what is deployed.
 */
export const requireBanner =
  "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);";

export interface LambdaBundleOptions {
  /** Absolute working directory, the repository root. */
  root: string;
  entry: string;
  /** Written to disk with its source map; left out, the code is only returned. */
  outfile?: string;
  sourcemap?: 'external' | 'linked';
  plugins?: Plugin[];
}

export async function bundleLambda(options: LambdaBundleOptions) {
  const result = await build({
    plugins: options.plugins ?? [],
    absWorkingDir: options.root,
    entryPoints: [options.entry],
    ...(options.outfile ? { outfile: options.outfile, write: true } : { write: false, outdir: '/' }),
    platform: 'node',
    target: 'node24',
    format: 'esm',
    bundle: true,
    minify: true,
    sourcemap: options.outfile ? (options.sourcemap ?? 'external') : false,
    sourcesContent: false,
    mainFields: ['module', 'main'],
    banner: { js: requireBanner },
    metafile: true,
    logLevel: 'error',
  });
  const code = result.outputFiles?.find((file) => file.path.endsWith('.js'))?.text;
  return { metafile: result.metafile, code };
}
