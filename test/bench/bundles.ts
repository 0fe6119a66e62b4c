import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Metafile, Plugin } from 'esbuild';
import { readTemplate, type SynthesizedAssembly, synthesizeForDeployment } from '../deployed/synth.js';
import { DeployedTemplates } from '../deployed/template.js';
import { bundleLambda } from '../support/lambda-bundle.js';
import { median } from './stats.js';

export interface BundleResult {
  entry: string;
  /** Bytes read at import: the entry and the chunks it imports statically. */
  bytes: number;
  /** Bytes in chunks loaded only by a lazy `import()`. */
  lazyBytes: number;
  gzipBytes: number;
  mapBytes: number;
  /**
   * Median ms of `await import(bundle)` in a fresh Node process (timed inside the child), as the Lambda runs it:
   * linked source maps, read only when a stack is (shared/runtime/source-frames.ts), no NODE_OPTIONS.
   */
  importMs: number;
  importMinMs: number;
  importRunsMs: number[];
  /** The same bundle with Node's `--enable-source-maps`, which reads every map at load: how it was deployed before. */
  importWithNodeSourceMapsMs: number;
  /** Median ms from spawning the child to its exit: Node's own start-up included. */
  processMs: number;
  /** Where the bytes come from: npm package (or `clearway` for the project's own code), largest first. */
  topInputs: Array<{ name: string; bytes: number }>;
  /** The AWS SDK clients the function loads at cold start (reached by static imports from its entry). */
  clients: string[];
  /**
   * Those clients alone, bundled and timed the same way (as the Lambda runs): the floor the function cannot go
   * under while it keeps them.
   */
  floor: { bytes: number; importMs: number };
  /** The median over the runs of the function's load over its floor's in the same run. */
  ratioToFloor: number;
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

interface Built {
  metafile: Metafile;
  /** The entry file to import. */
  index: string;
  /** Output files read when the entry is imported (the entry and its static chunks), as metafile keys. */
  cold: string[];
  /** The file of an output's metafile key: in the build's folder, or in the asset the build is identical to. */
  fileOf(key: string): string;
}

async function bundle(
  root: string,
  entry: string,
  outdir: string,
  sourcemap: 'external' | 'linked',
  plugins: Plugin[] = [],
): Promise<Built> {
  const { metafile } = await bundleLambda({ root, entry, outdir, sourcemap, plugins });
  const indexKey = Object.keys(metafile.outputs).find((key) => key.endsWith('index.mjs')) ?? '';
  const cold = new Set<string>();
  const pending = [indexKey];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (cold.has(next)) continue;
    cold.add(next);
    for (const imported of metafile.outputs[next]?.imports ?? []) {
      if (imported.kind === 'import-statement' && !imported.external) pending.push(imported.path);
    }
  }
  return {
    metafile,
    index: join(root, indexKey),
    cold: [...cold],
    fileOf: (key) => join(root, key),
  };
}

/** The code files of a bundle folder (entry and chunks), relative to it. */
function codeFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.mjs'))
    .sort();
}

/**
 * A function's bundle as synthesized for deployment (its staged asset), described by the metafile of the same
 * build run again: the asset has no metafile, and the rebuild is refused unless every code file it writes is
 * the asset's, byte for byte. Everything timed and counted is then read from the asset.
 */
async function deployedBundle(
  root: string,
  entry: string,
  assetDir: string,
  rebuildDir: string,
): Promise<Built> {
  const rebuilt = await bundle(root, entry, rebuildDir, 'linked');
  const names = codeFiles(rebuildDir);
  const differing = names.filter(
    (name) =>
      !existsSync(join(assetDir, name)) ||
      !readFileSync(join(assetDir, name)).equals(readFileSync(join(rebuildDir, name))),
  );
  if (differing.length > 0 || codeFiles(assetDir).length !== names.length)
    throw new Error(
      `${entry}: the deployed asset ${assetDir} is not what esbuild builds from the sources now (${differing.join(', ') || 'other files'}); synthesize again`,
    );
  const inAsset = (key: string) => join(assetDir, relative(rebuildDir, join(root, key)));
  return { ...rebuilt, index: inAsset(relative(root, rebuilt.index)), fileOf: inAsset };
}

