import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { deployedAssemblies } from './assemblies.js';
import { operationFunctionNames } from '#lib/catalog.js';
import {
  ENV,
  ENV_WITH_DEFAULTS,
  ENVIRONMENT_NAMES,
  type EnvironmentName,
} from '#shared/config/function-environment.js';
import { operations } from '#shared/operations/index.js';
import { pathsOf } from '#shared/operations/operation.js';
import { resourcesOfType, variablesOf } from '../infra/synth.js';
import { bundleCode } from '../support/lambda-bundle.js';
import { LocalLambda } from './lambda/host.js';
import { type DeployedFunction, loadDeployedTemplates } from './template.js';

/**
 * What `cdk deploy` ships, function by function, in both environments: its own bundle, built from its own
 * entry, the same in both; and that bundle starts as Lambda starts it, with the environment its template
 * sets. The flows (the functions invoked against the local cloud) are other files' concern.
 */

const root = join(import.meta.dirname, '..', '..');
const assemblies = await deployedAssemblies();

const deployed = Object.fromEntries(
  // A first deploy: the receiver's SSM-typed parameter resolves to what the stateful stack writes there (the
  // placeholder), the environment its cold start gets until an operator puts the bank's keys in it.
  ENVIRONMENT_NAMES.map((envName) => [envName, loadDeployedTemplates(assemblies[envName]).functions()]),
) as Record<EnvironmentName, DeployedFunction[]>;
const cases = ENVIRONMENT_NAMES.flatMap((envName) =>
  deployed[envName].map((fn) => ({ name: `${fn.service} (${envName})`, envName, fn })),
);

/** The `functions/*.ts` entries a bundle was built from, as its source maps (entry and chunks) list them. */
function entriesInBundle(assetDir: string): string[] {
  const entries = new Set<string>();
  for (const name of readdirSync(assetDir, { recursive: true, encoding: 'utf8' })) {
    if (!name.endsWith('.mjs.map')) continue;
    const file = join(assetDir, name);
    const { sources } = JSON.parse(readFileSync(file, 'utf8')) as { sources: string[] };
    for (const source of sources) {
      // Relative to where esbuild wrote the map: CDK's bundling folder, a sibling of the asset folder.
      const path = relative(root, resolve(dirname(file), source));
      if (/^functions\/[^/]+\.ts$/.test(path)) entries.add(path);
    }
  }
  return [...entries].sort();
}

describe('every function ships its own bundle', () => {
  it.each(cases)('$name has an asset no other function shares', ({ envName, fn }) => {
    expect(fn.assetDir && existsSync(join(fn.assetDir, 'index.mjs'))).toBe(true);
    // The object `cdk deploy` uploads is named by the folder's hash: the function runs this folder.
    expect(fn.s3Key).toBe(`${basename(fn.assetDir ?? '').replace(/^asset\./, '')}.zip`);
    const sharing = deployed[envName].filter(
      (other) => other !== fn && (other.assetDir === fn.assetDir || other.s3Key === fn.s3Key),
    );
    expect(sharing.map((other) => other.service)).toEqual([]);
  });

  it.each(cases)('$name is built from its own entry and no other function’s', ({ fn }) => {
    expect(entriesInBundle(fn.assetDir ?? '')).toEqual([`functions/${fn.service}.ts`]);
  });

  // `AssetHashType.OUTPUT`: the key is a hash of the bundle, so one key means one bundle in both.
  it.each(deployed.simulation)('$service is the same bundle in every environment', (fn) => {
    for (const envName of ENVIRONMENT_NAMES) {
      const same = deployed[envName].find((other) => other.logicalId === fn.logicalId);
      expect(same?.s3Key, envName).toBe(fn.s3Key);
    }
  });
});

