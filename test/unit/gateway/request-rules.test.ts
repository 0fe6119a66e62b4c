import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { isDuplicateRequestAnswer } from '#shared/bank/errors.js';
import { idempotencyScope, requestIdFor } from '#shared/gateway/idempotency.js';
import { bankPath, isJsonMediaType } from '#shared/gateway/request.js';
import { operations } from '#shared/operations/index.js';
import {
  bankId,
  ibanSegment,
  pathParamNames,
  safeSegment,
  sortCodeSegment,
} from '#shared/operations/path-params.js';
import { pathsOf } from '#shared/operations/operation.js';

describe("an Idempotency-Key belongs to the caller's role", () => {
  it('leaves the STS session name out of an assumed role, so every worker of the role shares the key', () => {
    const worker = (session: string) => `arn:aws:sts::123456789012:assumed-role/Payments/${session}`;
    expect(idempotencyScope(worker('worker-1'))).toBe('arn:aws:sts::123456789012:assumed-role/Payments');
    expect(requestIdFor(idempotencyScope(worker('a')), 'k')).toBe(
      requestIdFor(idempotencyScope(worker('b')), 'k'),
    );
  });

  it('keeps other roles and other principals apart', () => {
    expect(idempotencyScope('arn:aws:sts::123456789012:assumed-role/Reports/worker-1')).not.toBe(
      idempotencyScope('arn:aws:sts::123456789012:assumed-role/Payments/worker-1'),
    );
    expect(idempotencyScope('arn:aws:iam::123456789012:user/ops')).toBe('arn:aws:iam::123456789012:user/ops');
  });
});

describe('a 409 is a duplicate X-Request-Id only when it says so', () => {
  it.each([
    [{ title: 'Duplicate X-Request-Id' }, true],
    [{ title: 'Conflict', detail: 'X-Request-Id abc was used in the last 24 hours' }, true],
    [undefined, true],
    [{}, true],
    [{ title: 'Conflict', detail: 'the account is Closed' }, false],
    [{ title: 'Conflict' }, false],
  ])('%j -> %s', (problem, duplicate) => {
    expect(isDuplicateRequestAnswer(problem)).toBe(duplicate);
  });
});

describe('bodies are JSON', () => {
  it.each([
    'application/json',
    'application/json; charset=utf-8',
    'Application/JSON;charset="UTF-8"',
    'application/merge-patch+json',
    undefined,
  ])('takes %s', (type) => expect(isJsonMediaType(type)).toBe(true));
  it.each([
    'application/x-www-form-urlencoded',
    'text/plain',
    'application/json; charset=latin1',
    'multipart/form-data',
    '',
  ])('refuses %s', (type) => expect(isJsonMediaType(type)).toBe(false));
});

describe('path parameters are one safe segment each', () => {
  it('takes the ids the bank issues and refuses anything else', () => {
    expect(bankId('accountId').safeParse('3fa85f64-5717-4562-b3fc-2c963f66afa6').success).toBe(true);
    for (const value of ['..', '3fa85f64-5717-4562-b3fc-2c963f66afa6/..', '', 'account-1']) {
      expect(bankId('accountId').safeParse(value).success).toBe(false);
    }
  });

  it('takes a sort code of 6 digits and an IBAN of its shape, nothing that could leave the segment', () => {
    expect(sortCodeSegment().safeParse('040004').success).toBe(true);
    for (const value of ['04000', '0400041', '04-00-04', '..', '040004/..']) {
      expect(sortCodeSegment().safeParse(value).success).toBe(false);
    }
    expect(ibanSegment().safeParse('GB82WEST12345698765432').success).toBe(true);
    for (const value of ['gb82west12345698765432', 'GB82 WEST', 'GB82WEST1234/..', '..']) {
      expect(ibanSegment().safeParse(value).success).toBe(false);
    }
  });

  it.each(['.', '..', '...', 'a/b', 'a\\b', '%2E', 'a b', 'a\u0000', '', 'x'.repeat(129)])(
    'refuses %j as a segment',
    (value) => {
      expect(safeSegment('p').safeParse(value).success).toBe(false);
    },
  );

  it('encodes each parameter as one segment, and will not build a path with a dot segment', () => {
    expect(bankPath('/v1/Things/{id}', { id: "a:b@c!$&'()*+,;=" }, {})).toBe(
      "/v1/Things/a%3Ab%40c!%24%26'()*%2B%2C%3B%3D",
    );
    expect(() => bankPath('/v1/Things/{id}', { id: '..' }, {})).toThrow('not one segment');
  });

  it('is declared for every parameter of every operation in the registry', () => {
    for (const operation of operations) {
      const names = pathParamNames(operation.path);
      if (names.length === 0) continue;
      // Built on first use (z.lazy): the shape is that of the schema it builds.
      const schema = operation.pathParams;
      const built = schema?._zod.def.type === 'lazy' ? (schema as z.ZodMiniLazy)._zod.innerType : schema;
      const shape = (built as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
      expect(Object.keys(shape).sort(), `${operation.method} ${operation.path}`).toEqual([...names].sort());
    }
  });

  it('gives every alias of a path the same parameters, and a spelling of its own', () => {
    for (const operation of operations) {
      const paths = pathsOf(operation);
      expect(new Set(paths).size, operation.id).toBe(paths.length);
      for (const alias of operation.aliases ?? []) {
        expect(pathParamNames(alias), alias).toEqual(pathParamNames(operation.path));
      }
    }
  });
});
