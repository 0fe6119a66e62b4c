import { readJson } from '#shared/json/read-json.js';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import {
  checkStatementPeriod,
  creditorName,
  creditorNameForScheme,
  FieldRuleError,
  fpsAmount,
  fpsCurrency,
  fpsPaymentInstructions,
  internalTransferEndToEndId,
  internalTransferReference,
  mandateAmendReasonCode,
  mandateCancelReasonCode,
  mandateReference,
  mandateReturnReason,
  mandateType,
  nameCheckIdentification,
  nameVerificationRequest,
  originatorName,
  ownerNameForNameCheck,
  parseOwnerName,
  payerName,
  paymentReference,
  paymentReferenceForScheme,
  retailCustomerIdentityDocument,
  serviceUserNumber,
  srdValidateRequest,
  statementRequest,
  toNameCheckIdentification,
  transactionPageSize,
  isValidRequestId,
} from '#shared/domain/index.js';

// Behaviour pinned down: each request field rule of the spec accepts what the spec allows, refuses the rest,
// and says why in a message fit for the `errors` map of a 400 problem.

function messages(schema: z.ZodMiniType, value: unknown): string[] {
  return schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];
}

function errorsByPath(schema: z.ZodMiniType, value: unknown): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of schema.safeParse(value).error?.issues ?? []) {
    const key = issue.path.join('.');
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
}

describe('instant payment creditor name', () => {
  it('accepts 1 to 140 characters of the listed set, right quotes and line breaks included', () => {
    expect(messages(creditorName, 'A')).toEqual([]);
    expect(messages(creditorName, 'x'.repeat(140))).toEqual([]);
    expect(messages(creditorName, 'O’Brien & Sons (UK) Ltd, ”Trading” #1\r\n')).toEqual([]);
  });

  it('refuses an empty name and one of 141 characters with the length message', () => {
    expect(messages(creditorName, '')).toEqual(['Creditor name must be 1 to 140 characters long.']);
    expect(messages(creditorName, 'x'.repeat(141))).toEqual([
      'Creditor name must be 1 to 140 characters long.',
    ]);
  });

  it.each(['Zoë', 'a_b', 'a$b', 'a~b', 'a\tb', "O'Brien", '“left quote'])(
    'refuses %j, which has a character outside the set',
    (name) => {
      expect(messages(creditorName, name)).toEqual([
        'Creditor name may contain only letters, digits, space, carriage return, line feed and / - ? : ( ) . , ’ + # = ! ” % & * < > ; { @.',
      ]);
    },
  );

  it('is truncated to 35 characters for the scheme', () => {
    expect(creditorNameForScheme('A'.repeat(36))).toBe('A'.repeat(35));
    expect(() => creditorNameForScheme('')).toThrow(FieldRuleError);
  });
});

describe('instant payment reference', () => {
  it('accepts 0 to 35 characters', () => {
    expect(messages(paymentReference, '')).toEqual([]);
    expect(messages(paymentReference, 'R'.repeat(35))).toEqual([]);
    expect(messages(paymentReference, 'R'.repeat(36))).toEqual([
      'Payment reference must be at most 35 characters long.',
    ]);
  });

  it('is truncated to 18 characters for the scheme, and a missing one becomes empty', () => {
    expect(paymentReferenceForScheme('INVOICE 2024-00001234')).toBe('INVOICE 2024-00001');
    expect(paymentReferenceForScheme(undefined)).toBe('');
  });
});

describe('instant payment amount, currency and instruction count', () => {
  // Amounts arrive as the safe JSON reader gives them: numbers keep the digits written.
  it.each(['0.01', '1', '999999.99', '1000000', '10.500', '1e2'])('accepts %s', (amount) => {
    expect(messages(fpsAmount, readJson(amount))).toEqual([]);
  });

  it.each([
    ['0', 'Amount must be greater than 0.'],
    ['-5', 'Amount must be greater than 0.'],
    ['1000000.01', 'Amount must be at most GBP 1,000,000.00.'],
    ['10.001', 'Amount must have at most 2 decimal places.'],
    ['0.30000000000000004', 'Amount must have at most 2 decimal places.'],
    ['0.1000000000000000055511151231257827', 'Amount must have at most 2 decimal places.'],
    [
      '"10.00"',
      'Amount must be a number. Send a JSON number written with the digits wanted (10.00, without quotes), not text: the value is read exactly as written.',
    ],
    ['true', 'Amount must be a number.'],
  ])('refuses %s: %s', (amount, message) => {
    expect(messages(fpsAmount, readJson(amount))).toEqual([message]);
  });

  it('takes GBP only', () => {
    expect(messages(fpsCurrency, 'GBP')).toEqual([]);
    expect(messages(fpsCurrency, 'EUR')).toEqual([
      'Currency must be GBP, the only currency of instant payments.',
    ]);
  });

  it('takes 1 to 10 instructions', () => {
    const instructions = fpsPaymentInstructions(creditorName);
    expect(messages(instructions, Array(10).fill('A'))).toEqual([]);
    expect(messages(instructions, Array(11).fill('A'))).toEqual([
      'paymentInstructions must hold 1 to 10 instructions.',
    ]);
    expect(messages(instructions, [])).toEqual(['paymentInstructions must hold 1 to 10 instructions.']);
  });
});

