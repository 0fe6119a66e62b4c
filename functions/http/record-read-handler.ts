import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { json, problem } from '#shared/http/problem.js';
import { logger } from '#shared/observability.js';
import { toProxyResult } from './api-gateway.js';

export interface RecordRead {
  /** The route as callers write it, for the problem's detail: `GET /gateway/payments/{endToEndId}`. */
  route: string;
  /** The longest id the record may have. */
  maxLength: number;
  /** The path parameter naming the record; `endToEndId` when not given. */
  param?: string;
  /** The record answered, or undefined when the gateway knows none. */
  read(endToEndId: string): Promise<unknown>;
  /** The 404's detail and instance. */
  notFound(endToEndId: string): { detail: string; instance: string };
}

/**
 * A `/gateway/...{endToEndId}` read of a record the gateway keeps: the id checked (1 to `maxLength` safe
 * characters, one path segment, not `.` or `..`), 404 problem when unknown, else 200 with the record.
 */
export function createRecordReadHandler(spec: RecordRead) {
  const param = spec.param ?? 'endToEndId';
  const safe = new RegExp(`^[A-Za-z0-9\\-._~:@!$&'()*+,;=]{1,${spec.maxLength}}$`);
  return middy<APIGatewayProxyEvent, APIGatewayProxyResult>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .handler(async (event) => {
      const endToEndId = event.pathParameters?.[param] ?? '';
      if (!safe.test(endToEndId) || /^\.+$/.test(endToEndId)) {
        const rule = `${param} must be 1 to ${spec.maxLength} letters, digits or - . _ ~ : @ ! $ & ' ( ) * + , ; = (one path segment, not . or ..).`;
        return toProxyResult(
          problem(
            400,
            'Validation failed',
            `${spec.route}: 1 property breaks the rules.`,
            { [param]: [rule] },
            {},
            event.path,
          ),
        );
      }
      const record = await spec.read(endToEndId);
      if (record === undefined) {
        const { detail, instance } = spec.notFound(endToEndId);
        return toProxyResult(problem(404, 'Not Found', detail, undefined, {}, instance));
      }
      return toProxyResult(json(200, record));
    });
}
