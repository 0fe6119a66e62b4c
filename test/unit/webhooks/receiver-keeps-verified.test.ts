import { describe, expect, it } from 'vitest';
import { decodeQueueMessage } from '#shared/webhooks/queue-message.js';
import { deepEnvelope, signed, testReceiver as receiver } from '#test/support/webhooks.js';

/** The webhook a recorded message carries, its body as text. */
async function kept(message: string | undefined, bodies: Parameters<typeof decodeQueueMessage>[1]) {
  const webhook = await decodeQueueMessage(message ?? '', bodies);
  return { ...webhook, body: webhook.body.toString('utf8') };
}

describe('the receiver queues a verified webhook whatever its depth', () => {
  it.each([3_000, 100_000])('queues a payload nested %i deep and answers its nonce', async (depth) => {
    const { deliver, answersNonce, queued, bodies } = receiver();
    const body = deepEnvelope(depth, '2886556407');

    const answer = await deliver(body, signed(body));

    expect(answersNonce(answer, '2886556407')).toBe(true);
    expect((await kept(queued[0], bodies)).body).toBe(body);
  });

  it('queues a webhook with a 1 MB Type, its body stored aside (the processor decides what to do)', async () => {
    const { deliver, answersNonce, queued, stored } = receiver();
    const body = `{"Type":"${'T'.repeat(1024 * 1024)}","Version":1,"Payload":{},"Nonce":5}`;

    const answer = await deliver(body, signed(body));

    expect(answersNonce(answer, '5')).toBe(true);
    expect(queued).toHaveLength(1);
    expect([...stored.values()].map((bytes) => bytes.toString('utf8'))).toEqual([body]);
  });
});

describe('the receiver keeps a verified body that is not a valid envelope, with the reason', () => {
  it.each([
    ['no Type', '{"Version":1,"Payload":{},"Nonce":11}', 'lacks Type'],
    ['no Version', '{"Type":"X","Payload":{},"Nonce":11}', 'lacks Version'],
    ['a blank Type', '{"Type":" ","Version":1,"Payload":{},"Nonce":11}', 'Type must be a non-empty string'],
    [
      'a Version that is not an integer',
      '{"Type":"X","Version":1.5,"Nonce":11}',
      'Version must be an integer',
    ],
    [
      'no Version, nested 3,000 deep',
      `{"Type":"X","Payload":${'{"a":'.repeat(3000)}1${'}'.repeat(3000)},"Nonce":11}`,
      'lacks Version',
    ],
  ])('quarantines an envelope with %s and answers its readable nonce', async (_, body, reason) => {
    const { deliver, answersNonce, queued, quarantined, bodies, lines } = receiver();

    const answer = await deliver(body, signed(body));

    expect(answersNonce(answer, '11')).toBe(true);
    expect(queued).toHaveLength(0);
    expect(quarantined).toHaveLength(1);
    expect(quarantined[0]?.reason).toContain(reason);
    expect(await kept(quarantined[0]?.message, bodies)).toMatchObject({ body, deliveryAttempt: '1' });
    expect(lines.filter((line) => line.message === 'webhook quarantined: envelope')).toHaveLength(1);
  });

  it.each([
    ['not JSON', 'Type=x'],
    ['no Nonce', '{"Type":"X","Version":1,"Payload":{}}'],
    ['a Nonce that is not an integer', '{"Type":"X","Version":1,"Payload":{},"Nonce":1.5}'],
    ['a Nonce in quotes', '{"Type":"X","Version":1,"Payload":{},"Nonce":"12"}'],
    ['a Nonce given twice', '{"Type":"X","Version":1,"Nonce":1,"Nonce":2}'],
    ['any key given twice (the whole body is unreadable)', '{"Type":"X","Type":"Y","Version":1,"Nonce":1}'],
    ['an array 100,000 deep', `${'['.repeat(100_000)}${']'.repeat(100_000)}`],
  ])('quarantines a body with %s and answers 400, having no nonce to echo', async (_, body) => {
    const { deliver, queued, quarantined, bodies } = receiver();

    const answer = await deliver(body, signed(body));

    expect(answer.statusCode).toBe(400);
    expect(answer.headers?.['content-type']).toBe('application/problem+json');
    expect(queued).toHaveLength(0);
    expect((await kept(quarantined[0]?.message, bodies)).body).toBe(body);
  });

  it('keeps a body that is not UTF-8 byte for byte, in the body store', async () => {
    const { deliver, quarantined, bodies } = receiver();
    const body = Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]);

    const answer = await deliver(body, signed(body));

    expect(answer.statusCode).toBe(400);
    expect(quarantined[0]?.reason).toContain('not valid UTF-8');
    expect((await decodeQueueMessage(quarantined[0]?.message ?? '', bodies)).body.equals(body)).toBe(true);
  });

  it('answers 503 when the quarantine cannot store it, so the bank retries', async () => {
    const { deliver, quarantined } = receiver({ failQuarantine: true });
    const body = '{"Version":1,"Payload":{},"Nonce":11}';

    const answer = await deliver(body, signed(body));

    expect(answer.statusCode).toBe(503);
    expect(answer.body).not.toContain('Nonce');
    expect(quarantined).toHaveLength(0);
  });

  it('quarantines nothing that is not signed by the bank', async () => {
    const { deliver, quarantined } = receiver();
    const answer = await deliver('Type=x', { DigitalSignature: 'AAAA' });
    expect(answer.statusCode).toBe(401);
    expect(quarantined).toHaveLength(0);
  });
});
