import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { families } from '#shared/families/index.js';

const root = join(import.meta.dirname, '..', '..', '..');

/** Every `.ts` file under `folder`, relative to the project root. */
function sourcesUnder(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

const familyFolders = families.map((family) => family.name);
const familyImport = new RegExp(
  `from '(?:#shared/|(?:\\.\\./)+)(${familyFolders.join('|')})/([\\w-]+)\\.js'`,
  'g',
);

/**
 * What the stacks, the composition roots and the sandbox may still import from a family's folder, each for
 * a reason no definition can carry. Anything else means a family was wired by hand beside its definition,
 * and the next family would have to be too.
 */
const allowed = new Set([
  // The settings: the configuration checks a name-check policy and the batch overdue bound, and the stack
  // and the sandbox give the name-check policy to the functions as the variables it is read back from.
  'lib/config.ts -> name-checks/policy',
  'lib/config.ts -> mccy-payments/track',
  'lib/stateless-stack.ts -> name-checks/policy',
  'local/sandbox.ts -> name-checks/policy',
  // The batch workflow: a Step Functions state machine on its table, a resource beside the family's own.
  'lib/stateless-stack.ts -> mccy-payments/table',
  'lib/stateless-stack.ts -> mccy-payments/family',
  'lib/constructs/operations-dashboard.ts -> mccy-payments/family',
  'lib/constructs/operations-dashboard.ts -> mccy-payments/track',
  'local/sandbox.ts -> mccy-payments/table',
  'local/sandbox.ts -> mccy-payments/ports',
  'shared/families/ports.ts -> mccy-payments/ports',
  'shared/runtime/aws-workflows.ts -> mccy-payments/ports',
  // The statements bucket of the processor: an S3 adapter, not a table.
  'shared/runtime/root-webhook-processor.ts -> statements/s3-object-store',
]);

describe('a new stateful family is its folder and one line in shared/families/index.ts (shared/families/README.md)', () => {
  const wiring = [
    ...sourcesUnder('lib'),
    ...sourcesUnder('shared/runtime'),
    ...sourcesUnder('functions/http'),
    'shared/families/ports.ts',
    'shared/families/runtime.ts',
    'local/sandbox.ts',
    'local/dynamo.ts',
    'local/local-routes.ts',
  ];

  it('leaves the stacks, the composition roots and the sandbox without a family’s module', () => {
    const found = wiring.flatMap((file) =>
      [...readFileSync(join(root, file), 'utf8').matchAll(familyImport)].map(
        ([, folder, module]) => `${file} -> ${folder}/${module}`,
      ),
    );
    expect(found.filter((edge) => !allowed.has(edge))).toEqual([]);
  });

  it('keeps each allowance in use, so the list cannot grow stale', () => {
    const found = new Set(
      wiring.flatMap((file) =>
        [...readFileSync(join(root, file), 'utf8').matchAll(familyImport)].map(
          ([, folder, module]) => `${file} -> ${folder}/${module}`,
        ),
      ),
    );
    expect([...allowed].filter((edge) => !found.has(edge))).toEqual([]);
  });

  it.each(families.map((family) => [family.name, family] as const))(
    'finds the %s family’s definition in its own folder',
    (name, family) => {
      const definition = readFileSync(join(root, 'shared', name, 'family.ts'), 'utf8');
      expect(definition).toContain(`name: '${family.name}'`);
    },
  );
});
