import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { FamilyDefinition } from '#shared/families/definition.js';
import { problem } from '#shared/http/problem.js';
import { toProxyResult } from './api-gateway.js';
import { createRecordReadHandler } from './record-read-handler.js';

/**
 * The `/gateway/` reads of one family (`FamilyDefinition.reads`), by the resource API Gateway matched: each
 * id checked, 404 when the gateway keeps no such record, else 200 with it.
 */
export function createGatewayReadHandler<Store>(
  family: Pick<FamilyDefinition<Store>, 'reads'>,
  store: () => Promise<Store>,
  now: () => Date = () => new Date(),
) {
  const reads = new Map(
    family.reads.map((read) => [
      read.path,
      createRecordReadHandler({
        route: `GET ${read.path}`,
        param: read.param,
        maxLength: read.maxLength,
        read: async (id) => read.read(await store(), id, now()),
        notFound: (id) => ({
          detail: read.notFound(id),
          instance: read.path.replace(`{${read.param}}`, encodeURIComponent(id)),
        }),
      }),
    ]),
  );
  return async (event: APIGatewayProxyEvent, context: Context): Promise<APIGatewayProxyResult> => {
    const read = reads.get(event.resource);
    if (read === undefined) {
      return toProxyResult(problem(404, 'Not Found', `GET ${event.resource} is not served here.`));
    }
    return read(event, context);
  };
}
