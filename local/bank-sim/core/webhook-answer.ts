import type { SignatureVerifier } from '#shared/signing/verifier.js';
import { nonceOf } from '#shared/webhooks/envelope.js';

/** The spec's retry reasons, as sent in `x-retry-reason`. */
export type RetryReason = 'Connection' | 'Timeout' | 'HTTP' | 'Non-repudiation' | 'Payload / Response Format';

export type AnswerVerdict = { outcome: 'accepted' } | { outcome: RetryReason; detail: string };

export interface WebhookAnswer {
  status: number;
  body: Buffer;
  signature: string | undefined;
}

/**
 * Judges an institution's answer to a webhook: HTTP 200, then a JSON body `{"Nonce":<the same digits>}`,
 * then a `DigitalSignature` over exactly those bytes that the institution's key verifies. The format is
 * checked before the signature: a signature over the wrong content proves nothing useful.
 */
export function judgeAnswer(
  answer: WebhookAnswer,
  nonce: string,
  verifier: SignatureVerifier,
): AnswerVerdict {
  if (answer.status !== 200) {
    return { outcome: 'HTTP', detail: `answered ${answer.status} instead of 200` };
  }
  const echoed = nonceDigits(answer.body);
  if (echoed === undefined) {
    return {
      outcome: 'Payload / Response Format',
      detail: 'the answer is not a JSON object with a numeric Nonce',
    };
  }
  if (echoed !== nonce) {
    return { outcome: 'Payload / Response Format', detail: `the answer's Nonce ${echoed} is not ${nonce}` };
  }
  if (!verifier.isValid(answer.body, answer.signature)) {
    const detail = answer.signature
      ? 'the DigitalSignature does not verify'
      : 'the DigitalSignature is missing';
    return { outcome: 'Non-repudiation', detail };
  }
  return { outcome: 'accepted' };
}

/** The top-level `Nonce` digits of an answer, read as the receiver reads webhooks (shared/webhooks/envelope.ts). */
export function nonceDigits(body: Buffer): string | undefined {
  try {
    return nonceOf(new TextDecoder('utf-8', { fatal: true }).decode(body));
  } catch {
    return undefined;
  }
}
