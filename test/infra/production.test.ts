import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Stack } from 'aws-cdk-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { fnNames, operationFunctionNames, pascalCase } from '#lib/catalog.js';
import { concurrencyPlan, UNRESERVED_KEPT } from '#lib/config.js';
import { accountClosuresTable } from '#shared/account-closures/table.js';
import { attentionTable, idempotencyTable, webhookInboxTable } from '#shared/config/tables.js';
import { tables } from '#shared/families/index.js';
import { fxTable } from '#shared/fx/table.js';
import { mccyBatchesTable } from '#shared/mccy-payments/table.js';
import { nameChecksTable } from '#shared/name-checks/table.js';
import { paymentsTable } from '#shared/payments/table.js';
import {
  actionsOf,
  onlyResourceOfType,
  replaceable,
  resolveCrossStack,
  resourcesOfType,
  type Statement,
  type Synthesized,
  statementsOfRole,
  synthesize,
  variablesOf,
} from './synth.js';

/**
 * Every DynamoDB action granted on a table is one the code calls on it, and every one the code calls is
 * granted: read from the synthesized template on one side and, on the other, from the sources that send
 * requests to each table (a stated equivalent of a trace: each adapter's commands, the Powertools
 * persistence layer's, the workflow's service integrations). The deployed suite checks, call by call,
 * that each function's own calls are allowed.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));

/** The code that talks to each table, by table name. */
const TALKERS: Record<string, readonly string[]> = {
  [idempotencyTable.name]: [
    'shared/gateway/attempt-log.ts',
    'node_modules/@aws-lambda-powertools/idempotency/lib/esm/persistence/DynamoDBPersistenceLayer.js',
  ],
  [webhookInboxTable.name]: ['shared/webhooks/dynamodb-inbox.ts'],
  [attentionTable.name]: ['shared/gateway/dynamodb-attention.ts'],
  [paymentsTable.name]: ['shared/payments/dynamodb-store.ts'],
  [nameChecksTable.name]: ['shared/name-checks/dynamodb-store.ts'],
  [fxTable.name]: ['shared/fx/dynamodb-store.ts'],
  [mccyBatchesTable.name]: ['shared/mccy-payments/dynamodb-store.ts', 'shared/workflows/mccy-batch.ts'],
  [accountClosuresTable.name]: ['shared/account-closures/dynamodb-store.ts'],
};

/** The item action each SDK command (client or document client) or Step Functions integration stands for. */
function actionsCalledIn(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const commands = [
    ...text.matchAll(/\b(Get|Put|Update|Delete|BatchGet|BatchWrite|Scan|Query)(?:Item)?Command\b/g),
  ];
  const integrations = [...text.matchAll(/'dynamodb:(\w+)'/g)].filter(([, name]) => name !== undefined);
  const actions = [
    ...commands.map(([, verb]) => (verb === 'Scan' || verb === 'Query' ? verb : `${verb}Item`)),
    ...integrations.map(([, name]) => `${(name as string)[0]?.toUpperCase()}${(name as string).slice(1)}`),
  ];
  return [...new Set(actions)].sort();
}

/** Every source file under `shared/` and `functions/` that sends DynamoDB requests itself. */
function dynamoSenders(): string[] {
  const walk = (folder: string): string[] =>
    readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? walk(join(folder, entry.name))
        : entry.name.endsWith('.ts') &&
            /@aws-sdk\/(lib|client)-dynamodb/.test(readFileSync(join(root, folder, entry.name), 'utf8'))
          ? [join(folder, entry.name)]
          : [],
    );
  return [...walk('shared'), ...walk('functions')]
    .map((file) => relative(root, join(root, file)))
    .filter((file) => actionsCalledIn(file).length > 0);
}

let s: Synthesized;
beforeAll(() => {
  s = synthesize({ env: 'production', alarmEmail: 'treasury-ops@example.com' });
});

