import { SFNClient } from '@aws-sdk/client-sfn';
import { ENV } from '../config/function-environment.js';
import type { ForwardDependencies } from '../gateway/forward-operation.js';
import { MCCY_PAYMENTS_TRACKER } from '../mccy-payments/track.js';
import { mccyPaymentsTrackerOf } from '../mccy-payments/wiring.js';
import { mccyPaymentOperations } from '../operations/mccy-payments/operations.js';
import { StepFunctionsBatchWorkflows } from '../workflows/step-functions.js';
import { awsAttention } from './aws-attention.js';
import { buildAtColdStart, once, requireEnv } from './aws-common.js';
import { awsEventPublisher } from './aws-events.js';
import { awsFamilyPorts } from './aws-family-ports.js';
import { awsForwardDependencies } from './root-operation-functions.js';
import { trackersFor } from './wiring.js';

/** Minutes after processing before a batch is overdue (`MCCY_OVERDUE_AFTER_MINUTES`, default 240). */
function overdueAfterMinutes(): number | undefined {
  const text = process.env[ENV.mccyOverdueAfterMinutes];
  if (text === undefined || text === '') return undefined;
  const minutes = Number(text);
  if (!Number.isInteger(minutes) || minutes < 1)
    throw new Error(`${ENV.mccyOverdueAfterMinutes} must be a whole number of minutes from 1, not ${text}`);
  return minutes;
}

/** Composition root of the mccy-payments function: the operation use case plus the trackers its operations name (batches). */
export const awsMccyPaymentsForwardDependencies = once((): ForwardDependencies => ({
  ...awsForwardDependencies(),
  trackers: trackersFor(mccyPaymentOperations, {
    [MCCY_PAYMENTS_TRACKER]: () =>
      mccyPaymentsTrackerOf({
        ...awsFamilyPorts(),
        events: awsEventPublisher(),
        attention: awsAttention(),
        workflows: new StepFunctionsBatchWorkflows(new SFNClient({}), requireEnv(ENV.mccyBatchWorkflowArn)),
        overdueAfterMinutes: overdueAfterMinutes(),
      }),
  }),
}));

buildAtColdStart(awsMccyPaymentsForwardDependencies);
