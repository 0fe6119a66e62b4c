import { describe, expect, it } from 'vitest';
import { checkRequest } from '#shared/gateway/request.js';
import type { Operation } from '#shared/operations/operation.js';
import {
  cancelMccyBatch,
  cancelMccyTransaction,
  createMccyPayments,
} from '#shared/operations/mccy-payments/operations.js';
import { mccyBatchBody, mccyTransaction } from '#test/support/mccy-batch.js';

/** Each rule of a multi-currency batch: a request that passes and one that fails, naming the property. */
function errorsOf(
  operation: Operation,
  options: { raw?: string; body?: unknown; pathParams?: Record<string, string>; key?: string | null } = {},
) {
  const raw = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const result = checkRequest(
    operation,
    {
      pathParams: options.pathParams ?? {},
      query: {},
      body: raw === undefined ? undefined : Buffer.from(raw),
      contentType: raw === undefined ? undefined : 'application/json',
      idempotencyKey: options.key === null ? undefined : (options.key ?? 'key-1'),
      caller: 'unit-test',
      deadline: 0,
    },
    { overdraftAgreement: false, now: new Date('2026-03-02T10:00:00Z') },
  );
  return result.ok ? {} : result.errors;
}

const batchErrors = (body: unknown) => errorsOf(createMccyPayments, { body });
const withTransaction = (overrides: Record<string, unknown>) =>
  mccyBatchBody({ transactions: [mccyTransaction(overrides)] });

describe('POST /v1/mccy/payments', () => {
  it('accepts a documented batch of 1 and of 100 transactions', () => {
    expect(batchErrors(mccyBatchBody())).toEqual({});
    expect(batchErrors(mccyBatchBody({}, 100))).toEqual({});
  });

  it('requires an Idempotency-Key', () => {
    expect(Object.keys(errorsOf(createMccyPayments, { body: mccyBatchBody(), key: null }))).toEqual([
      'Idempotency-Key',
    ]);
  });

  it('refuses GBP, an unknown currency, 0 or 101 transactions', () => {
    expect(batchErrors(mccyBatchBody({ currencyCode: 'GBP' }))).toHaveProperty('currencyCode');
    expect(batchErrors(mccyBatchBody({ currencyCode: 'JPY' }))).toHaveProperty('currencyCode');
    expect(batchErrors(mccyBatchBody({ transactions: [] }))).toHaveProperty('transactions');
    expect(batchErrors(mccyBatchBody({}, 101))).toHaveProperty('transactions');
  });

  it('requires a GUID batchId: the gateway keeps and cancels batches by it', () => {
    const { batchId: _omitted, ...withoutBatchId } = mccyBatchBody();
    expect(batchErrors(withoutBatchId).batchId?.[0]).toMatch(/required/);
    expect(batchErrors(mccyBatchBody({ batchId: 'batch-1' }))).toHaveProperty('batchId');
  });

  it('judges amounts on the digits written: 0.01 to 999999999.99, at most 2 decimals', () => {
    expect(batchErrors(withTransaction({ amount: 0.01 }))).toEqual({});
    expect(batchErrors(withTransaction({ amount: 999999999.99 }))).toEqual({});
    for (const amount of ['10.001', '0', '1000000000', '"10"']) {
      const raw = JSON.stringify(withTransaction({ amount: 0 })).replace('"amount":0', `"amount":${amount}`);
      expect(errorsOf(createMccyPayments, { raw })).toHaveProperty(['transactions.0.amount']);
    }
  });

  it('names a missing required member and an undocumented one', () => {
    const { debtorName: _omitted, ...transaction } = mccyTransaction();
    expect(batchErrors(mccyBatchBody({ transactions: [transaction] }))).toHaveProperty([
      'transactions.0.debtorName',
    ]);
    expect(Object.keys(batchErrors(withTransaction({ surprise: 1 })))).toEqual(['transactions.0.surprise']);
    expect(Object.keys(batchErrors(mccyBatchBody({ extra: true })))).toEqual(['extra']);
  });

  it('checks the field rules of the reference', () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ endToEndId: 'x'.repeat(36) }, 'transactions.0.endToEndId'],
      [{ endToEndId: 'bad_underscore' }, 'transactions.0.endToEndId'],
      [{ reference: '' }, 'transactions.0.reference'],
      [{ debtorAccountCurrency: 'GBP' }, 'transactions.0.debtorAccountCurrency'],
      [{ accountIdentifier: { kind: 'Sortcode', identifier: '1' } }, 'transactions.0.accountIdentifier.kind'],
      [{ debtorBic: 'bad' }, 'transactions.0.debtorBic'],
      [
        { debtorAddress: { addressLine1: 'a', addressLine2: 'b', postCode: 'c', country: 'gb' } },
        'transactions.0.debtorAddress.country',
      ],
      [{ creditorAgent: { FinancialInstitutionIdentification: { name: 'Bank', addressDetails: null } } }, ''],
      [
        { creditorAgent: { FinancialInstitutionIdentification: { addressDetails: null } } },
        'transactions.0.creditorAgent.FinancialInstitutionIdentification.name',
      ],
    ];
    for (const [overrides, property] of cases) {
      const errors = batchErrors(withTransaction(overrides));
      if (property === '') expect(errors).toEqual({});
      else expect(errors).toHaveProperty([property]);
    }
  });
});

describe('DELETE /v1/mccy/payments/{batchId}[/{endToEndId}]', () => {
  const batchId = '3fa85f64-5717-4562-b3fc-2c963f66afa6';

  it('takes a GUID batchId and the reference end-to-end id characters, with an Idempotency-Key', () => {
    expect(errorsOf(cancelMccyBatch, { pathParams: { batchId } })).toEqual({});
    expect(errorsOf(cancelMccyTransaction, { pathParams: { batchId, endToEndId: 'e2e 1' } })).toEqual({});
    expect(errorsOf(cancelMccyBatch, { pathParams: { batchId: 'nope' } })).toHaveProperty('batchId');
    expect(errorsOf(cancelMccyTransaction, { pathParams: { batchId, endToEndId: '..' } })).toHaveProperty(
      'endToEndId',
    );
    expect(errorsOf(cancelMccyBatch, { pathParams: { batchId }, key: null })).toHaveProperty(
      'Idempotency-Key',
    );
  });
});