/** The DynamoDB actions every role of the stateless stack is granted, by table name. */
function grantedByTable(): Map<string, string[]> {
  const tableOfLogicalId = new Map(
    tables.map((table) => {
      const [logicalId] =
        resourcesOfType(s.statefulJson, 'AWS::DynamoDB::Table').find(([id]) =>
          id.startsWith(`${pascalCase(table.name)}Table`),
        ) ?? [];
      return [logicalId, table.name] as const;
    }),
  );
  const granted = new Map<string, Set<string>>();
  for (const [roleId] of resourcesOfType(s.statelessJson, 'AWS::IAM::Role')) {
    for (const statement of statementsOfRole(s.statelessJson, roleId)) {
      const resolved = resolveCrossStack(statement, s.statefulJson) as Statement;
      const dynamo = actionsOf(resolved).filter((action) => action.startsWith('dynamodb:'));
      if (dynamo.length === 0) continue;
      for (const resource of [resolved.Resource].flat()) {
        const logicalId = (resource as { 'Fn::GetAtt'?: [string, string] })?.['Fn::GetAtt']?.[0];
        const table = tableOfLogicalId.get(logicalId);
        if (table === undefined) throw new Error(`a DynamoDB grant on ${JSON.stringify(resource)}`);
        const actions = granted.get(table) ?? new Set<string>();
        for (const action of dynamo) actions.add(action.replace('dynamodb:', ''));
        granted.set(table, actions);
      }
    }
  }
  return new Map([...granted].map(([table, actions]) => [table, [...actions].sort()]));
}

describe('DynamoDB grants against the code that uses them', () => {
  it('knows every module that sends DynamoDB requests, and which table it talks to', () => {
    const known = new Set(Object.values(TALKERS).flat());
    expect(dynamoSenders().filter((file) => !known.has(file))).toEqual([]);
    expect(Object.keys(TALKERS).sort()).toEqual(tables.map((table) => table.name).sort());
  });

  it.each(tables.map((table) => [table.name]))('%s: granted exactly what is called on it', (name) => {
    const called = [...new Set((TALKERS[name] ?? []).flatMap(actionsCalledIn))].sort();
    expect(grantedByTable().get(name)).toEqual(called);
  });
});

describe('production alarms reach someone', () => {
  it('gives every alarm of every stack an action and an OK action', () => {
    const alarms = [s.statefulJson, s.statelessJson, s.apiJson].flatMap((template) =>
      resourcesOfType(template, 'AWS::CloudWatch::Alarm'),
    );
    expect(alarms.length).toBeGreaterThan(30);
    for (const [id, alarm] of alarms) {
      expect(alarm.Properties?.AlarmActions, id).toHaveLength(1);
      expect(alarm.Properties?.OKActions, id).toHaveLength(1);
    }
  });
});

describe('production data and stacks', () => {
  it('protects every table from deletion and every stack from termination', () => {
    const tablesFound = resourcesOfType(s.statefulJson, 'AWS::DynamoDB::Table');
    expect(tablesFound).toHaveLength(tables.length);
    for (const [id, table] of tablesFound) {
      expect(table.Properties?.DeletionProtectionEnabled, id).toBe(true);
      expect(table.DeletionPolicy, id).toBe('Retain');
    }
    const stacks = s.app.node.children.filter((child) => child instanceof Stack) as Stack[];
    expect(stacks.map((stack) => [stack.stackName, stack.terminationProtection])).toEqual([
      ['clearway-production-stateful', true],
      ['clearway-production-stateless', true],
      ['clearway-production-api', true],
    ]);
  });

  it('keeps the buckets, the bus and its archive if the stateful stack is ever deleted', () => {
    for (const type of ['AWS::S3::Bucket', 'AWS::Events::EventBus', 'AWS::Events::Archive']) {
      const found = resourcesOfType(s.statefulJson, type);
      expect(found.length, type).toBeGreaterThan(0);
      for (const [id, resource] of found) expect(resource.DeletionPolicy, id).toBe('Retain');
    }
  });

  it('can delete and create the stateless and API stacks again: nothing they retain has a fixed name', () => {
    const retained = Object.entries(replaceable(s).Resources).filter(
      ([, resource]) => resource.DeletionPolicy === 'Retain',
    );
    expect(retained.length).toBeGreaterThan(0);
    for (const [id, resource] of retained) {
      const names = Object.entries(resource.Properties ?? {}).filter(([key]) => /Name$/.test(key));
      for (const [key, value] of names)
        // A name is allowed only when it carries the stack's own id, unique to each stack made.
        expect(JSON.stringify(value), `${id}.${key}`).toContain('AWS::StackId');
    }
  });

  it('writes no ARN for one partition: every ARN takes the partition the stack is deployed in', () => {
    for (const template of [s.statefulJson, s.statelessJson, s.apiJson])
      expect(JSON.stringify(template.Resources).match(/arn:aws[a-z-]*:/g) ?? []).toEqual([]);
  });
});

