import { FieldRuleError } from './errors.js';

/**
 * IBANs (ISO 13616) and the UK BBAN: a 4-letter bank code, the 6-digit sort code and an 8-digit account
 * number. A UK IBAN is `GB`, two check digits, then the BBAN: `GB82WEST12345698765432`.
 */

const UK_BBAN = /^([A-Z]{4})(\d{6})(\d{8})$/;

export interface UkBban {
  bankCode: string;
  sortCode: string;
  accountNumber: string;
}

/** The two check digits for a country and BBAN: 98 minus (BBAN + country + "00", letters as 10..35) mod 97. */
export function ibanCheckDigits(countryCode: string, bban: string): string {
  if (!/^[A-Z]{2}$/.test(countryCode) || !/^[A-Z0-9]{1,30}$/.test(bban)) {
    throw new FieldRuleError(
      'iban',
      'iban-format',
      'An IBAN is a 2-letter country code and 1 to 30 letters or digits.',
    );
  }
  return String(98 - mod97(`${bban}${countryCode}00`)).padStart(2, '0');
}

/** Whether the text is an IBAN (upper-case, no spaces) whose check digits are right. */
export function isValidIban(iban: string): boolean {
  if (typeof iban !== 'string' || !/^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/.test(iban)) return false;
  return mod97(`${iban.slice(4)}${iban.slice(0, 4)}`) === 1;
}

/** Whether the text is a UK IBAN: `GB`, right check digits, and a UK BBAN. */
export function isValidUkIban(iban: string): boolean {
  return isValidIban(iban) && iban.startsWith('GB') && parseUkBban(iban.slice(4)) !== undefined;
}

export function parseUkBban(bban: string): UkBban | undefined {
  const match = typeof bban === 'string' ? UK_BBAN.exec(bban) : null;
  if (!match) return undefined;
  const [, bankCode = '', sortCode = '', accountNumber = ''] = match;
  return { bankCode, sortCode, accountNumber };
}

/** The BBAN and IBAN of a UK account. */
export function ukAccountIdentifiers({ bankCode, sortCode, accountNumber }: UkBban): {
  bban: string;
  iban: string;
} {
  const bban = `${bankCode}${sortCode}${accountNumber}`;
  if (!UK_BBAN.test(bban)) {
    throw new FieldRuleError(
      'bban',
      'uk-bban-format',
      'A UK BBAN is a 4-letter upper-case bank code, a 6-digit sort code and an 8-digit account number.',
    );
  }
  return { bban, iban: `GB${ibanCheckDigits('GB', bban)}${bban}` };
}

/** The remainder mod 97 of the number formed by the text, letters counting as 10 (A) to 35 (Z). */
function mod97(text: string): number {
  let remainder = 0;
  for (const character of text) {
    const value = Number.parseInt(character, 36);
    remainder = value > 9 ? (remainder * 100 + value) % 97 : (remainder * 10 + value) % 97;
  }
  return remainder;
}
