import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FieldRuleError } from '#shared/domain/errors.js';
import {
  ibanCheckDigits,
  isValidIban,
  isValidUkIban,
  parseUkBban,
  ukAccountIdentifiers,
} from '#shared/domain/iban.js';

describe('IBAN check digits (ISO 13616, mod 97)', () => {
  it.each([
    ['GB', 'WEST12345698765432', '82'],
    ['GB', 'NWBK60161331926819', '29'],
    ['DE', '370400440532013000', '89'],
    ['GB', 'CLRB04000412345678', '18'],
  ])('gives %s + %s the check digits %s', (country, bban, digits) => {
    expect(ibanCheckDigits(country, bban)).toBe(digits);
    expect(isValidIban(`${country}${digits}${bban}`)).toBe(true);
  });

  it('pads check digits below 10 with a zero', () => {
    const digits = fc
      .sample(fc.stringMatching(/^\d{8}$/), { numRuns: 500, seed: 7 })
      .map((accountNumber) =>
        ukAccountIdentifiers({ bankCode: 'CLRB', sortCode: '040004', accountNumber }).iban.slice(2, 4),
      );
    expect(digits.every((pair) => /^\d{2}$/.test(pair))).toBe(true);
    expect(digits.some((pair) => pair.startsWith('0'))).toBe(true);
  });

  it.each([
    ['a changed digit', 'GB82WEST12345698765433'],
    ['swapped digits', 'GB82WEST12345698765423'],
    ['wrong check digits', 'GB28NWBK60161331926819'],
    ['lower case', 'gb82west12345698765432'],
    ['spaces', 'GB82 WEST 1234 5698 7654 32'],
    ['too short', 'GB82'],
  ])('refuses an IBAN with %s', (_, iban) => {
    expect(isValidIban(iban)).toBe(false);
  });

  it('refuses a country code or BBAN it cannot compute with', () => {
    expect(() => ibanCheckDigits('gb', 'WEST12345698765432')).toThrow(FieldRuleError);
    expect(() => ibanCheckDigits('GB', 'WEST-1234')).toThrow(FieldRuleError);
  });
});

describe('UK account identifiers', () => {
  it('builds the BBAN from bank code, sort code and account number, and the IBAN around it', () => {
    expect(ukAccountIdentifiers({ bankCode: 'WEST', sortCode: '123456', accountNumber: '98765432' })).toEqual(
      {
        bban: 'WEST12345698765432',
        iban: 'GB82WEST12345698765432',
      },
    );
  });

  it('gives a valid UK IBAN for every sort code and account number, and any single changed digit breaks it', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{6}$/),
        fc.stringMatching(/^\d{8}$/),
        fc.nat(13),
        fc.integer({ min: 1, max: 9 }),
        (sortCode, accountNumber, position, delta) => {
          const { iban } = ukAccountIdentifiers({ bankCode: 'CLRB', sortCode, accountNumber });
          expect(isValidUkIban(iban)).toBe(true);
          const at = 8 + position;
          const changed = `${iban.slice(0, at)}${(Number(iban[at]) + delta) % 10}${iban.slice(at + 1)}`;
          expect(isValidIban(changed)).toBe(false);
        },
      ),
    );
  });

  it('reads a BBAN back into its parts and refuses other shapes', () => {
    expect(parseUkBban('CLRB04000412345678')).toEqual({
      bankCode: 'CLRB',
      sortCode: '040004',
      accountNumber: '12345678',
    });
    expect(parseUkBban('CLRB0400041234567')).toBeUndefined();
    expect(parseUkBban('clrb04000412345678')).toBeUndefined();
  });

  it('refuses to build a BBAN from a bad sort code or account number', () => {
    expect(() =>
      ukAccountIdentifiers({ bankCode: 'CLRB', sortCode: '04-00-04', accountNumber: '12345678' }),
    ).toThrow(FieldRuleError);
    expect(() =>
      ukAccountIdentifiers({ bankCode: 'CLRB', sortCode: '040004', accountNumber: '1234' }),
    ).toThrow(FieldRuleError);
  });

  it('tells a UK IBAN from another country’s', () => {
    expect(isValidUkIban('GB82WEST12345698765432')).toBe(true);
    expect(isValidUkIban('DE89370400440532013000')).toBe(false);
  });
});
