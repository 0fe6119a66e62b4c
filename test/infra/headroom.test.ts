import { afterAll, describe, expect, it, vi } from 'vitest';
import { apiLayout } from '#lib/api-layout.js';
import { internalRoutes } from '#lib/catalog.js';
import { pathsOf } from '#shared/operations/operation.js';
import type * as Registry from '#shared/operations/index.js';
import { operations } from '#shared/operations/index.js';
import { REFERENCE_ROUTES } from './padded-registry.js';
import { resourcesOfType, type Synthesized, synthesize } from './synth.js';

// The registry as the whole reference will make it (`padded-registry.ts`); the real one is printed too.
vi.mock('#shared/operations/index.js', async (importOriginal) => {
  const original = await importOriginal<typeof Registry>();
  const { paddedOperations } = await import('./padded-registry.js');
  return { ...original, operations: paddedOperations(original.operations) };
});

/** CloudFormation's limit per stack; the aim is to stay at or under 80 % of it. */
const STACK_LIMIT = 500;
const STACK_AIM = 400;
/** API Gateway's default resources per REST API (adjustable, but the aim is 80 % of the default). */
const API_RESOURCES_QUOTA = 300;
/**
 * Families still to come, each with what it adds beside its routes (counted from this template): a function
 * (function, role, policy, log group, throttle alarm, API permission), a `/gateway/` read (a mount: a resource
 * and its proxy, a method), a table in the stateful stack with its throttle alarm.
 */
const FAMILIES_TO_COME = 10;

const figures: string[] = [];
afterAll(() => console.info(`Infrastructure headroom\n${figures.join('\n')}`));

let padded: Synthesized;
let synthSeconds = 0;

function apiResources(s: Synthesized): number {
  const [apiId] =
    resourcesOfType(s.statelessJson, 'AWS::ApiGateway::RestApi').find(([, api]) =>
      String(api.Properties?.Name).endsWith('-internal'),
    ) ?? [];
  return resourcesOfType(s.statelessJson, 'AWS::ApiGateway::Resource').filter(
    ([, resource]) => JSON.stringify(resource.Properties?.RestApiId) === JSON.stringify({ Ref: apiId }),
  ).length;
}

/** Resources of one function: those its construct makes (logical ids from its name) and its alarm and permission. */
function resourcesOfFunction(s: Synthesized, construct: string): number {
  const own = Object.keys(s.statelessJson.Resources).filter((id) => id.startsWith(construct)).length;
  return own + 2;
}

describe('the infrastructure holds the bank’s whole API with room to spare', () => {
  it(`synthesizes the registry grown to ${REFERENCE_ROUTES} mirrored paths`, () => {
    const routes = operations.reduce((total, operation) => total + pathsOf(operation).length, 0);
    expect(routes).toBe(REFERENCE_ROUTES);
    const started = performance.now();
    padded = synthesize({ env: 'production', alarmEmail: 'treasury-ops@example.com' });
    synthSeconds = (performance.now() - started) / 1000;
    const layout = apiLayout(internalRoutes());
    figures.push(
      `  ${routes} mirrored paths: ${layout.length} methods, ${apiResources(padded)} API resources, synth ${synthSeconds.toFixed(1)} s`,
    );
  });

  it('keeps each stack at or under 400 of 500 resources; prints what the families to come will add', () => {
    const stateless = Object.keys(padded.statelessJson.Resources).length;
    const stateful = Object.keys(padded.statefulJson.Resources).length;
    const perFunction = resourcesOfFunction(padded, 'Payments');
    const perRead = 3;
    const perTable = 2;
    figures.push(
      `  stateless stack: ${stateless} of ${STACK_LIMIT} resources; ${stateless + FAMILIES_TO_COME * (perFunction + perRead)} once ${FAMILIES_TO_COME} families add a function (${perFunction}) and a read (${perRead}) each`,
      `  stateful stack: ${stateful} of ${STACK_LIMIT} resources; ${stateful + FAMILIES_TO_COME * perTable} with a table each`,
    );
    expect(perFunction).toBeGreaterThanOrEqual(6);
    expect(stateless).toBeLessThanOrEqual(STACK_AIM);
    expect(stateful + FAMILIES_TO_COME * perTable).toBeLessThanOrEqual(STACK_AIM);
  });

  it('keeps the internal API at or under 80 % of its resource quota', () => {
    const resources = apiResources(padded) + FAMILIES_TO_COME * 2;
    figures.push(
      `  internal API: ${resources} of ${API_RESOURCES_QUOTA} resources, the reads to come counted`,
    );
    expect(resources).toBeLessThanOrEqual(API_RESOURCES_QUOTA * 0.8);
  });

  it('gives each function one permission for the internal API, whatever its number of operations', () => {
    const bySource = new Map<string, number>();
    for (const [, permission] of resourcesOfType(padded.statelessJson, 'AWS::Lambda::Permission')) {
      const fn = JSON.stringify(permission.Properties?.FunctionName);
      bySource.set(fn, (bySource.get(fn) ?? 0) + 1);
    }
    // A function's resource policy holds one statement per permission (about 350 bytes): far below 20 KB.
    const most = Math.max(...bySource.values());
    figures.push(`  Lambda resource policies: at most ${most} statement(s) per function`);
    expect(most).toBeLessThanOrEqual(2);
  });
});
