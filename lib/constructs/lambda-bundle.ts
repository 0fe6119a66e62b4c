import { join } from 'node:path';
import type { BuildOptions } from 'esbuild';

/** ESM output needs `require` for the CommonJS dependencies esbuild inlines (they `require` Node built-ins). */
export const requireBanner =
  "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);";

/**
 * How every Lambda is bundled, in one place for the stack, the bench and the bundle tests: minified ESM for
 * Node.js 24, `index.mjs` plus chunks, with linked source maps read only when a stack is
 * (`shared/runtime/source-frames.ts`, injected first). Code splitting keeps what a function imports lazily
 * (the S3 client for a rare large webhook, the SSM client for a key rotation) in chunks that are read only
 * when used, so their code does not cost a cold start.
 */
export function lambdaBuildOptions(
  root: string,
  /** The entry file, relative to `root` or absolute. */
  entry: string,
  outdir: string,
  sourcemap: 'linked' | 'external' = 'linked',
): BuildOptions {
  return {
    absWorkingDir: root,
    entryPoints: { index: entry },
    outdir,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    splitting: true,
    platform: 'node',
    target: 'node24',
    format: 'esm',
    bundle: true,
    minify: true,
    sourcemap,
    sourcesContent: false,
    mainFields: ['module', 'main'],
    banner: { js: requireBanner },
    // Instead of NODE_OPTIONS=--enable-source-maps, which reads every map at cold start.
    inject: [join(root, 'shared/runtime/install-stack-traces.ts')],
    tsconfig: join(root, 'tsconfig.json'),
    metafile: true,
    logLevel: 'error',
  };
}
