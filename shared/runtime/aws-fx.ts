import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ENV } from '../config/function-environment.js';
import { DynamoDbFxStore } from '../fx/dynamodb-store.js';
import { buildAtColdStart, once, requireEnv } from './aws-common.js';

/** Composition root of `GET /gateway/fx/...`: the fx table and nothing else. */
export const awsFxStore = once(() => new DynamoDbFxStore(new DynamoDBClient({}), requireEnv(ENV.fxTable)));

buildAtColdStart(awsFxStore);
