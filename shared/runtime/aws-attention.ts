import { attentionTable } from '../config/tables.js';
import { DynamoDbAttention } from '../gateway/dynamodb-attention.js';
import { once } from './aws-common.js';
import { awsDynamoClient, awsTableName } from './aws-family-ports.js';

/** The attention list on AWS, for the roots whose trackers and hooks raise and clear items, and the sweep. */
export const awsAttention = once(
  () => new DynamoDbAttention(awsDynamoClient(), awsTableName(attentionTable)),
);
