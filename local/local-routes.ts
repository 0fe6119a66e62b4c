import { readFileSync } from 'node:fs';
import * as z from 'zod/mini';
import { definedValues, rawBody, toProxyResult } from '#functions/http/api-gateway.js';
import { randomUUID } from 'node:crypto';
import { archiveRetentionDays } from '#shared/events/archive.js';
import { parseReplayTime, replayWindowProblem } from '#shared/events/replay-window.js';
import { JsonReadError, readJson } from '#shared/json/read-json.js';
import { json, problem } from '#shared/http/problem.js';
import { fieldErrors } from '#shared/http/validation.js';
import type { DynamoDbAttention } from '#shared/gateway/dynamodb-attention.js';
import type { Clock } from '#shared/ports/clock.js';
import type { InMemoryEventBus } from './adapters/in-memory-bus.js';
import type { InProcessQueue } from './adapters/in-process-queue.js';
import type { Route } from './gateway-server.js';
import type { LocalStateMachine } from './workflows.js';

const eventsQuery = z.strictObject({
  detailType: z.optional(z.string().check(z.minLength(1))),
  since: z.optional(
    z.pipe(
      z.iso.datetime({ offset: true, message: 'must be an ISO 8601 time such as 2026-03-02T10:00:00Z' }),
      z.transform((text: string) => new Date(text)),
    ),
  ),
});

const replayTime = z.pipe(
  z.string(),
  z.transform((text: string, payload) => {
    const time = parseReplayTime(text);
    if (time === undefined) {
      payload.issues.push({
        code: 'custom',
        input: text,
        message: 'must be an ISO 8601 time with an offset, such as 2026-03-02T10:00:00Z',
      });
      return z.NEVER;
    }
    return time;
  }),
);
const replayBody = z.strictObject({
  from: replayTime,
  to: replayTime,
  detailType: z.optional(z.string().check(z.minLength(1), z.maxLength(128))),
});

/** Routes that exist only in the sandbox, for tests and the demo. */
export function localOnlyRoutes(
  bus: InMemoryEventBus,
  queue: InProcessQueue,
  batchWorkflows: LocalStateMachine,
  attention: Pick<DynamoDbAttention, 'list'>,
  bankClock: Clock,
): Route[] {
  return [
    {
      method: 'GET',
      resource: '/gateway/local/clock',
      functionName: 'local',
      // The time the gateway's rules are judged at (the simulator's clock, which tests and the demo move):
      // the client's sandbox preset reads it before each call, so it judges as the gateway does.
      handler: async () => toProxyResult(json(200, { now: bankClock.now().toISOString() })),
    },
    {
      method: 'GET',
      resource: '/gateway/local/attention',
      functionName: 'local',
      // What the attention sweep counts on AWS: records waiting for the bank's word, oldest first.
      handler: async () => toProxyResult(json(200, { items: await attention.list() })),
    },
    {
      method: 'GET',
      resource: '/gateway/local/workflows',
      functionName: 'local',
      // The batch workflow's executions: the states each entered, how it ended.
      handler: async () => toProxyResult(json(200, { executions: batchWorkflows.executions() })),
    },
    {
      method: 'GET',
      resource: '/gateway/local/events',
      functionName: 'local',
      handler: async (event) => {
        // As the gateway treats a query: unknown parameters refused, each mistake named in `errors`.
        const query = eventsQuery.safeParse(definedValues(event.queryStringParameters));
        if (!query.success) {
          const detail = 'The query of GET /gateway/local/events is not valid.';
          return toProxyResult(problem(400, 'Validation failed', detail, fieldErrors(query.error)));
        }
        return toProxyResult(json(200, { events: bus.list(query.data) }));
      },
    },
    {
      method: 'POST',
      resource: '/gateway/local/replay',
      functionName: 'local',
      // `clearway replay --sandbox`: the event log stands in for the bus's archive (simulation's retention).
      handler: async (event) => {
        const detail = 'The body of POST /gateway/local/replay is not valid.';
        let value: unknown;
        try {
          value = readJson(rawBody(event) ?? '');
        } catch (error) {
          if (!(error instanceof JsonReadError)) throw error;
          return toProxyResult(problem(400, 'Validation failed', `${detail} ${error.message}`));
        }
        const body = replayBody.safeParse(value);
        if (!body.success)
          return toProxyResult(problem(400, 'Validation failed', detail, fieldErrors(body.error)));
        const refused = replayWindowProblem(body.data, bus.now(), archiveRetentionDays.simulation);
        if (refused) return toProxyResult(problem(400, 'Validation failed', refused));
        const replayName = `clearway-sandbox-${randomUUID()}`;
        return toProxyResult(json(200, { replayName, replayed: bus.replay(body.data, replayName) }));
      },
    },
    {
      method: 'GET',
      resource: '/gateway/local/dlq',
      functionName: 'local',
      handler: async () => toProxyResult(json(200, { messages: queue.deadLetters })),
    },
    {
      method: 'POST',
      resource: '/gateway/local/dlq/redrive',
      functionName: 'local',
      handler: async () => toProxyResult(json(200, { redriven: queue.redrive() })),
    },
    {
      method: 'GET',
      resource: '/gateway/openapi.json',
      functionName: 'local',
      // The committed description (`npm run openapi`), read when asked: a test keeps it in step with the code.
      handler: async () => ({
        statusCode: 200,
        headers: { 'content-type': 'application/json' },
        body: readFileSync(new URL('../openapi.json', import.meta.url), 'utf8'),
      }),
    },
  ];
}
