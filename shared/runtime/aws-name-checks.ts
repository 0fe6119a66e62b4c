import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ENV } from '../config/function-environment.js';
import { DynamoDbNameCheckStore } from '../name-checks/dynamodb-store.js';
import { buildAtColdStart, once, requireEnv } from './aws-common.js';

/** Composition root of `GET /gateway/name-checks/{endToEndId}`: the name-checks table and nothing else. */
export const awsNameCheckStore = once(
  () => new DynamoDbNameCheckStore(new DynamoDBClient({}), requireEnv(ENV.nameChecksTable)),
);

buildAtColdStart(awsNameCheckStore);
