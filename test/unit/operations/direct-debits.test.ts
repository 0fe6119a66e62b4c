import { describe, expect, it } from 'vitest';
import { DIRECT_DEBIT_MESSAGES } from '#shared/domain/direct-debit-rules.js';
import { checkRequest } from '#shared/gateway/request.js';
import {
  amendMandate,
  amendVirtualMandate,
  cancelMandate,
  cancelVirtualMandate,
  createMandate,
  createVirtualMandate,
  directDebitOperations,
  listAccountUnpaidDirectDebits,
  listMandateCollections,
  listMandates,
  listUnappliedDirectCredits,
  listUnpaidDirectDebits,
  listVirtualAccountUnpaidDirectDebits,
  listVirtualMandateCollections,
  listVirtualMandates,
  returnMandate,
  returnVirtualMandate,
} from '#shared/operations/direct-debits/operations.js';
import {
  directDebitResponses,
  directDebitSuccessStatus,
} from '#shared/operations/direct-debits/responses.js';
import { MESSAGES } from '#shared/operations/direct-debits/schemas.js';
import type { Operation } from '#shared/operations/operation.js';
import { PAGING_MESSAGES } from '#shared/operations/paging.js';
import { pathParamNames } from '#shared/operations/path-params.js';

const PATH_VALUES: Record<string, string> = {
  sortCode: '040404',
  accountId: '0b6a3b5e-4c1d-4f7e-9a2b-1c3d5e7f9a0b',
  virtualAccountId: '7e1f2a3b-5c6d-4e8f-9a0b-2c4d6e8f0a1b',
  mandateId: '086ab6ec-ab78-2432-12a1-3c273d81d961',
};

function errorsOf(
  operation: Operation,
  request: {
    body?: unknown;
    query?: Record<string, string>;
    pathParams?: Record<string, string>;
    idempotencyKey?: string | null;
  } = {},
) {
  const result = checkRequest(
    operation,
    {
      pathParams:
        request.pathParams ??
        Object.fromEntries(pathParamNames(operation.path).map((name) => [name, PATH_VALUES[name] ?? ''])),
      query: request.query ?? {},
      body: request.body === undefined ? undefined : Buffer.from(JSON.stringify(request.body)),
      contentType: 'application/json',
      idempotencyKey: request.idempotencyKey === null ? undefined : (request.idempotencyKey ?? 'key-1'),
      caller: 'unit-test',
      deadline: 0,
    },
    { overdraftAgreement: false, now: new Date('2026-03-02T10:00:00Z') },
  );
  return result.ok ? {} : result.errors;
}

const messagesOf = (errors: Record<string, string[]>) => Object.values(errors).flat();

type Json = Record<string, unknown>;
/** The reference's example values (`bacs-mandate-initiated-webhook-v2.mdx`, digest lines 971-1002). */
const create = (overrides: Json = {}): Json => ({
  serviceUserNumber: '030201',
  originatorName: 'Q-MOBILE',
  reference: 'MBQZRTF12345',
  payerName: 'MARY BROWN',
  counterpartAccount: {
    identification: { other: { identification: '00220043211234', schemeName: { code: 'BBAN' } } },
  },
  mandateType: 'PaperMandate',
  ...overrides,
});
const amend = (overrides: Json = {}): Json => ({
  reasonCode: 'E',
  newDebtorAccount: { identification: { iban: 'GB33CLRB04040412345678' } },
  ...overrides,
});

const creates = [createMandate, createVirtualMandate];
const amends = [amendMandate, amendVirtualMandate];
const returns = [returnMandate, returnVirtualMandate];
const cancels = [cancelMandate, cancelVirtualMandate];

