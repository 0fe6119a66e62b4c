import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ENV } from '../config/function-environment.js';
import { DynamoDbPaymentStore } from '../payments/dynamodb-store.js';
import { buildAtColdStart, once, requireEnv } from './aws-common.js';

/** Composition root of `GET /gateway/payments/{endToEndId}`: the payments table and nothing else. */
export const awsPaymentStore = once(
  () => new DynamoDbPaymentStore(new DynamoDBClient({}), requireEnv(ENV.paymentsTable)),
);

buildAtColdStart(awsPaymentStore);
