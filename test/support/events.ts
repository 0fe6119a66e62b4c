import type { BankEvent } from '#shared/ports/events.js';

/** A bank event as the webhook processor publishes it, told apart by its key. */
export const bankEvent = (detailType: string, key: string): BankEvent => ({
  source: 'clearway.bank',
  detailType,
  detail: {
    type: detailType,
    version: 1,
    key,
    receivedAt: '2026-03-02T10:00:00Z',
    deliveryAttempt: 1,
    payload: {},
  },
});
