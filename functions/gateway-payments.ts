import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { json, problem } from '../shared/http/problem.js';
import { logger } from '../shared/observability.js';
import type { PaymentStore } from '../shared/payments/ports.js';
import { paymentPath } from '../shared/payments/track.js';
import { awsPaymentStore } from '../shared/runtime/aws-payments.js';
import { toProxyResult } from './http/api-gateway.js';

/** An end-to-end id as the path may carry it: 1 to 35 safe characters, one segment, not `.` or `..`. */
const END_TO_END_ID = /^[A-Za-z0-9\-._~:@!$&'()*+,;=]{1,35}$/;

/** GET /gateway/payments/{endToEndId}: the gateway's record of a payment with its history. */
export function createPaymentsReadHandler(store: () => Pick<PaymentStore, 'get'>) {
  return middy<APIGatewayProxyEvent, APIGatewayProxyResult>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .handler(async (event) => {
      const endToEndId = event.pathParameters?.endToEndId ?? '';
      if (!END_TO_END_ID.test(endToEndId) || /^\.+$/.test(endToEndId)) {
        return toProxyResult(
          problem(
            400,
            'Validation failed',
            'GET /gateway/payments/{endToEndId}: 1 property breaks the rules.',
            {
              endToEndId: [
                "endToEndId must be 1 to 35 letters, digits or - . _ ~ : @ ! $ & ' ( ) * + , ; = (one path segment, not . or ..).",
              ],
            },
            {},
            event.path,
          ),
        );
      }
      const record = await store().get(endToEndId);
      if (record === undefined) {
        return toProxyResult(
          problem(
            404,
            'Not Found',
            `No payment with end-to-end id ${endToEndId} is known to the gateway.`,
            undefined,
            {},
            paymentPath(endToEndId),
          ),
        );
      }
      return toProxyResult(json(200, record));
    });
}

export const handler = createPaymentsReadHandler(awsPaymentStore);
