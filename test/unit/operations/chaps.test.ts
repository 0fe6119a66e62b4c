import { describe, expect, it } from 'vitest';
import { CHAPS_MESSAGES } from '#shared/domain/chaps-rules.js';
import {
  CATEGORY_PURPOSE_CODES,
  PURPOSE_CODES,
  PURPOSE_CODES_NOT_SIMULATED,
  RETURN_REASON_CODES,
} from '#shared/domain/iso20022-codes.js';
import { checkRequest } from '#shared/gateway/request.js';
import { chapsExamples } from '#shared/operations/chaps/examples.js';
import {
  chapsOperations,
  createChapsCustomerPayment,
  createChapsInstitutionPayment,
  createChapsReturnPayment,
  createCrossBorderPayment,
  simulateInboundChapsCustomerPayment,
  simulateInboundChapsInstitutionPayment,
  simulateInboundChapsReturnPayment,
} from '#shared/operations/chaps/operations.js';
import { chapsResponses } from '#shared/operations/chaps/responses.js';
import type { Operation } from '#shared/operations/operation.js';

/** Monday 30 November 2026, 10:00 in London (GMT): CHAPS is open. */
const OPEN = new Date('2026-11-30T10:00:00Z');

type Json = Record<string, unknown>;

function errorsOf(
  operation: Operation,
  body: unknown,
  options: { now?: Date; idempotencyKey?: string | null; raw?: string; bank?: boolean } = {},
): Record<string, string[]> {
  const raw = options.raw ?? JSON.stringify(body);
  const rules = options.bank ? { ...operation, body: operation.bankBody } : operation;
  const result = checkRequest(
    rules,
    {
      pathParams: {},
      query: {},
      body: Buffer.from(raw),
      contentType: 'application/json',
      idempotencyKey: options.idempotencyKey === null ? undefined : (options.idempotencyKey ?? 'key-1'),
      caller: 'unit-test',
      deadline: 0,
    },
    { overdraftAgreement: false, now: options.now ?? OPEN },
  );
  return result.ok ? {} : result.errors;
}

const clone = <T>(value: T): T => structuredClone(value);
const exampleOf = (id: keyof typeof chapsExamples): Json => clone(chapsExamples[id].body) as Json;

/** `body` with the member at the dotted `path` set to `value` (removed when `value` is undefined). */
function withMember(body: Json, path: string, value: unknown): Json {
  const copy = clone(body);
  const keys = path.split('.');
  const last = keys.pop() as string;
  let at: Json = copy;
  for (const key of keys) {
    at[key] ??= {};
    at = at[key] as Json;
  }
  if (value === undefined) delete at[last];
  else at[last] = value;
  return copy;
}

/** The operation's example with the member changed: the errors, expected to be `path` alone. */
function refusalOf(operation: Operation, path: string, value: unknown, at = path): string[] {
  const errors = errorsOf(operation, withMember(exampleOf(operation.id as never), path, value));
  expect(Object.keys(errors), JSON.stringify(errors)).toEqual([at]);
  return errors[at] ?? [];
}

function accepts(operation: Operation, path: string, value: unknown): void {
  expect(errorsOf(operation, withMember(exampleOf(operation.id as never), path, value))).toEqual({});
}

const WIDE = 'A1/-?:().,\'+ !#$%&*=^_`{|}~";<>@[\\]';
const NARROW = "E2E/-?:().,'+ 1";

describe('the CHAPS and GBP cross-border records', () => {
  it('are the seven operations of chaps-v6, cross-border-v4 and the inbound simulator v3, on one function', () => {
    expect(chapsOperations.map((operation) => `${operation.method} ${operation.path}`)).toEqual([
      'POST /payments/chaps/v6/customer-payments',
      'POST /payments/chaps/v6/institution-payments',
      'POST /payments/chaps/v6/return-payments',
      'POST /payments/cross-border-sterling/v4/payments',
      'POST /inbound-payment-simulation/chaps/v3/customer-payments',
      'POST /inbound-payment-simulation/chaps/v3/institution-payments',
      'POST /inbound-payment-simulation/chaps/v3/return-payments',
    ]);
    expect(new Set(chapsOperations.map((operation) => operation.fn))).toEqual(new Set(['chaps-payments']));
    expect(chapsOperations.every((operation) => operation.requiresIdempotencyKey === true)).toBe(true);
    expect(chapsOperations.every((operation) => operation.bankBody !== undefined)).toBe(true);
    expect(chapsOperations.some((operation) => operation.path.includes('/v5/'))).toBe(false);
  });

  it('has the payments tracker follow the four outbound writes, not the simulated inbound payments', () => {
    expect(chapsOperations.filter((operation) => operation.tracker === 'payments').map((o) => o.id)).toEqual([
      'createChapsCustomerPayment',
      'createChapsInstitutionPayment',
      'createChapsReturnPayment',
      'createCrossBorderPayment',
    ]);
    expect(chapsOperations.filter((operation) => operation.tracker === undefined)).toHaveLength(3);
  });

  it('offers the three simulated inbound payments in the simulation environment only', () => {
    const simulated = [
      simulateInboundChapsCustomerPayment,
      simulateInboundChapsInstitutionPayment,
      simulateInboundChapsReturnPayment,
    ];
    for (const operation of simulated) expect(operation.environments).toEqual(['simulation']);
    for (const operation of chapsOperations.filter((o) => !simulated.includes(o as never)))
      expect(operation.environments).toBeUndefined();
  });

  it.each(chapsOperations.map((operation) => [operation.id, operation] as const))(
    '%s: requires an Idempotency-Key',
    (id, operation) => {
      const errors = errorsOf(operation, exampleOf(id as never), { idempotencyKey: null });
      expect(Object.keys(errors)).toEqual(['Idempotency-Key']);
    },
  );

  it('documents the 202 answers: a payment id (GUID) for the writes, a v4 UETR for the simulator', () => {
    const id = '3fa85f64-5717-4562-b3fc-2c963f66afa6';
    expect(chapsResponses.createChapsCustomerPayment.safeParse({ paymentId: id }).success).toBe(true);
    expect(chapsResponses.createCrossBorderPayment.safeParse({ paymentId: 'x' }).success).toBe(false);
    expect(chapsResponses.createChapsReturnPayment.safeParse({ paymentId: id, x: 1 }).success).toBe(false);
    const uetr = 'a1b2c3d4-5e6f-4a1b-8c2d-3e4f5a6b7c8d';
    expect(chapsResponses.simulateInboundChapsCustomerPayment.safeParse({ uetr }).success).toBe(true);
    expect(
      chapsResponses.simulateInboundChapsCustomerPayment.safeParse({
        uetr: 'bd382f05-e8fa-1056-b25e-3e4f5a6b7c8d',
      }).success,
    ).toBe(false);
    expect(chapsResponses.simulateInboundChapsReturnPayment.safeParse({}).success).toBe(true);
  });
});

