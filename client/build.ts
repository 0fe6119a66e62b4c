/**
 * `npm run build`: `dist/index.js`, the client and the parts of `shared/` it uses in one ES module, and
 * `dist/index.d.ts`, its types in one file. Packages stay imports, and each must be a dependency.
 */
import { readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { build, type Plugin } from 'esbuild';
import { rollup } from 'rollup';
import { dts } from 'rollup-plugin-dts';
import manifest from './package.json' with { type: 'json' };

const here = (path: string) => new URL(path, import.meta.url).pathname;

/**
 * Every dynamic import in `shared/` loads a family's gateway side (its DynamoDB store, tracker or hook,
 * `shared/families/`), which the client never runs: it becomes a module that throws, so the AWS SDK's
 * DynamoDB clients stay out of the bundle and out of the dependencies.
 */
const gatewayOnly: Plugin = {
  name: 'gateway-only',
  setup(esbuild) {
    esbuild.onResolve({ filter: /.*/ }, (args) =>
      args.kind === 'dynamic-import' ? { path: args.path, namespace: 'gateway-only' } : undefined,
    );
    esbuild.onLoad({ filter: /.*/, namespace: 'gateway-only' }, (args) => ({
      contents: `throw new Error(${JSON.stringify(`${args.path} is the gateway's, not part of @clearway/client`)});`,
    }));
  },
};

rmSync(here('dist'), { recursive: true, force: true });
await build({
  entryPoints: [here('index.ts')],
  outfile: here('dist/index.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  plugins: [gatewayOnly],
  logLevel: 'warning',
});
const types = await rollup({
  input: here('index.ts'),
  plugins: [dts({ tsconfig: here('../tsconfig.json') })],
});
await types.write({ file: here('dist/index.d.ts'), format: 'es' });

const dependencies = new Set(Object.keys(manifest.dependencies));
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
const undeclared = ['dist/index.js', 'dist/index.d.ts']
  .flatMap((file) => [
    ...readFileSync(here(file), 'utf8').matchAll(/(?:from|import\()\s*["']([^"'./][^"']*)["']/g),
  ])
  .map(([, specifier]) => specifier as string)
  .filter((specifier) => !specifier.startsWith('node:') && !builtinModules.includes(specifier))
  .filter((specifier) => !dependencies.has(packageOf(specifier)));
if (undeclared.length > 0) {
  throw new Error(`dist/ imports packages that are not dependencies: ${[...new Set(undeclared)].join(', ')}`);
}
