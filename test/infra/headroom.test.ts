import { afterAll, describe, expect, it } from 'vitest';
import { apiLayout } from '#lib/api-layout.js';
import { internalRoutes } from '#lib/catalog.js';
import { paddedRoutes, REFERENCE_ROUTES } from './padded-registry.js';
import { resourcesOfType, type Synthesized, synthesize } from './synth.js';

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
    resourcesOfType(s.apiJson, 'AWS::ApiGateway::RestApi').find(([, api]) =>
      String(api.Properties?.Name).endsWith('-internal'),
    ) ?? [];
  return resourcesOfType(s.apiJson, 'AWS::ApiGateway::Resource').filter(
    ([, resource]) => JSON.stringify(resource.Properties?.RestApiId) === JSON.stringify({ Ref: apiId }),
  ).length;
}

/** Resources of one function in the stateless stack: those its construct makes, and its throttle alarm. */
function resourcesOfFunction(s: Synthesized, construct: string): number {
  return Object.keys(s.statelessJson.Resources).filter((id) => id.startsWith(construct)).length + 1;
}

describe('the infrastructure holds the bank’s whole API with room to spare', () => {
  it(`synthesizes the registry grown to ${REFERENCE_ROUTES} mirrored paths; prints the real one's too`, () => {
    const routes = paddedRoutes();
    const mirrored = routes.filter((route) => !route.path.startsWith('/gateway/')).length;
    expect(mirrored).toBe(REFERENCE_ROUTES);
    const started = performance.now();
    padded = synthesize({ env: 'production', alarmEmail: 'treasury-ops@example.com' }, { routes });
    synthSeconds = (performance.now() - started) / 1000;
    const real = internalRoutes();
    figures.push(
      `  today's registry: ${real.length} routes, ${apiLayout(real).length} methods`,
      `  ${mirrored} mirrored paths: ${apiLayout(routes).length} methods, ${apiResources(padded)} API resources, synth ${synthSeconds.toFixed(1)} s`,
    );
  });

  it('keeps each stack at or under 400 of 500 resources, the families to come counted', () => {
    const stateless = Object.keys(padded.statelessJson.Resources).length;
    const stateful = Object.keys(padded.statefulJson.Resources).length;
    const api = Object.keys(padded.apiJson.Resources).length;
    const perFunction = resourcesOfFunction(padded, 'Payments');
    const perRead = 3;
    const perTable = 2;
    const toCome = {
      stateless: stateless + FAMILIES_TO_COME * perFunction,
      api: api + FAMILIES_TO_COME * (perRead + 1),
      stateful: stateful + FAMILIES_TO_COME * perTable,
    };
    figures.push(
      `  stateless stack: ${stateless} of ${STACK_LIMIT} resources, ${toCome.stateless} once ${FAMILIES_TO_COME} families add a function (${perFunction}) each`,
      `  API stack: ${api} of ${STACK_LIMIT} resources, ${toCome.api} with their reads and permissions`,
      `  stateful stack: ${stateful} of ${STACK_LIMIT} resources, ${toCome.stateful} with a table each`,
    );
    expect(perFunction).toBeGreaterThanOrEqual(5);
    for (const [stack, count] of Object.entries(toCome)) expect(count, stack).toBeLessThanOrEqual(STACK_AIM);
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
    for (const [, permission] of resourcesOfType(padded.apiJson, 'AWS::Lambda::Permission')) {
      const fn = JSON.stringify(permission.Properties?.FunctionName);
      bySource.set(fn, (bySource.get(fn) ?? 0) + 1);
    }
    // A function's resource policy holds one statement per permission (about 350 bytes): far below 20 KB.
    const most = Math.max(...bySource.values());
    figures.push(`  Lambda resource policies: at most ${most} statement(s) per function`);
    expect(most).toBeLessThanOrEqual(2);
  });
});
