import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { InProcessQueue } from '../../../local/adapters/in-process-queue.js';
import type { QueuedWebhook } from '../../../shared/webhooks/ports.js';

const webhook: QueuedWebhook = {
  body: '{}',
  deliveryAttempt: '1',
  retryReason: undefined,
  receivedAt: 'now',
};

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
});
