import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { InProcessQueue } from '#local/adapters/in-process-queue.js';
import { QUEUE_MESSAGE_LIMIT_BYTES } from '#shared/webhooks/queue-message.js';

const webhook = '{"body":"{}","receivedAt":"2026-03-02T08:00:00.000Z"}';

/** A processor that fails the first `failures` receives, then succeeds, counting what it saw. */
function processor(failures: number) {
  const seen: string[] = [];
  const handle = async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const record = event.Records[0];
    seen.push(record?.attributes.ApproximateReceiveCount ?? '?');
    return {
      batchItemFailures: seen.length <= failures ? [{ itemIdentifier: record?.messageId ?? '' }] : [],
    };
  };
  return { handle, seen };
}

describe('the sandbox queue delivers at least once, like SQS with a redrive policy', () => {
  it('redelivers a failed message until it is processed', async () => {
    const queue = new InProcessQueue({ maxReceiveCount: 5, retryDelayMs: 1 });
    const { handle, seen } = processor(2);
    queue.attach(handle);
    await queue.enqueue(webhook);
    await queue.idle();
    expect(seen).toEqual(['1', '2', '3']);
    expect(queue.deadLetters).toHaveLength(0);
  });

  it('moves a message to the dead letters after maxReceiveCount receives, and a redrive brings it back', async () => {
    const queue = new InProcessQueue({ maxReceiveCount: 3, retryDelayMs: 1 });
    const { handle, seen } = processor(3);
    queue.attach(handle);
    await queue.enqueue(webhook);
    await queue.idle();
    expect(seen).toHaveLength(3);
    expect(queue.deadLetters).toHaveLength(1);

    expect(queue.redrive()).toBe(1);
    await queue.idle();
    expect(seen).toHaveLength(4);
    expect(queue.deadLetters).toHaveLength(0);
  });

  it('receives a message at once and once for a benchmark, without a retry or a dead letter', async () => {
    const queue = new InProcessQueue({ maxReceiveCount: 3, retryDelayMs: 1 });
    const { handle, seen } = processor(1);
    queue.attach(handle);
    expect(await queue.receiveNow(webhook)).toBe(false);
    expect(await queue.receiveNow(webhook)).toBe(true);
    await queue.idle();
    expect(seen).toEqual(['1', '1']);
    expect(queue.deadLetters).toHaveLength(0);
  });
});

describe('the sandbox queue is also the quarantine, and refuses what SQS refuses', () => {
  it('lists a quarantined message among the dead letters with its reason, without processing it', async () => {
    const queue = new InProcessQueue();
    const { handle, seen } = processor(0);
    queue.attach(handle);
    await queue.quarantine(webhook, 'not a webhook envelope: the envelope lacks Version');
    await queue.idle();
    expect(seen).toHaveLength(0);
    expect(queue.deadLetters).toMatchObject([
      { body: webhook, reason: 'not a webhook envelope: the envelope lacks Version' },
    ]);
  });

  it('takes a message of exactly the SQS limit and refuses one byte more', async () => {
    const queue = new InProcessQueue();
    queue.attach(processor(0).handle);
    const atLimit = 'x'.repeat(QUEUE_MESSAGE_LIMIT_BYTES);
    await expect(queue.enqueue(atLimit)).resolves.toBeUndefined();
    await expect(queue.enqueue(`${atLimit}x`)).rejects.toThrow(/SQS takes at most 262144/);
    await expect(queue.quarantine(atLimit, 'counted with its attribute')).rejects.toThrow(/SQS takes/);
    await queue.idle();
  });
});
