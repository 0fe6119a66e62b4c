import { describe, expect, it } from 'vitest';
import {
  answerFor,
  compareNames,
  normaliseName,
  type NameCheckRequest,
  type Payee,
} from '#sim/products/name-checks/scheme.js';

/** The simulator's name-check outcome table: one test per reason code, with the names that produce it. */
const THRESHOLD = 0.9;
const janeSmith: Payee = { name: 'Jane Smith', legalOwnerType: 'Personal', status: 'Active' };
const acme: Payee = { name: 'Acme Widgets Ltd', legalOwnerType: 'Business', status: 'Active' };

const ask = (OwnerName: string, LegalOwnerType: 'Personal' | 'Business' = 'Personal', more = {}) =>
  ({ Identification: '20000012345678', OwnerName, LegalOwnerType, ...more }) satisfies NameCheckRequest;

describe('name comparison', () => {
  it('ignores case, accents, punctuation, spacing and a leading salutation', () => {
    expect(normaliseName('  MRS.  Zoë  O’Neil ')).toBe('zoe o neil');
    expect(compareNames('jane   SMITH', 'Jane Smith', THRESHOLD)).toBe('equal');
  });

  it('calls a Jaro-Winkler similarity at or above the configured threshold close', () => {
    expect(compareNames('Jayne Smith', 'Jane Smith', THRESHOLD)).toBe('close');
    // 0.88: below 0.9 a different name, at 0.85 a close one.
    expect(compareNames('John Smith', 'Jane Smith', THRESHOLD)).toBe('different');
    expect(compareNames('John Smith', 'Jane Smith', 0.85)).toBe('close');
  });
});

describe('name-check outcomes', () => {
  it('full match: the same name (either form) and type, Matched true and no reason code', () => {
    expect(answerFor(ask(',,Jane Smith'), janeSmith, THRESHOLD)).toEqual({ Matched: true });
    expect(answerFor(ask('Ms, Jane, Smith'), janeSmith, THRESHOLD)).toEqual({ Matched: true });
    expect(answerFor(ask(',,ACME Widgets Ltd.', 'Business'), acme, THRESHOLD)).toEqual({ Matched: true });
  });

  it('MBAM: a close name of the right type, with the registered name returned', () => {
    expect(answerFor(ask(',,Jayne Smith'), janeSmith, THRESHOLD)).toEqual({
      Matched: false,
      ReasonCode: 'MBAM',
      Name: 'Jane Smith',
    });
  });

  it('ANNM: a different name, whatever the type', () => {
    expect(answerFor(ask(',,Robert Brown'), janeSmith, THRESHOLD)).toEqual({
      Matched: false,
      ReasonCode: 'ANNM',
    });
    expect(answerFor(ask(',,Robert Brown'), acme, THRESHOLD)).toEqual({ Matched: false, ReasonCode: 'ANNM' });
  });

  it('BANM: the name matches but the account asked as personal is a business one', () => {
    expect(answerFor(ask(',,Acme Widgets Ltd'), acme, THRESHOLD)).toEqual({
      Matched: false,
      ReasonCode: 'BANM',
      LegalOwnerType: 'Business',
    });
  });

  it('PANM: the name matches but the account asked as business is a personal one', () => {
    expect(answerFor(ask(',,Jane Smith', 'Business'), janeSmith, THRESHOLD)).toEqual({
      Matched: false,
      ReasonCode: 'PANM',
      LegalOwnerType: 'Personal',
    });
  });

  it('BAMM: a close name, asked as personal, of a business account, with the name returned', () => {
    expect(answerFor(ask(',,Acme Widget Ltd'), acme, THRESHOLD)).toEqual({
      Matched: false,
      ReasonCode: 'BAMM',
      Name: 'Acme Widgets Ltd',
      LegalOwnerType: 'Business',
    });
  });

  it('PAMM: a close name, asked as business, of a personal account, with the name returned', () => {
    expect(answerFor(ask(',,Jane Smyth', 'Business'), janeSmith, THRESHOLD)).toEqual({
      Matched: false,
      ReasonCode: 'PAMM',
      Name: 'Jane Smith',
      LegalOwnerType: 'Personal',
    });
  });

  it('AC01: no account with this identification', () => {
    expect(answerFor(ask(',,Jane Smith'), undefined, THRESHOLD)).toEqual({
      Matched: false,
      ReasonCode: 'AC01',
    });
  });

  it('IVCR: the account needs a secondary reference and none, or another, is given', () => {
    const rollNumber: Payee = { ...janeSmith, secondaryReference: 'ROLL-42' };
    expect(answerFor(ask(',,Jane Smith'), rollNumber, THRESHOLD)).toMatchObject({ ReasonCode: 'IVCR' });
    expect(
      answerFor(
        ask(',,Jane Smith', 'Personal', { SecondaryIdentification: 'ROLL-41' }),
        rollNumber,
        THRESHOLD,
      ),
    ).toMatchObject({ ReasonCode: 'IVCR' });
    expect(
      answerFor(
        ask(',,Jane Smith', 'Personal', { SecondaryIdentification: 'ROLL-42' }),
        rollNumber,
        THRESHOLD,
      ),
    ).toEqual({ Matched: true });
  });

  it('ACNS: the account does not take part in name checks', () => {
    expect(answerFor(ask(',,Jane Smith'), { ...janeSmith, status: 'NotSupported' }, THRESHOLD)).toEqual({
      Matched: false,
      ReasonCode: 'ACNS',
    });
  });

  it('OPTO: the holder opted out, whatever name is asked', () => {
    expect(answerFor(ask(',,Jane Smith'), { ...janeSmith, status: 'OptedOut' }, THRESHOLD)).toEqual({
      Matched: false,
      ReasonCode: 'OPTO',
    });
  });

  it('CASS: the account was switched to another provider', () => {
    expect(answerFor(ask(',,Jane Smith'), { ...janeSmith, status: 'Switched' }, THRESHOLD)).toEqual({
      Matched: false,
      ReasonCode: 'CASS',
    });
  });
});
