import { paymentsTable } from './table.js';
import type { OperationTracker } from '../gateway/tracker.js';
import { ENV } from '../config/function-environment.js';
import { type NameCheckPolicy, parseNameCheckPolicy } from '../name-checks/policy.js';
import { nameCheckStoreOf } from '../name-checks/wiring.js';
import type { FamilyPorts, TrackerPorts } from '../families/ports.js';
import type { StateHook } from '../webhooks/process.js';
import { bankBookings } from './bank-bookings.js';
import { DynamoDbPaymentStore } from './dynamodb-store.js';
import { paymentsTracker, paymentsWebhookHook } from './track.js';

/**
 * The payments family as the AWS roots and the sandbox both wire it: its table, the operation function's
 * tracker (which reads the bank's bookings and each payment's name check) and the processor's hook. Both
 * raise and clear payments whose outcome is unknown on `attention` when it is given, and count conflicting
 * outcomes (`OUTCOME_CONFLICT_METRIC`).
 */
export function paymentStoreOf(ports: Pick<FamilyPorts, 'dynamo' | 'tableName'>): DynamoDbPaymentStore {
  return new DynamoDbPaymentStore(ports.dynamo, ports.tableName(paymentsTable));
}

type PaymentPorts = Pick<
  FamilyPorts,
  'dynamo' | 'tableName' | 'events' | 'clock' | 'log' | 'count' | 'attention'
>;

export function paymentsTrackerOf(ports: TrackerPorts): OperationTracker {
  return paymentsTracker({
    ...commonDependencies(ports),
    bookings: bankBookings(ports.bank),
    nameChecks: { store: nameCheckStoreOf(ports), policy: nameCheckPolicyOf(ports) },
  });
}

/** The per-environment name-check policy the stack sets (off when unset). */
function nameCheckPolicyOf(ports: Pick<TrackerPorts, 'setting'>): NameCheckPolicy {
  return parseNameCheckPolicy(ports.setting(ENV.nameCheckPolicy), ports.setting(ENV.nameCheckRequireAbove), {
    mode: ENV.nameCheckPolicy,
    requireAbove: ENV.nameCheckRequireAbove,
  });
}

export function paymentsHookOf(ports: PaymentPorts): StateHook {
  return paymentsWebhookHook(commonDependencies(ports));
}

function commonDependencies(ports: PaymentPorts) {
  return {
    store: paymentStoreOf(ports),
    events: ports.events,
    log: ports.log,
    clock: ports.clock,
    count: ports.count,
    ...(ports.attention !== undefined && { attention: ports.attention }),
  };
}
