import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ENV } from '../config/function-environment.js';
import { DynamoDbBatchStore } from '../mccy-payments/dynamodb-store.js';
import { buildAtColdStart, once, requireEnv } from './aws-common.js';

/** Composition root of `GET /gateway/mccy/batches/{batchId}`: the batch table and nothing else. */
export const awsBatchStore = once(
  () => new DynamoDbBatchStore(new DynamoDBClient({}), requireEnv(ENV.mccyBatchesTable)),
);

buildAtColdStart(awsBatchStore);
