import { describe, expect, it } from 'vitest';
import { accountIdentity, accountIdentityOfParts } from '#shared/payments/account-identity.js';

describe('which account an identification names (name checks and read-backs compare by it)', () => {
  it('gives a UK account as its sort code and account number, however it is written', () => {
    expect(accountIdentity('20000012345678')).toBe('20000012345678');
    expect(accountIdentity('BARC20000012345678')).toBe('20000012345678');
    expect(accountIdentity('GB94BARC20000012345678')).toBe('20000012345678');
    expect(accountIdentity('gb94 barc 2000 0012 3456 78')).toBe('20000012345678');
  });

  it('keeps any other identification as written, spaces dropped, upper case; nothing for nothing', () => {
    expect(accountIdentity('DE89 3704 0044 0532 0130 00')).toBe('DE89370400440532013000');
    expect(accountIdentity('2000001234')).toBe('2000001234');
    expect(accountIdentity(' ')).toBeUndefined();
    expect(accountIdentity(undefined)).toBeUndefined();
  });

  it('reads the bank’s parts: sort code and account number first (padded to 8), else IBAN, else other', () => {
    expect(accountIdentityOfParts({ sortCode: '20-00-00', accountNumber: '1234567' })).toBe('20000001234567');
    expect(accountIdentityOfParts({ iban: 'GB94BARC20000012345678' })).toBe('20000012345678');
    expect(accountIdentityOfParts({ other: '20000012345678' })).toBe('20000012345678');
    expect(accountIdentityOfParts({})).toBeUndefined();
    // A pair the sort code rule refuses names no account: the IBAN does.
    expect(
      accountIdentityOfParts({ sortCode: '2000', accountNumber: '1', iban: 'GB94BARC20000012345678' }),
    ).toBe('20000012345678');
  });
});