// The bundles are the same in every environment (above), so what depends only on the bundle is checked once.
describe('every bundle holds what its function needs, and only that', () => {
  it.concurrent.each(deployed.simulation)('$service loads every lazy chunk it ships', async (fn) => {
    const folder = fn.assetDir ?? '';
    const files = readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.mjs'))
      .map((name) => pathToFileURL(join(folder, name)).href);
    // Evaluating each chunk resolves its imports: a lazy import() that cannot load fails here, not on its
    // first use in Lambda (the S3 client of a rare large webhook, the idempotency layer of a first write).
    const code = `for (const file of ${JSON.stringify(files)}) await import(file);`;
    await promisify(execFile)(process.execPath, ['--input-type=module', '-e', code], {
      env: { PATH: process.env.PATH ?? '', AWS_REGION: 'eu-west-2' },
      timeout: 20_000,
    });
  });

  /** A path as the bundle writes it: a whole string literal, so `/v2/Accounts/{id}` is not found in a longer one. */
  const literal = (path: string) => new RegExp(`["'\`]${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}["'\`]`);

  it.each(operationFunctionNames())(
    '%s carries its own operation records and no other domain’s',
    (service) => {
      const fn = deployed.simulation.find((candidate) => candidate.service === service);
      const text = bundleCode(fn?.assetDir ?? '');
      const own = operations.filter((operation) => operation.fn === service).flatMap(pathsOf);
      const others = operations.filter((operation) => operation.fn !== service).flatMap(pathsOf);
      expect(own.filter((path) => !literal(path).test(text))).toEqual([]);
      expect(others.filter((path) => literal(path).test(text))).toEqual([]);
    },
  );
});

/** Names of `ENV` the function read during its init that its template leaves unset, defaults aside. */
function unsetAtInit(fn: DeployedFunction, variablesRead: readonly string[]): string[] {
  const names: readonly string[] = Object.values(ENV);
  const excused: readonly string[] = ENV_WITH_DEFAULTS;
  return variablesRead
    .filter((name) => names.includes(name) && !excused.includes(name) && !fn.environment[name])
    .sort();
}

/**
 * Starts the function as Lambda does (its bundle in a fresh Node process, its template's environment,
 * `AWS_LAMBDA_FUNCTION_NAME` set so its composition root is built at init); fails naming the function when
 * it cannot start, or when its init read a variable its template does not set.
 */
async function coldStart(fn: DeployedFunction): Promise<void> {
  // Nothing listens there: an init that called AWS would fail at once instead of reaching for the internet.
  const lambda = await LocalLambda.start(fn, {
    accessKeyId: fn.logicalId,
    endpointUrl: 'http://127.0.0.1:9',
  });
  await lambda.close();
  const unset = unsetAtInit(fn, lambda.variablesReadAtInit);
  if (unset.length > 0)
    throw new Error(
      `${fn.service} (${fn.logicalId}) reads ${unset.join(', ')} at init, which its template does not set`,
    );
}

describe('every function starts as Lambda starts it, with the environment its template sets', () => {
  it.concurrent.each(cases)('$name exports its handler and finds every variable it reads', async ({ fn }) => {
    await coldStart(fn);
  });
});

describe('a copy of a template that breaks a function fails these checks, naming the function', () => {
  /** The simulation templates with one function's resource changed in a copy; cdk.out is left as it is. */
  const brokenFunction = (service: string, change: (properties: Record<string, unknown>) => void) => {
    const templates = loadDeployedTemplates(assemblies.simulation, {
      alter: ({ stateless }) => {
        const [, resource] =
          resourcesOfType(stateless, 'AWS::Lambda::Function').find(
            ([, candidate]) => variablesOf(candidate).POWERTOOLS_SERVICE_NAME === service,
          ) ?? [];
        if (resource?.Properties === undefined) throw new Error(`no function ${service}`);
        change(resource.Properties);
      },
    });
    return templates.functions().find((fn) => fn.service === service) as DeployedFunction;
  };

  // The processor once skipped payments silently without their table; either its init or the check of
  // what it read must refuse the copy.
  it('the processor without PAYMENTS_TABLE', async () => {
    const fn = brokenFunction('webhook-processor', (properties) => {
      delete (properties.Environment as { Variables: Record<string, unknown> }).Variables[ENV.paymentsTable];
    });
    await expect(coldStart(fn)).rejects.toThrow(/^webhook-processor \(\w+\) .*\bPAYMENTS_TABLE\b/);
  });

  it('a function whose Handler its bundle does not export', async () => {
    const fn = brokenFunction('payments', (properties) => {
      properties.Handler = 'index.nothing';
    });
    await expect(coldStart(fn)).rejects.toThrow(
      /^payments \(\w+\) failed its cold start: Runtime\.HandlerNotFound: index\.nothing/,
    );
  });
});
