import { describe, expect, it } from 'vitest';
import {
  decodeQueueMessage,
  MAX_MESSAGE_BYTES,
  MAX_REASON_LENGTH,
  messageBytes,
  QUEUE_MESSAGE_LIMIT_BYTES,
  QueueMessageError,
  quarantineReason,
} from '#shared/webhooks/queue-message.js';
import { signed, testReceiver as receiver } from '#test/support/webhooks.js';

/** A valid envelope whose payload string is `size` ASCII characters (one byte each, never escaped). */
const envelopeOf = (size: number) =>
  `{"Type":"FITestEvent","Version":1,"Payload":"${'a'.repeat(size)}","Nonce":3}`;

/** The padding that makes the receiver's queue message exactly MAX_MESSAGE_BYTES long. */
async function paddingAtTheLimit(): Promise<number> {
  const { deliver, queued } = receiver();
  const empty = envelopeOf(0);
  await deliver(empty, signed(empty));
  return MAX_MESSAGE_BYTES - messageBytes(queued[0] ?? '');
}

describe('a webhook too large for an SQS message is claim-checked, not lost', () => {
  it('keeps the body in the message up to the limit, with room left for a quarantine reason', async () => {
    const { deliver, answersNonce, queued, stored } = receiver();
    const body = envelopeOf(await paddingAtTheLimit());

    const answer = await deliver(body, signed(body));

    expect(answersNonce(answer, '3')).toBe(true);
    expect(messageBytes(queued[0] ?? '')).toBe(MAX_MESSAGE_BYTES);
    expect(JSON.parse(queued[0] ?? '').body).toBe(body);
    expect(stored.size).toBe(0);
    expect(messageBytes(queued[0] ?? '', 'r'.repeat(MAX_REASON_LENGTH))).toBeLessThanOrEqual(
      QUEUE_MESSAGE_LIMIT_BYTES,
    );
  });

  it('stores a body one byte over the limit aside and queues its key, which reads back byte for byte', async () => {
    const { deliver, answersNonce, queued, stored, bodies } = receiver();
    const body = envelopeOf((await paddingAtTheLimit()) + 1);

    const answer = await deliver(body, signed(body));

    expect(answersNonce(answer, '3')).toBe(true);
    const message = JSON.parse(queued[0] ?? '');
    expect(message).toEqual({
      deliveryAttempt: '1',
      receivedAt: '2026-03-01T10:00:00.000Z',
      bodyKey: expect.stringMatching(/^sha256\/[0-9a-f]{64}$/),
    });
    expect(stored.get(message.bodyKey)?.toString('utf8')).toBe(body);
    expect((await decodeQueueMessage(queued[0] ?? '', bodies)).body.toString('utf8')).toBe(body);
  });

  it('escapes U+FFFF, which SQS refuses, and reads the same bytes back', async () => {
    const { deliver, queued, bodies } = receiver();
    const body = '{"Type":"FITestEvent","Version":1,"Payload":"\uffff\ufffe","Nonce":3}';

    await deliver(body, signed(body));

    expect(queued[0]).not.toMatch(/[\uFFFE\uFFFF]/);
    expect((await decodeQueueMessage(queued[0] ?? '', bodies)).body.toString('utf8')).toBe(body);
  });
});

describe('queue messages and reasons', () => {
  it.each([
    ['not JSON', 'nope'],
    ['no time', '{"body":"{}"}'],
    ['neither body nor key', '{"receivedAt":"2026-03-02T08:00:00Z"}'],
    ['a key outside the store', '{"receivedAt":"2026-03-02T08:00:00Z","bodyKey":"../../etc/passwd"}'],
  ])('refuses a message with %s as not a queued webhook', async (_, message) => {
    const { bodies } = receiver();
    await expect(decodeQueueMessage(message, bodies)).rejects.toThrow(QueueMessageError);
  });

  it('bounds a reason to printable ASCII of at most MAX_REASON_LENGTH characters', () => {
    const reason = quarantineReason(`bad Type ${'\u0000é'.repeat(1000)}`);
    expect(reason).toMatch(/^bad Type \?+$/);
    expect(reason).toHaveLength(MAX_REASON_LENGTH);
  });
});
