import { randomUUID } from 'node:crypto';
import { jsonErrorOf, jsonReply, jsonService, Refusal, type Service } from './service.js';

export interface EventBusDefinition {
  readonly name: string;
  readonly arn: string;
}

/** One event a function put on a bus. */
export interface PutEventsEntryRecord {
  readonly eventId: string;
  readonly busName: string;
  readonly source: string;
  readonly detailType: string;
  readonly detail: Record<string, unknown>;
  readonly time: Date;
}

interface Entry {
  Source?: unknown;
  DetailType?: unknown;
  Detail?: unknown;
  EventBusName?: unknown;
  Time?: unknown;
}

/**
 * EventBridge's `PutEvents`: each entry's bus (by name or ARN, `default` when absent) must be allowed; the
 * entries are kept in `events`. As EventBridge does, more than 10 entries refuse the call and an entry whose
 * Detail is not a JSON object fails alone (`MalformedDetail`).
 */
export function eventBridgeService(
  buses: readonly EventBusDefinition[],
  events: PutEventsEntryRecord[],
): Service {
  const busOf = (nameOrArn: string) => buses.find((bus) => bus.name === nameOrArn || bus.arn === nameOrArn);
  return jsonService('events', {
    PutEvents: (input) => {
      const entries = (Array.isArray(input.Entries) ? input.Entries : []) as Entry[];
      if (entries.length === 0 || entries.length > 10)
        throw new Refusal(
          'events:PutEvents',
          `${entries.length} entries: Entries must have length between 1 and 10`,
          jsonErrorOf('ValidationException'),
        );
      const named = entries.map((entry) =>
        typeof entry.EventBusName === 'string' ? entry.EventBusName : 'default',
      );
      const unknown = named.find((name) => busOf(name) === undefined);
      if (unknown !== undefined)
        throw new Refusal(
          'events:PutEvents',
          `Event bus ${unknown} does not exist.`,
          jsonErrorOf('ResourceNotFoundException'),
        );
      const arns = [...new Set(named.map((name) => busOf(name)?.arn ?? ''))];
      return {
        authorizations: arns.map((arn) => ({ action: 'events:PutEvents', resource: arn })),
        perform: () => {
          const results = entries.map((entry, index) => {
            const detail = parseObject(entry.Detail);
            if (detail === undefined)
              return { ErrorCode: 'MalformedDetail', ErrorMessage: 'Detail is malformed.' };
            const eventId = randomUUID();
            events.push({
              eventId,
              busName: busOf(named[index] ?? '')?.name ?? '',
              source: String(entry.Source),
              detailType: String(entry.DetailType),
              detail,
              time: typeof entry.Time === 'number' ? new Date(entry.Time * 1000) : new Date(),
            });
            return { EventId: eventId };
          });
          return jsonReply({
            FailedEntryCount: results.filter((result) => 'ErrorCode' in result).length,
            Entries: results,
          });
        },
      };
    },
  });
}

function parseObject(text: unknown): Record<string, unknown> | undefined {
  if (typeof text !== 'string') return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
