import { describe, expect, it } from 'vitest';
import { checkRequest } from '#shared/gateway/request.js';
import { operationExamples } from '#shared/operations/examples.js';
import { operations } from '#shared/operations/index.js';
import type { RequestExample } from '#shared/operations/operation.js';

/**
 * Monday 30 November 2026, 09:00 in London (GMT): a business day in every currency's calendar, inside the FX
 * booking hours, and after the 5th, so last month's statement may be asked for.
 */
const BUSINESS_MORNING = new Date('2026-11-30T09:00:00Z');

const examples: Record<string, RequestExample | undefined> = operationExamples;

describe('the example request of each operation in the OpenAPI document', () => {
  it.each(operations.map((operation) => [operation.id, operation] as const))(
    '%s: is accepted by the gateway as it stands, sent as the bytes of its JSON',
    (_, operation) => {
      const example = examples[operation.id];
      expect(example).toBeDefined();
      const checked = checkRequest(
        operation,
        {
          pathParams: example?.pathParams ?? {},
          query: example?.query ?? {},
          body: example?.body === undefined ? undefined : Buffer.from(JSON.stringify(example.body)),
          contentType: 'application/json',
          idempotencyKey: operation.requiresIdempotencyKey ? 'example-key-1' : undefined,
          caller: 'examples-test',
          deadline: 0,
        },
        { overdraftAgreement: false, now: BUSINESS_MORNING },
      );
      expect(checked.ok ? {} : checked.errors).toEqual({});
    },
  );

  it('names no operation the registry does not hold', () => {
    const ids = new Set(operations.map((operation) => operation.id));
    expect(Object.keys(examples).filter((id) => !ids.has(id))).toEqual([]);
  });
});