describe('name-check Identification', () => {
  it('is 14 digits: the sort code and the account number padded to 8', () => {
    expect(toNameCheckIdentification('123456', '12345678')).toBe('12345612345678');
    expect(toNameCheckIdentification('123456', '123456')).toBe('12345600123456');
    expect(messages(nameCheckIdentification, '12345600123456')).toEqual([]);
  });

  it.each(['1234561234567', '123456123456789', '12345612345a78'])('refuses %s', (identification) => {
    expect(messages(nameCheckIdentification, identification)).toHaveLength(1);
  });

  it('refuses a sort code that is not 6 digits and an account number longer than 8', () => {
    expect(() => toNameCheckIdentification('12345', '12345678')).toThrow(
      expect.objectContaining({ field: 'sortCode' }),
    );
    expect(() => toNameCheckIdentification('123456', '123456789')).toThrow(
      expect.objectContaining({ field: 'accountNumber' }),
    );
  });
});

describe('name-check OwnerName', () => {
  it('accepts the unstructured form for personal and business accounts', () => {
    expect(parseOwnerName(',,Jane Smith', 'Personal')).toEqual({
      form: 'unstructured',
      fullName: 'Jane Smith',
    });
    expect(messages(ownerNameForNameCheck('Business'), ',,Acme Trading Ltd')).toEqual([]);
  });

  it('accepts the structured form for personal accounts', () => {
    expect(parseOwnerName('Mrs, Jane Anne, Smith', 'Personal')).toEqual({
      form: 'structured',
      salutation: 'Mrs',
      forenames: 'Jane Anne',
      surname: 'Smith',
    });
  });

  it('refuses the structured form for business accounts, pointing to the unstructured one', () => {
    expect(messages(ownerNameForNameCheck('Business'), 'Mr, John, Smith')).toEqual([
      'OwnerName in the structured form "<salutation>, <forename(s)>, <surname>" is valid for personal accounts only; use ",,<full name>".',
    ]);
  });

  it.each(['Jane Smith', ',,', ',, ', 'Mr, , Smith', ',,Smith, Jane', 'Mr, John'])(
    'refuses %j',
    (ownerName) => {
      expect(messages(ownerNameForNameCheck('Personal'), ownerName)).toEqual([
        'OwnerName must be ",,<full name>" or "<salutation>, <forename(s)>, <surname>".',
      ]);
    },
  );

  it('refuses an empty name and one over 140 characters', () => {
    expect(messages(ownerNameForNameCheck('Personal'), '')).toEqual([
      'OwnerName must be 1 to 140 characters long.',
    ]);
    expect(messages(ownerNameForNameCheck('Personal'), `,,${'x'.repeat(139)}`)).toEqual([
      'OwnerName must be 1 to 140 characters long.',
    ]);
  });
});

describe('name-verification and SRD bodies', () => {
  const valid = {
    SchemeName: 'SortCodeAccountNumber',
    LegalOwnerType: 'Business',
    Identification: '12345600123456',
    OwnerName: ',,Acme Trading Ltd',
  };

  it('accept a complete body', () => {
    expect(errorsByPath(nameVerificationRequest, valid)).toEqual({});
    expect(
      errorsByPath(srdValidateRequest, {
        SchemeName: 'SortCodeAccountNumber',
        Identification: '12345600123456',
      }),
    ).toEqual({});
  });

  it('put each broken rule under its property', () => {
    expect(
      errorsByPath(nameVerificationRequest, {
        ...valid,
        SchemeName: 'Iban',
        OwnerName: 'Mr, John, Smith',
        EndToEndIdentification: 'e'.repeat(141),
      }),
    ).toEqual({
      SchemeName: ['SchemeName must be SortCodeAccountNumber.'],
      EndToEndIdentification: ['EndToEndIdentification must be at most 140 characters long.'],
      OwnerName: [
        'OwnerName in the structured form "<salutation>, <forename(s)>, <surname>" is valid for personal accounts only; use ",,<full name>".',
      ],
    });
  });

  it('refuse unknown properties', () => {
    expect(nameVerificationRequest.safeParse({ ...valid, Extra: 1 }).error?.issues[0]?.code).toBe(
      'unrecognized_keys',
    );
  });
});

