import { ENV } from '../config/function-environment.js';
import { DEFAULT_ATTENTION_AFTER_MINUTES, type SweepPorts } from '../gateway/attention-sweep.js';
import { families } from '../families/index.js';
import { republishers } from '../families/runtime.js';
import { awsAttention } from './aws-attention.js';
import { buildAtColdStart, once } from './aws-common.js';
import { awsEventPublisher } from './aws-events.js';
import { awsFamilyPorts } from './aws-family-ports.js';

/**
 * Composition root of the attention sweep: the table, the bound, the system clock, and what each family
 * publishes again (`FamilyDefinition.republish`: its table and the bus).
 */
export const awsSweepPorts = once(async (): Promise<Omit<SweepPorts, 'recordOverdue'>> => {
  const attention = awsAttention();
  const ports = { ...awsFamilyPorts(), events: awsEventPublisher(), attention };
  return {
    list: () => attention.list(),
    now: () => new Date(),
    afterMinutes: afterMinutesOf(process.env[ENV.attentionAfterMinutes]),
    log: ports.log,
    republish: await republishers(ports, families),
  };
});

function afterMinutesOf(text: string | undefined): number {
  if (text === undefined || text === '') return DEFAULT_ATTENTION_AFTER_MINUTES;
  const minutes = Number(text);
  if (!Number.isInteger(minutes) || minutes < 1)
    throw new Error(`${ENV.attentionAfterMinutes} must be a whole number of minutes from 1, not ${text}`);
  return minutes;
}

await buildAtColdStart(awsSweepPorts);
