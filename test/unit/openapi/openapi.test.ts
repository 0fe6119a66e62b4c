import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { gatewayRoutes } from '#lib/catalog.js';
import { openApiDocument, openApiText, withOperationsTable } from '#lib/openapi.js';
import { operations } from '#shared/operations/index.js';
import { pathsOf } from '#shared/operations/operation.js';
import { testSandbox } from '#test/support/sandbox.js';

const committed = readFileSync(new URL('../../../openapi.json', import.meta.url), 'utf8');

describe('the OpenAPI description of the internal API', () => {
  it('is the committed openapi.json (run `npm run openapi` after changing an operation)', () => {
    expect(committed).toBe(openApiText());
  });

  it("is listed in the README's operations table (run `npm run openapi` after changing an operation)", () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    expect(readme).toBe(withOperationsTable(readme));
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
