import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { type ForwardDependencies, forwardOperation } from '#shared/gateway/forward-operation.js';
import { problem } from '#shared/http/problem.js';
import { logger, metrics } from '#shared/observability.js';
import { type Operation, pathsOf } from '#shared/operations/operation.js';
import { Router } from '#shared/http/router.js';
import { definedValues, gatewayBaseUrl, header, notServed, rawBody, toProxyResult } from './api-gateway.js';

/** Time kept back from the Lambda's remaining time to map and return the answer. */
const ANSWER_MARGIN_MS = 1_000;

/**
 * The Lambda handler for the mirrored operations of one function (one `fn` of the operation registry):
 * route by API Gateway resource and method, then run the one use case. The entry point passes its own
 * domain's records, not the registry, so its bundle carries no other domain's schemas.
 */
export function createOperationHandler(
  operations: readonly Operation[],
  /** Built once per container (the AWS roots at cold start, loading their families' trackers lazily). */
  dependencies: () => ForwardDependencies | Promise<ForwardDependencies>,
) {
  // One entry per spelling, matched against the path the caller used: API Gateway hands a mount's calls
  // (`{proxy+}`) to the function as they came (lib/api-layout.ts).
  const routes = new Router<Operation>({ ignoreCase: false });
  for (const operation of operations)
    for (const path of pathsOf(operation)) routes.add(operation.method, path, operation);
  const answers = new WeakMap<Context, APIGatewayProxyResult>();
  return middy<APIGatewayProxyEvent, APIGatewayProxyResult>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(logMetrics(metrics))
    .use(internalErrorAsProblem(answers))
    .handler(async (event, context: Context) => {
      const route = routes.match(event.httpMethod, event.path);
      if (route.kind !== 'found') return toProxyResult(notServed(event.httpMethod, event.path, route));
      const operation = route.value;
      logger.appendKeys({ operation: operation.id });
      const result = await forwardOperation(
        operation,
        {
          path: event.path,
          pathParams: route.params,
          query: definedValues(event.queryStringParameters),
          body: rawBody(event),
          contentType: header(event, 'content-type'),
          idempotencyKey: header(event, 'idempotency-key'),
          caller: event.requestContext?.identity?.userArn ?? 'anonymous',
          deadline: Date.now() + context.getRemainingTimeInMillis() - ANSWER_MARGIN_MS,
          invocationEndsAt: Date.now() + context.getRemainingTimeInMillis(),
          gatewayBaseUrl: gatewayBaseUrl(event),
        },
        await dependencies(),
      );
      const answer = toProxyResult(result);
      answers.set(context, answer);
      metrics.addMetric(`status${Math.floor(result.status / 100)}xx`, 'Count', 1);
      return answer;
    });
}

/**
 * Anything unexpected (KMS refused, an expired token in the secret, a bug) is logged with its cause and
 * answered as a problem with the Lambda request id to quote, never with the error's text. A failure after
 * the answer was ready (metrics, logging) keeps that answer: the bank may have acted on it.
 */
function internalErrorAsProblem(
  answers: WeakMap<Context, APIGatewayProxyResult>,
): middy.MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult> {
  return {
    onError: async (request) => {
      const answer = answers.get(request.context);
      if (answer !== undefined) {
        logger.error('failed after the answer was ready; the answer is kept', request.error as Error);
        // Returning it ends the error handling here, so a later middleware cannot replace it.
        return answer;
      }
      logger.error('operation failed unexpectedly', request.error as Error);
      const requestId = request.context.awsRequestId;
      request.response = toProxyResult(
        problem(
          500,
          'Internal error',
          `The gateway could not complete the request (reference ${requestId}).`,
        ),
      );
    },
  };
}