/** Each function of the stateless template, as `functions/<name>.ts`, with its staged bundle. */
function deployedFunctions(assembly: SynthesizedAssembly): Array<{ entry: string; assetDir: string }> {
  const stack = ({ stackName, templateFile }: { stackName: string; templateFile: string }) => ({
    stackName,
    template: readTemplate(templateFile),
  });
  // Only the bundles are read: the receiver's SSM-resolved variable needs no value here.
  const templates = new DeployedTemplates(
    stack(assembly.stateful),
    stack(assembly.stateless),
    stack(assembly.api),
    assembly.outdir,
    () => '',
  );
  return templates
    .functions()
    .map((fn) => {
      if (fn.assetDir === undefined)
        throw new Error(`${fn.service} has no staged bundle in ${assembly.outdir}`);
      return { entry: `functions/${fn.service}.ts`, assetDir: fn.assetDir };
    })
    .sort((a, b) => a.entry.localeCompare(b.entry));
}

function packageOf(input: string): string {
  const parts = input.split('node_modules/');
  const inside = parts[parts.length - 1] ?? input;
  if (parts.length === 1) return 'clearway';
  const segments = inside.split('/');
  return inside.startsWith('@') ? `${segments[0]}/${segments[1]}` : (segments[0] ?? inside);
}

function topInputs(built: Built, limit: number): Array<{ name: string; bytes: number }> {
  const byPackage = new Map<string, number>();
  for (const key of built.cold) {
    for (const [input, { bytesInOutput }] of Object.entries(built.metafile.outputs[key]?.inputs ?? {})) {
      const name = packageOf(input);
      byPackage.set(name, (byPackage.get(name) ?? 0) + bytesInOutput);
    }
  }
  return [...byPackage.entries()]
    .map(([name, bytes]) => ({ name, bytes }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, limit);
}

/** The `@aws-sdk/client-*` packages reached from the entry by static imports (lazy imports excluded). */
export function coldStartClients(metafile: Metafile, entry: string): string[] {
  const seen = new Set<string>();
  const pending = [entry];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (seen.has(next)) continue;
    seen.add(next);
    for (const imported of metafile.inputs[next]?.imports ?? []) {
      if (imported.kind !== 'dynamic-import' && !imported.external) pending.push(imported.path);
    }
  }
  const clients = new Set<string>();
  for (const input of seen) {
    const match = /node_modules\/(@aws-sdk\/client-[a-z0-9-]+)\//.exec(input);
    if (match?.[1]) clients.add(match[1]);
  }
  return [...clients].sort();
}