describe('direct debit operation records', () => {
  it('has the eighteen ids on the direct-debits function, at the reference paths', () => {
    expect(
      directDebitOperations.map((operation) => [operation.id, operation.method, operation.path]),
    ).toEqual([
      ['listUnappliedDirectCredits', 'GET', '/v1/Transactions/{sortCode}/DirectCredit/Unapplied'],
      ['listUnpaidDirectDebits', 'GET', '/v1/Transactions/{sortCode}/DirectDebit/Unpaid'],
      ['listAccountUnpaidDirectDebits', 'GET', '/v2/Accounts/{accountId}/Mandates/Unpaid'],
      [
        'listVirtualAccountUnpaidDirectDebits',
        'GET',
        '/v2/Accounts/{accountId}/Virtual/{virtualAccountId}/Mandates/Unpaid',
      ],
      ['listMandateCollections', 'GET', '/v2/Accounts/{accountId}/Mandates/{mandateId}/Collections'],
      [
        'listVirtualMandateCollections',
        'GET',
        '/v2/Accounts/{accountId}/Virtual/{virtualAccountId}/Mandates/{mandateId}/Collections',
      ],
      ['createMandate', 'POST', '/v1/Accounts/{accountId}/Mandates'],
      ['listMandates', 'GET', '/v2/Accounts/{accountId}/Mandates'],
      ['amendMandate', 'PATCH', '/v1/Accounts/{accountId}/Mandates/{mandateId}'],
      ['returnMandate', 'POST', '/v1/Accounts/{accountId}/Mandates/{mandateId}/Returns'],
      ['cancelMandate', 'DELETE', '/v1/Accounts/{accountId}/Mandates/{mandateId}'],
      ['createVirtualMandate', 'POST', '/v1/Accounts/{accountId}/Virtual/{virtualAccountId}/Mandates'],
      ['listVirtualMandates', 'GET', '/v2/Accounts/{accountId}/Virtual/{virtualAccountId}/Mandates'],
      [
        'amendVirtualMandate',
        'PATCH',
        '/v1/Accounts/{accountId}/Virtual/{virtualAccountId}/Mandates/{mandateId}',
      ],
      [
        'returnVirtualMandate',
        'POST',
        '/v1/Accounts/{accountId}/Virtual/{virtualAccountId}/Mandates/{mandateId}/Returns',
      ],
      [
        'cancelVirtualMandate',
        'DELETE',
        '/v1/Accounts/{accountId}/Virtual/{virtualAccountId}/Mandates/{mandateId}',
      ],
      ['returnTransactions', 'POST', '/v1/Accounts/{accountId}/Transactions/Returns'],
      [
        'returnVirtualTransactions',
        'POST',
        '/v1/Accounts/{accountId}/Virtual/{virtualAccountId}/Transactions/Returns',
      ],
    ]);
    expect(new Set(directDebitOperations.map((operation) => operation.fn))).toEqual(
      new Set(['direct-debits']),
    );
  });

  it('requires an Idempotency-Key on every write and on no read', () => {
    for (const operation of directDebitOperations) {
      expect(operation.requiresIdempotencyKey === true, operation.id).toBe(operation.method !== 'GET');
    }
    expect(Object.keys(errorsOf(createMandate, { body: create(), idempotencyKey: null }))).toEqual([
      'Idempotency-Key',
    ]);
    expect(Object.keys(errorsOf(cancelMandate, { body: { reasonCode: '1' }, idempotencyKey: null }))).toEqual(
      ['Idempotency-Key'],
    );
  });

  it('checks every path parameter: GUIDs for ids, 6 digits for the sort code', () => {
    expect(messagesOf(errorsOf(listUnpaidDirectDebits, { pathParams: { sortCode: '04-04-04' } }))).toContain(
      'sortCode must be exactly 6 digits.',
    );
    expect(
      Object.keys(
        errorsOf(cancelMandate, {
          pathParams: { accountId: PATH_VALUES.accountId as string, mandateId: '..' },
          body: { reasonCode: '1' },
        }),
      ),
    ).toEqual(['mandateId']);
    expect(
      Object.keys(
        errorsOf(listVirtualMandates, {
          pathParams: { accountId: 'not-a-guid', virtualAccountId: PATH_VALUES.virtualAccountId as string },
        }),
      ),
    ).toEqual(['accountId']);
  });
});

