import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSandbox } from '../support/sandbox.js';

let world: Awaited<ReturnType<typeof testSandbox>>;

beforeAll(async () => {
  world = await testSandbox();
});
afterAll(() => world.sandbox.close());

/** Emits a webhook, lets it settle, and returns how its deliveries ended and its dead letter, if any. */
async function emitted(type: string, payload: unknown) {
  const webhook = world.simulator.emitWebhook(type, 1, payload);
  const letters = await world.deadLetters();
  const outcomes = world.simulator.deliveries
    .filter((delivery) => delivery.webhookId === webhook.id)
    .map((delivery) => delivery.outcome);
  const letter = letters.find((candidate) => {
    const message = JSON.parse(candidate.body) as { body?: string; bodyKey?: string };
    // The simulator's log keeps a long body's hash, not its text.
    const text = message.bodyKey === undefined ? message.body : stored(message.bodyKey);
    return text !== undefined && sha256(text) === webhook.bodySha256;
  });
  return { webhook, outcomes, letter };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const stored = (bodyKey: string) => readFileSync(join(world.home, 'webhook-bodies', bodyKey), 'utf8');

describe('no verified webhook is lost in the sandbox: what cannot be published waits in the DLQ with its reason', () => {
  it('accepts a payload nested 3,000 deep and quarantines it, EventBridge taking 1,000 levels', async () => {
    let payload: unknown = `deep-${Date.now()}`;
    for (let level = 0; level < 3000; level++) payload = [payload];

    const { outcomes, letter } = await emitted('Deep.Thing', payload);

    expect(outcomes).toEqual(['accepted']);
    expect(letter?.reason).toBe('the event detail nests 3001 levels deep; EventBridge takes at most 1000');
  });

  it('accepts a 1 MB Type and quarantines it at once, no detail-type being that long', async () => {
    const { outcomes, letter } = await emitted(`Huge${'T'.repeat(1024 * 1024)}`, { n: Date.now() });

    expect(outcomes).toEqual(['accepted']);
    expect(letter?.reason).toMatch(/an EventBridge detail-type takes at most 128$/);
  });

  it('answers an envelope with a blank Type with its nonce, and keeps it', async () => {
    const { outcomes, letter } = await emitted(' ', { n: Date.now() });

    expect(outcomes).toEqual(['accepted']);
    expect(letter?.reason).toBe('not a webhook envelope: Type must be a non-empty string');
  });

  it('keeps a body too large for SQS under the sandbox home, and quarantines its too large event', async () => {
    const { outcomes, letter } = await emitted('Big.Thing', `${Date.now()}-${'b'.repeat(300 * 1024)}`);

    expect(outcomes).toEqual(['accepted']);
    expect(JSON.parse(letter?.body ?? '{}').bodyKey).toMatch(/^sha256\/[0-9a-f]{64}$/);
    expect(letter?.reason).toMatch(/^the event entry is \d+ bytes; EventBridge takes less than 262144$/);
  });
});