describe('the code lists, each in one place (shared/domain/iso20022-codes.ts)', () => {
  it('holds the 127 purpose, 28 category purpose and 99 return reason codes the reference publishes', () => {
    expect(PURPOSE_CODES).toHaveLength(127);
    expect(CATEGORY_PURPOSE_CODES).toHaveLength(28);
    expect(RETURN_REASON_CODES).toHaveLength(99);
    for (const list of [PURPOSE_CODES, CATEGORY_PURPOSE_CODES, RETURN_REASON_CODES]) {
      expect(new Set(list).size).toBe(list.length);
      for (const code of list) expect(code).toMatch(/^[A-Z0-9]{4}$/);
    }
    expect(PURPOSE_CODES_NOT_SIMULATED).toEqual(['FXNT', 'LBRI', 'PCOM', 'PENS']);
  });

  it('takes every published code and refuses others', () => {
    for (const purpose of PURPOSE_CODES) accepts(createChapsCustomerPayment, 'purpose', purpose);
    for (const category of CATEGORY_PURPOSE_CODES)
      accepts(createCrossBorderPayment, 'categoryPurpose', category);
    for (const reason of RETURN_REASON_CODES.filter((code) => code !== 'NARR'))
      accepts(createChapsReturnPayment, 'reason', reason);
    expect(refusalOf(createChapsCustomerPayment, 'purpose', 'XXXX')).toEqual([CHAPS_MESSAGES.purpose]);
    expect(refusalOf(createChapsCustomerPayment, 'purpose', 'sala')).toEqual([CHAPS_MESSAGES.purpose]);
    expect(refusalOf(createChapsInstitutionPayment, 'categoryPurpose', 'IVPT')).toEqual([
      CHAPS_MESSAGES.categoryPurpose,
    ]);
    expect(refusalOf(createChapsReturnPayment, 'reason', 'XX01')).toEqual([CHAPS_MESSAGES.reason]);
    expect(refusalOf(createChapsCustomerPayment, 'purpose', undefined)).toEqual([CHAPS_MESSAGES.purpose]);
  });
});

