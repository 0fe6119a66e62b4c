import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');
const eslint = new ESLint({ cwd: root });

/** The rule ids ESLint reports for `code` as if it were the file at `path`. */
async function ruleIdsFor(path: string, code: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) });
  return (result?.messages ?? []).map((message) => message.ruleId);
}

describe('the folders’ import boundaries are lint errors, as their READMEs state them', () => {
  it.each([
    ['shared/config/new.ts', '../../lib/catalog.js'],
    ['shared/config/new.ts', '../../local/sandbox.js'],
    ['functions/new.ts', '../local/sandbox.js'],
    ['lib/new.ts', '../functions/payments.js'],
    ['client/new.ts', '../local/sandbox.js'],
    ['local/new.ts', '../lib/catalog.js'],
    ['shared/config/new.ts', '#lib/catalog.js'],
    ['functions/new.ts', '#local/sandbox.js'],
    ['functions/new.ts', '#sim/simulator.js'],
    ['lib/new.ts', '#functions/payments.js'],
    ['local/bank-sim/new.ts', '#shared/gateway/forward-operation.js'],
    ['local/bank-sim/new.ts', '#shared/payments/track.js'],
    ['local/bank-sim/new.ts', '#local/sandbox.js'],
    ['local/bank-sim/new.ts', '#functions/payments.js'],
    // The simulator's core is handed its products; it never imports one.
    ['local/bank-sim/core/new.ts', '#sim/products/fx/product.js'],
    ['local/bank-sim/core/new.ts', '../products/index.js'],
    ['local/bank-sim/core/new.ts', '#local/sandbox.js'],
    // Further than a folder's parent, an import goes through a subpath.
    ['shared/operations/payments/new.ts', '../../domain/money.js'],
  ])('%s may not import %s', async (path, target) => {
    expect(await ruleIdsFor(path, `export * from '${target}';\n`)).toContain('no-restricted-imports');
  });

  it('lets each import what its README allows', async () => {
    expect(await ruleIdsFor('functions/new.ts', "export * from '../shared/config/tables.js';\n")).toEqual([]);
    expect(await ruleIdsFor('local/new.ts', "export * from '../functions/payments.js';\n")).toEqual([]);
    expect(await ruleIdsFor('local/new.ts', "export * from '#sim/simulator.js';\n")).toEqual([]);
    expect(await ruleIdsFor('local/bank-sim/new.ts', "export * from '#shared/domain/money.js';\n")).toEqual(
      [],
    );
    expect(
      await ruleIdsFor('local/bank-sim/core/new.ts', "export * from '#shared/http/problem.js';\n"),
    ).toEqual([]);
    expect(
      await ruleIdsFor('local/bank-sim/products/new.ts', "export * from '#sim/products/fx/product.js';\n"),
    ).toEqual([]);
    expect(await ruleIdsFor('test/unit/x/new.ts', "export * from '../../../local/sandbox.js';\n")).toEqual(
      [],
    );
  });
});
