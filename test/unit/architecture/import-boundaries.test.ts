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
  ])('%s may not import %s', async (path, target) => {
    expect(await ruleIdsFor(path, `export * from '${target}';\n`)).toContain('no-restricted-imports');
  });

  it('lets each import what its README allows', async () => {
    expect(await ruleIdsFor('functions/new.ts', "export * from '../shared/config/tables.js';\n")).toEqual([]);
    expect(await ruleIdsFor('local/new.ts', "export * from '../functions/payments.js';\n")).toEqual([]);
  });
});
