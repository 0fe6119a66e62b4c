import { describe, expect, it } from 'vitest';
import { checkRequest } from '#shared/gateway/request.js';
import type { Operation } from '#shared/operations/operation.js';
import { pathParamNames } from '#shared/operations/path-params.js';
import {
  getAccountTransaction,
  listAccountTransactions,
  listTransactions,
  listVirtualAccountTransactions,
  paymentOperations,
  returnFpsPayment,
  sendFpsPayments,
  sendFpsSinglePayment,
} from '#shared/operations/payments/operations.js';
import { FIELD_MESSAGES } from '#shared/domain/field-rules.js';
import { MESSAGES } from '#shared/operations/payments/schemas.js';

const PATH_VALUES: Record<string, string> = {
  accountId: '0b6a3b5e-4c1d-4f7e-9a2b-1c3d5e7f9a0b',
  virtualAccountId: '7e1f2a3b-5c6d-4e8f-9a0b-2c4d6e8f0a1b',
  transactionId: '1e1f2a3b-5c6d-4e8f-9a0b-2c4d6e8f0a1b',
};

function errorsOf(
  operation: Operation,
  request: {
    body?: unknown;
    rawBody?: string;
    query?: Record<string, string>;
    idempotencyKey?: string | null;
  } = {},
) {
  const raw = request.rawBody ?? (request.body === undefined ? undefined : JSON.stringify(request.body));
  const result = checkRequest(
    operation,
    {
      pathParams: Object.fromEntries(
        pathParamNames(operation.path).map((name) => [name, PATH_VALUES[name] ?? '']),
      ),
      query: request.query ?? {},
      body: raw === undefined ? undefined : Buffer.from(raw),
      contentType: 'application/json',
      idempotencyKey: request.idempotencyKey === null ? undefined : (request.idempotencyKey ?? 'key-1'),
      caller: 'unit-test',
      deadline: 0,
    },
    { overdraftAgreement: false, now: new Date('2026-03-02T10:00:00Z') },
  );
  return result.ok ? {} : result.errors;
}

const allMessages = (errors: Record<string, string[]>) => Object.values(errors).flat();

type Json = Record<string, unknown>;
function transfer(overrides: Json = {}): Json {
  return {
    paymentIdentification: { instructionIdentification: 'instr-1', endToEndIdentification: 'e2e-1' },
    amount: { currency: 'GBP', instructedAmount: 10.5 },
    creditor: { name: 'Jane Smith' },
    creditorAccount: {
      identification: { other: { identification: '40400412345678', schemeName: { code: 'BBAN' } } },
    },
    remittanceInformation: { structured: { creditorReferenceInformation: { reference: 'Invoice 1' } } },
    ...overrides,
  };
}
function instruction(overrides: Json = {}): Json {
  return {
    debtor: { address: '1 High Street, London' },
    paymentInstructionIdentification: 'pi-1',
    debtorAccount: { identification: { iban: 'GB33CLRB04040412345678' } },
    creditTransfers: [transfer()],
    ...overrides,
  };
}
const send = (inst: Json[] = [instruction()]) => ({ paymentInstructions: inst });
const sendRaw = (amount: string) =>
  JSON.stringify(
    send([instruction({ creditTransfers: [transfer({ amount: { instructedAmount: 0 } })] })]),
  ).replace('"instructedAmount":0', `"instructedAmount":${amount}`);

describe('payment operation records', () => {
  it('has exactly the eight ids on the payments function', () => {
    expect(paymentOperations.map((operation) => operation.id)).toEqual([
      'listTransactions',
      'listAccountTransactions',
      'getAccountTransaction',
      'listVirtualAccountTransactions',
      'getVirtualAccountTransaction',
      'sendFpsPayments',
      'returnFpsPayment',
      'sendFpsSinglePayment',
    ]);
    expect(new Set(paymentOperations.map((operation) => operation.fn))).toEqual(new Set(['payments']));
  });

  it('tracks the two sends and requires an Idempotency-Key on every write', () => {
    expect(sendFpsPayments).toMatchObject({ tracker: 'payments', requiresIdempotencyKey: true });
    expect(sendFpsSinglePayment).toMatchObject({ tracker: 'payments', requiresIdempotencyKey: true });
    expect(returnFpsPayment.requiresIdempotencyKey).toBe(true);
    expect(Object.keys(errorsOf(sendFpsPayments, { body: send(), idempotencyKey: null }))).not.toEqual([]);
  });
});

