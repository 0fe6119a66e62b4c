import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { ENV } from '../config/function-environment.js';
import { DynamoDbFxStore } from '../fx/dynamodb-store.js';
import { FX_TRACKER, fxTracker } from '../fx/track.js';
import type { ForwardDependencies } from '../gateway/forward-operation.js';
import { logger } from '../observability.js';
import { systemClock } from '../ports/clock.js';
import { EventBridgePublisher } from '../webhooks/eventbridge-publisher.js';
import { buildAtColdStart, once, requireEnv } from './aws-common.js';
import { awsDynamoClient, awsForwardDependencies } from './aws-gateway.js';

/** Composition root of the fx operation function: the operation use case plus the FX tracker (its table, the bus). */
export const awsFxForwardDependencies = once((): ForwardDependencies => ({
  ...awsForwardDependencies(),
  trackers: {
    [FX_TRACKER]: fxTracker({
      store: new DynamoDbFxStore(awsDynamoClient(), requireEnv(ENV.fxTable)),
      events: new EventBridgePublisher(new EventBridgeClient({}), requireEnv(ENV.eventBusName)),
      log: logger,
      clock: systemClock,
    }),
  },
}));

buildAtColdStart(awsFxForwardDependencies);
