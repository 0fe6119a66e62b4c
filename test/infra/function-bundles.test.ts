import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleLambda, lambdaEntries, reportSchemaBuilds } from '../support/lambda-bundle.js';

// What the deployed bundles themselves prove (each loads, chunks included, and carries only its own domain)
// is checked on the synthesized assets, in test/deployed/artifacts.test.ts. This file keeps what needs a
// bundle of its own: zod instrumented to report the schemas it builds.
const root = join(import.meta.dirname, '..', '..');
const outdir = mkdtempSync(join(tmpdir(), 'clearway-functions-'));
const functions = lambdaEntries(root).map((entry) => basename(entry, '.ts'));

beforeAll(async () => {
  // As the stack bundles them, with zod's one inert report line (`reportSchemaBuilds`), which does nothing
  // unless a test sets the global it calls.
  await Promise.all(
    functions.map((fn) =>
      bundleLambda({
        root,
        entry: `functions/${fn}.ts`,
        outdir: join(outdir, fn),
        plugins: [reportSchemaBuilds],
      }),
    ),
  );
}, 60_000);
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

/**
 * What zod constructs for `z.lazy` itself; anything else built while a function is imported is a schema built
 * at cold start.
 */
const LAZY_WRAPPER_KINDS = ['ZodMiniLazy', '$ZodLazy', 'ZodMiniType', '$ZodType'];

describe('each function builds no schema when it is imported', () => {
  // A function serves many operations and builds only the schemas of the one it is called for, on that call.
  it.each(functions)(
    'functions/%s.ts',
    async (fn) => {
      const index = pathToFileURL(join(outdir, fn, 'index.mjs')).href;
      const code = `const lazy = new Set(${JSON.stringify(LAZY_WRAPPER_KINDS)}); const built = [];
globalThis.__zodBuilt = (kind) => { if (!lazy.has(kind)) built.push(kind + ' ' + new Error().stack.split('\\n').filter((line) => line.includes('/shared/')).slice(-1)[0]?.trim()); };
await import(${JSON.stringify(index)});
console.log(JSON.stringify(built.slice(0, 5)));`;
      const { stdout } = await promisify(execFile)(
        process.execPath,
        // The bundle maps its own stacks (shared/runtime/source-frames.ts), so the lines name the sources.
        ['--stack-trace-limit=100', '--input-type=module', '-e', code],
        { env: { PATH: process.env.PATH ?? '', AWS_REGION: 'eu-west-2' }, timeout: 20_000 },
      );
      expect(JSON.parse(stdout)).toEqual([]);
    },
    30_000,
  );
});