describe("the reference's own examples", () => {
  // chaps-v6.json's and cross-border-v4.json's request examples, exactly as published.
  const referenceCustomer = {
    instructionIdentification: 'INSTR-CUST-001',
    endToEndIdentification: 'E2E-CUST-001',
    interBankSettlementAmount: { amount: 1000, currency: 'GBP' },
    sourceAccount: { iban: 'GB29NWBK60161331926819' },
    debtorAccount: { schemeName: 'SortcodeAccountNumber', identification: '040004-12345678' },
    debtor: { name: 'Jane Smith' },
    creditorAccount: { schemeName: 'SortcodeAccountNumber', identification: '200000-55779911' },
    creditor: {
      name: 'Bob Jones',
      postalAddress: { townName: 'London', country: 'GB', postCode: 'EC2V 8RT' },
    },
    purpose: 'SALA',
    categoryPurpose: 'SALA',
    remittanceInformation: { creditorReferenceInformation: 'INV-2026-001' },
  };
  const referenceInstitution = {
    instructionIdentification: 'INSTR-INST-001',
    endToEndIdentification: 'E2E-INST-001',
    interBankSettlementAmount: { amount: 100000, currency: 'GBP' },
    sourceAccount: { iban: 'GB29NWBK60161331926819' },
    debtor: { name: 'Acme Bank Ltd' },
    creditorAccount: { schemeName: 'SortcodeAccountNumber', identification: '040004-12345678' },
    creditor: { name: 'Example Financial Institution' },
    purpose: 'TREA',
    categoryPurpose: 'TREA',
  };
  const referenceReturn = {
    paymentId: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
    reason: 'AC04',
    instructionIdentification: 'RETURN-001',
  };
  const referenceCrossBorder = {
    instructionIdentification: 'XBDR-001',
    endToEndIdentification: 'XBE2E-001',
    interBankSettlementAmount: { amount: 5000, currency: 'GBP' },
    sourceAccount: { iban: 'GB29NWBK60161331926819' },
    debtorAccount: { schemeName: 'SortcodeAccountNumber', identification: '040004-12345678' },
    debtor: { name: 'Acme Corporation Ltd' },
    creditorAccount: { iban: 'DE89370400440532013000' },
    creditor: { name: 'Hans Mueller' },
    creditorAgent: { bic: 'DEUTDEDB' },
    purpose: 'TRAD',
    categoryPurpose: 'TRAD',
  };
  const address = { townName: 'London', country: 'GB', postCode: 'EC2V 8RT' };

  it('accepts the return example unchanged', () => {
    expect(errorsOf(createChapsReturnPayment, referenceReturn)).toEqual({});
  });

  it('refuses the others only for the members their own schemas require and they leave out', () => {
    // CustomerPartyDetailsDtoV6 requires postalAddress (v5 required it of the debtor already).
    expect(Object.keys(errorsOf(createChapsCustomerPayment, referenceCustomer))).toEqual([
      'debtor.postalAddress',
    ]);
    // PartyDetailsDtoV6 requires postalAddress and lei ("Required.").
    expect(Object.keys(errorsOf(createChapsInstitutionPayment, referenceInstitution)).sort()).toEqual([
      'creditor.lei',
      'creditor.postalAddress',
      'debtor.lei',
      'debtor.postalAddress',
    ]);
    // CustomerPartyDetailsDtoV5 requires postalAddress ("Required.").
    expect(Object.keys(errorsOf(createCrossBorderPayment, referenceCrossBorder)).sort()).toEqual([
      'creditor.postalAddress',
      'debtor.postalAddress',
    ]);
  });

  it('accepts them once those members are given, nothing else changed', () => {
    expect(
      errorsOf(createChapsCustomerPayment, withMember(referenceCustomer, 'debtor.postalAddress', address)),
    ).toEqual({});
    const institution = ['debtor', 'creditor'].reduce(
      (body, party) =>
        withMember(
          withMember(body, `${party}.postalAddress`, address),
          `${party}.lei`,
          '5493001KJH8B2Q3L5X79',
        ),
      referenceInstitution as Json,
    );
    expect(errorsOf(createChapsInstitutionPayment, institution)).toEqual({});
    const crossBorder = withMember(
      withMember(referenceCrossBorder, 'debtor.postalAddress', address),
      'creditor.postalAddress',
      { townName: 'Frankfurt', country: 'DE', postCode: '60311' },
    );
    expect(errorsOf(createCrossBorderPayment, crossBorder)).toEqual({});
  });

  it("accepts the cross-border guide's three payloads with the v4 amount member (their LEI and IBANs fail check digits: the bank checks shapes only)", () => {
    const party = {
      name: 'Jane Smith',
      postalAddress: {
        buildingNumber: '40',
        streetName: 'Dennenlaan',
        townName: 'Het Ambacht',
        country: 'NL',
        postCode: '3901',
      },
    };
    const creditorAddress = {
      buildingNumber: '38',
      streetName: 'Gotthardstrasse',
      townName: 'Freistaat Sachsen',
      country: 'DE',
      postCode: '09052',
    };
    const payloads = [
      { name: 'Johnny James', privateIdentifier: { otherIdentification: '568237456' } },
      {
        name: 'Business Limited',
        organisationIdentifier: { lei: '844517J3KKERBCP9QQ94', otherIdentification: '2132334343434' },
      },
      {
        name: 'Bank PLC',
        organisationIdentifier: {
          bic: 'CITIDEFFXXX',
          lei: '844517J3KKERBCP9QQ94',
          otherIdentification: '2132334343434',
        },
      },
    ].map((creditor, index) => ({
      instructionIdentification: `INST20250919000${index + 1}`,
      endToEndIdentification: '202509190123456',
      // The guide writes v3's `instructedAmount`; v4 names it `interBankSettlementAmount`.
      interBankSettlementAmount: { amount: 1416.98, currency: 'GBP' },
      sourceAccount: { iban: 'GB00FAKE00000000000000' },
      debtorAccount: { iban: 'GB00FAKE11111111111111' },
      debtor: party,
      creditorAccount: { iban: 'DE89370470440532013000' },
      creditor: { ...creditor, postalAddress: creditorAddress },
      creditorAgent: { bic: 'CITIDEFFXXX' },
      purpose: 'SALA',
      categoryPurpose: 'SALA',
      remittanceInformation: { creditorReferenceInformation: 'SALARY25112024' },
    }));
    for (const payload of payloads) expect(errorsOf(createCrossBorderPayment, payload)).toEqual({});
  });

  it.each(chapsOperations.map((operation) => [operation.id, operation] as const))(
    '%s: accepts its OpenAPI example',
    (id, operation) => {
      expect(errorsOf(operation, exampleOf(id as never))).toEqual({});
    },
  );
});

