import { describe, expect, it } from 'vitest';
import { SignatureVerifier } from '#shared/signing/verifier.js';
import { testKeyPair } from '#test/support/keys.js';
import { bankKey, institutionKey, signed, testReceiver as receiver } from '#test/support/webhooks.js';

const oldBankKey = testKeyPair();
const envelope = '{"Type":"FITestEvent","Version":1,"Payload":"test me","Nonce":1448545215}';

describe('the webhook receiver verifies, queues and answers the signed nonce', () => {
  it('queues a correctly signed webhook and answers {"Nonce":n} signed with the institution key', async () => {
    const { deliver, queued } = receiver();
    const answer = await deliver(envelope, signed(envelope));
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe('{"Nonce":1448545215}');
    const verifier = new SignatureVerifier([institutionKey.publicKeyPem]);
    expect(verifier.isValid(Buffer.from(answer.body), answer.headers?.digitalsignature as string)).toBe(true);
    expect(queued.map((message) => JSON.parse(message))).toEqual([
      { body: envelope, deliveryAttempt: '1', receivedAt: '2026-03-01T10:00:00.000Z' },
    ]);
  });

  it('echoes a Nonce above 2^53 digit for digit', async () => {
    const body = '{"Type":"FITestEvent","Version":1,"Payload":"x","Nonce":123456789012345678901}';
    const { deliver } = receiver();
    const answer = await deliver(body, signed(body));
    expect(answer.body).toBe('{"Nonce":123456789012345678901}');
  });

  it('verifies the decoded bytes of a base64 body from API Gateway', async () => {
    const { deliver, queued } = receiver();
    const answer = await deliver(envelope, signed(envelope), true);
    expect(answer.statusCode).toBe(200);
    expect(JSON.parse(queued[0] as string).body).toBe(envelope);
  });

  it('keeps the retry headers with the queued webhook', async () => {
    const { deliver, queued } = receiver();
    await deliver(envelope, {
      DigitalSignature: bankKey.sign(envelope),
      'X-Delivery-Attempt': '3',
      'X-Retry-Reason': 'Timeout',
    });
    expect(JSON.parse(queued[0] as string)).toMatchObject({ deliveryAttempt: '3', retryReason: 'Timeout' });
  });

  it.each([
    ['no signature', {}],
    ['a signature by another key', signed(envelope, institutionKey)],
    ['a signature that is not base64', { DigitalSignature: '***' }],
  ])('answers 401 and keeps nothing for %s', async (_, headers) => {
    const { deliver, queued, quarantined } = receiver();
    const answer = await deliver(envelope, headers);
    expect(answer.statusCode).toBe(401);
    expect(answer.headers?.['content-type']).toBe('application/problem+json');
    expect(queued).toHaveLength(0);
    expect(quarantined).toHaveLength(0);
  });

  it('answers 401 for a tampered body', async () => {
    const { deliver, queued, quarantined } = receiver();
    const answer = await deliver(envelope.replace('test me', 'pay me'), signed(envelope));
    expect(answer.statusCode).toBe(401);
    expect(queued).toHaveLength(0);
    expect(quarantined).toHaveLength(0);
  });

  it('answers 503 when the webhook cannot be queued, so the bank retries', async () => {
    const { deliver } = receiver({ failEnqueue: true });
    const answer = await deliver(envelope, signed(envelope));
    expect(answer.statusCode).toBe(503);
    expect(answer.body).not.toContain('Nonce');
  });

  it('never answers 200 when the answer cannot be signed (the queued copy is deduplicated on retry)', async () => {
    const { deliver, queued } = receiver({ failSigning: true });
    await expect(deliver(envelope, signed(envelope))).rejects.toThrow('KMS throttled');
    expect(queued).toHaveLength(1);
  });

  it('answers 503 when queueing fails even while the answer is being signed', async () => {
    const { deliver } = receiver({ failEnqueue: true, failSigning: true });
    expect((await deliver(envelope, signed(envelope))).statusCode).toBe(503);
  });

  it('accepts a signature by an old bank key while it is configured, and not after it is removed', async () => {
    const during = receiver({ bankKeys: [bankKey.publicKeyPem, oldBankKey.publicKeyPem] });
    expect((await during.deliver(envelope, signed(envelope, oldBankKey))).statusCode).toBe(200);
    const after = receiver({ bankKeys: [bankKey.publicKeyPem] });
    expect((await after.deliver(envelope, signed(envelope, oldBankKey))).statusCode).toBe(401);
  });
});

describe('the webhook receiver without usable bank keys', () => {
  it('answers 503 so the bank retries once the keys are fixed, and queues nothing', async () => {
    const { deliver, queued } = receiver({ bankKeys: ['placeholder: set the bank public key'] });
    const answer = await deliver(envelope, signed(envelope));
    expect(answer.statusCode).toBe(503);
    expect(queued).toHaveLength(0);
  });
});