describe('creating an instruction (real and virtual)', () => {
  it('accepts the reference values, and the smallest body: service user number and reference', () => {
    for (const operation of creates) {
      expect(errorsOf(operation, { body: create() })).toEqual({});
      expect(errorsOf(operation, { body: { serviceUserNumber: '123456', reference: 'A' } })).toEqual({});
      expect(
        errorsOf(operation, {
          body: create({ originatorName: '', payerName: 'A.B&C/D-E 12345678', mandateType: 'Migrated' }),
        }),
      ).toEqual({});
      expect(errorsOf(operation, { body: create({ mandateType: 'Origination' }) })).toEqual({});
    }
  });

  it('requires serviceUserNumber as exactly 6 digits', () => {
    for (const value of [undefined, '12345', '1234567', '12345A', 123456]) {
      expect(errorsOf(createMandate, { body: create({ serviceUserNumber: value }) })).toEqual({
        serviceUserNumber: [DIRECT_DEBIT_MESSAGES.serviceUserNumber],
      });
    }
  });

  it('requires reference, 1 to 18 upper-case letters, digits and . & / - space', () => {
    for (const value of [undefined, '', 'A'.repeat(19), 'REF_1', 'REF£1']) {
      expect(messagesOf(errorsOf(createVirtualMandate, { body: create({ reference: value }) }))).toEqual([
        DIRECT_DEBIT_MESSAGES.mandateReference,
      ]);
    }
    expect(errorsOf(createMandate, { body: create({ reference: 'A'.repeat(18) }) })).toEqual({});
  });

  it('refuses lower-case letters in a reference instead of upper-casing them', () => {
    expect(errorsOf(createMandate, { body: create({ reference: 'mbqzrtf12345' }) })).toEqual({
      reference: [DIRECT_DEBIT_MESSAGES.mandateReference],
    });
    expect(errorsOf(createMandate, { body: create({ reference: 'MBQZRTf12345' }) })).toEqual({
      reference: [DIRECT_DEBIT_MESSAGES.mandateReference],
    });
  });

  it('limits originatorName and payerName to 18 characters of the same upper-case set', () => {
    expect(errorsOf(createMandate, { body: create({ originatorName: 'Q-Mobile' }) })).toEqual({
      originatorName: [DIRECT_DEBIT_MESSAGES.originatorName],
    });
    expect(errorsOf(createMandate, { body: create({ originatorName: 'Q'.repeat(19) }) })).toEqual({
      originatorName: [DIRECT_DEBIT_MESSAGES.originatorName],
    });
    expect(errorsOf(createMandate, { body: create({ payerName: 'Mary Brown' }) })).toEqual({
      payerName: [DIRECT_DEBIT_MESSAGES.payerName],
    });
    expect(errorsOf(createMandate, { body: create({ payerName: 'M'.repeat(19) }) })).toEqual({
      payerName: [DIRECT_DEBIT_MESSAGES.payerName],
    });
  });

  it('takes mandateType PaperMandate, Origination or Migrated only', () => {
    expect(errorsOf(createMandate, { body: create({ mandateType: 'Paper' }) })).toEqual({
      mandateType: [DIRECT_DEBIT_MESSAGES.mandateType],
    });
  });

  it('checks counterpartAccount as the reference account identification', () => {
    expect(errorsOf(createMandate, { body: create({ counterpartAccount: {} }) })).toEqual({
      'counterpartAccount.identification': [MESSAGES.account],
    });
    expect(
      errorsOf(createMandate, {
        body: create({
          counterpartAccount: { identification: { other: { identification: '', schemeName: {} } } },
        }),
      }),
    ).toEqual({ 'counterpartAccount.identification.other.identification': [MESSAGES.otherIdentification] });
    expect(
      errorsOf(createMandate, {
        body: create({
          counterpartAccount: {
            identification: { other: { identification: '1', schemeName: { code: 'SORT', proprietary: '' } } },
          },
        }),
      }),
    ).toEqual({
      'counterpartAccount.identification.other.schemeName.code': [MESSAGES.schemeCode],
      'counterpartAccount.identification.other.schemeName.proprietary': [MESSAGES.proprietary],
    });
    expect(
      errorsOf(createMandate, {
        body: create({
          counterpartAccount: {
            identification: {
              other: { identification: '1', schemeName: { proprietary: 'X' }, issuer: 'I'.repeat(36) },
            },
          },
        }),
      }),
    ).toEqual({ 'counterpartAccount.identification.other.issuer': [MESSAGES.issuer] });
  });

  it('reports unknown properties instead of dropping them', () => {
    expect(Object.keys(errorsOf(createMandate, { body: create({ amount: 10 }) }))).toEqual(['amount']);
  });
});