describe('an environment that shares its account with another', () => {
  it('writes and alarms on metrics of its own namespace only', () => {
    const functions = resourcesOfType(s.statelessJson, 'AWS::Lambda::Function');
    for (const [id, fn] of functions)
      expect(variablesOf(fn).POWERTOOLS_METRICS_NAMESPACE, id).toBe('Clearway/production');
    const namespaces =
      JSON.stringify(s.statelessJson.Resources).match(/Clearway(\/[a-z-]+)?(?=[\\"])/g) ?? [];
    expect(namespaces.length).toBeGreaterThan(0);
    expect([...new Set(namespaces)]).toEqual(['Clearway/production']);
  });
});

describe('the webhook path cannot be starved by the internal API', () => {
  const reservedOf = (fn: string) =>
    resourcesOfType(s.statelessJson, 'AWS::Lambda::Function').find(
      ([, resource]) => variablesOf(resource).POWERTOOLS_SERVICE_NAME === fn,
    )?.[1].Properties?.ReservedConcurrentExecutions;

  it('reserves the receiver a full webhook burst and the processor its queue’s maximum concurrency', () => {
    const plan = concurrencyPlan(s.config, operationFunctionNames().length);
    expect(reservedOf(fnNames.webhookReceiver)).toBe(s.config.webhookApi.throttle.burstLimit);
    expect(reservedOf(fnNames.webhookProcessor)).toBe(plan.processor);
    const [, source] = onlyResourceOfType(s.statelessJson, 'AWS::Lambda::EventSourceMapping');
    expect(source.Properties?.ScalingConfig).toEqual({ MaximumConcurrency: plan.processor });
  });

  it('caps each operation function at its share, leaving the account its unreserved minimum and more', () => {
    const plan = concurrencyPlan(s.config, operationFunctionNames().length);
    for (const fn of operationFunctionNames()) expect(reservedOf(fn), fn).toBe(plan.perOperationFunction);
    const reserved = resourcesOfType(s.statelessJson, 'AWS::Lambda::Function').reduce(
      (total, [, fn]) => total + Number(fn.Properties?.ReservedConcurrentExecutions ?? 0),
      0,
    );
    expect(reserved).toBeLessThanOrEqual(s.config.quotas.lambdaConcurrentExecutions - UNRESERVED_KEPT);
  });

  it('answers a throttled call 429 with Retry-After', () => {
    const [, response] = resourcesOfType(s.apiJson, 'AWS::ApiGateway::GatewayResponse').find(
      ([, candidate]) =>
        candidate.Properties?.ResponseType === 'THROTTLED' &&
        JSON.stringify(candidate.Properties?.RestApiId).includes('Internal'),
    ) ?? [undefined, undefined];
    expect(response?.Properties).toMatchObject({
      StatusCode: '429',
      ResponseParameters: { 'gatewayresponse.header.Retry-After': "'1'" },
    });
  });

  it('refuses a quota too small to reserve from, naming the key', () => {
    expect(() =>
      concurrencyPlan(
        { ...s.config, quotas: { ...s.config.quotas, lambdaConcurrentExecutions: 300 } },
        operationFunctionNames().length,
      ),
    ).toThrow(/quotaLambdaConcurrentExecutions 300 leaves no concurrency to reserve/);
  });
});
