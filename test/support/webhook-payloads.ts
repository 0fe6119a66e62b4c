import { randomUUID } from 'node:crypto';

type Payload = Record<string, unknown>;

/**
 * A `TransactionSettled` v6 payload with every member its page requires (a fresh `TransactionId`), so a test
 * that emits its own webhooks publishes events that match their schema. `overrides` replace members;
 * `Account` and `CounterpartAccount` are merged into the documented defaults.
 */
export function transactionSettledPayload(overrides: Payload = {}): Payload {
  const { Account, CounterpartAccount, ...rest } = overrides;
  return {
    TransactionId: randomUUID(),
    Status: 'Settled',
    Scheme: 'FasterPayments',
    EndToEndTransactionId: randomUUID().slice(0, 35),
    Amount: 12.34,
    TimestampSettled: '2026-03-02T10:00:00Z',
    TimestampCreated: '2026-03-02T10:00:00Z',
    CurrencyCode: 'GBP',
    DebitCreditCode: 'Credit',
    IsReturn: false,
    ActualEndToEndTransactionId: null,
    ...rest,
    Account: {
      IBAN: 'GB33BUKB20201555555555',
      BBAN: null,
      OwnerName: null,
      TransactionOwnerName: null,
      InstitutionName: null,
      ...(Account as Payload | undefined),
    },
    CounterpartAccount: {
      OwnerName: null,
      TransactionOwnerName: null,
      InstitutionName: null,
      ...(CounterpartAccount as Payload | undefined),
    },
  };
}
