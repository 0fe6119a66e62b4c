import * as z from 'zod/mini';
import { families } from '#shared/families/index.js';
import { IDEMPOTENCY_TTL_SECONDS } from '#shared/gateway/idempotency.js';
import { IDEMPOTENCY_KEY_PATTERN } from '#shared/gateway/request.js';
import { type GatewayRoute, gatewayRoutes } from '#shared/gateway/routes.js';
import { segmentPattern } from '#shared/http/path-segment.js';
import { operationExamples } from '#shared/operations/examples.js';
import { operations } from '#shared/operations/index.js';
import { descriptionOf } from '#shared/operations/json-schema.js';
import { type Operation, pathsOf, type RequestExample } from '#shared/operations/operation.js';
import { operationResponses } from '#shared/operations/responses.js';
import { STAGE_NAME } from './constructs/api-logging.js';

/**
 * The OpenAPI 3.1 description of the internal API, generated from the operation registry (every mirrored
 * operation at each spelling of its path, with its summary, the schemas the gateway checks and an example it
 * accepts) and the gateway's own routes. `npm run openapi` writes it to `openapi.json`; tests keep that file
 * in step with the code, validate it and pass every example through the gateway's checks, `npm run
 * lint:openapi` lints it with Redocly's recommended rules, and the sandbox serves it at `/gateway/openapi.json`.
 */

type JsonObject = Record<string, unknown>;

const PROBLEM = '#/components/schemas/Problem';
const FORBIDDEN = { $ref: '#/components/responses/Forbidden' };
const GATEWAY_TAG = 'gateway';

/** The bank's documented success bodies by operation id. */
const documentedAnswers: Record<string, z.ZodMiniType | undefined> = operationResponses;
/** Each operation's example request by id. */
const examples: Record<string, RequestExample | undefined> = operationExamples;

/**
 * A zod schema as JSON Schema: `input`, what a caller sends (the request schemas); `output`, what the bank
 * answers. Decimal and GUID fields describe themselves (`shared/domain/money.ts`, `z.guid`); what zod leaves
 * out is completed here: a hand-made rule by the schema it is `describedAs`, a pipe by its second schema, and
 * the default of a value that is transformed.
 */
function jsonSchema(schema: z.core.$ZodType, io: 'input' | 'output'): JsonObject {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema: json }) => {
      const description = descriptionOf(zodSchema);
      if (description !== undefined) Object.assign(json, jsonSchema(description, io));
      const def = zodSchema._zod.def;
      if (io === 'input' && def.type === 'pipe') addPipeRules(def, json);
      // The gateway assumes a missing value's default even when it transforms the value given.
      if (io === 'input' && def.type === 'default') json.default = def.defaultValue;
    },
  }) as JsonObject;
  return rest;
}

/**
 * zod describes a pipe's input by its first schema alone. The gateway's pipes read text or a JSON number first
 * and state the rule after it (`z.pipe(z.string(), batchId)`, a statement year, a page size), both judging the
 * same value, so the second schema's rules are the input's too: added, or in place of the first's when they
 * name another type (a JSON number that must be whole, query text that holds a number).
 */
function addPipeRules(pipe: { in: z.core.$ZodType; out: z.core.$ZodType }, json: JsonObject): void {
  if (pipe.in._zod.def.type === 'transform') return;
  const rules = jsonSchema(pipe.out, 'input');
  if (rules.type === undefined) return;
  if (rules.type !== json.type) for (const key of Object.keys(json)) delete json[key];
  Object.assign(json, rules);
}

/** The JSON body the bank documents for a success, when it documents one. */
function documentedBody(operation: Operation): JsonObject | undefined {
  const schema = documentedAnswers[operation.id];
  if (schema === undefined) return undefined;
  const body = jsonSchema(schema, 'output');
  return body.type === 'object' ? { content: { 'application/json': { schema: body } } } : undefined;
}

function pathParameters(
  path: string,
  schemaOf: (name: string) => JsonObject,
  example: Record<string, string> = {},
): JsonObject[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name = '']) => ({
    name,
    in: 'path',
    required: true,
    schema: schemaOf(name),
    ...(example[name] !== undefined && { example: example[name] }),
  }));
}

function queryParameters(operation: Operation): JsonObject[] {
  if (operation.query === undefined) return [];
  const query = jsonSchema(operation.query, 'input');
  const properties = (query.properties ?? {}) as Record<string, JsonObject>;
  const required = new Set((query.required as string[] | undefined) ?? []);
  const example = examples[operation.id]?.query ?? {};
  return Object.entries(properties).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema,
    // The example holds the query text; the document shows it as the parameter's schema types it.
    ...(example[name] !== undefined && {
      example: schema.type === 'integer' ? Number(example[name]) : example[name],
    }),
  }));
}

