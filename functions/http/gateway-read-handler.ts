import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { type FamilyDefinition, readPath } from '#shared/families/definition.js';
import { isSafeSegment, safeSegmentMessage } from '#shared/http/path-segment.js';
import { json, problem } from '#shared/http/problem.js';
import { logger } from '#shared/observability.js';
import { Router } from '#shared/http/router.js';
import { notServed, toProxyResult } from './api-gateway.js';

/**
 * The `/gateway/` reads of one family (`FamilyDefinition.reads`), by the path the caller used: the id
 * checked (1 to the read's `maxLength` safe characters, one path segment, not `.` or `..`), 404 problem when
 * the gateway keeps no such record, else 200 with it.
 */
export function createGatewayReadHandler<Store>(
  family: Pick<FamilyDefinition<Store>, 'reads'>,
  store: () => Promise<Store>,
  now: () => Date = () => new Date(),
) {
  const reads = new Router<(typeof family.reads)[number]>({ ignoreCase: false });
  for (const read of family.reads) reads.add('GET', read.path, read);
  return middy<APIGatewayProxyEvent, APIGatewayProxyResult>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .handler(async (event) => {
      const route = reads.match(event.httpMethod, event.path);
      if (route.kind !== 'found') return toProxyResult(notServed(event.httpMethod, event.path, route));
      const read = route.value;
      const id = route.params[read.param] ?? '';
      if (!isSafeSegment(id, read.maxLength)) {
        const rule = safeSegmentMessage(read.param, read.maxLength);
        return toProxyResult(
          problem(
            400,
            'Validation failed',
            `GET ${read.path}: 1 property breaks the rules.`,
            { [read.param]: [rule] },
            {},
            event.path,
          ),
        );
      }
      const record = await read.read(await store(), id, now());
      if (record === undefined) {
        return toProxyResult(
          problem(404, 'Not Found', read.notFound(id), undefined, {}, readPath(read.path, id)),
        );
      }
      return toProxyResult(json(200, record));
    });
}
