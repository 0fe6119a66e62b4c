import { type JsonLimits, JsonNumber, type JsonValue, readJson } from '../json/read-json.js';

/** A webhook as the bank sends it: `{"Type","Version","Payload","Nonce"}` (webhooks.md). */
export interface WebhookEnvelope {
  type: string;
  version: number;
  /** As read: numbers keep the digits the bank wrote (`JsonNumber`), objects have no prototype. */
  payload: JsonValue | undefined;
  /** The Nonce exactly as its digits appear in the body; it may exceed 2^53. */
  nonceDigits: string;
  /** The top-level `InstitutionId` some webhooks carry beside the payload (the `Accounts.*` pages). */
  institutionId?: string;
}

export class WebhookEnvelopeError extends Error {
  override readonly name = 'WebhookEnvelopeError';
  constructor(
    message: string,
    /** The top-level Nonce when it could still be read, so the webhook can be answered. */
    readonly nonceDigits: string | undefined,
  ) {
    super(message);
  }
}

/**
 * Any depth (the reader has no recursion), up to API Gateway's 10 MB payload: nothing larger arrives.
 * Nesting is the sender's business; what EventBridge cannot take is decided when publishing.
 */
const WEBHOOK_JSON_LIMITS: JsonLimits = { maxBytes: 10 * 1024 * 1024, maxDepth: Number.POSITIVE_INFINITY };

/**
 * The top-level Nonce digits of a JSON object, or undefined when it has no non-negative integer Nonce.
 * The receiver reads webhooks with it and the simulator reads the institution's answers.
 */
export function nonceOf(body: Uint8Array | string): string | undefined {
  try {
    return topLevelNonce(readJson(body, WEBHOOK_JSON_LIMITS));
  } catch {
    return undefined;
  }
}

/** Parses the exact body of a webhook; every way it can be wrong is a `WebhookEnvelopeError`. */
export function parseEnvelope(body: Uint8Array | string): WebhookEnvelope {
  let root: JsonValue;
  try {
    root = readJson(body, WEBHOOK_JSON_LIMITS);
  } catch (error) {
    // The reader's message names the problem: not UTF-8, not JSON, a duplicate key, too large.
    throw new WebhookEnvelopeError((error as Error).message, undefined);
  }
  const nonceDigits = topLevelNonce(root);
  const invalid = (reason: string) => new WebhookEnvelopeError(reason, nonceDigits);
  if (!isObject(root)) throw invalid('the body is not a JSON object');
  const missing = ['Type', 'Version', 'Nonce'].filter((name) => !(name in root));
  if (missing.length > 0) throw invalid(`the envelope lacks ${missing.join(', ')}`);
  const { Type, Version, Payload, InstitutionId } = root;
  if (typeof Type !== 'string' || Type.trim() === '') throw invalid('Type must be a non-empty string');
  const version = Version instanceof JsonNumber ? Version.toNumber() : Number.NaN;
  if (!Number.isSafeInteger(version)) throw invalid('Version must be an integer');
  if (nonceDigits === undefined) throw invalid('Nonce must be a non-negative integer');
  return {
    type: Type,
    version,
    payload: Payload,
    nonceDigits,
    ...(typeof InstitutionId === 'string' && { institutionId: InstitutionId }),
  };
}

/** The answer body the bank expects: exactly `{"Nonce":<same digits>}`. */
export function nonceAnswer(nonceDigits: string): string {
  return `{"Nonce":${nonceDigits}}`;
}

function topLevelNonce(root: JsonValue): string | undefined {
  const nonce = isObject(root) ? root.Nonce : undefined;
  return nonce instanceof JsonNumber && /^\d{1,40}$/.test(nonce.source) ? nonce.source : undefined;
}

function isObject(value: JsonValue): value is { [key: string]: JsonValue } {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof JsonNumber)
  );
}

/** How much of a type a log line or a bounded key keeps (a `Type` can be as long as the body). */
const READABLE_TYPE_LENGTH = 100;

/** The type cut to a readable length (never splitting a surrogate pair), for keys and log lines. */
export function readableType(type: string): string {
  if (type.length <= READABLE_TYPE_LENGTH) return type;
  const cut = type.slice(0, READABLE_TYPE_LENGTH);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}
