import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { operationFunctionNames } from '../../lib/catalog.js';
import { operations } from '../../shared/operations/index.js';
import { pathsOf } from '../../shared/operations/operation.js';
import { bundleLambda } from '../support/lambda-bundle.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** A path as the bundle writes it: a whole string literal, so `/v2/Accounts/{id}` is not found in a longer path. */
function literal(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`["'\`]${escaped}["'\`]`);
}

describe('each operation function bundles only its own domain', () => {
  it.each(operationFunctionNames())(
    'functions/%s.ts carries its own operation records and no other domain’s',
    async (fn) => {
      const { code } = await bundleLambda({ root, entry: `functions/${fn}.ts` });
      expect(code).toBeDefined();
      const text = code ?? '';
      const own = operations.filter((operation) => operation.fn === fn).flatMap(pathsOf);
      const others = operations.filter((operation) => operation.fn !== fn).flatMap(pathsOf);
      expect(own.filter((path) => !literal(path).test(text))).toEqual([]);
      expect(others.filter((path) => literal(path).test(text))).toEqual([]);
    },
    30_000,
  );
});
