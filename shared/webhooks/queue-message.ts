import { createHash } from 'node:crypto';
import type { QueuedWebhook, WebhookBodyStore } from './ports.js';

/** SQS's message limit, body and attributes together; the stateful stack sets it on both webhook queues. */
export const QUEUE_MESSAGE_LIMIT_BYTES = 256 * 1024;
/** A quarantine reason is cut to this many printable ASCII characters (SQS refuses some characters). */
export const MAX_REASON_LENGTH = 256;
/**
 * The largest message the receiver sends: 1 KiB below the limit, room for the reason attribute (name,
 * type and value), so any message can be quarantined as it is.
 */
export const MAX_MESSAGE_BYTES = QUEUE_MESSAGE_LIMIT_BYTES - 1024;

/** The body store's keys: a body's SHA-256, so storing the same body twice is harmless. */
export const BODY_KEY_PREFIX = 'sha256/';
const BODY_KEY = /^sha256\/[0-9a-f]{64}$/;

/** A queue message that is not a queued webhook (only a hand-made message can be). */
export class QueueMessageError extends Error {
  override readonly name = 'QueueMessageError';
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The message for a webhook: the body as text when it is UTF-8 and the message fits `MAX_MESSAGE_BYTES`,
 * otherwise the body's exact bytes go to the store first and the message carries their key (claim check).
 */
export async function encodeQueueMessage(webhook: QueuedWebhook, bodies: WebhookBodyStore): Promise<string> {
  const { deliveryAttempt, retryReason, receivedAt } = webhook;
  const facts = { deliveryAttempt, retryReason, receivedAt };
  const text = utf8Text(webhook.body);
  if (text !== undefined) {
    const inline = sqsSafe(JSON.stringify({ ...facts, body: text }));
    if (messageBytes(inline) <= MAX_MESSAGE_BYTES) return inline;
  }
  const bodyKey = `${BODY_KEY_PREFIX}${createHash('sha256').update(webhook.body).digest('hex')}`;
  await bodies.put(bodyKey, webhook.body);
  return sqsSafe(JSON.stringify({ ...facts, bodyKey }));
}

/** The webhook a message carries, its body read back from the store when it was claim-checked. */
export async function decodeQueueMessage(message: string, bodies: WebhookBodyStore): Promise<QueuedWebhook> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(message);
  } catch {
    throw new QueueMessageError('the queue message is not JSON');
  }
  const { body, bodyKey, deliveryAttempt, retryReason, receivedAt } = (parsed ?? {}) as Record<
    string,
    unknown
  >;
  if (typeof receivedAt !== 'string' || Number.isNaN(Date.parse(receivedAt))) {
    throw new QueueMessageError('the queue message has no receivedAt time');
  }
  const facts = {
    deliveryAttempt: optionalText(deliveryAttempt),
    retryReason: optionalText(retryReason),
    receivedAt,
  };
  if (typeof body === 'string') return { ...facts, body: Buffer.from(body, 'utf8') };
  if (typeof bodyKey === 'string' && BODY_KEY.test(bodyKey))
    return { ...facts, body: await bodies.get(bodyKey) };
  throw new QueueMessageError('the queue message has neither a body nor a body key');
}

/** How SQS counts a message's size: the body, and the name, type and value of its reason attribute. */
export function messageBytes(message: string, reason?: string): number {
  const attribute = reason === undefined ? '' : `reasonString${reason}`;
  return Buffer.byteLength(message, 'utf8') + Buffer.byteLength(attribute, 'utf8');
}

/** A reason SQS accepts as an attribute value and a log shows as it is: printable ASCII, bounded. */
export function quarantineReason(reason: string): string {
  return reason.slice(0, MAX_REASON_LENGTH).replace(/[^\x20-\x7e]/g, '?');
}

function utf8Text(bytes: Buffer): string | undefined {
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}

function optionalText(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/**
 * SQS refuses U+FFFE and U+FFFF, which JSON.stringify leaves as they are (it already escapes control
 * characters and lone surrogates). In JSON text they can only stand inside strings, so escaping is exact.
 */
function sqsSafe(json: string): string {
  return json.replace(/[\uFFFE\uFFFF]/g, (char) => `\\u${char.charCodeAt(0).toString(16)}`);
}
