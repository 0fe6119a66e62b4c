import { describe, expect, it } from 'vitest';
import {
  accountFormOf,
  CHAPS_ID_TEXT,
  CHAPS_TEXT,
  chapsReturnDeadline,
  isChapsOpen,
  nextChapsOpening,
} from '#shared/domain/chaps-rules.js';

const at = (iso: string) => new Date(iso);

describe('CHAPS hours: 08:00 to 17:00 UK time on England and Wales business days', () => {
  it('is open from 08:00 inclusive to 17:00 exclusive, in GMT and in BST', () => {
    expect(isChapsOpen(at('2026-11-30T08:00:00Z'))).toBe(true);
    expect(isChapsOpen(at('2026-11-30T16:59:59.999Z'))).toBe(true);
    expect(isChapsOpen(at('2026-11-30T07:59:59.999Z'))).toBe(false);
    expect(isChapsOpen(at('2026-11-30T17:00:00Z'))).toBe(false);
    // 1 July 2026: BST, so 08:00 UK is 07:00Z and 17:00 UK is 16:00Z.
    expect(isChapsOpen(at('2026-07-01T07:00:00Z'))).toBe(true);
    expect(isChapsOpen(at('2026-07-01T06:59:59Z'))).toBe(false);
    expect(isChapsOpen(at('2026-07-01T16:00:00Z'))).toBe(false);
  });

  it('is closed at weekends and on bank holidays', () => {
    expect(isChapsOpen(at('2026-11-28T12:00:00Z'))).toBe(false); // Saturday
    expect(isChapsOpen(at('2026-11-29T12:00:00Z'))).toBe(false); // Sunday
    expect(isChapsOpen(at('2026-12-25T12:00:00Z'))).toBe(false); // Christmas Day
    expect(isChapsOpen(at('2026-12-28T12:00:00Z'))).toBe(false); // Boxing Day, substitute
    expect(isChapsOpen(at('2026-08-31T11:00:00Z'))).toBe(false); // Summer bank holiday
  });

  it('opens next at 08:00 the same business day, or the next one', () => {
    expect(nextChapsOpening(at('2026-11-30T06:00:00Z'))).toEqual(at('2026-11-30T08:00:00Z'));
    expect(nextChapsOpening(at('2026-11-30T08:00:00Z'))).toEqual(at('2026-11-30T08:00:00Z'));
    expect(nextChapsOpening(at('2026-11-30T12:00:00Z'))).toEqual(at('2026-12-01T08:00:00Z'));
    expect(nextChapsOpening(at('2026-11-27T18:00:00Z'))).toEqual(at('2026-11-30T08:00:00Z')); // Friday evening
    expect(nextChapsOpening(at('2026-12-24T18:00:00Z'))).toEqual(at('2026-12-29T08:00:00Z'));
    expect(nextChapsOpening(at('2026-03-27T18:00:00Z'))).toEqual(at('2026-03-30T07:00:00Z')); // into BST
  });

  it('takes returns until the close of the next business day after receipt', () => {
    expect(chapsReturnDeadline(at('2026-11-30T10:00:00Z'))).toEqual(at('2026-12-01T17:00:00Z'));
    expect(chapsReturnDeadline(at('2026-11-27T16:30:00Z'))).toEqual(at('2026-11-30T17:00:00Z')); // Friday
    expect(chapsReturnDeadline(at('2026-12-24T11:00:00Z'))).toEqual(at('2026-12-29T17:00:00Z'));
    expect(chapsReturnDeadline(at('2026-07-01T23:30:00Z'))).toEqual(at('2026-07-03T16:00:00Z')); // 00:30 BST on 2 July
  });
});

describe('CHAPS field rules', () => {
  it('reads the account identification form by the member given', () => {
    expect(accountFormOf({ iban: 'GB29NWBK60161331926819' })).toBe('iban');
    expect(accountFormOf({ iban: 'x', schemeName: 'BBan' })).toBe('iban');
    expect(accountFormOf({ schemeName: 'BBan' })).toBe('other');
    expect(accountFormOf({ identification: '1' })).toBe('other');
    for (const value of [{}, null, undefined, 'GB29', [], 5]) expect(accountFormOf(value)).toBeUndefined();
  });

  it('has the two character sets of the reference', () => {
    expect(CHAPS_TEXT.test('A1/-?:().,\'+ !#$%&*=^_`{|}~";<>@[\\]')).toBe(true);
    for (const character of ['€', 'é', '\n', '\t', '£']) expect(CHAPS_TEXT.test(character)).toBe(false);
    expect(CHAPS_ID_TEXT.test("A1/-?:().,'+ ")).toBe(true);
    for (const character of ['!', '#', '_', '"', '@', '&']) expect(CHAPS_ID_TEXT.test(character)).toBe(false);
  });
});
