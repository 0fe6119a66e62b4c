import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { gatewayRoutes } from '#lib/catalog.js';
import { openApiDocument, openApiText, withOperationsTable } from '#lib/openapi.js';
import { operations } from '#shared/operations/index.js';
import { pathsOf } from '#shared/operations/operation.js';
import { testSandbox } from '#test/support/sandbox.js';

const committed = readFileSync(new URL('../../../openapi.json', import.meta.url), 'utf8');

interface Schema {
  type?: string;
  format?: string;
  enum?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
}
interface Entry {
  operationId: string;
  summary?: string;
  description?: string;
  parameters?: { name: string; schema: Schema; example?: unknown }[];
  requestBody?: { content: Record<string, { schema: Schema; example?: unknown } | undefined> };
}
const document = openApiDocument() as {
  servers: unknown;
  security: unknown;
  components: { securitySchemes: Record<string, unknown> };
  paths: Record<string, Record<string, Entry>>;
};
const paths = () => document.paths;

describe('the OpenAPI description of the internal API', () => {
  it('is the committed openapi.json (run `npm run openapi` after changing an operation)', () => {
    expect(committed).toBe(openApiText());
  });

  it('is listed in the operations table of docs/internal-api.md (run `npm run openapi` after changing an operation)', () => {
    const doc = readFileSync(new URL('../../../docs/internal-api.md', import.meta.url), 'utf8');
    expect(doc).toBe(withOperationsTable(doc));
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(
      JSON.parse(committed) as Parameters<Validator['validate']>[0],
    );
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes every mirrored operation at each spelling of its path, and every gateway route', () => {
    const paths = openApiDocument().paths as Record<string, Record<string, { operationId: string }>>;
    for (const operation of operations) {
      for (const path of pathsOf(operation)) {
        expect(paths[path]?.[operation.method.toLowerCase()], `${operation.method} ${path}`).toBeDefined();
      }
    }
    for (const route of gatewayRoutes) expect(paths[route.path]?.[route.method.toLowerCase()]).toBeDefined();
  });

  it('carries the rules: a required Idempotency-Key and the body schema of a payment send', () => {
    const send = (openApiDocument().paths as Record<string, Record<string, Record<string, unknown>>>)[
      '/v3/payments/fps'
    ]?.post as { parameters: { name: string; required: boolean }[]; requestBody: unknown };
    expect(send.parameters).toContainEqual(
      expect.objectContaining({ name: 'Idempotency-Key', required: true }),
    );
    expect(JSON.stringify(send.requestBody)).toContain('paymentInstructions');
  });

  it("carries the bank's documented success body where the reference gives one", () => {
    const create = (openApiDocument().paths as Record<string, Record<string, { responses: object }>>)[
      '/v3/Accounts'
    ]?.post;
    expect(JSON.stringify(create?.responses)).toMatch(/"2XX".*"application\/json".*"account"/);
  });

  it('gives every operation and gateway route a summary and a description, from the registry', () => {
    for (const operation of operations) {
      expect(operation.summary, operation.id).toMatch(/^[A-Z][^.]{0,60}$/);
      expect(operation.description, operation.id).toMatch(/^[A-Z].{20,}\.$/);
    }
    const entries = Object.values(paths()).flatMap((methods) => Object.values(methods));
    for (const entry of entries) {
      expect(entry.summary, entry.operationId).toEqual(expect.any(String));
      expect(entry.description, entry.operationId).toEqual(expect.any(String));
    }
  });

  it('says what the gateway adds: the Idempotency-Key, and the state it follows for a tracked write', () => {
    const send = paths()['/v3/payments/fps']?.post;
    expect(send?.description).toContain('Requires an `Idempotency-Key`');
    expect(send?.description).toContain('`GET /gateway/payments/{endToEndId}`');
    expect(paths()['/v3/Accounts/{accountId}']?.get?.description).not.toContain('Idempotency-Key');
  });

  it('names the sandbox and a deployed stage as servers, the stage URL with variables', () => {
    expect(document.servers).toEqual([
      expect.objectContaining({ url: 'http://127.0.0.1:3000' }),
      expect.objectContaining({
        url: 'https://{apiId}.execute-api.{region}.amazonaws.com/{stage}',
        variables: {
          apiId: expect.objectContaining({ default: expect.any(String) }),
          region: expect.objectContaining({ default: 'eu-west-2' }),
          stage: expect.objectContaining({ default: 'live' }),
        },
      }),
    ]);
  });

  it('marks its security scheme as SigV4 the way API Gateway exports IAM authorisation', () => {
    expect(document.components.securitySchemes.sigv4).toEqual(
      expect.objectContaining({
        type: 'apiKey',
        name: 'Authorization',
        in: 'header',
        'x-amazon-apigateway-authtype': 'awsSigv4',
      }),
    );
    expect(document.security).toEqual([{ sigv4: [] }]);
  });

  it('types every value a caller sends: no request schema is left empty', () => {
    const empty: string[] = [];
    const visit = (schema: unknown, at: string): void => {
      if (typeof schema !== 'object' || schema === null) return;
      if (Object.keys(schema).length === 0) empty.push(at);
      const { properties = {}, items, anyOf = [] } = schema as Record<string, never>;
      for (const [name, property] of Object.entries(properties)) visit(property, `${at}.${name}`);
      if (items !== undefined) visit(items, `${at}[]`);
      anyOf.forEach((option, index) => visit(option, `${at}|${index}`));
    };
    for (const [path, methods] of Object.entries(paths())) {
      for (const [method, entry] of Object.entries(methods)) {
        for (const parameter of entry.parameters ?? [])
          visit(parameter.schema, `${method} ${path} ${parameter.name}`);
        visit(entry.requestBody?.content['application/json']?.schema, `${method} ${path} body`);
      }
    }
    expect(empty).toEqual([]);
  });

  it('states the rules the gateway enforces: decimals as numbers, GUIDs, currencies, paging', () => {
    const body = (path: string) =>
      paths()[path]?.post?.requestBody?.content['application/json']?.schema as Schema;
    const batch = body('/v1/mccy/payments');
    expect(batch.properties?.batchId).toEqual(expect.objectContaining({ type: 'string', format: 'uuid' }));
    expect(batch.properties?.currencyCode?.enum).toContain('EUR');
    expect(batch.properties?.currencyCode?.enum).not.toContain('GBP');
    expect(batch.properties?.transactions?.items?.properties?.amount).toEqual(
      expect.objectContaining({
        type: 'number',
        minimum: 0.01,
        maximum: 999999999.99,
        'x-max-decimal-places': 2,
      }),
    );
    expect(body('/fx/v1/quote').properties?.margin).toEqual(
      expect.objectContaining({ type: 'number', minimum: 0, maximum: 0.0499 }),
    );
    expect(body('/mccy/v1/StatementRequests').properties?.month).toEqual(
      expect.objectContaining({ type: 'integer', minimum: 1, maximum: 12 }),
    );
    const pageSize = paths()['/v3/Accounts']?.get?.parameters?.find(
      (parameter) => parameter.name === 'pageSize',
    );
    expect(pageSize?.schema).toEqual(
      expect.objectContaining({ type: 'integer', maximum: 1000, default: 50 }),
    );
  });

  it('shows an example request with each operation (its path parameters, query and body)', () => {
    const send = paths()['/v3/payments/fps']?.post;
    expect(send?.requestBody?.content['application/json']?.example).toEqual(
      expect.objectContaining({ paymentInstructions: expect.any(Array) }),
    );
    const read = paths()['/v2/Accounts/{accountId}/Transactions']?.get;
    expect(read?.parameters?.find((parameter) => parameter.name === 'accountId')?.example).toEqual(
      expect.any(String),
    );
    expect(read?.parameters?.find((parameter) => parameter.name === 'pageSize')?.example).toBe(50);
  });

  it('is served by the sandbox at /gateway/openapi.json', async () => {
    const world = await testSandbox();
    try {
      const response = await world.gateway('/gateway/openapi.json');
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(committed);
    } finally {
      await world.sandbox.close();
    }
  });
});
