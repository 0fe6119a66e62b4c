import { createHash } from 'node:crypto';
import { JsonNumber } from '../json/read-json.js';
import { jsonText } from './json-text.js';
import { webhookRecordOf } from './payloads/index.js';
import { readableType } from './envelope.js';

/** `BacsMandateInitiatedV2` is `BacsMandateInitiated`: an alias is keyed as its record's type. */
export function canonicalType(type: string): string {
  return type.replace(/V\d+$/, '');
}

/**
 * Longest identity key. DynamoDB takes 2,048 bytes in a partition key; 256 UTF-16 units are at most 768
 * UTF-8 bytes, and a key this long is still readable in a log line.
 */
export const MAX_KEY_LENGTH = 256;

export interface WebhookIdentity {
  key: string;
  /** `payload` when taken from the documented fields, `hash` for unknown types or incomplete payloads. */
  basis: 'payload' | 'hash';
}

/**
 * The identity of a webhook, from its payload as its record says (`key` and `nestedKey` of `defineWebhook`
 * in `./payloads/`; webhooks.md, "Key" column). The bank delivers at least once and in any order, and the
 * Nonce changes per delivery, so duplicates are found by these fields only. Every key starts with the type,
 * so two types never collapse into one (a settled and a rejected notice for the same TransactionId stay two
 * events). An unknown type, or a payload without its key fields, is keyed by the hash of its type, version
 * and payload.
 */
export function webhookIdentity(
  type: string,
  version: number,
  payload: unknown,
  receivedAt: Date,
): WebhookIdentity {
  const canonical = canonicalType(type);
  const record = webhookRecordOf(canonical);
  if (record?.key === 'digest-per-day') {
    // A test event has no id: the same text on the same day is the same test (hashed: keys stay short).
    const day = receivedAt.toISOString().slice(0, 10);
    return { key: `${canonical}:${payloadDigest(payload)}:${day}`, basis: 'payload' };
  }
  if (record !== undefined && isRecord(payload)) {
    const nested = record.nestedKey?.(payload, payloadDigest);
    const values = [
      ...record.key.map((field) => keyValue(payload[field])),
      ...(nested === undefined ? [] : [nested]),
    ];
    if (values.every((value) => value !== undefined)) {
      return { key: bounded(canonical, [canonical, ...values].join(':')), basis: 'payload' };
    }
  }
  const digest = sha256(`${canonical}\n${version}\n${canonicalJson(payload)}`);
  return { key: bounded(canonical, `${canonical}:sha256:${digest}`), basis: 'hash' };
}

/** JSON with object keys sorted at every level, so equal payloads hash equally whatever the key order. */
export function canonicalJson(value: unknown): string {
  return jsonText(value, true).text;
}

/** The SHA-256 of a value's canonical JSON: how a key part is made from a whole payload. */
function payloadDigest(value: unknown): string {
  return sha256(canonicalJson(value));
}

/** A key field's text: a non-empty string or a number as written. */
function keyValue(value: unknown): string | undefined {
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (value instanceof JsonNumber) return value.source;
  return typeof value === 'number' ? String(value) : undefined;
}

/** A key longer than MAX_KEY_LENGTH becomes its readable type and the SHA-256 of the whole key. */
function bounded(type: string, key: string): string {
  return key.length <= MAX_KEY_LENGTH ? key : `${readableType(type)}:sha256:${sha256(key)}`;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof JsonNumber)
  );
}
