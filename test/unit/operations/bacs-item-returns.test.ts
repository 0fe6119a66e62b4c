import { describe, expect, it } from 'vitest';
import { checkRequest } from '#shared/gateway/request.js';
import {
  returnTransactions,
  returnVirtualTransactions,
} from '#shared/operations/direct-debits/operations.js';
import { ITEM_RETURN_MESSAGES } from '#shared/operations/direct-debits/schemas.js';
import type { Operation } from '#shared/operations/operation.js';
import { pathParamNames } from '#shared/operations/path-params.js';

/**
 * The rules of a Bacs item return (`POST .../Transactions/Returns`, real and virtual): each is a 400 naming the
 * property before the bank is called, and a request the reference accepts passes.
 */
const accountId = '0b6a3b5e-4c1d-4f7e-9a2b-1c3d5e7f9a0b';
const virtualAccountId = '7e1f2a3b-5c6d-4e8f-9a0b-2c4d6e8f0a1b';
const transactionId = 'd61b2513-f586-43da-8b72-4f6ba2e28fea';

function errorsOf(
  operation: Operation,
  body: unknown,
  options: { idempotencyKey?: string | null; pathParams?: Record<string, string> } = {},
) {
  const result = checkRequest(
    operation,
    {
      pathParams: Object.fromEntries(
        pathParamNames(operation.path).map((name) => [
          name,
          options.pathParams?.[name] ?? (name === 'accountId' ? accountId : virtualAccountId),
        ]),
      ),
      query: {},
      body: Buffer.from(JSON.stringify(body)),
      contentType: 'application/json',
      idempotencyKey: options.idempotencyKey === null ? undefined : (options.idempotencyKey ?? 'key-1'),
      caller: 'unit-test',
      deadline: 0,
    },
    { overdraftAgreement: false, now: new Date('2026-03-02T10:00:00Z') },
  );
  return result.ok ? {} : result.errors;
}

describe.each([returnTransactions, returnVirtualTransactions])('$id', (operation) => {
  it('passes a return of items by GUID with a reason of either kind', () => {
    expect(
      errorsOf(operation, {
        returns: [
          { transactionId, reasonCode: '3' },
          { transactionId: '14a216fa-a70b-a211-3f31-47c2d992c86c', reasonCode: 'B' },
          { transactionId: '74134b3e-3ef6-c9de-23cb-08c945acf200', reasonCode: 'C' },
        ],
      }),
    ).toEqual({});
  });

  it('requires returns, a list of at least one', () => {
    expect(errorsOf(operation, {})).toEqual({ returns: [ITEM_RETURN_MESSAGES.returns] });
    expect(errorsOf(operation, { returns: [] })).toEqual({ returns: [ITEM_RETURN_MESSAGES.returns] });
    expect(errorsOf(operation, { returns: { transactionId, reasonCode: '3' } })).toEqual({
      returns: [ITEM_RETURN_MESSAGES.returns],
    });
  });

  it('requires each transactionId to be a GUID, naming the item', () => {
    const errors = errorsOf(operation, {
      returns: [
        { transactionId, reasonCode: '3' },
        { transactionId: 'not-a-guid', reasonCode: '3' },
      ],
    });
    expect(Object.values(errors).flat()).toEqual([ITEM_RETURN_MESSAGES.transactionId]);
    expect(Object.keys(errors)[0]).toMatch(/returns.*1.*transactionId/);
    expect(Object.values(errorsOf(operation, { returns: [{ reasonCode: '3' }] })).flat()).toEqual([
      ITEM_RETURN_MESSAGES.transactionId,
    ]);
  });

  it('requires each reasonCode to be one a Bacs return carries', () => {
    for (const reasonCode of ['D', '10', '', 'b', 3]) {
      const errors = errorsOf(operation, { returns: [{ transactionId, reasonCode }] });
      expect(Object.values(errors).flat(), String(reasonCode)).toEqual([ITEM_RETURN_MESSAGES.reasonCode]);
      expect(Object.keys(errors)[0]).toMatch(/reasonCode/);
    }
    expect(Object.values(errorsOf(operation, { returns: [{ transactionId }] })).flat()).toEqual([
      ITEM_RETURN_MESSAGES.reasonCode,
    ]);
  });

  it('refuses unknown members of the body and of each item', () => {
    expect(
      Object.keys(errorsOf(operation, { returns: [{ transactionId, reasonCode: '3' }], extra: 1 })),
    ).toEqual([expect.stringMatching(/extra|\$/)]);
    expect(
      Object.keys(errorsOf(operation, { returns: [{ transactionId, reasonCode: '3', amount: 1 }] })),
    ).toHaveLength(1);
  });

  it('requires an Idempotency-Key: a return moves money', () => {
    expect(
      Object.keys(
        errorsOf(operation, { returns: [{ transactionId, reasonCode: '3' }] }, { idempotencyKey: null }),
      ),
    ).toEqual(['Idempotency-Key']);
  });

  it('checks the path: GUIDs for the account ids', () => {
    const errors = errorsOf(
      operation,
      { returns: [{ transactionId, reasonCode: '3' }] },
      { pathParams: { accountId: '..', virtualAccountId } },
    );
    expect(Object.keys(errors)).toEqual(['accountId']);
  });
});