describe('amending, returning and cancelling an instruction', () => {
  it('amend: reasonCode C or E and a newDebtorAccount, both required', () => {
    for (const operation of amends) {
      expect(errorsOf(operation, { body: amend() })).toEqual({});
      expect(errorsOf(operation, { body: amend({ reasonCode: 'C' }) })).toEqual({});
      for (const reasonCode of [undefined, 'A', 'e', 'EC']) {
        expect(errorsOf(operation, { body: amend({ reasonCode }) })).toEqual({
          reasonCode: [DIRECT_DEBIT_MESSAGES.mandateAmendReasonCode],
        });
      }
      expect(errorsOf(operation, { body: amend({ newDebtorAccount: undefined }) })).toEqual({
        newDebtorAccount: [MESSAGES.newDebtorAccount],
      });
    }
  });

  it('return: rejectionReason one of B, C, F, G, H, I, K, 1, 2, 3, 5, 6', () => {
    for (const operation of returns) {
      for (const rejectionReason of ['B', 'C', 'F', 'G', 'H', 'I', 'K', '1', '2', '3', '5', '6']) {
        expect(errorsOf(operation, { body: { rejectionReason } })).toEqual({});
      }
      for (const rejectionReason of [undefined, 'A', '4', '0', 'b', 'BC']) {
        expect(errorsOf(operation, { body: { rejectionReason } })).toEqual({
          rejectionReason: [DIRECT_DEBIT_MESSAGES.mandateReturnReason],
        });
      }
    }
  });

  it('cancel: a DELETE with a JSON body, reasonCode 0, 1, 2 or B', () => {
    for (const operation of cancels) {
      expect(operation.method).toBe('DELETE');
      for (const reasonCode of ['0', '1', '2', 'B']) {
        expect(errorsOf(operation, { body: { reasonCode } })).toEqual({});
      }
      for (const reasonCode of [undefined, '3', 'C', 'b']) {
        expect(errorsOf(operation, { body: { reasonCode } })).toEqual({
          reasonCode: [DIRECT_DEBIT_MESSAGES.mandateCancelReasonCode],
        });
      }
      expect(errorsOf(operation)).toEqual({ $: ['a JSON body is required'] });
    }
  });
});

