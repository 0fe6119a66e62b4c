import { describe, expect, it } from 'vitest';
import { ISO_3166_ALPHA_3 } from '#shared/domain/countries.js';
import {
  hasForbiddenNameWord,
  ID_TYPES,
  INDUSTRY_CLASSIFICATIONS,
  PERSON_NAME,
  RELATED_PARTY_CUSTOMER_TYPES,
  splitIdentityDocument,
  UK_POSTCODE,
} from '#shared/domain/customer-v2-rules.js';

describe('customer v2 rules', () => {
  it('splits {idCountryOfIssue}-{idType} at the first hyphen, each part judged', () => {
    expect(splitIdentityDocument('GBR-Passport')).toEqual({ idCountryOfIssue: 'GBR', idType: 'Passport' });
    expect(splitIdentityDocument('FRA-NationalId')).toEqual({
      idCountryOfIssue: 'FRA',
      idType: 'NationalId',
    });
    for (const bad of [
      'GBRPassport',
      'GB-Passport',
      'GBR-Passport-2',
      'gbr-Passport',
      'GBR-NationalInsurance',
      '',
    ]) {
      expect(splitIdentityDocument(bad)).toBeUndefined();
    }
    for (const country of ISO_3166_ALPHA_3) {
      for (const type of ID_TYPES) expect(splitIdentityDocument(`${country}-${type}`)).toBeDefined();
    }
  });

  it('a name: whole value, no digits or symbols; the forbidden words in any case, anywhere', () => {
    expect(PERSON_NAME.test("Mary-Jane O'Neil")).toBe(true);
    expect(PERSON_NAME.test('Jane2')).toBe(false);
    expect(hasForbiddenNameWord('UNKNOWN')).toBe(true);
    expect(hasForbiddenNameWord('Bob Known As Rob')).toBe(true);
    expect(hasForbiddenNameWord('Jane')).toBe(false);
  });

  it('the postcode pattern as published', () => {
    for (const good of ['EC2V 8RT', 'SW1A 1AA', 'GIR 0AA', 'm1 1ae'])
      expect(UK_POSTCODE.test(good)).toBe(true);
    for (const bad of ['EC2V8RT', '12345', 'SW1A']) expect(UK_POSTCODE.test(bad)).toBe(false);
  });

  it('the 58 industry classifications; related-party kinds', () => {
    expect(INDUSTRY_CLASSIFICATIONS).toHaveLength(58);
    expect(RELATED_PARTY_CUSTOMER_TYPES.UBO).toEqual(['UboNatural', 'UboNonNatural']);
  });
});
