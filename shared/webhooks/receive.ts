import type { Log } from '../bank/client.js';
import { type HttpResult, problem } from '../http/problem.js';
import type { Clock } from '../ports/clock.js';
import type { Signer } from '../signing/signer.js';
import {
  SignatureVerificationError,
  type SignatureVerifier,
  VerifierConfigurationError,
} from '../signing/verifier.js';
import { nonceAnswer, parseEnvelope, WebhookEnvelopeError } from './envelope.js';
import type { WebhookQueue } from './ports.js';

export interface ReceivedWebhook {
  /** The exact bytes received (API Gateway's base64 already decoded). */
  body: Buffer;
  signature: string | undefined;
  deliveryAttempt: string | undefined;
  retryReason: string | undefined;
}

export interface ReceiveDependencies {
  /** The bank keys may rotate, so the verifier is looked up (and cached) by the adapter. */
  verifier: () => Promise<SignatureVerifier>;
  queue: WebhookQueue;
  signer: Signer;
  clock: Clock;
  log: Log;
}

export type ReceiveOutcome = 'accepted' | 'bad-signature' | 'bad-envelope' | 'not-queued';

/**
 * Verify, queue, answer: nothing is done with a webhook before its signature verifies, and 200 is only
 * answered once it is durably queued, so the bank retries anything that was not.
 */
export async function receiveWebhook(
  webhook: ReceivedWebhook,
  deps: ReceiveDependencies,
): Promise<{ outcome: ReceiveOutcome; type?: string; result: HttpResult }> {
  try {
    (await deps.verifier()).verify(webhook.body, webhook.signature);
  } catch (error) {
    if (error instanceof VerifierConfigurationError) {
      // Nothing can be verified until the bank keys are fixed: the bank keeps retrying meanwhile.
      deps.log.warn('webhook not accepted: bank public keys are not configured', { reason: error.message });
      return {
        outcome: 'not-queued',
        result: problem(503, 'Not ready', 'Webhook verification is not configured.'),
      };
    }
    if (!(error instanceof SignatureVerificationError)) throw error;
    deps.log.warn('webhook refused: signature', {
      reason: error.message,
      deliveryAttempt: webhook.deliveryAttempt,
    });
    return { outcome: 'bad-signature', result: problem(401, 'Invalid DigitalSignature', error.message) };
  }
  const text = webhook.body.toString('utf8');
  let envelope: ReturnType<typeof parseEnvelope>;
  try {
    envelope = parseEnvelope(text);
  } catch (error) {
    if (!(error instanceof WebhookEnvelopeError)) throw error;
    deps.log.warn('webhook refused: envelope', { reason: error.message });
    return { outcome: 'bad-envelope', result: problem(400, 'Invalid webhook envelope', error.message) };
  }
  const facts = {
    webhookType: envelope.type,
    deliveryAttempt: webhook.deliveryAttempt,
    retryReason: webhook.retryReason,
  };
  // The answer depends only on the nonce, so it is signed while the webhook is being queued: the bank's
  // 5 seconds pay for one round trip (the slower of SQS and KMS), not both. It is sent only once queued.
  const answer = nonceAnswer(envelope.nonceDigits);
  const signature = deps.signer.sign(Buffer.from(answer, 'utf8'));
  signature.catch(() => undefined); // awaited below; this keeps a failure while queueing from going unhandled
  try {
    await deps.queue.enqueue({
      body: text,
      deliveryAttempt: webhook.deliveryAttempt,
      retryReason: webhook.retryReason,
      receivedAt: deps.clock.now().toISOString(),
    });
  } catch (error) {
    deps.log.warn('webhook not queued; the bank will retry', { ...facts, reason: (error as Error).message });
    return {
      outcome: 'not-queued',
      type: envelope.type,
      result: problem(503, 'Webhook not queued', 'The webhook could not be stored; please retry.'),
    };
  }
  deps.log.info('webhook queued', facts);
  return {
    outcome: 'accepted',
    type: envelope.type,
    result: {
      status: 200,
      headers: { 'content-type': 'application/json', digitalsignature: await signature },
      body: answer,
    },
  };
}
