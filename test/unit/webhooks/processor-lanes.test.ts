import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalDynamo, startLocalDynamo } from '#local/dynamo.js';
import type { ClaimedWebhook } from '#shared/webhooks/process.js';
import { queueMessage, testProcessor } from '#test/support/webhooks.js';

/**
 * The processor handler as it ships takes an SQS batch side by side, the records of one payment or batch
 * one after another in the order SQS gave them (`subject` of the webhook's record).
 */
let dynamo: LocalDynamo;

beforeAll(async () => {
  dynamo = await startLocalDynamo(`lanes-${Date.now()}-`);
});
afterAll(() => dynamo.close());

const run = `${Date.now()}`;
let transactions = 0;
const settled = (endToEndId: string) =>
  queueMessage(
    JSON.stringify({
      Type: 'TransactionSettled',
      Version: 6,
      Nonce: 1,
      Payload: {
        TransactionId: `t-${run}-${++transactions}`,
        DebitCreditCode: 'Debit',
        EndToEndTransactionId: endToEndId,
      },
    }),
  );

/** A hook that takes `holdMs` per webhook and writes down when each began and ended. */
function recordingHook(holdMs: number, failFirstOf?: string) {
  const spans: Array<{ endToEndId: string; key: string; start: number; end: number }> = [];
  let failed = false;
  const hook = async (webhook: ClaimedWebhook) => {
    const endToEndId = (webhook.payload as { EndToEndTransactionId: string }).EndToEndTransactionId;
    const span = { endToEndId, key: webhook.key, start: performance.now(), end: 0 };
    spans.push(span);
    await new Promise((resolve) => setTimeout(resolve, holdMs));
    span.end = performance.now();
    if (endToEndId === failFirstOf && !failed) {
      failed = true;
      throw new Error('the payments table is unavailable');
    }
  };
  return { hook, spans };
}

describe('an SQS batch in the processor', () => {
  it('moves one payment’s webhooks one after another in the order given, and other payments’ beside them', async () => {
    const processor = testProcessor(dynamo);
    // Long enough that B's inbox claim, made beside A's first, ends well before A's first hook does.
    const { hook, spans } = recordingHook(250);
    processor.deps.hooks = [hook];
    const a = `a-${run}`;
    const b = `b-${run}`;
    const messages = [settled(a), settled(b), settled(a), settled(a)];
    const answer = await processor.deliver(messages);

    expect(answer.batchItemFailures).toEqual([]);
    expect(processor.published).toHaveLength(4);
    const ofA = spans.filter((span) => span.endToEndId === a);
    const ofB = spans.find((span) => span.endToEndId === b);
    // The keys of A's webhooks in the order of the batch, each begun once the one before it ended.
    expect(ofA.map((span) => span.key)).toEqual(
      [0, 2, 3].map((index) => expect.stringContaining(`t-${run}-${transactions - 3 + index}`)),
    );
    for (let i = 1; i < ofA.length; i++)
      expect(ofA[i]?.start).toBeGreaterThanOrEqual(ofA[i - 1]?.end as number);
    // B did not wait for A's lane: it began before A's first webhook ended.
    expect(ofB?.start).toBeLessThan(ofA[0]?.end as number);
  });

  it('goes on with a payment’s next webhook when one before it fails, and reports only the failed record', async () => {
    const processor = testProcessor(dynamo);
    const c = `c-${run}`;
    const { hook, spans } = recordingHook(5, c);
    processor.deps.hooks = [hook];
    const answer = await processor.deliver([settled(c), settled(c)]);

    expect(answer.batchItemFailures).toEqual([{ itemIdentifier: 'm-0' }]);
    expect(spans).toHaveLength(2);
    expect(processor.published).toHaveLength(1);
  });
});
