import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { SFNClient } from '@aws-sdk/client-sfn';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { ENV } from '../config/function-environment.js';
import type { ForwardDependencies } from '../gateway/forward-operation.js';
import { DynamoDbBatchStore } from '../mccy-payments/dynamodb-store.js';
import { MCCY_PAYMENTS_TRACKER, mccyPaymentsTracker } from '../mccy-payments/track.js';
import { logger, metrics } from '../observability.js';
import { systemClock } from '../ports/clock.js';
import { EventBridgePublisher } from '../webhooks/eventbridge-publisher.js';
import { StepFunctionsBatchWorkflows } from '../workflows/step-functions.js';
import { buildAtColdStart, once, requireEnv } from './aws-common.js';
import { awsDynamoClient, awsForwardDependencies } from './aws-gateway.js';

/** Minutes after processing before a batch is overdue (`MCCY_OVERDUE_AFTER_MINUTES`, default 240). */
function overdueAfterMinutes(): number | undefined {
  const text = process.env[ENV.mccyOverdueAfterMinutes];
  if (text === undefined || text === '') return undefined;
  const minutes = Number(text);
  if (!Number.isInteger(minutes) || minutes < 1)
    throw new Error(`${ENV.mccyOverdueAfterMinutes} must be a whole number of minutes from 1, not ${text}`);
  return minutes;
}

/** Composition root of the mccy-payments function: the operation use case plus the batch tracker. */
export const awsMccyPaymentsForwardDependencies = once((): ForwardDependencies => ({
  ...awsForwardDependencies(),
  trackers: {
    [MCCY_PAYMENTS_TRACKER]: mccyPaymentsTracker({
      store: new DynamoDbBatchStore(awsDynamoClient(), requireEnv(ENV.mccyBatchesTable)),
      events: new EventBridgePublisher(new EventBridgeClient({}), requireEnv(ENV.eventBusName)),
      log: logger,
      clock: systemClock,
      workflows: new StepFunctionsBatchWorkflows(new SFNClient({}), requireEnv(ENV.mccyBatchWorkflowArn)),
      overdueAfterMinutes: overdueAfterMinutes(),
      countWorkflowStartFailure: () => metrics.addMetric('MccyWorkflowStartFailed', MetricUnit.Count, 1),
    }),
  },
}));

buildAtColdStart(awsMccyPaymentsForwardDependencies);