describe('direct debit reads', () => {
  it('sort-code lists take every filter of the reference', () => {
    for (const operation of [listUnappliedDirectCredits, listUnpaidDirectDebits]) {
      expect(
        errorsOf(operation, {
          query: {
            reasonCode: '0',
            sun: '480642',
            paymentReference: 'YGRBOXDJEPWRJQVNLF',
            processingDateFrom: '2021-01-10T00:00:00Z',
            processingDateTo: '2021-01-11',
            amount: '2.01',
            transactionCodes: '17',
            pageNumber: '2',
            pageSize: '10',
          },
        }),
      ).toEqual({});
    }
  });

  it('sort-code lists refuse a bad sun, amount, date, code, an inverted range and unknown parameters', () => {
    const query = (filters: Record<string, string>) =>
      messagesOf(errorsOf(listUnpaidDirectDebits, { query: filters }));
    expect(query({ sun: '48064' })).toEqual([MESSAGES.sun]);
    expect(query({ amount: '1e3' })).toEqual([MESSAGES.amount]);
    expect(query({ amount: 'ten' })).toEqual([MESSAGES.amount]);
    expect(query({ processingDateFrom: '10/01/2021' })).toEqual([MESSAGES.processingDateFrom]);
    expect(query({ processingDateTo: '2021-13-01' })).toEqual([MESSAGES.processingDateTo]);
    expect(query({ processingDateFrom: '2021-01-12', processingDateTo: '2021-01-11T00:00:00Z' })).toEqual([
      MESSAGES.processingDateRange,
    ]);
    expect(query({ reasonCode: '' })).toEqual([MESSAGES.reasonCodeFilter]);
    expect(query({ transactionCodes: '01,17' })).toEqual([MESSAGES.transactionCodes]);
    expect(query({ paymentReference: 'R'.repeat(141) })).toEqual([MESSAGES.paymentReference]);
    expect(query({ pageSize: '0' })).toEqual([PAGING_MESSAGES.pageSize]);
    expect(Object.keys(errorsOf(listUnappliedDirectCredits, { query: { startDate: '2021-01-01' } }))).toEqual(
      ['startDate'],
    );
  });

  it('account unpaid lists take dates (date or date-time), sun, reference and paging', () => {
    for (const operation of [listAccountUnpaidDirectDebits, listVirtualAccountUnpaidDirectDebits]) {
      expect(
        errorsOf(operation, {
          query: {
            startDate: '2026-03-01',
            endDate: '2026-03-31T23:59:59Z',
            sun: '030201',
            reference: 'MBQZRTF12345',
            pageNumber: '1',
            pageSize: '1000',
          },
        }),
      ).toEqual({});
      expect(messagesOf(errorsOf(operation, { query: { reference: 'R'.repeat(19) } }))).toEqual([
        MESSAGES.referenceFilter,
      ]);
      expect(
        messagesOf(errorsOf(operation, { query: { startDate: '2026-04-01', endDate: '2026-03-01' } })),
      ).toEqual([MESSAGES.dateRange]);
      expect(messagesOf(errorsOf(operation, { query: { endDate: 'yesterday' } }))).toEqual([
        MESSAGES.endDate,
      ]);
      expect(messagesOf(errorsOf(operation, { query: { sun: 'ABCDEF' } }))).toEqual([MESSAGES.sun]);
      expect(Object.keys(errorsOf(operation, { query: { amount: '1' } }))).toEqual(['amount']);
    }
  });

  it('collections take optional dates and paging; with none the first page', () => {
    for (const operation of [listMandateCollections, listVirtualMandateCollections]) {
      expect(errorsOf(operation)).toEqual({});
      expect(errorsOf(operation, { query: { startDate: '2026-03-01', endDate: '2026-03-01' } })).toEqual({});
      expect(
        messagesOf(errorsOf(operation, { query: { startDate: '2026-03-02', endDate: '2026-03-01' } })),
      ).toEqual([MESSAGES.dateRange]);
      expect(messagesOf(errorsOf(operation, { query: { pageNumber: 'x' } }))).toEqual([
        PAGING_MESSAGES.pageNumber,
      ]);
      expect(Object.keys(errorsOf(operation, { query: { sun: '030201' } }))).toEqual(['sun']);
    }
  });

  it('instruction lists take paging only and no body', () => {
    for (const operation of [listMandates, listVirtualMandates]) {
      expect(errorsOf(operation, { query: { pageNumber: '3', pageSize: '25' } })).toEqual({});
      expect(messagesOf(errorsOf(operation, { query: { pageSize: '1001' } }))).toEqual([
        PAGING_MESSAGES.pageSize,
      ]);
      expect(Object.keys(errorsOf(operation, { query: { state: 'Active' } }))).toEqual(['state']);
      expect(errorsOf(operation, { body: {} })).toEqual({ $: ['this operation takes no body'] });
    }
  });
});

describe('direct debit answers', () => {
  it('documents one success answer and status per operation', () => {
    const ids = directDebitOperations.map((operation) => operation.id).sort();
    expect(Object.keys(directDebitResponses).sort()).toEqual(ids);
    expect(Object.keys(directDebitSuccessStatus).sort()).toEqual(ids);
    expect(directDebitSuccessStatus.listMandateCollections).toBe(202);
  });

  it('holds an instruction list to the reference: states, types, and no undocumented member', () => {
    const mandate = {
      mandateId: PATH_VALUES.mandateId,
      payerName: 'MARY BROWN',
      payerBban: 'CLRB00220043211234',
      payerAccountNumber: '43211234',
      payerSortCode: '002200',
      reference: 'MBQZRTF12345',
      serviceUserNumber: '030201',
      originatorName: 'Q-MOBILE',
      mandateType: 'PaperMandate',
      state: 'PendingInitiation',
    };
    const halLinks = [{ name: 'self', href: 'http://127.0.0.1:3001/v2/Accounts/x/Mandates' }];
    const list = directDebitResponses.listMandates;
    expect(list.safeParse({ directDebitMandates: [mandate], halLinks }).success).toBe(true);
    expect(
      list.safeParse({ directDebitMandates: [{ ...mandate, state: 'Pending' }], halLinks }).success,
    ).toBe(false);
    expect(list.safeParse({ directDebitMandates: [{ ...mandate, extra: 1 }], halLinks }).success).toBe(false);
    expect(directDebitResponses.cancelMandate.safeParse({ halLinks }).success).toBe(true);
    expect(directDebitResponses.cancelMandate.safeParse({}).success).toBe(false);
  });
});
