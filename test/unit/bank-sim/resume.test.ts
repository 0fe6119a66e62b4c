import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ResumeError } from '#sim/core/simulator.js';
import { defineTask } from '#sim/core/tasks.js';
import type { BankSimulator } from '#sim/simulator.js';
import {
  admin,
  HOUR,
  MINUTE,
  START,
  startListener,
  startTestSimulator,
  type WebhookListener,
} from './helpers.js';

/** A simulator started from another's `snapshot()`, as the sandbox starts again: what was to happen, happens. */
const ping = defineTask('resume test ping', (host, text: string) => host.emitWebhook('FITestEvent', 1, text));

let listener: WebhookListener;
const simulators: BankSimulator[] = [];
const started = async (resumeFrom?: unknown[]) => {
  const sim = await startTestSimulator({ resumeFrom }, { webhookUrl: listener.url });
  simulators.push(sim);
  return sim;
};

beforeEach(async () => {
  // The first delivery fails, every later one is accepted.
  listener = await startListener((_webhook, index) => (index === 0 ? { status: 500 } : {}));
});
afterEach(async () => {
  for (const sim of simulators.splice(0)) await sim.close();
  await listener.close();
});

describe('a simulator resumed from a snapshot', () => {
  it('runs the work that was waiting on the clock when its time comes', async () => {
    const first = await started();
    first.schedule(new Date(Date.parse(START) + HOUR), 'ping later', ping, 'still to happen');

    const second = await started(first.snapshot());
    expect(second.scheduled()).toEqual([{ at: '2026-01-05T10:00:00.000Z', label: 'ping later' }]);
    await second.advanceClock(HOUR);

    expect(second.webhooks.map((webhook) => webhook.body)).toEqual([
      expect.stringContaining('"Payload":"still to happen"'),
    ]);
  });

  it('sends a webhook still to be retried: the same bytes, the next attempt, at its slot', async () => {
    const first = await started();
    first.emitWebhook('FITestEvent', 1, 'kept across a restart');
    await first.idle();

    const second = await started(first.snapshot());
    await second.advanceClock(15 * MINUTE);

    const [failed, retried] = listener.received;
    expect(listener.received).toHaveLength(2);
    expect(retried?.body).toBe(failed?.body);
    expect(retried?.headers).toMatchObject({ 'x-delivery-attempt': '2', 'x-retry-reason': 'HTTP' });
    expect(retried?.signatureValid).toBe(true);
    expect(second.scheduled()).toEqual([]);
  });

  it('keeps the fault settings and the webhooks they held back', async () => {
    const first = await started();
    const faults = { nextWebhooks: ['out-of-order', 'duplicate'], errorRate: 0.25 };
    expect((await admin(first, 'PUT', '/__sim/faults', faults)).status).toBe(200);
    first.emitWebhook('FITestEvent', 1, 'held back');

    const second = await started(first.snapshot());

    expect(second.faults).toEqual({ nextWebhooks: ['duplicate'], errorRate: 0.25 });
    expect(second.releaseHeldWebhooks()).toBe(1);
  });

  it('is refused when it names a task this code does not have', async () => {
    const first = await started();
    first.schedule(new Date(START), 'ping', ping, 'renamed since');
    const renamed = first.snapshot().map((node) => (node === ping.name ? 'a task since removed' : node));

    const resuming = started(renamed);

    await expect(resuming).rejects.toThrow(ResumeError);
    await expect(resuming).rejects.toThrow('no scheduled task is named a task since removed');
  });
});
