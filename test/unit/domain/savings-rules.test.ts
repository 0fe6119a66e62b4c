import { describe, expect, it } from 'vitest';
import {
  CLOSURE_REASONS,
  futureConfigurationErrors,
  NOMINATED_OWNER_NAME,
  SAVINGS_MESSAGES,
  SAVINGS_OWNER_NAME,
  tiersDoNotOverlap,
} from '#shared/domain/savings-rules.js';

const ID = 'a7a907c5-7062-4d76-8e6c-3b203a758839';
const on = (effectiveFrom: string) => ({ interestConfigurationId: ID, effectiveFrom });
/** 12:00 UTC on 15 January 2026: 15 January in the UK (GMT). */
const WINTER = new Date('2026-01-15T12:00:00Z');

describe('savings rules', () => {
  it('lists the eighteen closure reasons of the reference, Other last', () => {
    expect(CLOSURE_REASONS).toHaveLength(18);
    expect(new Set(CLOSURE_REASONS).size).toBe(18);
    expect(CLOSURE_REASONS.at(-1)).toBe('Other');
  });

  it('holds the savings owner name to the published pattern: none of | _ [ ] < > ^ ` ~ \\ $', () => {
    expect(SAVINGS_OWNER_NAME.test('')).toBe(true);
    expect(SAVINGS_OWNER_NAME.test('John & Jane O’Brien (joint), #1!')).toBe(true);
    for (const character of ['|', '_', '[', ']', '<', '>', '^', '`', '~', '\\', '$'])
      expect(SAVINGS_OWNER_NAME.test(`A${character}B`), character).toBe(false);
  });

  it('holds the nominated owner name to its published pattern, as the reference writes it', () => {
    const published = new RegExp(
      '^[0-9a-zA-Z\\/\\-\\?:\\(\\)\\.,’\'\\+ !#$%&\\*=^_`\\{\\|\\}~"";<>@\\[\\\\\\]]+$',
    );
    for (const name of [
      'John Smith',
      'O’Brien-Smith',
      '[a]\\b',
      'x$y@z',
      '',
      'Zoë',
      'tab\there',
      'a\nb',
      '€5',
    ])
      expect(NOMINATED_OWNER_NAME.test(name), name).toBe(published.test(name));
    expect(NOMINATED_OWNER_NAME.test('John Smith')).toBe(true);
  });

  describe('futureConfigurationErrors', () => {
    it('passes a null, missing or empty list: it clears the future configurations', () => {
      expect(futureConfigurationErrors(null, WINTER)).toEqual({});
      expect(futureConfigurationErrors(undefined, WINTER)).toEqual({});
      expect(futureConfigurationErrors([], WINTER)).toEqual({});
    });

    it('wants each effectiveFrom after today in the UK', () => {
      expect(futureConfigurationErrors([on('2026-01-16'), on('2027-10-01')], WINTER)).toEqual({});
      expect(futureConfigurationErrors([on('2026-01-15'), on('2026-01-14')], WINTER)).toEqual({
        'interestConfigurations.0.effectiveFrom': [SAVINGS_MESSAGES.effectiveFromNotFuture],
        'interestConfigurations.1.effectiveFrom': [SAVINGS_MESSAGES.effectiveFromNotFuture],
      });
    });

    it('reads today in Europe/London, not UTC', () => {
      // 23:15 UTC on 30 March 2026 is 00:15 on 31 March in London (BST).
      const late = new Date('2026-03-30T23:15:00Z');
      expect(futureConfigurationErrors([on('2026-03-31')], late)).toEqual({
        'interestConfigurations.0.effectiveFrom': [SAVINGS_MESSAGES.effectiveFromNotFuture],
      });
      expect(futureConfigurationErrors([on('2026-04-01')], late)).toEqual({});
      // 00:30 UTC on 1 January is 00:30 GMT: the same day.
      expect(futureConfigurationErrors([on('2026-01-02')], new Date('2026-01-01T00:30:00Z'))).toEqual({});
    });

    it('refuses a second configuration on a date already given, on that one', () => {
      expect(
        futureConfigurationErrors([on('2026-02-01'), on('2026-03-01'), on('2026-02-01')], WINTER),
      ).toEqual({
        'interestConfigurations.2.effectiveFrom': [SAVINGS_MESSAGES.effectiveFromTwice],
      });
    });

    it('reports both rules when a past date is repeated', () => {
      expect(futureConfigurationErrors([on('2025-12-01'), on('2025-12-01')], WINTER)).toEqual({
        'interestConfigurations.0.effectiveFrom': [SAVINGS_MESSAGES.effectiveFromNotFuture],
        'interestConfigurations.1.effectiveFrom': [
          SAVINGS_MESSAGES.effectiveFromNotFuture,
          SAVINGS_MESSAGES.effectiveFromTwice,
        ],
      });
    });
  });
});

describe('interest tiers do not overlap', () => {
  it("takes the guide's table, in either form, in any order", () => {
    const guide = [
      { fromAmount: '0.00', toAmount: '1000.00' },
      { fromAmount: '1000.01', toAmount: '5000.00' },
      { fromAmount: '5000.01', toAmount: '10000.00' },
    ];
    expect(tiersDoNotOverlap(guide)).toBe(true);
    expect(tiersDoNotOverlap([...guide].reverse())).toBe(true);
    expect(
      tiersDoNotOverlap([
        { fromAmount: 0, toAmount: 1000 },
        { fromAmount: 1000, toAmount: null },
      ]),
    ).toBe(true);
  });

  it('refuses overlapping, empty and open-ended-below-the-top ranges', () => {
    expect(
      tiersDoNotOverlap([
        { fromAmount: 0, toAmount: 1000 },
        { fromAmount: 999.99, toAmount: 5000 },
      ]),
    ).toBe(false);
    expect(tiersDoNotOverlap([{ fromAmount: 1000, toAmount: 1000 }])).toBe(false);
    expect(
      tiersDoNotOverlap([
        { fromAmount: 0, toAmount: null },
        { fromAmount: 1000, toAmount: 5000 },
      ]),
    ).toBe(false);
  });
});
