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
 * JSON text parsed, with its top-level `Nonce` as the digits written (JSON.parse source text access,
 * Node 22+), never through a JS number, so a value above 2^53 stays exact. Throws on invalid JSON.
 */
function parseKeepingNonce(text: string): { root: unknown; nonceDigits: string | undefined } {
  const nonceSources = new Map<object, string | undefined>();
  const root: unknown = JSON.parse(
    text,
    function (this: object, key: string, value: unknown, context?: ReviverContext) {
      if (key === 'Nonce') nonceSources.set(this, context?.source);
      return value;
    },
  );
  const digits = typeof root === 'object' && root !== null ? nonceSources.get(root) : undefined;
  return { root, nonceDigits: digits !== undefined && /^\d{1,40}$/.test(digits) ? digits : undefined };
}

/**
 * The top-level Nonce digits of a JSON object, or undefined when it has no non-negative integer Nonce.
 * The receiver reads webhooks with it and the simulator reads the institution's answers.
 */
export function nonceOf(text: string): string | undefined {
  try {
    const { root, nonceDigits } = parseKeepingNonce(text);
    return Array.isArray(root) ? undefined : nonceDigits;
  } catch {
    return undefined;
  }
}

/** Parses the exact body text of a webhook; every way it can be wrong is a `WebhookEnvelopeError`. */
export function parseEnvelope(text: string): WebhookEnvelope {
  let parsed: ReturnType<typeof parseKeepingNonce>;
  try {
    parsed = parseKeepingNonce(text);
  } catch {
    throw new WebhookEnvelopeError('the body is not valid JSON');
  }
  const { root, nonceDigits } = parsed;
  if (typeof root !== 'object' || root === null || Array.isArray(root)) {
    throw new WebhookEnvelopeError('the body is not a JSON object');
  }
  const { Type, Version, Payload } = root as Record<string, unknown>;
  const missing = ['Type', 'Version', 'Nonce'].filter((name) => !(name in root));
  if (missing.length > 0) throw new WebhookEnvelopeError(`the envelope lacks ${missing.join(', ')}`);
  if (typeof Type !== 'string' || Type.trim() === '') {
    throw new WebhookEnvelopeError('Type must be a non-empty string');
  }
  if (typeof Version !== 'number' || !Number.isInteger(Version)) {
    throw new WebhookEnvelopeError('Version must be an integer');
  }
  if (nonceDigits === undefined) throw new WebhookEnvelopeError('Nonce must be a non-negative integer');
  return { type: Type, version: Version, payload: Payload, nonceDigits };
}

/** The answer body the bank expects: exactly `{"Nonce":<same digits>}`. */
export function nonceAnswer(nonceDigits: string): string {
  return `{"Nonce":${nonceDigits}}`;
}