/** A module that loads and constructs each client, and exports them so esbuild cannot drop them. */
async function floorModule(clients: string[]): Promise<string> {
  const lines: string[] = [];
  const names: string[] = [];
  for (const [index, client] of clients.entries()) {
    const exports = Object.keys((await import(client)) as object);
    const name = exports
      .filter((key) => /^[A-Z][A-Za-z0-9]*Client$/.test(key))
      .sort((a, b) => a.length - b.length)[0];
    if (!name) throw new Error(`${client} exports no client class`);
    lines.push(`import { ${name} as C${index} } from '${client}';`);
    names.push(`C${index}`);
  }
  // Made as the functions make theirs at cold start: a client is only kept once it is constructed.
  return `${lines.join('\n')}\nexport const clients = [${names.map((name) => `new ${name}({})`).join(', ')}];\n`;
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
 * Synthesizes the simulation environment as `cdk deploy` would stage it (`synthesizeForDeployment`) and times
 * loading each function's staged bundle in fresh processes. Runs go round-robin over the bundles so a slow
 * spell of the machine is shared out.
 */
export async function bundles(root: string, outDir: string, runs: number): Promise<BundlesResult> {
  const functions = deployedFunctions(synthesizeForDeployment('simulation', join(outDir, 'assembly')));
  const built = [];
  for (const { entry: file, assetDir } of functions) {
    const name = basename(file, '.ts');
    const linked = await deployedBundle(root, file, assetDir, join(outDir, 'rebuilt', name));
    const clients = coldStartClients(linked.metafile, file);
    // Inside the project, so the clients resolve from its node_modules; bundled the same way.
    const floorEntry = join(root, 'node_modules', '.cache', 'clearway-bench', `${name}-floor.ts`);
    mkdirSync(dirname(floorEntry), { recursive: true });
    writeFileSync(floorEntry, await floorModule(clients));
    const floor = await bundle(root, floorEntry, join(outDir, 'floor', name), 'linked');
    built.push({ entry: file, linked, clients, floor });
  }
  const receiverEntry = functions.find(({ entry }) => basename(entry) === 'webhook-receiver.ts')?.entry;
  const withoutSdk = receiverEntry
    ? await bundle(root, receiverEntry, join(outDir, 'stubbed', 'webhook-receiver'), 'external', [stubAwsSdk])
    : undefined;
  const withoutSdkTimings: number[] = [];
  const empty = join(outDir, 'empty.mjs');
  writeFileSync(empty, 'export {};\n');

  const timings = built.map(() => ({
    deployed: [] as ChildTiming[],
    nodeSourceMaps: [] as number[],
    floor: [] as number[],
  }));
  const emptyTimings: ChildTiming[] = [];
  // One untimed load of each to warm the file cache.
  for (const item of built) await loadInFreshNode(item.linked.index);
  for (let run = 0; run < runs; run++) {
    emptyTimings.push(await loadInFreshNode(empty));
    for (const [index, item] of built.entries()) {
      timings[index]?.deployed.push(await loadInFreshNode(item.linked.index));
      timings[index]?.floor.push((await loadInFreshNode(item.floor.index)).importMs);
      timings[index]?.nodeSourceMaps.push(
        (await loadInFreshNode(item.linked.index, ['--enable-source-maps'])).importMs,
      );
    }
    if (withoutSdk) withoutSdkTimings.push((await loadInFreshNode(withoutSdk.index)).importMs);
  }
  const coldBytes = (item: Built, suffix = '') =>
    item.cold.reduce((sum, key) => sum + statSync(item.fileOf(key) + suffix).size, 0);
  return {
    runs,
    emptyImportMs: median(emptyTimings.map((timing) => timing.importMs)),
    emptyProcessMs: median(emptyTimings.map((timing) => timing.processMs)),
    bundles: built.map((item, index) => {
      const timing = timings[index] ?? { deployed: [], nodeSourceMaps: [], floor: [] };
      const code = Buffer.concat(item.linked.cold.map((key) => readFileSync(item.linked.fileOf(key))));
      return {
        entry: item.entry,
        bytes: code.length,
        lazyBytes: Object.entries(item.linked.metafile.outputs)
          .filter(([key]) => key.endsWith('.mjs') && !item.linked.cold.includes(key))
          .reduce((sum, [, output]) => sum + output.bytes, 0),
        gzipBytes: gzipSync(code).length,
        mapBytes: coldBytes(item.linked, '.map'),
        importMs: median(timing.deployed.map((entry) => entry.importMs)),
        importMinMs: Math.min(...timing.deployed.map((entry) => entry.importMs)),
        importRunsMs: timing.deployed.map((entry) => entry.importMs),
        importWithNodeSourceMapsMs: median(timing.nodeSourceMaps),
        processMs: median(timing.deployed.map((entry) => entry.processMs)),
        topInputs: topInputs(item.linked, 5),
        clients: item.clients,
        floor: { bytes: coldBytes(item.floor), importMs: median(timing.floor) },
        // Paired: each run's load over the floor loaded right after it, so a slow spell of the host falls on both.
        ratioToFloor: median(
          timing.deployed.map((value, run) => value.importMs / (timing.floor[run] ?? Number.NaN)),
        ),
      };
    }),
    receiverWithoutAwsSdk: withoutSdk
      ? {
          bytes: coldBytes(withoutSdk),
          importMs: median(withoutSdkTimings),
          importMinMs: Math.min(...withoutSdkTimings),
        }
      : undefined,
  };
}
