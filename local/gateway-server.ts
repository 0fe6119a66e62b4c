import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { Operation } from '../shared/operations/operation.js';
import { lambdaContext } from './adapters/lambda-context.js';

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
  return operations.map((operation) => ({
    method: operation.method,
    resource: operation.path,
    handler: handlerOf(operation.fn),
    functionName: operation.fn,
  }));
}

interface CompiledRoute extends Route {
  pattern: RegExp;
  names: string[];
  literalSegments: number;
}

function compile(route: Route): CompiledRoute {
  const names: string[] = [];
  const segments = route.resource.split('/').filter(Boolean);
  const source = segments
    .map((segment) => {
      const variable = /^\{(\w+)\}$/.exec(segment);
      if (!variable?.[1]) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(variable[1]);
      return '([^/]+)';
    })
    .join('/');
  return {
    ...route,
    pattern: new RegExp(`^/${source}/?$`),
    names,
    literalSegments: segments.length - names.length,
  };
}

/**
 * API Gateway as the sandbox has it: matches the request to a resource (literal segments win over
 * variables, as in API Gateway), builds the proxy event and calls the same handler the Lambda runs.
 */
export function startGatewayServer(routes: Route[], port: number): Promise<Server> {
  const compiled = routes.map(compile).sort((a, b) => b.literalSegments - a.literalSegments);
  const server = createServer((request, response) => {
    serve(compiled, request, response).catch((error: Error) => {
      response.writeHead(500, { 'content-type': 'application/problem+json' });
      response.end(
        JSON.stringify({ type: 'about:blank', title: 'Internal error', status: 500, detail: error.message }),
      );
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

async function serve(
  routes: CompiledRoute[],
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  let path: string;
  try {
    path = decodeURI(url.pathname);
  } catch {
    response.writeHead(400, { 'content-type': 'application/problem+json' });
    response.end(
      JSON.stringify({ type: 'about:blank', title: 'Bad Request', status: 400, detail: 'malformed path' }),
    );
    return;
  }
  const candidates = routes.filter((route) => route.pattern.test(url.pathname));
  const route = candidates.find((candidate) => candidate.method === request.method);
  if (!route) {
    const status = candidates.length > 0 ? 405 : 404;
    response.writeHead(status, { 'content-type': 'application/problem+json' });
    response.end(
      JSON.stringify({
        type: 'about:blank',
        title: status === 404 ? 'Not Found' : 'Method Not Allowed',
        status,
        detail: `${request.method} ${path}`,
      }),
    );
    return;
  }
  const match = route.pattern.exec(url.pathname);
  const pathParameters = Object.fromEntries(
    route.names.map((name, index) => [name, decodeURIComponent(match?.[index + 1] ?? '')]),
  );
  const body = await readBody(request);
  const event = {
    resource: route.resource,
    path,
    httpMethod: request.method ?? 'GET',
    headers: Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
    ),
    multiValueHeaders: {},
    queryStringParameters: url.search ? Object.fromEntries(url.searchParams) : null,
    multiValueQueryStringParameters: null,
    pathParameters: route.names.length > 0 ? pathParameters : null,
    stageVariables: null,
    body: body.length > 0 ? body.toString('base64') : null,
    isBase64Encoded: body.length > 0,
    requestContext: { identity: { caller: 'sandbox', userArn: 'arn:aws:iam::000000000000:user/sandbox' } },
  } as unknown as APIGatewayProxyEvent;
  const result = await route.handler(event, lambdaContext(route.functionName));
  response.writeHead(result.statusCode, result.headers as Record<string, string>);
  response.end(result.body);
}

/** Bodies above API Gateway's 10 MB payload limit are refused the same way. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error('request body larger than 10 MB');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export function portOf(server: Server): number {
  return (server.address() as AddressInfo).port;
}
