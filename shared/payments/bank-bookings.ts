import type { BankClient } from '../bank/client.js';
import { JsonNumber, readJson } from '../json/read-json.js';
import { accountIdentityOfParts } from './account-identity.js';
import type { BankBookings, Booking } from './ports.js';

/** `BankBookings` by the bank's payment data: `GET /v2/Transactions?endToEndIdentifier=...`. */
export function bankBookings(bank: Pick<BankClient, 'send'>): BankBookings {
  return {
    async bookingsOf(endToEndId, deadline) {
      const response = await bank.send({
        method: 'GET',
        path: `/v2/Transactions?endToEndIdentifier=${encodeURIComponent(endToEndId)}`,
        ...(deadline !== undefined && { deadline }),
      });
      // Read exactly (amounts as written), so an amount compares as the decimal the bank booked.
      const answer = readJson(response.rawBody) as { transactions?: unknown };
      if (!Array.isArray(answer.transactions))
        throw new Error('the bank’s payment data carries no transactions list');
      return answer.transactions
        .filter((entry) => isObject(entry) && entry.endToEndIdentifier === endToEndId)
        .map((entry) => bookingOf(entry as Record<string, unknown>));
    },
  };
}

/** One payment summary (the reference's `sterling-v2.json`) as a read-back compares it. */
function bookingOf(entry: Record<string, unknown>): Booking {
  const amount = isObject(entry.amount) ? entry.amount.instructedAmount : undefined;
  const counterpart = isObject(entry.counterpartAccount)
    ? entry.counterpartAccount.identification
    : undefined;
  const parts = isObject(counterpart) ? counterpart : {};
  const other = isObject(parts.other) ? parts.other.identification : undefined;
  const account = accountIdentityOfParts({
    sortCode: text(parts.sortCode),
    accountNumber: text(parts.accountNumber),
    iban: text(parts.iban),
    other: text(other),
  });
  return {
    debit: entry.debitCreditCode === 'DBIT',
    ...(amount instanceof JsonNumber && { amount: amount.source }),
    ...(account !== undefined && { account }),
    ...(text(entry.transactionTime) !== undefined && { bookedAt: text(entry.transactionTime) }),
    ...(text(entry.status) !== undefined && { status: text(entry.status) }),
    ...(entry.isReturn === true && { isReturn: true }),
  };
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
