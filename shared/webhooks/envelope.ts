/** A webhook as the bank sends it: `{"Type","Version","Payload","Nonce"}` (webhooks.md). */
export interface WebhookEnvelope {
  type: string;
  version: number;
  payload: unknown;
  /** The Nonce exactly as its digits appear in the body; it may exceed 2^53. */
  nonceDigits: string;
}

export class WebhookEnvelopeError extends Error {
  override readonly name = 'WebhookEnvelopeError';
}

interface ReviverContext {
  source?: string;
}

/**
 * Parses the exact body text. The Nonce is read from its source digits (JSON.parse source text access,
 * Node 22+), never through a JS number, so a value above 2^53 is echoed digit for digit.
 */
export function parseEnvelope(text: string): WebhookEnvelope {
  const nonceSources = new Map<object, string | undefined>();
  let root: unknown;
  try {
    root = JSON.parse(text, function (this: object, key: string, value: unknown, context?: ReviverContext) {
      if (key === 'Nonce') nonceSources.set(this, context?.source);
      return value;
    });
  } catch {
    throw new WebhookEnvelopeError('the body is not valid JSON');
  }
  if (typeof root !== 'object' || root === null || Array.isArray(root)) {
    throw new WebhookEnvelopeError('the body is not a JSON object');
  }
  const { Type, Version, Payload } = root as Record<string, unknown>;
  const missing = ['Type', 'Version', 'Nonce'].filter((name) => !(name in root));
  if (missing.length > 0) throw new WebhookEnvelopeError(`the envelope lacks ${missing.join(', ')}`);
  if (typeof Type !== 'string' || Type.trim() === '')
    throw new WebhookEnvelopeError('Type must be a non-empty string');
  if (typeof Version !== 'number' || !Number.isInteger(Version)) {
    throw new WebhookEnvelopeError('Version must be an integer');
  }
  const nonceDigits = nonceSources.get(root);
  if (nonceDigits === undefined || !/^\d{1,40}$/.test(nonceDigits)) {
    throw new WebhookEnvelopeError('Nonce must be a non-negative integer');
  }
  return { type: Type, version: Version, payload: Payload, nonceDigits };
}

/** The answer body the bank expects: exactly `{"Nonce":<same digits>}`. */
export function nonceAnswer(nonceDigits: string): string {
  return `{"Nonce":${nonceDigits}}`;
}