const IDEMPOTENCY_HOURS = IDEMPOTENCY_TTL_SECONDS / 3600;

/** The operations the document offers an `Idempotency-Key`: those that require one, and every body. */
const takesIdempotencyKey = (operation: Operation) =>
  operation.requiresIdempotencyKey === true || operation.body !== undefined;

function idempotencyKey(required: boolean): JsonObject {
  return {
    name: 'Idempotency-Key',
    in: 'header',
    required,
    description: `Repeats with the same key within ${IDEMPOTENCY_HOURS} hours get the first answer, and the bank is called once; the same key with another body is refused (422).`,
    schema: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN.source },
    example: '6f1c2e0a-4b7d-4c1e-9a53-0d2f7b8e41aa',
  };
}

/** What the gateway adds to an operation, said in its description. */
function gatewayNotes(operation: Operation): string[] {
  const reads = families.find((family) => family.name === operation.tracker)?.reads ?? [];
  return [
    operation.requiresIdempotencyKey === true &&
      `Requires an \`Idempotency-Key\`: a retry with it within ${IDEMPOTENCY_HOURS} hours can never act twice.`,
    reads.length > 0 &&
      `The gateway follows the outcome (${reads.map((read) => `\`GET ${read.path}\``).join(', ')}) and publishes each change as a \`clearway.gateway\` event.`,
    operation.environments !== undefined &&
      `Offered in the ${operation.environments.join(' and ')} environment only: elsewhere the gateway answers 404 without calling the bank.`,
  ].filter((note) => note !== false);
}

const problemAnswer = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: PROBLEM } } },
});

/** What every mirrored operation may answer: the bank's answer, or the gateway's own refusal. */
function answers(operation: Operation): JsonObject {
  return {
    '2XX': {
      description: "The bank's answer, mirrored (status and body).",
      headers: {
        'Clearway-Outcome': {
          description:
            '`already-processed`: the bank had processed an earlier attempt of this request; `stored-without-body`: a repeat whose first answer was too large to keep.',
          schema: { type: 'string', enum: ['already-processed', 'stored-without-body'] },
        },
        ...(takesIdempotencyKey(operation) && {
          'Idempotent-Replayed': {
            description: '`true` on the stored answer given again for a repeated `Idempotency-Key`.',
            schema: { type: 'string', enum: ['true'] },
          },
        }),
      },
      ...documentedBody(operation),
    },
    '400': problemAnswer(
      'A rule of the spec broken: `errors` names each property; nothing was sent to the bank.',
    ),
    '403': FORBIDDEN,
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
  const example = examples[operation.id] ?? {};
  const pathSchemas = (operation.pathParams && jsonSchema(operation.pathParams, 'input').properties) as
    Record<string, JsonObject> | undefined;
  const parameters = [
    ...pathParameters(
      path,
      // Without rules of its own, a parameter is one safe segment (`validateRequest`).
      (name) => pathSchemas?.[name] ?? { type: 'string', pattern: segmentPattern().source },
      example.pathParams,
    ),
    ...queryParameters(operation),
    ...(takesIdempotencyKey(operation) ? [idempotencyKey(operation.requiresIdempotencyKey === true)] : []),
  ];
  return {
    operationId:
      path === operation.path ? operation.id : `${operation.id}At${pathsOf(operation).indexOf(path)}`,
    summary: operation.summary,
    description: [operation.description, ...gatewayNotes(operation)].join(' '),
    tags: [operation.fn],
    ...(parameters.length > 0 && { parameters }),
    ...(operation.body !== undefined && {
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: jsonSchema(operation.body, 'input'),
            ...(example.body !== undefined && { example: example.body }),
          },
        },
      },
    }),
    responses: answers(operation),
  };
}

function gatewayRoute(route: GatewayRoute): JsonObject {
  const parameters = pathParameters(route.path, () => ({
    type: 'string',
    pattern: segmentPattern(route.maxLength).source,
  }));
  return {
    operationId: route.id,
    summary: route.summary,
    description: route.description,
    tags: [GATEWAY_TAG],
    ...(parameters.length > 0 && { parameters }),
    responses: {
      '200':
        route.contentType === undefined
          ? {
              description: 'The record Clearway keeps.',
              content: { 'application/json': { schema: { type: 'object' } } },
            }
          : {
              description: 'The text served.',
              content: { [route.contentType]: { schema: { type: 'string' } } },
            },
      ...(parameters.length > 0 && { '400': problemAnswer('The path parameter is not valid.') }),
      '403': FORBIDDEN,
      ...(parameters.length > 0 && { '404': problemAnswer('No such record.') }),
    },
  };
}

