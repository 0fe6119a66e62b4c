import * as z from 'zod/mini';
import { typesOf, type WebhookVersions, webhookRecords } from '../webhooks/payloads/index.js';
import type { ClearwayEvent } from '../ports/events.js';
import { gatewayEventDetails } from './gateway.js';

/**
 * Every event Clearway publishes, one `detail` schema per detail-type: the bank's webhooks (`clearway.bank`,
 * one per type and alias of the webhook records in `shared/webhooks/payloads/`, so a new record needs no edit
 * here) and the gateway's own events (`clearway.gateway`, `./gateway.ts`). The JSON Schemas in
 * `events/schemas/`, the types in `events/types.ts` and the EventBridge schema registry are made from it.
 */

export type EventSource = ClearwayEvent['source'];

export interface EventDefinition {
  source: EventSource;
  detailType: string;
  detail: z.ZodMiniType;
}

/** A bank event's envelope around the payload of one webhook version (`BankEvent['detail']`). */
export function bankEventDetail(type: z.ZodMiniType, version: z.ZodMiniType, payload: z.ZodMiniType) {
  return z.object({
    /** The wire `Type`, the same as the detail-type. */
    type,
    version,
    /** Stable identity of the webhook; consumers deduplicate on it. */
    key: z.string().check(z.minLength(1)),
    receivedAt: z.iso.datetime({ offset: true }),
    deliveryAttempt: z.int().check(z.positive()),
    institutionId: z.optional(z.string()),
    payload,
  });
}

/** What a webhook type with no record publishes: the envelope, any payload. */
export const unknownBankEventDetail = bankEventDetail(z.string(), z.int(), z.unknown());

function bankDefinition(detailType: string, versions: WebhookVersions): EventDefinition {
  const options = Object.entries(versions).map(([version, payload]) =>
    bankEventDetail(z.literal(detailType), z.literal(Number(version)), payload),
  );
  const detail =
    options.length === 1
      ? (options[0] as z.ZodMiniType)
      : z.union(options as unknown as [z.ZodMiniType, z.ZodMiniType]);
  return { source: 'clearway.bank', detailType, detail };
}

/** Every known event, bank events first, each list in its definition's order. */
export const eventCatalogue: readonly EventDefinition[] = [
  ...webhookRecords.flatMap((record) => typesOf(record).map((type) => bankDefinition(type, record.versions))),
  ...Object.entries(gatewayEventDetails).map(([detailType, detail]): EventDefinition => ({
    source: 'clearway.gateway',
    detailType,
    detail,
  })),
];

const bySourceAndType = new Map(
  eventCatalogue.map((event) => [`${event.source} ${event.detailType}`, event]),
);

/** The schema of an event's detail; an unknown bank type gets the envelope, an unknown gateway type none. */
export function detailSchemaOf(source: EventSource, detailType: string): z.ZodMiniType | undefined {
  const known = bySourceAndType.get(`${source} ${detailType}`)?.detail;
  return known ?? (source === 'clearway.bank' ? unknownBankEventDetail : undefined);
}

/**
 * What is wrong with an event as a consumer receives it (its detail as JSON, the form EventBridge delivers),
 * in one line naming the detail-type and the first issue; undefined when it matches its schema.
 */
export function eventViolation(event: ClearwayEvent): string | undefined {
  const schema = detailSchemaOf(event.source, event.detailType);
  if (schema === undefined) return `${event.source} ${event.detailType}: no schema for this detail-type`;
  const result = schema.safeParse(JSON.parse(JSON.stringify(event.detail)));
  if (result.success) return undefined;
  const issue = result.error.issues[0];
  const path = issue === undefined || issue.path.length === 0 ? 'detail' : `detail.${issue.path.join('.')}`;
  return `${event.source} ${event.detailType}: ${path}: ${issue?.message ?? 'invalid'}`;
}
