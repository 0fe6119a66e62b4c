import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { json, problem } from '../shared/http/problem.js';
import { liveCheck, nameCheckPath } from '../shared/name-checks/outcome.js';
import type { NameCheckStore } from '../shared/name-checks/ports.js';
import { logger } from '../shared/observability.js';
import { awsNameCheckStore } from '../shared/runtime/aws-name-checks.js';
import { toProxyResult } from './http/api-gateway.js';

/** An end-to-end id as a name check may carry it: 1 to 140 safe characters, one segment, not `.` or `..`. */
const END_TO_END_ID = /^[A-Za-z0-9\-._~:@!$&'()*+,;=]{1,140}$/;

/** GET /gateway/name-checks/{endToEndId}: the outcome of the payee name check made with this id. */
export function createNameChecksReadHandler(
  store: () => Pick<NameCheckStore, 'get'>,
  now: () => Date = () => new Date(),
) {
  return middy<APIGatewayProxyEvent, APIGatewayProxyResult>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .handler(async (event) => {
      const endToEndId = event.pathParameters?.endToEndId ?? '';
      if (!END_TO_END_ID.test(endToEndId) || /^\.+$/.test(endToEndId)) {
        return toProxyResult(
          problem(
            400,
            'Validation failed',
            'GET /gateway/name-checks/{endToEndId}: 1 property breaks the rules.',
            {
              endToEndId: [
                "endToEndId must be 1 to 140 letters, digits or - . _ ~ : @ ! $ & ' ( ) * + , ; = (one path segment, not . or ..).",
              ],
            },
            {},
            event.path,
          ),
        );
      }
      const record = liveCheck(await store().get(endToEndId), now());
      if (record === undefined) {
        return toProxyResult(
          problem(
            404,
            'Not Found',
            `No name check with end-to-end id ${endToEndId} is known to the gateway (or it has expired).`,
            undefined,
            {},
            nameCheckPath(endToEndId),
          ),
        );
      }
      return toProxyResult(
        json(200, { ...record, expiresAt: new Date(record.expiresAt * 1000).toISOString() }),
      );
    });
}

export const handler = createNameChecksReadHandler(awsNameCheckStore);