describe('direct debit instruction fields', () => {
  it('take a service user number of exactly 6 digits', () => {
    expect(messages(serviceUserNumber, '123456')).toEqual([]);
    expect(messages(serviceUserNumber, '12345')).toEqual(['serviceUserNumber must be exactly 6 digits.']);
    expect(messages(serviceUserNumber, '12345a')).toHaveLength(1);
  });

  it('take originator and payer names of 0 to 18 upper-case letters, digits and . & / - space', () => {
    expect(messages(originatorName, '')).toEqual([]);
    expect(messages(originatorName, 'ACME & CO. LTD-1/2')).toEqual([]);
    expect(messages(originatorName, 'A'.repeat(19))).toHaveLength(1);
    expect(messages(payerName, 'J SMITH')).toEqual([]);
    expect(messages(payerName, 'J Smith')).toEqual([
      'payerName must be at most 18 characters: upper-case letters, digits, full stop, ampersand, slash, hyphen, space.',
    ]);
  });

  it('take a reference of 1 to 18 of the same characters', () => {
    expect(messages(mandateReference, 'REF-0001')).toEqual([]);
    expect(messages(mandateReference, '')).toHaveLength(1);
    expect(messages(mandateReference, 'R'.repeat(19))).toHaveLength(1);
    expect(messages(mandateReference, 'REF_1')).toHaveLength(1);
  });

  it('take the listed mandate types and reason codes only', () => {
    expect(messages(mandateType, 'PaperMandate')).toEqual([]);
    expect(messages(mandateType, 'Paper')).toHaveLength(1);
    expect(messages(mandateAmendReasonCode, 'E')).toEqual([]);
    expect(messages(mandateAmendReasonCode, 'X')).toHaveLength(1);
    for (const code of ['B', 'C', 'F', 'G', 'H', 'I', 'K', '1', '2', '3', '5', '6']) {
      expect(messages(mandateReturnReason, code)).toEqual([]);
    }
    expect(messages(mandateReturnReason, '4')).toEqual([
      'rejectionReason must be one of B, C, F, G, H, I, K, 1, 2, 3, 5, 6.',
    ]);
    for (const code of ['0', '1', '2', 'B']) expect(messages(mandateCancelReasonCode, code)).toEqual([]);
    expect(messages(mandateCancelReasonCode, '3')).toHaveLength(1);
  });
});

describe('statement requests', () => {
  const onTheFifth = new Date('2026-03-05T00:30:00Z');
  const onTheFourth = new Date('2026-03-04T23:59:59Z');
  const body = { year: 2026, month: 2, format: 'csv', currency: 'EUR' };

  it('take the previous month from the 5th of the current month', () => {
    expect(errorsByPath(statementRequest(onTheFifth), body)).toEqual({});
  });

  it('refuse the previous month before the 5th', () => {
    expect(errorsByPath(statementRequest(onTheFourth), body)).toEqual({
      month: ['The previous month can be requested from the 5th day of the current month.'],
    });
  });

  it('read the 5th in UK time: 23:30 UTC on the 4th of June is already the 5th in BST', () => {
    expect(() => checkStatementPeriod(2026, 5, new Date('2026-06-04T23:30:00Z'))).not.toThrow();
    expect(() => checkStatementPeriod(2026, 5, new Date('2026-06-04T22:59:59Z'))).toThrow(FieldRuleError);
  });

  it('take a month up to 24 months back and refuse one 25 months back', () => {
    expect(errorsByPath(statementRequest(onTheFifth), { ...body, year: 2024, month: 3 })).toEqual({});
    expect(errorsByPath(statementRequest(onTheFifth), { ...body, year: 2024, month: 2 })).toEqual({
      year: ['year and month must be within the last 24 months.'],
    });
  });

  it('refuse the current month and future months', () => {
    expect(errorsByPath(statementRequest(onTheFifth), { ...body, month: 3 })).toEqual({
      month: ['month must be a month that has ended.'],
    });
  });

  it('refuse a year before 2019, a month outside 1 to 12, another format and a currency that is not 3 letters', () => {
    expect(
      errorsByPath(statementRequest(new Date('2020-06-10T12:00:00Z')), {
        year: 2018,
        month: 13,
        format: 'CSV',
        currency: 'EURO',
      }),
    ).toEqual({
      year: ['year must be a whole number, 2019 or later.'],
      month: ['month must be a whole number from 1 to 12.'],
      format: ['format must be csv.'],
      currency: ['currency must be exactly 3 letters.'],
    });
  });
});