describe('payment data queries', () => {
  it('takes paging, date-times, paymentMethodType, endToEndIdentifier and accountHolderName', () => {
    for (const operation of [listTransactions, listAccountTransactions, listVirtualAccountTransactions]) {
      expect(
        errorsOf(operation, {
          query: {
            pageNumber: '2',
            pageSize: '10',
            startDateTime: '2026-03-01T00:00:00Z',
            endDateTime: '2026-03-01T00:00:00Z',
            paymentMethodType: 'FasterPayments',
            endToEndIdentifier: 'e2e-1',
            accountHolderName: 'Jane',
          },
        }),
      ).toEqual({});
    }
  });

  it('refuses a start after the end, a bad date-time, an unknown method type and unknown parameters', () => {
    expect(
      allMessages(
        errorsOf(listTransactions, {
          query: { startDateTime: '2026-03-02T00:00:00Z', endDateTime: '2026-03-01T00:00:00Z' },
        }),
      ),
    ).toContain(MESSAGES.dateRange);
    expect(allMessages(errorsOf(listTransactions, { query: { startDateTime: '2026-03-02' } }))).toContain(
      MESSAGES.startDateTime,
    );
    expect(allMessages(errorsOf(listTransactions, { query: { paymentMethodType: 'Sepa' } }))).toContain(
      MESSAGES.paymentMethodType,
    );
    expect(Object.keys(errorsOf(listTransactions, { query: { colour: 'red' } }))).toContain('colour');
    expect(Object.keys(errorsOf(listTransactions, { query: { pageSize: '0' } }))).toContain('pageSize');
  });

  it('requires GUIDs in the path', () => {
    expect(errorsOf(getAccountTransaction)).toEqual({});
  });
});

