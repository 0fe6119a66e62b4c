import { readFileSync } from 'node:fs';
import * as z from 'zod/mini';
import { definedValues, toProxyResult } from '../functions/http/api-gateway.js';
import { json, problem } from '../shared/http/problem.js';
import { fieldErrors } from '../shared/http/validation.js';
import type { InMemoryEventBus } from './adapters/in-memory-bus.js';
import type { InProcessQueue } from './adapters/in-process-queue.js';
import type { Route } from './gateway-server.js';

const eventsQuery = z.strictObject({
  detailType: z.optional(z.string().check(z.minLength(1))),
  since: z.optional(
    z.pipe(
      z.iso.datetime({ offset: true, message: 'must be an ISO 8601 time such as 2026-03-02T10:00:00Z' }),
      z.transform((text: string) => new Date(text)),
    ),
  ),
});

/** Routes that exist only in the sandbox, for tests and the demo. */
export function localOnlyRoutes(bus: InMemoryEventBus, queue: InProcessQueue): Route[] {
  return [
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
