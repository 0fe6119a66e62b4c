import { execFile, execFileSync, spawnSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxOptions } from '#client/index.js';
import rootManifest from '../../package.json' with { type: 'json' };
import { testSandbox } from '../support/sandbox.js';

/**
 * `@clearway/client` as another workload installs it: `npm pack` (which builds `dist/`), unpacked into a
 * project of its own that has only the package's declared dependencies (linked from this repository's
 * node_modules: no registry), then imported by a separate Node process that calls a running sandbox.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));

/** A README's first TypeScript snippet, as written but for the sandbox's port. */
function readmeSnippet(readmePath: string, gatewayUrl: string): string {
  const readme = readFileSync(join(root, readmePath), 'utf8');
  const snippet = /```ts\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
  expect(snippet).toContain('createClearwayClient(sandboxOptions())');
  return snippet.replace('sandboxOptions()', `sandboxOptions(${JSON.stringify(gatewayUrl)})`);
}

/** A TypeScript workload of the package: what its types accept, answer and refuse. */
const typedConsumer = `import { ClearwayValidationError, createClearwayClient, sandboxOptions } from '@clearway/client';

const client = createClearwayClient(sandboxOptions());

export async function openAccount(): Promise<string> {
  const { body } = await client.createAccount({
    body: { accountName: 'Client money', owner: { name: 'Acme Ltd' }, sortCode: '040004' },
  });
  return body.account.id;
}
export const readPayment = () => client.gateway.getPayment({ pathParams: { endToEndId: 'e2e-1' } });
export const refusedProperties = (error: unknown) =>
  error instanceof ClearwayValidationError ? Object.keys(error.errors) : [];

// @ts-expect-error: createAccount takes a body
void client.createAccount({});
// @ts-expect-error: the sort code is text
void client.createAccount({ body: { accountName: 'A', owner: { name: 'B' }, sortCode: 40004 } });
// @ts-expect-error: a gateway read names its path parameter
void client.gateway.getPayment({ pathParams: { id: 'e2e-1' } });
// @ts-expect-error: no such operation
void client.openAccount;
`;

let world: Awaited<ReturnType<typeof testSandbox>>;
let scratch: string;
/** The workload's folder: the unpacked package in node_modules beside its linked dependencies. */
let project: string;
let packed: { filename: string; files: Array<{ path: string }> };
let manifest: { dependencies: Record<string, string>; exports: unknown; types: string };

beforeAll(async () => {
  world = await testSandbox();
  scratch = mkdtempSync(join(tmpdir(), 'clearway-client-package-'));
  // npm's own output is JSON on stdout; its notices and the build's go to stderr. --offline: no registry.
  const output = execFileSync('npm', ['pack', '--offline', '--json', '--pack-destination', scratch], {
    cwd: join(root, 'client'),
    env: { ...process.env, npm_config_update_notifier: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  [packed] = JSON.parse(output.toString()) as [typeof packed];
  project = join(scratch, 'project');
  const installed = join(project, 'node_modules/@clearway/client');
  mkdirSync(dirname(installed), { recursive: true });
  execFileSync('tar', ['-xzf', join(scratch, packed.filename), '-C', scratch]);
  renameSync(join(scratch, 'package'), installed);
  manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as typeof manifest;
  // Only what the package declares (each resolves its own dependencies from where it really lives), and the
  // Node types a TypeScript workload has.
  for (const name of [...Object.keys(manifest.dependencies), '@types/node']) {
    mkdirSync(dirname(join(project, 'node_modules', name)), { recursive: true });
    symlinkSync(join(root, 'node_modules', name), join(project, 'node_modules', name), 'dir');
  }
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'workload', type: 'module' }));
}, 300_000);
afterAll(async () => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  await world?.sandbox.close();
});

describe('@clearway/client as npm packs it', () => {
  it('holds the bundle and its types, and depends only on what signing, HTTP and the checks need', () => {
    const devTools = Object.keys(rootManifest.devDependencies);

    expect(packed.files.map((file) => file.path).sort()).toEqual([
      'README.md',
      'dist/index.d.ts',
      'dist/index.js',
      'package.json',
    ]);
    expect(manifest).toMatchObject({
      exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' } },
      types: './dist/index.d.ts',
    });
    expect(Object.keys(manifest.dependencies).sort()).toEqual([
      '@aws-crypto/sha256-js',
      '@aws-sdk/credential-provider-node',
      '@date-fns/tz',
      '@smithy/signature-v4',
      'decimal.js',
      'zod',
    ]);
    expect(Object.keys(manifest.dependencies).filter((name) => devTools.includes(name))).toEqual([]);
    expect(manifest).not.toHaveProperty('peerDependencies');
    expect(manifest).not.toHaveProperty('optionalDependencies');
  });

  it.each(['README.md', 'client/README.md'])(
    'runs %s’s snippet in a Node process of its own, signed, against the sandbox',
    async (readmePath) => {
      writeFileSync(join(project, 'snippet.mjs'), readmeSnippet(readmePath, world.sandbox.gatewayUrl));
      const signedBefore = world.sandbox.signedRequests();

      // Asynchronously: the sandbox answers from this process.
      const { stdout } = await promisify(execFile)(process.execPath, ['snippet.mjs'], { cwd: project });
      const accountId = stdout.trim();

      expect(world.sandbox.signedRequests() - signedBefore).toBe(1);
      expect((await world.gateway(`/v3/Accounts/${accountId}`)).status).toBe(200);
    },
  );

  it('types a TypeScript workload: typed answers, refused requests caught by the compiler', () => {
    writeFileSync(join(project, 'workload.ts'), typedConsumer);
    const tsc = join(root, 'node_modules/typescript/bin/tsc');
    // As workloads compile (skipLibCheck): a broken declaration makes what it touches `any`, and then the
    // workload's expected errors do not happen, which the compiler reports.
    const options = ['--noEmit', '--strict', '--skipLibCheck', '--module', 'nodenext', '--types', 'node'];

    const compiled = spawnSync(process.execPath, [tsc, ...options, 'workload.ts'], { cwd: project });

    expect(compiled.stdout.toString()).toBe(''); // the compiler's diagnostics
    expect(compiled.status).toBe(0);
  });
});

describe('the sandbox preset', () => {
  it('judges the time rules at the sandbox clock, read from the sandbox on every call', async () => {
    const { rules, region, credentials } = sandboxOptions(world.sandbox.gatewayUrl);
    const sandboxTime = world.simClock.now();

    const first = await rules?.now?.();
    world.simClock.advance(30 * 3_600_000);
    const later = await rules?.now?.();

    expect(first).toEqual(sandboxTime);
    expect(later).toEqual(new Date(sandboxTime.getTime() + 30 * 3_600_000));
    expect({ region, credentials }).toEqual({
      region: 'eu-west-2',
      credentials: { accessKeyId: 'AKIDSANDBOX', secretAccessKey: 'sandbox-secret' },
    });
  });
});
