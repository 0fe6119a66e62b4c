import { describe, expect, it } from 'vitest';
import { NAME_CHECK_MESSAGES, toNameCheckIdentification } from '#shared/domain/name-check-rules.js';
import { checkRequest } from '#shared/gateway/request.js';
import type { Operation } from '#shared/operations/operation.js';
import { pathParamNames } from '#shared/operations/path-params.js';
import {
  nameCheckOperations,
  optOutAccountNameChecks,
  optOutVirtualAccountNameChecks,
  validateSrd,
  verifyPayeeName,
} from '#shared/operations/name-checks/operations.js';
import { NAME_CHECK_SETTING_MESSAGES } from '#shared/operations/name-checks/schemas.js';

const PATH_VALUES: Record<string, string> = {
  accountId: '0b6a3b5e-4c1d-4f7e-9a2b-1c3d5e7f9a0b',
  virtualAccountId: '7e1f2a3b-5c6d-4e8f-9a0b-2c4d6e8f0a1b',
};

function errorsOf(operation: Operation, body: unknown, pathValues: Record<string, string> = PATH_VALUES) {
  const result = checkRequest(
    operation,
    {
      pathParams: Object.fromEntries(
        pathParamNames(operation.path).map((name) => [name, pathValues[name] ?? '']),
      ),
      query: {},
      body: Buffer.from(JSON.stringify(body)),
      contentType: 'application/json',
      idempotencyKey: undefined,
      caller: 'unit-test',
      deadline: 0,
    },
    { overdraftAgreement: false, now: new Date('2026-03-02T10:00:00Z') },
  );
  return result.ok ? {} : result.errors;
}

type Json = Record<string, unknown>;
const check = (overrides: Json = {}): Json => ({
  SchemeName: 'SortCodeAccountNumber',
  LegalOwnerType: 'Personal',
  OwnerName: ',,Jane Smith',
  Identification: '20000012345678',
  ...overrides,
});

describe('name-check operation records', () => {
  it('has the four ids on the name-checks function, at the reference paths', () => {
    expect(nameCheckOperations.map((o) => [o.id, o.method, o.path])).toEqual([
      ['verifyPayeeName', 'POST', '/open-banking/outbound/v1/name-verification'],
      ['validateSrd', 'POST', '/open-banking/outbound/v1/srd/validate'],
      ['optOutAccountNameChecks', 'PUT', '/v1/Cop/opt/accounts/{accountId}'],
      [
        'optOutVirtualAccountNameChecks',
        'PUT',
        '/v1/Cop/opt/accounts/{accountId}/virtual/{virtualAccountId}',
      ],
    ]);
    expect(new Set(nameCheckOperations.map((o) => o.fn))).toEqual(new Set(['name-checks']));
  });

  it('needs no Idempotency-Key: a check changes nothing at the bank', () => {
    expect(errorsOf(verifyPayeeName, check())).toEqual({});
  });
});