describe('transaction list page size', () => {
  it('takes 1 to 1000 from the query string', () => {
    expect(transactionPageSize.parse('1000')).toBe(1000);
    expect(transactionPageSize.parse('1')).toBe(1);
  });

  it.each(['1001', '0', '-1', '10.5', 'ten', ''])('refuses %j', (pageSize) => {
    expect(messages(transactionPageSize, pageSize)).toEqual([
      'PageSize must be a whole number from 1 to 1000.',
    ]);
  });
});

describe('internal transfer end-to-end id and reference', () => {
  it('take an id of 1 to 35 listed characters', () => {
    expect(messages(internalTransferEndToEndId, 'E2E/2024:01-02.03,04?')).toEqual([]);
    expect(messages(internalTransferEndToEndId, 'x'.repeat(35))).toEqual([]);
    expect(messages(internalTransferEndToEndId, 'x'.repeat(36))).toHaveLength(1);
    expect(messages(internalTransferEndToEndId, '')).toHaveLength(1);
    expect(messages(internalTransferEndToEndId, 'id_1')).toHaveLength(1);
  });

  it('take a reference of 0 to 140 of the same characters', () => {
    expect(messages(internalTransferReference, '')).toEqual([]);
    expect(messages(internalTransferReference, 'r'.repeat(140))).toEqual([]);
    expect(messages(internalTransferReference, 'r'.repeat(141))).toHaveLength(1);
  });
});

describe('retail customer identity document', () => {
  const complete = {
    idCountryOfIssue: 'GBR',
    idType: 'Passport',
    idNumber: '123456789',
    idExpiryDate: '2030-01-31T00:00:00Z',
  };

  it('accepts all four fields together, or none', () => {
    expect(errorsByPath(retailCustomerIdentityDocument, complete)).toEqual({});
    expect(errorsByPath(retailCustomerIdentityDocument, {})).toEqual({});
  });

  it('names every missing field when only some are given', () => {
    expect(errorsByPath(retailCustomerIdentityDocument, { idType: 'Passport', idNumber: '123' })).toEqual({
      idCountryOfIssue: [
        'idCountryOfIssue is required when any of idCountryOfIssue, idType, idNumber, idExpiryDate is given: they go together.',
      ],
      idExpiryDate: [
        'idExpiryDate is required when any of idCountryOfIssue, idType, idNumber, idExpiryDate is given: they go together.',
      ],
    });
  });

  it('refuses a country that is not ISO 3166-1 alpha-3, an unknown idType and a bad expiry date', () => {
    expect(
      errorsByPath(retailCustomerIdentityDocument, {
        ...complete,
        idCountryOfIssue: 'GB',
        idType: 'Visa',
        idExpiryDate: '31/01/2030',
      }),
    ).toEqual({
      idCountryOfIssue: ['Country must be an ISO 3166-1 alpha-3 code, such as GBR.'],
      idType: ['idType must be Passport, DrivingLicence, NationalInsurance, NationalId or SocialSecurity.'],
      idExpiryDate: ['idExpiryDate must be an ISO 8601 date-time.'],
    });
    expect(
      errorsByPath(retailCustomerIdentityDocument, { ...complete, idCountryOfIssue: 'XKX' }),
    ).toHaveProperty('idCountryOfIssue');
  });
});

describe('X-Request-Id', () => {
  it('takes 1 to 83 visible characters', () => {
    expect(isValidRequestId('0b6c1c5e-5f43-4b8c-9b0b-1f0f3d1e2a7c')).toBe(true);
    expect(isValidRequestId('x'.repeat(83))).toBe(true);
    expect(isValidRequestId('!~')).toBe(true);
  });

  it.each(['', 'x'.repeat(84), 'has space', 'line\nbreak', 'caf\u00e9', 42, undefined])(
    'refuses %j',
    (requestId) => {
      expect(isValidRequestId(requestId)).toBe(false);
    },
  );
});
