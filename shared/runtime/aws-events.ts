import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { ENV } from '../config/function-environment.js';
import { EventBridgePublisher } from '../webhooks/eventbridge-publisher.js';
import { once, requireEnv } from './aws-common.js';

/** `FamilyPorts.events` on AWS: the stack's bus, one publisher per container. */
export const awsEventPublisher = once(
  () => new EventBridgePublisher(new EventBridgeClient({}), requireEnv(ENV.eventBusName)),
);