describe('POST /v3/payments/fps', () => {
  it('accepts a valid send, with currency omitted or null, and 10 x 10 transfers', () => {
    expect(errorsOf(sendFpsPayments, { body: send() })).toEqual({});
    expect(
      errorsOf(sendFpsPayments, {
        body: send([
          instruction({ creditTransfers: [transfer({ amount: { currency: null, instructedAmount: 1 } })] }),
        ]),
      }),
    ).toEqual({});
    expect(
      errorsOf(sendFpsPayments, {
        body: send([instruction({ creditTransfers: [transfer({ amount: { instructedAmount: 1 } })] })]),
      }),
    ).toEqual({});
    const ten = Array.from({ length: 10 }, () => transfer());
    expect(
      errorsOf(sendFpsPayments, {
        body: send(Array.from({ length: 10 }, () => instruction({ creditTransfers: ten }))),
      }),
    ).toEqual({});
  });

  it('refuses 0 or 11 instructions and 0 or 11 transfers', () => {
    expect(allMessages(errorsOf(sendFpsPayments, { body: send([]) }))).toContain(
      MESSAGES.paymentInstructions,
    );
    expect(
      allMessages(errorsOf(sendFpsPayments, { body: send(Array.from({ length: 11 }, () => instruction())) })),
    ).toContain(MESSAGES.paymentInstructions);
    expect(
      allMessages(errorsOf(sendFpsPayments, { body: send([instruction({ creditTransfers: [] })]) })),
    ).toContain(MESSAGES.creditTransfers);
    expect(
      allMessages(
        errorsOf(sendFpsPayments, {
          body: send([instruction({ creditTransfers: Array.from({ length: 11 }, () => transfer()) })]),
        }),
      ),
    ).toContain(MESSAGES.creditTransfers);
  });

  it('judges amounts on the digits written', () => {
    expect(errorsOf(sendFpsPayments, { rawBody: sendRaw('1000000.00') })).toEqual({});
    expect(errorsOf(sendFpsPayments, { rawBody: sendRaw('0.01') })).toEqual({});
    expect(allMessages(errorsOf(sendFpsPayments, { rawBody: sendRaw('1000000.01') }))).toContain(
      'Amount must be at most GBP 1,000,000.00.',
    );
    expect(allMessages(errorsOf(sendFpsPayments, { rawBody: sendRaw('10.001') }))).toContain(
      'Amount must have at most 2 decimal places.',
    );
    expect(allMessages(errorsOf(sendFpsPayments, { rawBody: sendRaw('0') }))).toContain(
      'Amount must be greater than 0.',
    );
  });

  it('takes GBP only', () => {
    const body = send([
      instruction({ creditTransfers: [transfer({ amount: { currency: 'EUR', instructedAmount: 1 } })] }),
    ]);
    expect(allMessages(errorsOf(sendFpsPayments, { body }))).toContain(
      'Currency must be GBP, the only currency of instant payments.',
    );
  });

  it('limits creditor name to 140 and reference to 35, in the instant-payment character set', () => {
    const named = (name: string, reference: string) =>
      send([
        instruction({
          creditTransfers: [
            transfer({
              creditor: { name },
              remittanceInformation: { structured: { creditorReferenceInformation: { reference } } },
            }),
          ],
        }),
      ]);
    expect(errorsOf(sendFpsPayments, { body: named('N'.repeat(140), 'R'.repeat(35)) })).toEqual({});
    expect(errorsOf(sendFpsPayments, { body: named('O’Brien & Co #1 <x>', 'Inv 7/2026; ”ok”') })).toEqual({});
    expect(allMessages(errorsOf(sendFpsPayments, { body: named('N'.repeat(141), 'r') }))).toContain(
      FIELD_MESSAGES.creditorNameLength,
    );
    expect(allMessages(errorsOf(sendFpsPayments, { body: named('', 'r') }))).toContain(
      FIELD_MESSAGES.creditorNameLength,
    );
    expect(errorsOf(sendFpsPayments, { body: named('Smith_Jones', 'r') })).toEqual({
      'paymentInstructions.0.creditTransfers.0.creditor.name': [FIELD_MESSAGES.creditorNameCharacters],
    });
    expect(allMessages(errorsOf(sendFpsPayments, { body: named('N', 'R'.repeat(36)) }))).toContain(
      FIELD_MESSAGES.paymentReferenceLength,
    );
    expect(allMessages(errorsOf(sendFpsPayments, { body: named('N', "it's $5") }))).toContain(
      FIELD_MESSAGES.paymentReferenceCharacters,
    );
  });

  it("checks debtor.address with the reference's pattern and requires it", () => {
    expect(
      allMessages(errorsOf(sendFpsPayments, { body: send([instruction({ debtor: { address: 'a_b' } })]) })),
    ).toContain(MESSAGES.debtorAddress);
    expect(Object.keys(errorsOf(sendFpsPayments, { body: send([instruction({ debtor: {} })]) }))).not.toEqual(
      [],
    );
    expect(
      errorsOf(sendFpsPayments, { body: send([instruction({ debtor: { address: "O'Neil (2) +44" } })]) }),
    ).toEqual({});
  });

  it('requires remittanceInformation, refuses unknown properties and a bad paymentTypeCode', () => {
    const { remittanceInformation: _, ...withoutRemittance } = transfer();
    expect(
      allMessages(
        errorsOf(sendFpsPayments, { body: send([instruction({ creditTransfers: [withoutRemittance] })]) }),
      ),
    ).toContain(MESSAGES.remittanceInformation);
    expect(
      errorsOf(sendFpsPayments, {
        body: send([instruction({ creditTransfers: [transfer({ remittanceInformation: {} })] })]),
      }),
    ).toEqual({});
    expect(
      Object.keys(errorsOf(sendFpsPayments, { body: send([instruction({ colour: 'red' })]) })).join(),
    ).toContain('colour');
    expect(Object.keys(errorsOf(sendFpsPayments, { body: { ...send(), extra: 1 } }))).toContain('extra');
    expect(
      allMessages(errorsOf(sendFpsPayments, { body: send([instruction({ paymentTypeCode: 'XYZ' })]) })),
    ).toContain(MESSAGES.paymentTypeCode);
    expect(errorsOf(sendFpsPayments, { body: send([instruction({ paymentTypeCode: 'SIP' })]) })).toEqual({});
  });

  it('limits identifications to 35 characters', () => {
    const body = send([
      instruction({
        creditTransfers: [
          transfer({
            paymentIdentification: { instructionIdentification: 'i', endToEndIdentification: 'e'.repeat(36) },
          }),
        ],
      }),
    ]);
    expect(allMessages(errorsOf(sendFpsPayments, { body }))).toContain(MESSAGES.endToEndIdentification);
    expect(
      allMessages(
        errorsOf(sendFpsPayments, { body: send([instruction({ paymentInstructionIdentification: '' })]) }),
      ),
    ).toContain(MESSAGES.paymentInstructionIdentification);
  });
});

