import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { ENV } from '../config/function-environment.js';
import type { ForwardDependencies } from '../gateway/forward-operation.js';
import { DynamoDbNameCheckStore } from '../name-checks/dynamodb-store.js';
import { type NameCheckPolicy, parseNameCheckPolicy } from '../name-checks/policy.js';
import { logger } from '../observability.js';
import { bankBookings } from '../payments/bank-bookings.js';
import { DynamoDbPaymentStore } from '../payments/dynamodb-store.js';
import { PAYMENTS_TRACKER, paymentsTracker } from '../payments/track.js';
import { EventBridgePublisher } from '../webhooks/eventbridge-publisher.js';
import { buildAtColdStart, once, requireEnv } from './aws-common.js';
import { awsDynamoClient, awsForwardDependencies } from './aws-gateway.js';

/**
 * Composition root of the payments operation function: the operation use case of every function plus the
 * payments tracker (its table and the bus). Its own module, so other operation functions load none of it.
 */
export const awsPaymentsForwardDependencies = once((): ForwardDependencies => {
  const forward = awsForwardDependencies();
  return {
    ...forward,
    trackers: {
      [PAYMENTS_TRACKER]: paymentsTracker({
        store: new DynamoDbPaymentStore(awsDynamoClient(), requireEnv(ENV.paymentsTable)),
        events: new EventBridgePublisher(new EventBridgeClient({}), requireEnv(ENV.eventBusName)),
        log: logger,
        bookings: bankBookings(forward.bank),
        nameChecks: {
          store: new DynamoDbNameCheckStore(awsDynamoClient(), requireEnv(ENV.nameChecksTable)),
          policy: nameCheckPolicyFromEnv(),
        },
      }),
    },
  };
});

/** The per-environment name-check policy the stack sets (off when unset). */
function nameCheckPolicyFromEnv(): NameCheckPolicy {
  return parseNameCheckPolicy(process.env[ENV.nameCheckPolicy], process.env[ENV.nameCheckRequireAbove], {
    mode: ENV.nameCheckPolicy,
    requireAbove: ENV.nameCheckRequireAbove,
  });
}

buildAtColdStart(awsPaymentsForwardDependencies);
