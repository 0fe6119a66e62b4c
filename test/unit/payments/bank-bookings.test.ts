import { describe, expect, it } from 'vitest';
import type { BankRequest, BankResponse } from '#shared/bank/client.js';
import { bankBookings } from '#shared/payments/bank-bookings.js';

/** A bank that answers every read with these transactions and remembers what it was asked. */
function bankWith(transactions: unknown[]) {
  const asked: BankRequest[] = [];
  const send = async (request: BankRequest): Promise<BankResponse> => {
    asked.push(request);
    return {
      outcome: 'completed',
      status: 200,
      rawBody: JSON.stringify({ transactions, halLinks: [] }),
      headers: {},
      correlationId: undefined,
      requestId: 'r-1',
      attempts: 1,
    };
  };
  return { bank: { send }, asked };
}

describe('the bank’s bookings, read from its payment data by end-to-end id', () => {
  it('asks GET /v2/Transactions for the end-to-end id, encoded, within the caller’s deadline', async () => {
    const { bank, asked } = bankWith([]);
    await bankBookings(bank).bookingsOf('e2e 1/a', 1_234);

    expect(asked).toEqual([
      { method: 'GET', path: '/v2/Transactions?endToEndIdentifier=e2e%201%2Fa', deadline: 1_234 },
    ]);
  });

  it('gives each entry with exactly that end-to-end id as a read-back compares it: the amount as written, the counterpart’s account, time and status', async () => {
    const debit = {
      amount: { instructedAmount: 10.5, currency: 'GBP' },
      counterpartAccount: {
        identification: { iban: 'GB94BARC20000012345678', sortCode: '200000', accountNumber: '12345678' },
      },
      debitCreditCode: 'DBIT',
      endToEndIdentifier: 'e2e-1',
      transactionTime: '2026-03-02T10:00:00.000Z',
      status: 'RJCT',
    };
    const credit = { endToEndIdentifier: 'e2e-1', debitCreditCode: 'CRDT', amount: { instructedAmount: 1 } };
    const other = { ...debit, endToEndIdentifier: 'e2e-2' };
    // Built as text, so the amount keeps the digits the bank wrote.
    const { bank } = bankWith([]);
    const send = async (request: BankRequest) => ({
      ...(await bank.send(request)),
      rawBody: JSON.stringify({ transactions: [debit, credit, other] }).replace('10.5', '10.50'),
    });

    expect(await bankBookings({ send }).bookingsOf('e2e-1')).toEqual([
      {
        debit: true,
        amount: '10.50',
        account: '20000012345678',
        bookedAt: '2026-03-02T10:00:00.000Z',
        status: 'RJCT',
      },
      { debit: false, amount: '1' },
    ]);
  });

  it('reads an account given by IBAN or other identification only, and a return flag', async () => {
    const entry = (identification: object) => ({
      endToEndIdentifier: 'e2e-1',
      debitCreditCode: 'DBIT',
      counterpartAccount: { identification },
      isReturn: true,
    });
    const { bank } = bankWith([
      entry({ iban: 'GB94BARC20000012345678' }),
      entry({ other: { identification: 'BARC20000012345678' } }),
    ]);

    expect(await bankBookings(bank).bookingsOf('e2e-1')).toEqual([
      { debit: true, account: '20000012345678', isReturn: true },
      { debit: true, account: '20000012345678', isReturn: true },
    ]);
  });

  it('throws when the answer carries no transactions list: the read-back cannot tell', async () => {
    const send = async (): Promise<BankResponse> => ({
      outcome: 'completed',
      status: 200,
      rawBody: '{}',
      headers: {},
      correlationId: undefined,
      requestId: 'r-1',
      attempts: 1,
    });
    await expect(bankBookings({ send }).bookingsOf('e2e-1')).rejects.toThrow('no transactions list');
  });
});
