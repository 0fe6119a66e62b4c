import { describe, expect, it } from 'vitest';
import { failureOf } from '#sim/products/payments/fps.js';

/** Which transfers the simulated bank's checks after the 202 stop, and why. */
const config = { unregisteredSortCodes: ['123456'] };
const counterpart = (sortCode?: string) => ({ counterpart: { name: 'x', ...(sortCode && { sortCode }) } });

describe('failureOf', () => {
  it('lets a transfer with scheme characters to a registered sort code through', () => {
    expect(failureOf({ creditorName: 'Jane Smith', reference: 'Inv 7' }, counterpart('200000'), config)).toBe(
      undefined,
    );
  });

  it('fails validation for a creditor name or reference outside the scheme’s characters, naming each', () => {
    expect(
      failureOf({ creditorName: 'Jane_Smith', reference: 'a$b' }, counterpart('123456'), config),
    ).toEqual({
      kind: 'validation',
      reasons: [
        'Creditor name contains invalid characters',
        'Creditor reference contains invalid characters',
      ],
    });
  });

  it('fails validation for a creditor IBAN that is not a UK IBAN of 22 characters', () => {
    const withIban = (iban: string) => ({ counterpart: { name: 'x', iban } });
    expect(
      failureOf({ creditorName: 'Jane', reference: undefined }, withIban('GB94BARC1020153009345'), config),
    ).toEqual({
      kind: 'validation',
      reasons: ['Payments-0[0].Creditor IBAN - must match regex pattern'],
    });
    expect(
      failureOf({ creditorName: 'Jane', reference: undefined }, withIban('GB94BARC10201530093459'), config),
    ).toBe(undefined);
  });

  it('fails assessment for a sort code the configuration lists as not registered', () => {
    expect(
      failureOf({ creditorName: 'Jane', reference: undefined }, counterpart('123456'), config),
    ).toMatchObject({
      kind: 'assessment',
    });
    expect(failureOf({ creditorName: 'Jane', reference: undefined }, counterpart(), config)).toBe(undefined);
  });
});
