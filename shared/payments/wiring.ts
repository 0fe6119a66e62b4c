import type { BankClient } from '../bank/client.js';
import { paymentsTable } from '../config/tables.js';
import type { OperationTracker } from '../gateway/tracker.js';
import type { NameCheckPolicy } from '../name-checks/policy.js';
import { nameCheckStoreOf } from '../name-checks/wiring.js';
import type { FamilyPorts } from '../runtime/wiring.js';
import type { StateHook } from '../webhooks/process.js';
import { bankBookings } from './bank-bookings.js';
import { DynamoDbPaymentStore } from './dynamodb-store.js';
import { paymentsTracker, paymentsWebhookHook } from './track.js';

/**
 * The payments family as the AWS roots and the sandbox both wire it: its table, the operation function's
 * tracker (which reads the bank's bookings and each payment's name check) and the processor's hook.
 */
export function paymentStoreOf(ports: Pick<FamilyPorts, 'dynamo' | 'tableName'>): DynamoDbPaymentStore {
  return new DynamoDbPaymentStore(ports.dynamo, ports.tableName(paymentsTable));
}

export function paymentsTrackerOf(
  ports: Pick<FamilyPorts, 'dynamo' | 'tableName' | 'events' | 'log'> & {
    bank: Pick<BankClient, 'send'>;
    nameCheckPolicy: NameCheckPolicy;
  },
): OperationTracker {
  return paymentsTracker({
    store: paymentStoreOf(ports),
    events: ports.events,
    log: ports.log,
    bookings: bankBookings(ports.bank),
    nameChecks: { store: nameCheckStoreOf(ports), policy: ports.nameCheckPolicy },
  });
}

export function paymentsHookOf(
  ports: Pick<FamilyPorts, 'dynamo' | 'tableName' | 'events' | 'log'>,
): StateHook {
  return paymentsWebhookHook({ store: paymentStoreOf(ports), events: ports.events, log: ports.log });
}