describe('identifiers and text', () => {
  it('instructionIdentification: 1 to 35 of the wide character set', () => {
    accepts(createChapsCustomerPayment, 'instructionIdentification', WIDE);
    const message = 'instructionIdentification must be 1 to 35 characters long.';
    expect(refusalOf(createChapsCustomerPayment, 'instructionIdentification', '')).toContain(message);
    expect(refusalOf(createChapsCustomerPayment, 'instructionIdentification', 'x'.repeat(36))).toEqual([
      message,
    ]);
    expect(refusalOf(createChapsReturnPayment, 'instructionIdentification', 'RETURN-€')).toEqual([
      expect.stringMatching(/^instructionIdentification may contain only letters, digits, space and/),
    ]);
    expect(refusalOf(simulateInboundChapsReturnPayment, 'instructionIdentification', 'é')).toHaveLength(1);
  });

  it('endToEndIdentification: 1 to 35 of the narrow character set', () => {
    accepts(createCrossBorderPayment, 'endToEndIdentification', NARROW);
    expect(refusalOf(createCrossBorderPayment, 'endToEndIdentification', 'E2E#1')).toEqual([
      "endToEndIdentification may contain only letters, digits, space and / - ? : ( ) . , ' +.",
    ]);
    expect(refusalOf(createChapsInstitutionPayment, 'endToEndIdentification', 'x'.repeat(36))).toEqual([
      'endToEndIdentification must be 1 to 35 characters long.',
    ]);
    expect(refusalOf(simulateInboundChapsCustomerPayment, 'endToEndIdentification', '')).toEqual([
      'endToEndIdentification must be 1 to 35 characters long.',
    ]);
  });

  it('names: 1 to 140 of the wide set for CHAPS, any text for cross-border', () => {
    accepts(createChapsCustomerPayment, 'debtor.name', 'x'.repeat(140));
    expect(refusalOf(createChapsCustomerPayment, 'debtor.name', 'x'.repeat(141))).toEqual([
      'name must be 1 to 140 characters long.',
    ]);
    expect(refusalOf(createChapsInstitutionPayment, 'creditor.name', 'Bank €')).toEqual([
      expect.stringMatching(/^name may contain only/),
    ]);
    accepts(createCrossBorderPayment, 'creditor.name', 'Müller & Söhne €');
    expect(refusalOf(createCrossBorderPayment, 'creditor.name', '')).toEqual([
      'name must be 1 to 140 characters long.',
    ]);
    expect(refusalOf(createCrossBorderPayment, 'debtor.name', 'x'.repeat(141))).toHaveLength(1);
  });

  it('remittance information: a 1 to 35 creditor reference, or (institutions) 1 to 140 unstructured', () => {
    accepts(createChapsCustomerPayment, 'remittanceInformation', undefined);
    expect(
      refusalOf(createChapsCustomerPayment, 'remittanceInformation.creditorReferenceInformation', ''),
    ).toEqual(['creditorReferenceInformation must be 1 to 35 characters long.']);
    expect(
      refusalOf(
        createCrossBorderPayment,
        'remittanceInformation.creditorReferenceInformation',
        'x'.repeat(36),
      ),
    ).toHaveLength(1);
    accepts(createChapsInstitutionPayment, 'remittanceInformation.unstructured', 'x'.repeat(140));
    expect(
      refusalOf(createChapsInstitutionPayment, 'remittanceInformation.unstructured', 'x'.repeat(141)),
    ).toEqual(['unstructured must be 1 to 140 characters long.']);
    expect(refusalOf(createChapsInstitutionPayment, 'remittanceInformation.unstructured', '€')).toHaveLength(
      1,
    );
    expect(refusalOf(createChapsCustomerPayment, 'remittanceInformation.unstructured', 'x')).toEqual([
      'is not a known property',
    ]);
  });

  it('refuses members the reference does not declare, at every level', () => {
    expect(refusalOf(createChapsCustomerPayment, 'ultimateDebtor', { name: 'x' })).toEqual([
      'is not a known property',
    ]);
    expect(
      refusalOf(createChapsInstitutionPayment, 'debtorAccount', { iban: 'GB29NWBK60161331926819' }),
    ).toEqual(['is not a known property']);
    expect(refusalOf(createChapsCustomerPayment, 'interBankSettlementAmount.fee', 1)).toEqual([
      'is not a known property',
    ]);
    expect(refusalOf(createCrossBorderPayment, 'creditorAgent.name', 'Deutsche Bank')).toEqual([
      'is not a known property',
    ]);
    expect(refusalOf(createChapsInstitutionPayment, 'debtor.organisationIdentifier', {})).toEqual([
      'is not a known property',
    ]);
  });
});

describe('amounts and currency', () => {
  const rawWith = (operation: Operation, amount: string) =>
    JSON.stringify(exampleOf(operation.id as never)).replace(/"amount":\d+/, `"amount":${amount}`);
  const amountErrors = (operation: Operation, amount: string, bank = false) =>
    errorsOf(operation, undefined, { raw: rawWith(operation, amount), bank });

  it('takes a GBP amount above 0 with at most 2 decimals, judged on the digits written', () => {
    for (const amount of ['0.01', '1000000000', '10.50', '10.500', '1e3'])
      expect(amountErrors(createChapsCustomerPayment, amount)).toEqual({});
    const field = 'interBankSettlementAmount.amount';
    expect(amountErrors(createChapsCustomerPayment, '0')).toEqual({
      [field]: ['amount must be greater than 0.'],
    });
    expect(amountErrors(createCrossBorderPayment, '-5')[field]).toEqual(['amount must be greater than 0.']);
    expect(amountErrors(createChapsInstitutionPayment, '10.001')[field]).toEqual([
      'amount must have at most 2 decimal places.',
    ]);
    expect(amountErrors(simulateInboundChapsCustomerPayment, '0.001')[field]).toHaveLength(1);
    expect(amountErrors(createChapsCustomerPayment, '"10.50"')[field]?.[0]).toMatch(
      /^amount must be a number/,
    );
  });

  it('refuses any currency but GBP, which the bank says it does not support, while its own schema takes any 3 letters', () => {
    for (const operation of [
      createChapsCustomerPayment,
      createChapsInstitutionPayment,
      createCrossBorderPayment,
    ]) {
      expect(refusalOf(operation, 'interBankSettlementAmount.currency', 'EUR')).toEqual([
        CHAPS_MESSAGES.currency,
      ]);
      expect(refusalOf(operation, 'interBankSettlementAmount.currency', 'gbp')).toEqual([
        CHAPS_MESSAGES.currency,
      ]);
      const eur = withMember(exampleOf(operation.id as never), 'interBankSettlementAmount.currency', 'EUR');
      expect(errorsOf(operation, eur, { bank: true })).toEqual({});
      const bad = withMember(eur, 'interBankSettlementAmount.currency', 'EURO');
      expect(errorsOf(operation, bad, { bank: true })).toEqual({
        'interBankSettlementAmount.currency': [CHAPS_MESSAGES.currencyShape],
      });
    }
    expect(amountErrors(createChapsCustomerPayment, '0', true)).toEqual({});
    expect(refusalOf(createChapsCustomerPayment, 'interBankSettlementAmount', undefined)).toEqual([
      'interBankSettlementAmount is required: an object with amount and currency.',
    ]);
  });
});

