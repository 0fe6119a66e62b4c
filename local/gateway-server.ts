import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { HttpMethod } from '#shared/http/types.js';
import { problem } from '#shared/http/problem.js';
import { type Operation, pathsOf } from '#shared/operations/operation.js';
import { lambdaContext } from './adapters/lambda-context.js';
import { readBody } from './bank-sim/core/read-body.js';
import { Router } from '#shared/http/router.js';
import { sigV4ShapeProblem } from './sigv4-shape.js';

export type ProxyHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

export interface Route {
  method: string;
  /** API Gateway resource template, e.g. `/v3/Accounts/{accountId}`. */
  resource: string;
  handler: ProxyHandler;
  functionName: string;
}

/** Routes for every mirrored operation, each served by the handler of its function. */
export function operationRoutes(
  operations: readonly Operation[],
  handlerOf: (fn: string) => ProxyHandler,
): Route[] {
  // A route per spelling, as the stack creates a method per spelling (API Gateway matches case exactly).
  return operations.flatMap((operation) =>
    pathsOf(operation).map((resource) => ({
      method: operation.method,
      resource,
      handler: handlerOf(operation.fn),
      functionName: operation.fn,
    })),
  );
}

export interface GatewayServerOptions {
  lambdaTimeoutMs?: number;
  maxBodyBytes?: number;
  /** Called for each request whose SigV4 `Authorization` header has the right shape (tests count them). */
  onSignedRequest?: () => void;
}

/**
 * API Gateway as the sandbox has it: matches the request to a resource with the simulator's router (literal
 * segments win over variables, as in API Gateway), builds the proxy event and calls the same handler the
 * Lambda runs.
 */
export function startGatewayServer(
  routes: Route[],
  port: number,
  options: GatewayServerOptions = {},
): Promise<Server> {
  const router = new Router<Route>({ ignoreCase: false });
  for (const route of routes) router.add(route.method as HttpMethod, route.resource, route);
  const server = createServer((request, response) => {
    serve(router, request, response, { maxBodyBytes: MAX_BODY_BYTES, ...options }).catch((error: Error) => {
      answerProblem(response, 500, 'Internal error', error.message);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

async function serve(
  router: Router<Route>,
  request: IncomingMessage,
  response: ServerResponse,
  options: GatewayServerOptions & { maxBodyBytes: number },
): Promise<void> {
  // The target is split by hand: a URL parser would resolve `..` and `%2E%2E` segments before routing,
  // which API Gateway does not do; the path rules must see them.
  const target = request.url ?? '/';
  const queryAt = target.indexOf('?');
  const url = {
    pathname: queryAt === -1 ? target : target.slice(0, queryAt),
    search: queryAt === -1 ? '' : target.slice(queryAt),
    searchParams: new URLSearchParams(queryAt === -1 ? '' : target.slice(queryAt + 1)),
  };
  const match = router.match(request.method ?? 'GET', url.pathname);
  if (match.kind === 'not-found') return answerProblem(response, 404, 'Not Found', url.pathname);
  if (match.kind === 'method-not-allowed') {
    return answerProblem(response, 405, 'Method Not Allowed', `${request.method} ${url.pathname}`);
  }
  // IAM authorisation as far as the sandbox can judge it: a signature's shape (it holds no secret keys).
  // Unsigned requests stay accepted, so a curl or a test can still send raw bytes.
  if (request.headers.authorization !== undefined) {
    const wrong = sigV4ShapeProblem(request.headers);
    if (wrong !== undefined) return answerProblem(response, 403, 'Forbidden', wrong);
    options.onSignedRequest?.();
  }
  const route = match.value;
  const { maxBodyBytes, lambdaTimeoutMs } = options;
  const body = await readBody(request, maxBodyBytes);
  if (body === undefined) {
    response.setHeader('connection', 'close'); // the rest is unread (see readBody)
    return answerProblem(response, 413, 'Payload Too Large', `the body is larger than ${maxBodyBytes} bytes`);
  }
  const event = {
    resource: route.resource,
    path: url.pathname,
    httpMethod: request.method ?? 'GET',
    headers: {
      ...Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)])),
      // API Gateway says how it was reached; the sandbox is reached over plain HTTP.
      'x-forwarded-proto': 'http',
    },
    multiValueHeaders: {},
    queryStringParameters: url.search ? Object.fromEntries(url.searchParams) : null,
    multiValueQueryStringParameters: null,
    pathParameters: Object.keys(match.params).length > 0 ? match.params : null,
    stageVariables: null,
    body: body.length > 0 ? body.toString('base64') : null,
    isBase64Encoded: body.length > 0,
    // Shaped as a custom domain mapped at its root: the full path is the resource path, no stage before it.
    requestContext: {
      domainName: `${HOST}:${request.socket.localPort}`,
      stage: 'local',
      path: url.pathname,
      identity: { caller: 'sandbox', userArn: 'arn:aws:iam::000000000000:user/sandbox' },
    },
  } as unknown as APIGatewayProxyEvent;
  const result = await route.handler(event, lambdaContext(route.functionName, lambdaTimeoutMs));
  response.writeHead(result.statusCode, result.headers as Record<string, string>);
  response.end(result.body);
}

function answerProblem(response: ServerResponse, status: number, title: string, detail: string): void {
  const { headers, body } = problem(status, title, detail);
  response.writeHead(status, headers);
  response.end(body);
}

/** The sandbox's gateway is reached on this machine only. */
const HOST = '127.0.0.1';

/** API Gateway's payload limit. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

export function portOf(server: Server): number {
  return (server.address() as AddressInfo).port;
}
