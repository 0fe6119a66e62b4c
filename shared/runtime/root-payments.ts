import { ENV } from '../config/function-environment.js';
import type { ForwardDependencies } from '../gateway/forward-operation.js';
import { type NameCheckPolicy, parseNameCheckPolicy } from '../name-checks/policy.js';
import { paymentOperations } from '../operations/payments/operations.js';
import { PAYMENTS_TRACKER } from '../payments/track.js';
import { paymentsTrackerOf } from '../payments/wiring.js';
import { awsAttention } from './aws-attention.js';
import { buildAtColdStart, once } from './aws-common.js';
import { awsEventPublisher } from './aws-events.js';
import { awsFamilyPorts } from './aws-family-ports.js';
import { awsForwardDependencies } from './root-operation-functions.js';
import { trackersFor } from './wiring.js';

/**
 * Composition root of the payments operation function: the operation use case of every function plus the
 * trackers its operations name (the payments tracker). Its own module, so other operation functions load none of it.
 */
export const awsPaymentsForwardDependencies = once((): ForwardDependencies => {
  const forward = awsForwardDependencies();
  return {
    ...forward,
    trackers: trackersFor(paymentOperations, {
      [PAYMENTS_TRACKER]: () =>
        paymentsTrackerOf({
          ...awsFamilyPorts(),
          events: awsEventPublisher(),
          attention: awsAttention(),
          bank: forward.bank,
          nameCheckPolicy: nameCheckPolicyFromEnv(),
        }),
    }),
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