describe('account identification: an IBAN, or a scheme name and identification', () => {
  it('takes either form, in the source, debtor and creditor accounts', () => {
    accepts(createChapsCustomerPayment, 'sourceAccount', {
      schemeName: 'BBan',
      identification: 'NWBK60161331926819',
    });
    accepts(createChapsCustomerPayment, 'debtorAccount', { iban: 'GB29NWBK60161331926819' });
    accepts(createChapsInstitutionPayment, 'creditorAccount', { iban: 'GB29NWBK60161331926819' });
    accepts(createChapsCustomerPayment, 'creditorAccount', {
      schemeName: 'SortcodeAccountNumber',
      identification: 'x'.repeat(34),
    });
  });

  it('names the account when neither form is given', () => {
    const message = (name: string) =>
      `${name} is required: an object with iban, or with schemeName and identification.`;
    expect(refusalOf(createChapsCustomerPayment, 'sourceAccount', undefined)).toEqual([
      message('sourceAccount'),
    ]);
    expect(refusalOf(createChapsCustomerPayment, 'debtorAccount', {})).toEqual([message('debtorAccount')]);
    expect(refusalOf(createCrossBorderPayment, 'creditorAccount', 'GB29NWBK60161331926819')).toEqual([
      message('creditorAccount'),
    ]);
  });

  it('refuses a mix of the two forms, the member that does not belong named', () => {
    expect(
      refusalOf(
        createChapsCustomerPayment,
        'sourceAccount',
        { iban: 'GB29NWBK60161331926819', schemeName: 'BBan' },
        'sourceAccount.schemeName',
      ),
    ).toEqual(['is not a known property']);
  });

  it("checks the IBAN's shape (2 letters, 2 digits, 1 to 30 letters or digits, whole value), not its check digits", () => {
    const message = CHAPS_MESSAGES.iban('iban');
    accepts(createChapsCustomerPayment, 'sourceAccount.iban', 'GB00FAKE00000000000000');
    accepts(createChapsCustomerPayment, 'sourceAccount.iban', 'GB29nwbk60161331926819');
    for (const iban of [
      'gb29NWBK60161331926819',
      'GB29 NWBK 6016 1331 9268 19',
      'XGB29NWBK60161331926819',
      'GB29',
      '',
      `GB29${'1'.repeat(31)}`,
    ])
      expect(refusalOf(createChapsCustomerPayment, 'sourceAccount.iban', iban)).toEqual([message]);
  });

  it('takes the scheme names of each document', () => {
    expect(refusalOf(createChapsCustomerPayment, 'debtorAccount.schemeName', 'Other')).toEqual([
      'schemeName must be BBan or SortcodeAccountNumber.',
    ]);
    expect(
      refusalOf(createChapsCustomerPayment, 'debtorAccount.schemeName', 'SortCodeAccountNumber'),
    ).toHaveLength(1);
    accepts(createCrossBorderPayment, 'creditorAccount', { schemeName: 'Other', identification: 'ACC-1' });
    expect(
      refusalOf(
        createCrossBorderPayment,
        'creditorAccount',
        { schemeName: 'SortcodeAccountNumber', identification: '1' },
        'creditorAccount.schemeName',
      ),
    ).toEqual(['schemeName must be BBan or Other.']);
    accepts(simulateInboundChapsCustomerPayment, 'debtorAccount', {
      schemeName: 'SortCodeAccountNumber',
      identification: '601613319269',
    });
    expect(
      refusalOf(
        simulateInboundChapsCustomerPayment,
        'debtorAccount',
        { schemeName: 'SortcodeAccountNumber', identification: '1' },
        'debtorAccount.schemeName',
      ),
    ).toEqual(['schemeName must be BBan or SortCodeAccountNumber.']);
  });

  it('limits the identification: 1 to 34 (CHAPS), 1 to 35 (simulator)', () => {
    expect(refusalOf(createChapsCustomerPayment, 'debtorAccount.identification', 'x'.repeat(35))).toEqual([
      'identification must be 1 to 34 characters long.',
    ]);
    expect(refusalOf(createChapsCustomerPayment, 'debtorAccount.identification', '')).toHaveLength(1);
    expect(
      refusalOf(
        createChapsCustomerPayment,
        'debtorAccount',
        { schemeName: 'BBan' },
        'debtorAccount.identification',
      ),
    ).toHaveLength(1);
    accepts(simulateInboundChapsCustomerPayment, 'creditorAccount', {
      schemeName: 'BBan',
      identification: 'x'.repeat(35),
    });
    expect(
      refusalOf(
        simulateInboundChapsCustomerPayment,
        'creditorAccount',
        { schemeName: 'BBan', identification: 'x'.repeat(36) },
        'creditorAccount.identification',
      ),
    ).toHaveLength(1);
  });

  it("takes the cross-border creditor's other identification as runs of its characters joined by single slashes", () => {
    for (const identification of ['ACC-1', 'AB/12-3', "a/b/c(1).,'+?:"])
      accepts(createCrossBorderPayment, 'creditorAccount', { schemeName: 'Other', identification });
    for (const identification of ['/abc', 'abc/', 'a//b', 'a b', 'a#b', 'x'.repeat(35)])
      expect(
        refusalOf(
          createCrossBorderPayment,
          'creditorAccount',
          { schemeName: 'BBan', identification },
          'creditorAccount.identification',
        ),
      ).toHaveLength(1);
  });

  it('judges a long refused identification without backtracking', () => {
    const started = performance.now();
    const identification = `${'a'.repeat(100_000)} `;
    refusalOf(
      createCrossBorderPayment,
      'creditorAccount',
      { schemeName: 'Other', identification },
      'creditorAccount.identification',
    );
    expect(performance.now() - started).toBeLessThan(500);
  });

  it("the simulator's IBAN form may also carry an identification, as its base form does", () => {
    accepts(simulateInboundChapsInstitutionPayment, 'creditorAccount', {
      iban: 'GB86CLRB04056810005205',
      identification: '04056810005205',
    });
    expect(
      refusalOf(
        createChapsInstitutionPayment,
        'creditorAccount',
        { iban: 'GB86CLRB04056810005205', identification: '1' },
        'creditorAccount.identification',
      ),
    ).toEqual(['is not a known property']);
  });
});

