import { ENV } from '../config/function-environment.js';
import { DEFAULT_ATTENTION_AFTER_MINUTES, type SweepPorts } from '../gateway/attention-sweep.js';
import { DynamoDbAttention } from '../gateway/dynamodb-attention.js';
import { logger } from '../observability.js';
import { buildAtColdStart, once, requireEnv } from './aws-common.js';
import { awsDynamoClient } from './aws-family-ports.js';

/** The attention list on AWS, for the roots whose trackers and hooks raise and clear items. */
export const awsAttention = once(
  () => new DynamoDbAttention(awsDynamoClient(), requireEnv(ENV.attentionTable)),
);

/** Composition root of the attention sweep: the table, the bound, the system clock. */
export const awsSweepPorts = once((): Omit<SweepPorts, 'recordOverdue'> => {
  const attention = awsAttention();
  return {
    list: () => attention.list(),
    now: () => new Date(),
    afterMinutes: afterMinutesOf(process.env[ENV.attentionAfterMinutes]),
    log: logger,
  };
});

function afterMinutesOf(text: string | undefined): number {
  if (text === undefined || text === '') return DEFAULT_ATTENTION_AFTER_MINUTES;
  const minutes = Number(text);
  if (!Number.isInteger(minutes) || minutes < 1)
    throw new Error(`${ENV.attentionAfterMinutes} must be a whole number of minutes from 1, not ${text}`);
  return minutes;
}

buildAtColdStart(awsSweepPorts);
