import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { createGatewayReadHandler } from '#functions/http/gateway-read-handler.js';
import type { FamilyDefinition } from '#shared/families/definition.js';
import { families } from '#shared/families/index.js';

const context = { awsRequestId: 'req', getRemainingTimeInMillis: () => 10_000 } as unknown as Context;
/** A store every read finds empty: each method answers undefined (and it is no thenable). */
const emptyStore = new Proxy({}, { get: (_, name) => (name === 'then' ? undefined : async () => undefined) });

const reads = families.flatMap((family: FamilyDefinition) =>
  family.reads.map((read) => ({ name: `GET ${read.path}`, family, read })),
);

async function get(family: FamilyDefinition, path: string, param: string, id: string) {
  const handler = createGatewayReadHandler(family, async () => emptyStore);
  const answer = await handler(
    {
      httpMethod: 'GET',
      resource: path,
      path: path.replace(`{${param}}`, id),
      pathParameters: { [param]: id },
    } as unknown as APIGatewayProxyEvent,
    context,
  );
  return { status: answer.statusCode, body: JSON.parse(answer.body) as Record<string, unknown> };
}

describe('every family’s /gateway/ read checks its id before reading', () => {
  it.each(reads)(
    '$name takes an id of its longest length and answers 404 when none is kept',
    async ({ family, read }) => {
      const answer = await get(family, read.path, read.param, 'a'.repeat(read.maxLength));
      expect(answer.status).toBe(404);
      expect(answer.body.instance).toBe(read.path.replace(`{${read.param}}`, 'a'.repeat(read.maxLength)));
    },
  );

  it.each(reads)(
    '$name refuses a longer id or a dot segment with 400 naming the parameter',
    async ({ family, read }) => {
      for (const id of ['a'.repeat(read.maxLength + 1), '..']) {
        const answer = await get(family, read.path, read.param, id);
        expect(answer.status).toBe(400);
        expect(Object.keys(answer.body.errors as object)).toEqual([read.param]);
      }
    },
  );
});
