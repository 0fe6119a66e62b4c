import { FieldRuleError } from '../domain/errors.js';
import { parseUkBban } from '../domain/iban.js';
import { toNameCheckIdentification } from '../domain/name-check-rules.js';

/**
 * Which account an identification names, as one text two identifications can be compared by: a UK
 * account's sort code and account number (14 digits), whether written as a UK IBAN, a UK BBAN or the 14
 * digits themselves; any other identification as written (spaces dropped, upper case). It is the full
 * account number: compare it, never log or publish it (`maskAccount` for that).
 */
export function accountIdentity(identification: string | undefined): string | undefined {
  if (identification === undefined) return undefined;
  const compact = identification.replace(/\s+/g, '').toUpperCase();
  if (compact === '') return undefined;
  if (/^\d{14}$/.test(compact)) return compact;
  const bban = /^GB\d{2}([A-Z]{4}\d{14})$/.exec(compact)?.[1] ?? compact;
  const uk = parseUkBban(bban);
  return uk === undefined ? compact : `${uk.sortCode}${uk.accountNumber}`;
}

/**
 * The identity of an account the bank describes by its parts (its payment data's `counterpartAccount`):
 * sort code and account number when it gives both, else its IBAN, else its other identification.
 */
export function accountIdentityOfParts(parts: {
  sortCode?: string;
  accountNumber?: string;
  iban?: string;
  other?: string;
}): string | undefined {
  const { sortCode, accountNumber } = parts;
  if (sortCode !== undefined && accountNumber !== undefined) {
    try {
      // The bank's one rule for the pair as one identification: 6 digits, then the number padded to 8.
      return toNameCheckIdentification(sortCode.replace(/-/g, ''), accountNumber);
    } catch (error) {
      if (!(error instanceof FieldRuleError)) throw error;
    }
  }
  return accountIdentity(parts.iban) ?? accountIdentity(parts.other);
}
