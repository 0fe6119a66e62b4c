import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Metafile, Plugin } from 'esbuild';
import { bundleLambda } from '../support/lambda-bundle.js';
import { median } from './stats.js';

export interface BundleResult {
  entry: string;
  bytes: number;
  gzipBytes: number;
  mapBytes: number;
  /** Median ms of `await import(bundle)` in a fresh Node process (timed inside the child). */
  importMs: number;
  importMinMs: number;
  importRunsMs: number[];
  /** The same with `--enable-source-maps` and a linked map, as the Lambda runs it (NODE_OPTIONS). */
  importWithSourceMapsMs: number;
  /** Median ms from spawning the child to its exit: Node's own start-up included. */
  processMs: number;
  /** Where the bytes come from: npm package (or `clearway` for the project's own code), largest first. */
  topInputs: Array<{ name: string; bytes: number }>;
}

export interface BundlesResult {
  runs: number;
  /** `await import()` of an empty module in a fresh process: the floor of the import figures. */
  emptyImportMs: number;
  emptyProcessMs: number;
  bundles: BundleResult[];
  /**
   * The receiver bundled with the AWS SDK (and Powertools parameters, its SSM user) replaced by empty stubs:
   * what its load time would be without the SDK. Importing it works because no handler runs.
   */
  receiverWithoutAwsSdk: { bytes: number; importMs: number; importMinMs: number } | undefined;
}

/** Replaces the AWS SDK by a stub whose every export is an empty class (import-time only). */
const stubAwsSdk: Plugin = {
  name: 'stub-aws-sdk',
  setup(build) {
    build.onResolve({ filter: /^(@aws-sdk\/|@smithy\/|@aws-lambda-powertools\/parameters)/ }, (args) => ({
      path: args.path,
      namespace: 'aws-sdk-stub',
    }));
    build.onLoad({ filter: /.*/, namespace: 'aws-sdk-stub' }, () => ({
      contents: 'module.exports = new Proxy({}, { get: () => class {} });',
      loader: 'js',
    }));
  },
};

/** Lambda entry points: every `functions/*.ts` (not the shared `functions/http/` helpers). */
export function lambdaEntries(root: string): string[] {
  const folder = join(root, 'functions');
  return readdirSync(folder)
    .filter((name) => name.endsWith('.ts') && statSync(join(folder, name)).isFile())
    .sort()
    .map((name) => join(folder, name));
}

async function bundle(
  root: string,
  entry: string,
  outfile: string,
  sourcemap: 'external' | 'linked',
  plugins: Plugin[] = [],
) {
  return (await bundleLambda({ root, entry, outfile, sourcemap, plugins })).metafile;
}

function packageOf(input: string): string {
  const parts = input.split('node_modules/');
  const inside = parts[parts.length - 1] ?? input;
  if (parts.length === 1) return 'clearway';
  const segments = inside.split('/');
  return inside.startsWith('@') ? `${segments[0]}/${segments[1]}` : (segments[0] ?? inside);
}

function topInputs(metafile: Metafile, limit: number): Array<{ name: string; bytes: number }> {
  const byPackage = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const name = packageOf(input);
      byPackage.set(name, (byPackage.get(name) ?? 0) + bytesInOutput);
    }
  }
  return [...byPackage.entries()]
    .map(([name, bytes]) => ({ name, bytes }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, limit);
}

interface ChildTiming {
  importMs: number;
  processMs: number;
}

/** Imports `file` in a fresh Node process with only the environment a Lambda would need to import it. */
function loadInFreshNode(file: string, flags: string[] = []): Promise<ChildTiming> {
  const code = `const t = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); console.log(performance.now() - t);`;
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', AWS_REGION: 'eu-west-2' };
  const started = performance.now();
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [...flags, '--input-type=module', '-e', code],
      { env, timeout: 20_000 },
      (error, stdout, stderr) => {
        const processMs = performance.now() - started;
        if (error) {
          reject(new Error(`loading ${basename(file)} failed: ${error.message}\n${stderr}`));
          return;
        }
        const lines = stdout.trim().split('\n');
        const importMs = Number(lines[lines.length - 1]);
        if (!Number.isFinite(importMs)) reject(new Error(`no timing from ${basename(file)}: ${stdout}`));
        else resolve({ importMs, processMs });
      },
    );
  });
}

/**
 * Bundles every Lambda entry as the CDK construct does and times loading each bundle in fresh processes.
 * Runs go round-robin over the bundles so a slow spell of the machine is shared out.
 */
export async function bundles(root: string, outDir: string, runs: number): Promise<BundlesResult> {
  const entries = lambdaEntries(root);
  const built = [];
  for (const entry of entries) {
    const name = basename(entry, '.ts');
    const file = join(outDir, 'external', `${name}.mjs`);
    const linked = join(outDir, 'linked', `${name}.mjs`);
    const metafile = await bundle(root, entry, file, 'external');
    await bundle(root, entry, linked, 'linked');
    built.push({ entry: relative(root, entry), file, linked, metafile });
  }
  const receiverEntry = entries.find((entry) => basename(entry) === 'webhook-receiver.ts');
  const withoutSdk = join(outDir, 'stubbed', 'webhook-receiver.mjs');
  if (receiverEntry) await bundle(root, receiverEntry, withoutSdk, 'external', [stubAwsSdk]);
  const withoutSdkTimings: number[] = [];
  const empty = join(outDir, 'empty.mjs');
  writeFileSync(empty, 'export {};\n');

  const timings = built.map(() => ({ plain: [] as ChildTiming[], sourceMaps: [] as number[] }));
  const emptyTimings: ChildTiming[] = [];
  // One untimed load of each to warm the file cache.
  for (const item of built) await loadInFreshNode(item.file);
  for (let run = 0; run < runs; run++) {
    emptyTimings.push(await loadInFreshNode(empty));
    for (const [index, item] of built.entries()) {
      timings[index]?.plain.push(await loadInFreshNode(item.file));
      timings[index]?.sourceMaps.push(
        (await loadInFreshNode(item.linked, ['--enable-source-maps'])).importMs,
      );
    }
    if (receiverEntry) withoutSdkTimings.push((await loadInFreshNode(withoutSdk)).importMs);
  }
  return {
    runs,
    emptyImportMs: median(emptyTimings.map((timing) => timing.importMs)),
    emptyProcessMs: median(emptyTimings.map((timing) => timing.processMs)),
    bundles: built.map((item, index) => {
      const timing = timings[index] ?? { plain: [], sourceMaps: [] };
      const code = readFileSync(item.file);
      return {
        entry: item.entry,
        bytes: code.length,
        gzipBytes: gzipSync(code).length,
        mapBytes: statSync(`${item.file}.map`).size,
        importMs: median(timing.plain.map((entry) => entry.importMs)),
        importMinMs: Math.min(...timing.plain.map((entry) => entry.importMs)),
        importRunsMs: timing.plain.map((entry) => entry.importMs),
        importWithSourceMapsMs: median(timing.sourceMaps),
        processMs: median(timing.plain.map((entry) => entry.processMs)),
        topInputs: topInputs(item.metafile, 5),
      };
    }),
    receiverWithoutAwsSdk: receiverEntry
      ? {
          bytes: statSync(withoutSdk).size,
          importMs: median(withoutSdkTimings),
          importMinMs: Math.min(...withoutSdkTimings),
        }
      : undefined,
  };
}
