import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationFunctionNames } from '../../lib/catalog.js';
import { operations } from '../../shared/operations/index.js';
import { pathsOf } from '../../shared/operations/operation.js';
import { bundleCode, bundleLambda, lambdaEntries, reportSchemaBuilds } from '../support/lambda-bundle.js';

const root = join(import.meta.dirname, '..', '..');
const outdir = mkdtempSync(join(tmpdir(), 'clearway-functions-'));
const functions = lambdaEntries(root).map((entry) => basename(entry, '.ts'));

beforeAll(async () => {
  // As the stack bundles them, with zod's one inert report line (`reportSchemaBuilds`): bundling once keeps
  // this file's run short, and the line does nothing unless a test sets the global it calls.
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

/** A path as the bundle writes it: a whole string literal, so `/v2/Accounts/{id}` is not found in a longer path. */
function literal(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`["'\`]${escaped}["'\`]`);
}

describe('each operation function bundles only its own domain', () => {
  it.each(operationFunctionNames())(
    'functions/%s.ts carries its own operation records and no other domain’s',
    (fn) => {
      const text = bundleCode(join(outdir, fn));
      const own = operations.filter((operation) => operation.fn === fn).flatMap(pathsOf);
      const others = operations.filter((operation) => operation.fn !== fn).flatMap(pathsOf);
      expect(own.filter((path) => !literal(path).test(text))).toEqual([]);
      expect(others.filter((path) => literal(path).test(text))).toEqual([]);
    },
  );
});

describe('each function as deployed loads in Node, lazy chunks included', () => {
  it.each(functions)(
    'functions/%s.ts',
    async (fn) => {
      const folder = join(outdir, fn);
      const files = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((name) =>
        name.endsWith('.mjs'),
      );
      expect(files).toContain('index.mjs');
      // Importing every chunk evaluates it: a lazy import() the bundle could not resolve fails here, not in Lambda.
      const code = `for (const file of ${JSON.stringify(files.map((file) => pathToFileURL(join(folder, file)).href))}) await import(file); const { handler } = await import(${JSON.stringify(pathToFileURL(join(folder, 'index.mjs')).href)}); if (typeof handler !== 'function') throw new Error('no handler');`;
      await promisify(execFile)(process.execPath, ['--input-type=module', '-e', code], {
        env: { PATH: process.env.PATH ?? '', AWS_REGION: 'eu-west-2' },
        timeout: 20_000,
      });
    },
    30_000,
  );
});

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
