import { ENV } from '../config/function-environment.js';
import { DEFAULT_ATTENTION_AFTER_MINUTES, type SweepPorts } from '../gateway/attention-sweep.js';
import { logger } from '../observability.js';
import { buildAtColdStart, once } from './aws-common.js';
import { awsAttention } from './aws-attention.js';

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
