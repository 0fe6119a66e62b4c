import type { BankClient } from '../bank/client.js';
import type { BankBookings } from './ports.js';

/** `BankBookings` by the bank's payment data: `GET /v2/Transactions?endToEndIdentifier=...`. */
export function bankBookings(bank: Pick<BankClient, 'send'>): BankBookings {
  return {
    async isBooked(endToEndId, deadline) {
      const response = await bank.send({
        method: 'GET',
        path: `/v2/Transactions?endToEndIdentifier=${encodeURIComponent(endToEndId)}`,
        ...(deadline !== undefined && { deadline }),
      });
      const { transactions } = JSON.parse(response.rawBody) as {
        transactions: Array<{ endToEndIdentifier?: unknown; debitCreditCode?: unknown }>;
      };
      return transactions.some((t) => t.endToEndIdentifier === endToEndId && t.debitCreditCode === 'DBIT');
    },
  };
}
