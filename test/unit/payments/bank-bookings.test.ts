import { describe, expect, it } from 'vitest';
import type { BankRequest, BankResponse } from '../../../shared/bank/client.js';
import { bankBookings } from '../../../shared/payments/bank-bookings.js';

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
    await bankBookings(bank).isBooked('e2e 1/a', 1_234);

    expect(asked).toEqual([
      { method: 'GET', path: '/v2/Transactions?endToEndIdentifier=e2e%201%2Fa', deadline: 1_234 },
    ]);
  });

  it('counts only a debit with exactly that end-to-end id as booked', async () => {
    const credit = { endToEndIdentifier: 'e2e-1', debitCreditCode: 'CRDT' };
    const other = { endToEndIdentifier: 'e2e-2', debitCreditCode: 'DBIT' };

    expect(await bankBookings(bankWith([credit, other]).bank).isBooked('e2e-1')).toBe(false);
    expect(
      await bankBookings(bankWith([{ ...credit, debitCreditCode: 'DBIT' }]).bank).isBooked('e2e-1'),
    ).toBe(true);
  });
});
