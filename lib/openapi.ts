import * as z from 'zod/mini';
import { operations } from '#shared/operations/index.js';
import { operationResponses } from '#shared/operations/responses.js';
import { type Operation, pathsOf } from '#shared/operations/operation.js';
import { gatewayRoutes, type Route } from './catalog.js';

/**
 * The OpenAPI 3.1 description of the internal API, generated from the operation registry (every mirrored
 * operation at each spelling of its path, with the schemas the gateway checks) and the gateway's own routes.
 * `npm run openapi` writes it to `openapi.json`; a test keeps that file in step with the code and validates
 * it, and the sandbox serves it at `/gateway/openapi.json`.
 */

type JsonObject = Record<string, unknown>;

const PROBLEM = '#/components/schemas/Problem';

/** The bank's documented success bodies by operation id. */
const documentedAnswers: Record<string, z.ZodMiniType | undefined> = operationResponses;

/** The JSON body the bank documents for a success, when it documents one. */
function documentedBody(operation: Operation): JsonObject | undefined {
  const schema = documentedAnswers[operation.id];
  if (schema === undefined) return undefined;
  const { $schema: _, ...body } = z.toJSONSchema(schema, {
    io: 'output',
    unrepresentable: 'any',
  }) as JsonObject;
  return body.type === 'object' ? { content: { 'application/json': { schema: body } } } : undefined;
}

/** A zod schema as the JSON Schema of what a caller sends (unrepresentable refinements are left open). */
function jsonSchema(schema: z.ZodMiniType): JsonObject {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
  }) as JsonObject;
  return rest;
}

function pathParameters(operation: Pick<Operation, 'pathParams'>, path: string): JsonObject[] {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
  const properties =
    operation.pathParams === undefined
      ? {}
      : ((jsonSchema(operation.pathParams).properties ?? {}) as Record<string, JsonObject>);
  return names.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: properties[name] ?? { type: 'string' },
  }));
}

function queryParameters(operation: Operation): JsonObject[] {
  if (operation.query === undefined) return [];
  const query = jsonSchema(operation.query);
  const properties = (query.properties ?? {}) as Record<string, JsonObject>;
  const required = new Set((query.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema,
  }));
}

const problemAnswer = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: PROBLEM } } },
});

/** What every mirrored operation may answer: the bank's answer, or the gateway's own refusal. */
function answers(operation: Operation): JsonObject {
  return {
    '2XX': {
      description:
        "The bank's answer, mirrored (status and body); `Clearway-Outcome` says when an earlier attempt was processed.",
      headers: { 'Clearway-Outcome': { schema: { type: 'string' } } },
      ...documentedBody(operation),
    },
    '400': problemAnswer(
      'A rule of the spec broken: `errors` names each property; nothing was sent to the bank.',
    ),
    ...(operation.requiresIdempotencyKey && {
      '409': problemAnswer('The same Idempotency-Key is in progress, or was used with another request.'),
      '422': problemAnswer('The same Idempotency-Key was used with another body.'),
    }),
    '4XX': problemAnswer("The bank's refusal, mirrored."),
    '5XX': problemAnswer(
      'The bank could not be reached or answered an error; the outcome is given in the detail.',
    ),
  };
}

function mirrored(operation: Operation, path: string): JsonObject {
  const parameters = [
    ...pathParameters(operation, path),
    ...queryParameters(operation),
    ...(operation.requiresIdempotencyKey || operation.body !== undefined
      ? [
          {
            name: 'Idempotency-Key',
            in: 'header',
            required: operation.requiresIdempotencyKey === true,
            description: 'Repeats with the same key are answered once, with the first answer.',
            schema: { type: 'string', minLength: 1, maxLength: 255 },
          },
        ]
      : []),
  ];
  return {
    operationId:
      path === operation.path ? operation.id : `${operation.id}At${pathsOf(operation).indexOf(path)}`,
    tags: [operation.fn],
    ...(parameters.length > 0 && { parameters }),
    ...(operation.body !== undefined && {
      requestBody: {
        required: true,
        content: { 'application/json': { schema: jsonSchema(operation.body) } },
      },
    }),
    responses: answers(operation),
  };
}

function gatewayRoute(route: Route): JsonObject {
  return {
    operationId: route.id,
    tags: ['gateway'],
    ...(route.path.includes('{') && { parameters: pathParameters({ pathParams: undefined }, route.path) }),
    responses: {
      '200': {
        description: 'The record Clearway keeps.',
        content: { 'application/json': { schema: { type: 'object' } } },
      },
      '400': problemAnswer('The path parameter is not valid.'),
      '404': problemAnswer('No such record.'),
    },
  };
}

export function openApiDocument(): JsonObject {
  const paths: Record<string, Record<string, JsonObject>> = {};
  const add = (path: string, method: string, entry: JsonObject) => {
    paths[path] = { ...paths[path], [method.toLowerCase()]: entry };
  };
  for (const operation of operations) {
    for (const path of pathsOf(operation)) add(path, operation.method, mirrored(operation, path));
  }
  for (const route of gatewayRoutes) add(route.path, route.method, gatewayRoute(route));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Clearway internal API',
      version: '1',
      description:
        "The sponsor bank's operations, mirrored and checked, and the state Clearway keeps under /gateway/. Every call is signed with SigV4 (IAM).",
    },
    security: [{ sigv4: [] }],
    paths,
    components: {
      securitySchemes: {
        sigv4: {
          type: 'apiKey',
          name: 'Authorization',
          in: 'header',
          description: 'AWS Signature Version 4 (API Gateway IAM authorisation).',
        },
      },
      schemas: {
        Problem: {
          type: 'object',
          required: ['type', 'title', 'status'],
          properties: {
            type: { type: 'string' },
            title: { type: 'string' },
            status: { type: 'integer' },
            detail: { type: 'string' },
            instance: { type: 'string' },
            errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
          },
        },
      },
    },
  };
}

/** The document as `openapi.json` holds it. */
export function openApiText(): string {
  return `${JSON.stringify(openApiDocument(), null, 2)}\n`;
}

export const OPERATIONS_TABLE_START = '<!-- operations table: generated by `npm run openapi` -->';
export const OPERATIONS_TABLE_END = '<!-- end of operations table -->';

/** The README's table of every mirrored operation, one row per method and path, from the registry. */
export function operationsTable(): string {
  const rows = operations.flatMap((operation) =>
    pathsOf(operation).map(
      (path) =>
        `| ${operation.method} | \`${path}\` | \`${operation.id}\` | \`${operation.fn}\` | ${operation.requiresIdempotencyKey ? 'required' : ''} |`,
    ),
  );
  return [
    OPERATIONS_TABLE_START,
    '',
    '| Method | Path | Operation | Function | Idempotency-Key |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    OPERATIONS_TABLE_END,
  ].join('\n');
}

/** `readme` with its operations table replaced by the generated one. */
export function withOperationsTable(readme: string): string {
  const start = readme.indexOf(OPERATIONS_TABLE_START);
  const end = readme.indexOf(OPERATIONS_TABLE_END);
  if (start === -1 || end < start) throw new Error('README.md has no operations table markers');
  return readme.slice(0, start) + operationsTable() + readme.slice(end + OPERATIONS_TABLE_END.length);
}