/** Each function of the registry is a tag: the bank's operations it serves. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  'test-operations': 'Connectivity and signing checks against the bank.',
  'sterling-accounts': 'Real and virtual sterling accounts (spec part 1).',
  payments: 'Sterling transactions, and instant payments sent and returned by Faster Payments (spec part 1).',
  customers: 'Retail customers and their protected deposit accounts.',
  'name-checks': 'Payee name checks (Confirmation of Payee) and opting accounts out of them.',
  'name-check-onboarding':
    "Hosted name-check onboarding: the software statement's certificate request and certificate.",
  'direct-debits':
    'Direct debit instructions, their collections, unpaid direct debits and unapplied direct credits.',
  'mccy-accounts':
    'Multi-currency real and virtual accounts, their transactions, statements and internal transfers (spec part 2).',
  fx: 'Foreign exchange: quotes, their execution and orders (spec part 2).',
  'mccy-payments': 'Multi-currency payment batches and their cancellation (spec part 2).',
  'chaps-payments':
    'CHAPS customer, bank-to-bank and return payments, GBP cross-border payments and the simulated inbound CHAPS payments (spec part 2).',
  'camt053-statements':
    "camt.053 statements of every account's settled transactions: the request and the page download; the gateway archives every page.",
  [GATEWAY_TAG]: 'What Clearway keeps and serves itself, under `/gateway/`.',
};

function tags(): JsonObject[] {
  const names = [...new Set(operations.map((operation) => operation.fn)), GATEWAY_TAG];
  return names.map((name) => {
    const description = TAG_DESCRIPTIONS[name];
    if (description === undefined) throw new Error(`lib/openapi.ts: describe the tag ${name}`);
    return { name, description };
  });
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
        "The sponsor bank's operations at the bank's own methods and paths, checked against the bank's rules before they are sent (a 400 names each property otherwise), and the state Clearway keeps under /gateway/. Every call is signed with SigV4 (IAM).",
    },
    servers: [
      {
        url: 'http://127.0.0.1:3000',
        description: 'The sandbox (`npm start`) with the bank simulator; it needs no signature.',
      },
      {
        url: 'https://{apiId}.execute-api.{region}.amazonaws.com/{stage}',
        description:
          'A deployed internal API: the `InternalApiUrl` output of the `clearway-<env>-api` stack.',
        variables: {
          apiId: {
            default: 'abcde12345',
            description: 'The REST API id (the first label of InternalApiUrl).',
          },
          region: { default: 'eu-west-2', description: 'The AWS region it is deployed in.' },
          stage: { default: STAGE_NAME, description: 'The API stage.' },
        },
      },
    ],
    security: [{ sigv4: [] }],
    tags: tags(),
    paths,
    components: {
      responses: {
        Forbidden: {
          description:
            'Not allowed: API Gateway\'s answer to a request without a valid SigV4 signature or whose caller may not `execute-api:Invoke` this method (`{"message": ...}`); the sandbox\'s to an `Authorization` header that is not a SigV4 signature (a problem).',
          content: {
            'application/json': {
              schema: { type: 'object', properties: { message: { type: 'string' } } },
            },
            'application/problem+json': { schema: { $ref: PROBLEM } },
          },
        },
      },
      securitySchemes: {
        // API Gateway's own export marks IAM authorisation so; Postman maps the scheme to an API key only.
        sigv4: {
          type: 'apiKey',
          name: 'Authorization',
          in: 'header',
          'x-amazon-apigateway-authtype': 'awsSigv4',
          description:
            'AWS Signature Version 4 (API Gateway IAM authorisation, service `execute-api`): the caller needs `execute-api:Invoke` on the method. In Postman, set the imported collection\'s Authorization to "AWS Signature" (access key, secret key, session token, the region, service name `execute-api`); against the sandbox, "No Auth".',
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

/** The docs' table of every mirrored operation, one row per method and path, from the registry. */
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

/** `markdown` with its operations table replaced by the generated one. */
export function withOperationsTable(markdown: string): string {
  const start = markdown.indexOf(OPERATIONS_TABLE_START);
  const end = markdown.indexOf(OPERATIONS_TABLE_END);
  if (start === -1 || end < start) throw new Error('the document has no operations table markers');
  return markdown.slice(0, start) + operationsTable() + markdown.slice(end + OPERATIONS_TABLE_END.length);
}