describe('parties: postal address, identifiers, LEI and BIC', () => {
  it('requires townName, country and postCode; the other lines are optional', () => {
    expect(refusalOf(createChapsCustomerPayment, 'creditor.postalAddress', undefined)).toEqual([
      'postalAddress is required: an object with townName, country and postCode.',
    ]);
    for (const member of ['townName', 'country', 'postCode'])
      expect(refusalOf(createCrossBorderPayment, `debtor.postalAddress.${member}`, undefined)).toHaveLength(
        1,
      );
    accepts(createChapsInstitutionPayment, 'debtor.postalAddress', {
      townName: 'Leeds',
      country: 'GB',
      postCode: 'LS1',
    });
  });

  it('limits each line: building number 16, building name 35, street 70, town 35, post code 16, in the wide set', () => {
    const limits = { buildingNumber: 16, buildingName: 35, streetName: 70, townName: 35, postCode: 16 };
    for (const [line, max] of Object.entries(limits)) {
      accepts(createChapsCustomerPayment, `debtor.postalAddress.${line}`, 'x'.repeat(max));
      expect(
        refusalOf(createChapsCustomerPayment, `debtor.postalAddress.${line}`, 'x'.repeat(max + 1)),
      ).toEqual([`${line} must be 1 to ${max} characters long.`]);
      expect(refusalOf(createCrossBorderPayment, `creditor.postalAddress.${line}`, '')).toHaveLength(1);
      expect(refusalOf(createChapsInstitutionPayment, `creditor.postalAddress.${line}`, 'Straße')).toEqual([
        expect.stringMatching(new RegExp(`^${line} may contain only`)),
      ]);
    }
  });

  it('takes a country as 2 upper-case letters', () => {
    accepts(createCrossBorderPayment, 'creditor.postalAddress.country', 'NL');
    for (const country of ['gb', 'GBR', 'G', '12'])
      expect(refusalOf(createCrossBorderPayment, 'creditor.postalAddress.country', country)).toEqual([
        CHAPS_MESSAGES.country('country'),
      ]);
  });

  it('takes an LEI as 18 letters or digits and 2 digits, without checking its check digits', () => {
    accepts(createChapsInstitutionPayment, 'debtor.lei', '5493001KJH8B2Q3L5X79');
    for (const lei of [
      '5493001KJH8B2Q3L5X7',
      '5493001KJH8B2Q3L5X7A',
      '5493001kjh8b2q3l5x79',
      '5493001KJH8B2Q3L5X790',
    ])
      expect(refusalOf(createChapsInstitutionPayment, 'debtor.lei', lei)).toEqual([
        CHAPS_MESSAGES.lei('lei'),
      ]);
    expect(refusalOf(createChapsInstitutionPayment, 'creditor.lei', undefined)).toEqual([
      CHAPS_MESSAGES.lei('lei'),
    ]);
    expect(refusalOf(createChapsCustomerPayment, 'creditor.organisationIdentifier.lei', 'ABC')).toHaveLength(
      1,
    );
    accepts(createCrossBorderPayment, 'debtor.organisationIdentifier', { lei: '844517J3KKERBCP9QQ94' });
  });

  it('takes a BIC of 8 or 11 in ISO 9362 shape', () => {
    for (const bic of ['DEUTDEDB', 'DEUTDEFF500', 'CITIDEFFXXX'])
      accepts(createCrossBorderPayment, 'creditorAgent.bic', bic);
    for (const bic of ['DEUTDE', 'deutdedb', 'DEUT1EDB', 'DEUTDEDBX', 'DEUTDEDB5000'])
      expect(refusalOf(createCrossBorderPayment, 'creditorAgent.bic', bic)).toEqual([
        CHAPS_MESSAGES.bic('bic'),
      ]);
    expect(refusalOf(createCrossBorderPayment, 'creditorAgent', undefined)).toEqual([
      'creditorAgent is required: an object with bic.',
    ]);
    expect(
      refusalOf(createChapsCustomerPayment, 'creditor.organisationIdentifier.bic', 'BARCGB2'),
    ).toHaveLength(1);
  });

  it('takes other identifications as 1 to 35 of the narrow set', () => {
    accepts(createChapsCustomerPayment, 'debtor.privateIdentifier.otherIdentification', NARROW);
    for (const value of ['', 'x'.repeat(36), 'AB#1'])
      expect(
        refusalOf(createChapsCustomerPayment, 'debtor.privateIdentifier.otherIdentification', value),
      ).toHaveLength(1);
    expect(
      refusalOf(createCrossBorderPayment, 'debtor.organisationIdentifier.otherIdentification', 'CRN_1'),
    ).toHaveLength(1);
  });

  it('takes an organisation or a private identifier, not both', () => {
    for (const operation of [createChapsCustomerPayment, createCrossBorderPayment]) {
      const body = withMember(exampleOf(operation.id as never), 'debtor.organisationIdentifier', {
        otherIdentification: '12345678',
      });
      const both = withMember(body, 'debtor.privateIdentifier', { otherIdentification: 'AB123456C' });
      expect(errorsOf(operation, both)).toEqual({
        'debtor.privateIdentifier': [CHAPS_MESSAGES.oneIdentifier],
      });
    }
  });

  it('cross-border: an optional intermediary agent with its name, address and BIC', () => {
    const agent = {
      name: 'Example Intermediary Bank',
      postalAddress: { townName: 'London', country: 'GB', postCode: 'E14 5HP' },
      bic: 'BARCGB22XXX',
    };
    accepts(createCrossBorderPayment, 'intermediaryAgent1', agent);
    accepts(createCrossBorderPayment, 'intermediaryAgent1', { ...agent, lei: '5493001KJH8B2Q3L5X79' });
    expect(
      refusalOf(
        createCrossBorderPayment,
        'intermediaryAgent1',
        { ...agent, bic: undefined },
        'intermediaryAgent1.bic',
      ),
    ).toEqual([CHAPS_MESSAGES.bic('bic')]);
    expect(
      refusalOf(
        createCrossBorderPayment,
        'intermediaryAgent1',
        { ...agent, name: undefined },
        'intermediaryAgent1.name',
      ),
    ).toHaveLength(1);
    expect(
      refusalOf(
        createCrossBorderPayment,
        'intermediaryAgent1',
        { ...agent, postalAddress: undefined },
        'intermediaryAgent1.postalAddress',
      ),
    ).toHaveLength(1);
    expect(
      refusalOf(
        createCrossBorderPayment,
        'intermediaryAgent1',
        { ...agent, lei: 'X' },
        'intermediaryAgent1.lei',
      ),
    ).toHaveLength(1);
  });
});

