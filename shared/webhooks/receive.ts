import type { Log } from '../ports/log.js';
import { type HttpResult, problem } from '../http/problem.js';
import type { Clock } from '../ports/clock.js';
import type { Signer } from '../signing/signer.js';
import { SignatureVerificationError, VerifierConfigurationError } from '../signing/verifier.js';
import type { VerifyBankSignature } from './bank-keys.js';
import { nonceAnswer, parseEnvelope, readableType, WebhookEnvelopeError } from './envelope.js';
import type { QueuedWebhook, WebhookBodyStore, WebhookQuarantine, WebhookQueue } from './ports.js';
import { encodeQueueMessage, quarantineReason } from './queue-message.js';

export interface ReceivedWebhook {
  /** The exact bytes received (API Gateway's base64 already decoded). */
  body: Buffer;
  signature: string | undefined;
  deliveryAttempt: string | undefined;
  retryReason: string | undefined;
}

export interface ReceiveDependencies {
  /** The bank keys may rotate, so where they come from is the adapter's (see `bank-keys.ts`). */
  verifySignature: VerifyBankSignature;
  queue: WebhookQueue;
  quarantine: WebhookQuarantine;
  /** Holds the bodies too large for a queue message. */
  bodies: WebhookBodyStore;
  signer: Signer;
  clock: Clock;
  log: Log;
}

/** `quarantined`: kept and answered; `bad-envelope`: kept, answered 400 (no readable Nonce). */
export type ReceiveOutcome = 'accepted' | 'quarantined' | 'bad-signature' | 'bad-envelope' | 'not-queued';

export interface ReceiveResult {
  outcome: ReceiveOutcome;
  /** The webhook type cut to a readable length, for the log. */
  type?: string;
  result: HttpResult;
}

/**
 * Verify, keep, answer: nothing is done with a webhook before its signature verifies, and 200 is only
 * answered once it is durably kept (queued, or quarantined when it is not a valid envelope), so the bank
 * retries anything that was not.
 */
export async function receiveWebhook(
  webhook: ReceivedWebhook,
  deps: ReceiveDependencies,
): Promise<ReceiveResult> {
  try {
    await deps.verifySignature(webhook.body, webhook.signature);
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
  let envelope: ReturnType<typeof parseEnvelope>;
  try {
    envelope = parseEnvelope(webhook.body);
  } catch (error) {
    if (!(error instanceof WebhookEnvelopeError)) throw error;
    return keepInvalid(webhook, error, deps);
  }
  const facts = {
    webhookType: readableType(envelope.type),
    deliveryAttempt: webhook.deliveryAttempt,
    retryReason: webhook.retryReason,
  };
  // The answer depends only on the nonce, so it is signed while the webhook is being queued: the bank's
  // 5 seconds pay for one round trip (the slower of SQS and KMS), not both. It is sent only once queued.
  const signature = signAnswer(envelope.nonceDigits, deps);
  try {
    await deps.queue.enqueue(await encodeQueueMessage(queued(webhook, deps), deps.bodies));
  } catch (error) {
    deps.log.warn('webhook not queued; the bank will retry', { ...facts, reason: (error as Error).message });
    return { outcome: 'not-queued', type: facts.webhookType, result: notStored() };
  }
  deps.log.info('webhook queued', facts);
  return {
    outcome: 'accepted',
    type: facts.webhookType,
    result: await answered(envelope.nonceDigits, signature),
  };
}

/**
 * A verified body that is not a valid envelope is quarantined with the reason, never dropped. With a
 * readable Nonce it is then answered as accepted (it is kept, so the bank may stop retrying); without one
 * the bank gets 400, and each retry is kept again.
 */
async function keepInvalid(
  webhook: ReceivedWebhook,
  error: WebhookEnvelopeError,
  deps: ReceiveDependencies,
): Promise<ReceiveResult> {
  const reason = quarantineReason(`not a webhook envelope: ${error.message}`);
  const nonce = error.nonceDigits;
  const answer = nonce === undefined ? undefined : { nonce, signature: signAnswer(nonce, deps) };
  const facts = { reason, deliveryAttempt: webhook.deliveryAttempt, answered: answer !== undefined };
  try {
    await deps.quarantine.quarantine(await encodeQueueMessage(queued(webhook, deps), deps.bodies), reason);
  } catch (quarantineError) {
    deps.log.error('webhook not quarantined; the bank will retry', {
      ...facts,
      quarantineError: (quarantineError as Error).message,
    });
    return { outcome: 'not-queued', result: notStored() };
  }
  deps.log.error('webhook quarantined: envelope', facts);
  if (answer === undefined) {
    return { outcome: 'bad-envelope', result: problem(400, 'Invalid webhook envelope', reason) };
  }
  return { outcome: 'quarantined', result: await answered(answer.nonce, answer.signature) };
}

const notStored = () => problem(503, 'Webhook not queued', 'The webhook could not be stored; please retry.');

function queued(webhook: ReceivedWebhook, deps: ReceiveDependencies): QueuedWebhook {
  return {
    body: webhook.body,
    deliveryAttempt: webhook.deliveryAttempt,
    retryReason: webhook.retryReason,
    receivedAt: deps.clock.now().toISOString(),
  };
}

function signAnswer(nonceDigits: string, deps: ReceiveDependencies): Promise<string> {
  const signature = deps.signer.sign(Buffer.from(nonceAnswer(nonceDigits), 'utf8'));
  signature.catch(() => undefined); // awaited once stored; this keeps a failure meanwhile from going unhandled
  return signature;
}

async function answered(nonceDigits: string, signature: Promise<string>): Promise<HttpResult> {
  return {
    status: 200,
    headers: { 'content-type': 'application/json', digitalsignature: await signature },
    body: nonceAnswer(nonceDigits),
  };
}