describe('POST /v3/payments/fps/return', () => {
  const body = (TransactionId: unknown, ReasonForReturn: unknown) => ({
    paymentReturnInstruction: { TransactionId, ReasonForReturn },
  });
  it('takes a GUID and a documented reason', () => {
    expect(
      errorsOf(returnFpsPayment, { body: body(PATH_VALUES.transactionId, 'BeneficiaryDeceased') }),
    ).toEqual({});
  });
  it('refuses a bad id, a missing or unknown reason and camelCase members', () => {
    expect(allMessages(errorsOf(returnFpsPayment, { body: body('abc', 'Other') }))).toContain(
      MESSAGES.transactionId,
    );
    expect(
      allMessages(errorsOf(returnFpsPayment, { body: body(PATH_VALUES.transactionId, undefined) })),
    ).toContain(MESSAGES.reasonForReturn);
    expect(
      allMessages(errorsOf(returnFpsPayment, { body: body(PATH_VALUES.transactionId, 'Because') })),
    ).toContain(MESSAGES.reasonForReturn);
    expect(
      Object.keys(errorsOf(returnFpsPayment, { body: { paymentReturnInstruction: { transactionId: 'x' } } }))
        .length,
    ).toBeGreaterThan(0);
  });
});

describe('POST /v2/payments/fps/singlepayment', () => {
  const single = (
    overrides: { creditorName?: string; bic?: string; reference?: string; unstructured?: string } = {},
  ) => ({
    paymentInstruction: {
      debtor: {},
      debtorAccount: { identification: { iban: 'GB33CLRB04040412345678' } },
      ultimateDebtor: { name: 'Hans Muller', address: '1 Strasse, Berlin' },
      ultimateDebtorAccount: { identification: { bic: overrides.bic ?? 'DEUTDEFF', accountNumber: 'DE123' } },
      creditTransfer: {
        paymentIdentification: { endToEndIdentification: 'poo-1' },
        amount: { originalCurrency: 'EUR', originalAmount: 11.7, exchangeRate: 0.85, instructedAmount: 10 },
        creditor: { name: overrides.creditorName ?? 'Jane Smith' },
        creditorAccount: { identification: { iban: 'GB94BARC10201530093459' } },
        remittanceInformation: {
          structured: { creditorReferenceInformation: { reference: overrides.reference ?? 'Gift' } },
          unstructured: {
            additionalReferenceInformation: { reference: overrides.unstructured ?? 'From Hans' },
          },
        },
      },
    },
  });
  it('accepts a valid payment', () => {
    expect(errorsOf(sendFpsSinglePayment, { body: single() })).toEqual({});
    expect(
      errorsOf(sendFpsSinglePayment, { body: single({ bic: 'DEUTDEFF500', creditorName: 'N'.repeat(40) }) }),
    ).toEqual({});
  });
  it('limits names to 40, bic to 8..11, the reference to 18 and the unstructured reference to its pattern', () => {
    expect(
      allMessages(errorsOf(sendFpsSinglePayment, { body: single({ creditorName: 'N'.repeat(41) }) })),
    ).toContain(MESSAGES.singleName);
    expect(allMessages(errorsOf(sendFpsSinglePayment, { body: single({ bic: 'DEUTDE' }) }))).toContain(
      MESSAGES.bic,
    );
    expect(allMessages(errorsOf(sendFpsSinglePayment, { body: single({ bic: 'DEUTDEFF5000' }) }))).toContain(
      MESSAGES.bic,
    );
    expect(
      allMessages(errorsOf(sendFpsSinglePayment, { body: single({ reference: 'R'.repeat(19) }) })),
    ).toContain(MESSAGES.singleReference);
    expect(allMessages(errorsOf(sendFpsSinglePayment, { body: single({ unstructured: 'a_b' }) }))).toContain(
      MESSAGES.singleUnstructuredReference,
    );
  });
});