describe('CHAPS returns', () => {
  it('takes a GUID payment id and refuses anything else', () => {
    expect(refusalOf(createChapsReturnPayment, 'paymentId', 'bd382f05e8fa4056b25e')).toEqual([
      'paymentId must be a GUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6.',
    ]);
    expect(refusalOf(simulateInboundChapsReturnPayment, 'paymentId', undefined)).toHaveLength(1);
  });

  it('takes additional information of at most 105 characters', () => {
    accepts(createChapsReturnPayment, 'additionalInformation', 'x'.repeat(105));
    accepts(createChapsReturnPayment, 'additionalInformation', '');
    expect(refusalOf(createChapsReturnPayment, 'additionalInformation', 'x'.repeat(106))).toEqual([
      'additionalInformation must be 0 to 105 characters long.',
    ]);
  });

  it('refuses NARR on a return sent (the guide: not available when sending); the bank schema wants information with it', () => {
    const narr = withMember(exampleOf('createChapsReturnPayment'), 'reason', 'NARR');
    expect(errorsOf(createChapsReturnPayment, narr)).toEqual({ reason: [CHAPS_MESSAGES.narrNotSent] });
    expect(errorsOf(createChapsReturnPayment, narr, { bank: true })).toEqual({
      additionalInformation: [CHAPS_MESSAGES.narrNeedsInformation],
    });
    expect(
      errorsOf(
        createChapsReturnPayment,
        { ...narr, additionalInformation: 'Wrong beneficiary' },
        { bank: true },
      ),
    ).toEqual({});
  });

  it('a simulated inbound return may carry NARR, with additional information', () => {
    expect(refusalOf(simulateInboundChapsReturnPayment, 'reason', 'NARR', 'additionalInformation')).toEqual([
      CHAPS_MESSAGES.narrNeedsInformation,
    ]);
    const narr = withMember(exampleOf('simulateInboundChapsReturnPayment'), 'reason', 'NARR');
    expect(
      errorsOf(simulateInboundChapsReturnPayment, { ...narr, additionalInformation: 'Returned' }),
    ).toEqual({});
  });

  it('a simulated return amount is GBP from 0.01, whole or in part', () => {
    accepts(simulateInboundChapsReturnPayment, 'returnedInterBankSettlementAmount', undefined);
    accepts(simulateInboundChapsReturnPayment, 'returnedInterBankSettlementAmount.amount', 0.01);
    expect(
      refusalOf(simulateInboundChapsReturnPayment, 'returnedInterBankSettlementAmount.amount', 0),
    ).toEqual(['amount must be greater than 0.']);
    expect(
      refusalOf(simulateInboundChapsReturnPayment, 'returnedInterBankSettlementAmount.currency', 'EUR'),
    ).toEqual(['currency must be GBP.']);
    expect(refusalOf(simulateInboundChapsReturnPayment, 'returnedInterBankSettlementAmount.fee', 1)).toEqual([
      'is not a known property',
    ]);
  });
});

describe('the hours: 08:00 to 17:00 UK time on business days, for the four outbound writes', () => {
  const outbound = [
    [createChapsCustomerPayment, CHAPS_MESSAGES.chapsClosed],
    [createChapsInstitutionPayment, CHAPS_MESSAGES.chapsClosed],
    [createChapsReturnPayment, CHAPS_MESSAGES.chapsClosed],
    [createCrossBorderPayment, CHAPS_MESSAGES.crossBorderClosed],
  ] as const;
  const at = (iso: string) => new Date(iso);

  it.each(outbound.map(([operation, message]) => [operation.id, operation, message] as const))(
    '%s: refused before 08:00, from 17:00, at weekends and on bank holidays, naming the body',
    (id, operation, message) => {
      const body = exampleOf(id as never);
      for (const now of [
        '2026-11-30T07:59:59Z', // Monday 07:59:59 GMT
        '2026-11-30T17:00:00Z', // Monday 17:00 GMT
        '2026-11-28T10:00:00Z', // Saturday
        '2026-12-25T10:00:00Z', // Christmas Day, a Friday
        '2026-12-28T10:00:00Z', // Boxing Day's substitute, a Monday
        '2026-07-01T16:00:00Z', // 17:00 BST
      ])
        expect(errorsOf(operation, body, { now: at(now) }), now).toEqual({ $: [message] });
      for (const now of ['2026-11-30T08:00:00Z', '2026-11-30T16:59:59Z', '2026-07-01T07:00:00Z'])
        expect(errorsOf(operation, body, { now: at(now) }), now).toEqual({});
    },
  );

  it('does not refuse a simulated inbound payment at night: the other bank sends when it will', () => {
    const saturdayNight = at('2026-11-28T23:30:00Z');
    for (const operation of [
      simulateInboundChapsCustomerPayment,
      simulateInboundChapsInstitutionPayment,
      simulateInboundChapsReturnPayment,
    ])
      expect(errorsOf(operation, exampleOf(operation.id as never), { now: saturdayNight })).toEqual({});
  });

  it('judges the body first: a rule-breaking body at night is refused for its members, not the hour', () => {
    const body = withMember(exampleOf('createChapsCustomerPayment'), 'purpose', 'XXXX');
    expect(errorsOf(createChapsCustomerPayment, body, { now: at('2026-11-28T10:00:00Z') })).toEqual({
      purpose: [CHAPS_MESSAGES.purpose],
    });
  });
});