describe('name verification body', () => {
  it('takes both OwnerName forms for a personal account, with the optional members', () => {
    expect(errorsOf(verifyPayeeName, check())).toEqual({});
    expect(errorsOf(verifyPayeeName, check({ OwnerName: 'Ms, Jane, Smith' }))).toEqual({});
    expect(
      errorsOf(
        verifyPayeeName,
        check({ SecondaryIdentification: 'ROLL-42', EndToEndIdentification: 'e2e-1' }),
      ),
    ).toEqual({});
    expect(errorsOf(verifyPayeeName, check({ SecondaryIdentification: null }))).toEqual({});
  });

  it('takes the unstructured form for a business account and refuses the structured one', () => {
    expect(errorsOf(verifyPayeeName, check({ LegalOwnerType: 'Business', OwnerName: ',,Acme Ltd' }))).toEqual(
      {},
    );
    expect(
      errorsOf(verifyPayeeName, check({ LegalOwnerType: 'Business', OwnerName: 'Mr, John, Smith' })),
    ).toEqual({ OwnerName: [NAME_CHECK_MESSAGES.ownerNameStructuredPersonalOnly] });
  });

  it('refuses an OwnerName that is neither form, empty or over 140 characters', () => {
    for (const OwnerName of ['Jane Smith', ',Jane,', 'a,b,c,d', '', `,,${'x'.repeat(139)}`]) {
      expect(Object.keys(errorsOf(verifyPayeeName, check({ OwnerName }))), OwnerName).toEqual(['OwnerName']);
    }
  });

  it('refuses an Identification that is not 14 digits, and builds one from a short account number', () => {
    for (const Identification of ['2000001234567', '200000123456789', '20000012345abc']) {
      expect(errorsOf(verifyPayeeName, check({ Identification }))).toEqual({
        Identification: [NAME_CHECK_MESSAGES.nameCheckIdentification],
      });
    }
    expect(toNameCheckIdentification('200000', '345678')).toBe('20000000345678');
  });

  it('refuses another SchemeName, another LegalOwnerType and unknown properties', () => {
    expect(errorsOf(verifyPayeeName, check({ SchemeName: 'IBAN' }))).toEqual({
      SchemeName: [NAME_CHECK_MESSAGES.schemeName],
    });
    expect(errorsOf(verifyPayeeName, check({ LegalOwnerType: 'Joint' }))).toEqual({
      LegalOwnerType: [NAME_CHECK_MESSAGES.legalOwnerType],
    });
    expect(Object.keys(errorsOf(verifyPayeeName, check({ ownerName: ',,Jane Smith' })))).toEqual([
      'ownerName',
    ]);
  });

  it('refuses SecondaryIdentification and EndToEndIdentification over 140 characters', () => {
    expect(errorsOf(verifyPayeeName, check({ SecondaryIdentification: 'x'.repeat(141) }))).toEqual({
      SecondaryIdentification: [NAME_CHECK_MESSAGES.secondaryIdentification],
    });
    expect(errorsOf(verifyPayeeName, check({ EndToEndIdentification: 'x'.repeat(141) }))).toEqual({
      EndToEndIdentification: [NAME_CHECK_MESSAGES.endToEndIdentification],
    });
  });
});

describe('SRD validate body', () => {
  it('takes SchemeName and a 14-digit Identification, nothing else', () => {
    const body = { SchemeName: 'SortCodeAccountNumber', Identification: '20000011112222' };
    expect(errorsOf(validateSrd, body)).toEqual({});
    expect(Object.keys(errorsOf(validateSrd, { ...body, Identification: '1234' }))).toEqual([
      'Identification',
    ]);
    expect(Object.keys(errorsOf(validateSrd, { ...body, OwnerName: ',,Jane' }))).toEqual(['OwnerName']);
  });
});

describe('name-check responder settings body', () => {
  it('opts out with a reason of up to 200 characters, and back in without one', () => {
    for (const operation of [optOutAccountNameChecks, optOutVirtualAccountNameChecks]) {
      expect(errorsOf(operation, { optOut: true, optOutReason: 'x'.repeat(200) })).toEqual({});
      expect(errorsOf(operation, { optOut: false })).toEqual({});
      expect(errorsOf(operation, { optOut: false, optOutReason: null })).toEqual({});
    }
  });

  it('refuses an opt-out without a reason, with a blank one, or one over 200 characters', () => {
    for (const optOutReason of [undefined, null, '', '   ']) {
      expect(errorsOf(optOutAccountNameChecks, { optOut: true, optOutReason })).toEqual({
        optOutReason: [NAME_CHECK_SETTING_MESSAGES.optOutReasonRequired],
      });
    }
    expect(errorsOf(optOutAccountNameChecks, { optOut: true, optOutReason: 'x'.repeat(201) })).toEqual({
      optOutReason: [NAME_CHECK_SETTING_MESSAGES.optOutReason],
    });
  });

  it('requires optOut as a boolean, refuses unknown properties and ids that are not GUIDs', () => {
    expect(errorsOf(optOutAccountNameChecks, { optOutReason: 'x' })).toEqual({
      optOut: [NAME_CHECK_SETTING_MESSAGES.optOut],
    });
    expect(errorsOf(optOutAccountNameChecks, { optOut: 'true', optOutReason: 'x' })).toEqual({
      optOut: [NAME_CHECK_SETTING_MESSAGES.optOut],
    });
    expect(Object.keys(errorsOf(optOutAccountNameChecks, { optOut: false, reason: 'x' }))).toEqual([
      'reason',
    ]);
    expect(Object.keys(errorsOf(optOutAccountNameChecks, { optOut: false }, { accountId: 'abc' }))).toEqual([
      'accountId',
    ]);
  });
});