describe('the inbound CHAPS simulator v3 rules', () => {
  it('takes the 123 purpose codes of its own list, not the four it leaves out', () => {
    accepts(simulateInboundChapsCustomerPayment, 'purpose', 'IVPT');
    for (const purpose of PURPOSE_CODES_NOT_SIMULATED) {
      expect(refusalOf(simulateInboundChapsInstitutionPayment, 'purpose', purpose)).toEqual([
        CHAPS_MESSAGES.simulatedPurpose,
      ]);
      accepts(createChapsInstitutionPayment, 'purpose', purpose);
    }
  });

  it('takes names and address lines as any text, the town 1 to 35 and the post code 1 to 16', () => {
    accepts(simulateInboundChapsCustomerPayment, 'debtor.name', `Zoë ${'x'.repeat(300)}`);
    accepts(simulateInboundChapsCustomerPayment, 'creditor.postalAddress.buildingName', 'Maison €');
    accepts(simulateInboundChapsCustomerPayment, 'creditor.postalAddress.streetName', 'x'.repeat(200));
    expect(refusalOf(simulateInboundChapsCustomerPayment, 'debtor.name', '')).toHaveLength(1);
    expect(
      refusalOf(simulateInboundChapsCustomerPayment, 'creditor.postalAddress.townName', 'x'.repeat(36)),
    ).toHaveLength(1);
    expect(
      refusalOf(simulateInboundChapsInstitutionPayment, 'debtor.postalAddress.postCode', 'x'.repeat(17)),
    ).toHaveLength(1);
    expect(refusalOf(simulateInboundChapsCustomerPayment, 'debtor.postalAddress.country', 'gb')).toHaveLength(
      1,
    );
    expect(refusalOf(simulateInboundChapsCustomerPayment, 'debtor.postalAddress.addressLine1', 'x')).toEqual([
      'is not a known property',
    ]);
  });

  it('takes null for the identifiers and the remittance information left out, as the guide writes them', () => {
    accepts(simulateInboundChapsCustomerPayment, 'debtor.organisationIdentifier', null);
    accepts(simulateInboundChapsCustomerPayment, 'creditor.privateIdentifier', null);
    accepts(simulateInboundChapsCustomerPayment, 'remittanceInformation', null);
    accepts(
      simulateInboundChapsCustomerPayment,
      'remittanceInformation.creditorReferenceInformation',
      'Réf €',
    );
    expect(
      refusalOf(
        simulateInboundChapsCustomerPayment,
        'remittanceInformation.creditorReferenceInformation',
        'x'.repeat(36),
      ),
    ).toHaveLength(1);
  });

  it('checks its organisation identifier by its own rules: BIC 8 or 11 letters or digits, LEI of 20, other at most 35', () => {
    accepts(simulateInboundChapsCustomerPayment, 'creditor.organisationIdentifier', {
      bic: 'GB45Q2P1N0M',
      lei: 'lowercase-lei-ok-20c',
      otherIdentification: '',
    });
    expect(
      refusalOf(simulateInboundChapsCustomerPayment, 'creditor.organisationIdentifier.bic', 'abcd1234'),
    ).toEqual([CHAPS_MESSAGES.simulatorBic('bic')]);
    expect(
      refusalOf(simulateInboundChapsCustomerPayment, 'creditor.organisationIdentifier.lei', 'x'.repeat(19)),
    ).toHaveLength(1);
    expect(
      refusalOf(
        simulateInboundChapsCustomerPayment,
        'debtor.privateIdentifier.otherIdentification',
        'x'.repeat(36),
      ),
    ).toHaveLength(1);
  });

  it('refuses both identifiers on the creditor only, where its document says so', () => {
    const both = {
      organisationIdentifier: { otherIdentification: '1' },
      privateIdentifier: { otherIdentification: '2' },
    };
    const body = exampleOf('simulateInboundChapsCustomerPayment');
    const creditor = { ...(body.creditor as Json), ...both };
    const debtor = { ...(body.debtor as Json), ...both };
    expect(errorsOf(simulateInboundChapsCustomerPayment, { ...body, creditor })).toEqual({
      'creditor.privateIdentifier': [CHAPS_MESSAGES.oneIdentifier],
    });
    expect(errorsOf(simulateInboundChapsCustomerPayment, { ...body, debtor })).toEqual({});
  });

  it('takes an optional instructing agent BIC, and requires the institutions’ BICs and LEIs', () => {
    accepts(simulateInboundChapsCustomerPayment, 'instructingAgentBic', undefined);
    expect(refusalOf(simulateInboundChapsCustomerPayment, 'instructingAgentBic', 'LOYDGB2')).toEqual([
      CHAPS_MESSAGES.bic('instructingAgentBic'),
    ]);
    expect(refusalOf(simulateInboundChapsInstitutionPayment, 'debtorBic', undefined)).toEqual([
      CHAPS_MESSAGES.bic('debtorBic'),
    ]);
    expect(refusalOf(simulateInboundChapsInstitutionPayment, 'creditorBic', 'clrbgb22')).toHaveLength(1);
    expect(refusalOf(simulateInboundChapsInstitutionPayment, 'creditor.lei', 'lowercase-lei-ok-20c')).toEqual(
      [CHAPS_MESSAGES.lei('lei')],
    );
    expect(
      refusalOf(simulateInboundChapsInstitutionPayment, 'remittanceInformation.unstructured', '€'),
    ).toHaveLength(1);
  });

  it('leaves the amount object open, as its document does (unknown members pass to the bank)', () => {
    accepts(simulateInboundChapsCustomerPayment, 'interBankSettlementAmount.note', 'x');
    expect(
      refusalOf(simulateInboundChapsCustomerPayment, 'interBankSettlementAmount.currency', 'EUR'),
    ).toEqual([CHAPS_MESSAGES.currency]);
  });
});
