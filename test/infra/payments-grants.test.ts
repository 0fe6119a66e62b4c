import { beforeAll, describe, expect, it } from 'vitest';
import { fnNames, operationFunctionNames } from '#lib/catalog.js';
import { ENV } from '#shared/config/function-environment.js';
import {
  actionsOf,
  resolveCrossStack,
  resourcesOfType,
  roleLogicalIdByName,
  type Statement,
  type Synthesized,
  statementsOfRole,
  synthesize,
  variablesOf,
} from './synth.js';

let s: Synthesized;
beforeAll(() => {
  s = synthesize({ env: 'simulation' });
});

const statementsOf = (fn: string): Statement[] =>
  statementsOfRole(s.statelessJson, roleLogicalIdByName(s.statelessJson, `clearway-sim-${fn}-`)).map(
    (statement) => resolveCrossStack(statement, s.statefulJson) as Statement,
  );
const functionOf = (fn: string) =>
  resourcesOfType(s.statelessJson, 'AWS::Lambda::Function').find(
    ([, resource]) => variablesOf(resource).POWERTOOLS_SERVICE_NAME === fn,
  )?.[1];
const nameChecksTableId = () =>
  resourcesOfType(s.statefulJson, 'AWS::DynamoDB::Table').find(
    ([, table]) =>
      JSON.stringify(table.Properties?.KeySchema).includes('"endToEndId"') &&
      table.Properties?.TimeToLiveSpecification !== undefined,
  )?.[0];
/** The actions a function's role is granted on the name-checks table. */
const onNameChecks = (fn: string) =>
  statementsOf(fn)
    .filter(
      (statement) =>
        JSON.stringify(statement.Resource) === JSON.stringify({ 'Fn::GetAtt': [nameChecksTableId(), 'Arn'] }),
    )
    .flatMap(actionsOf)
    .sort();

describe('the payments operation function', () => {
  const statements = () => statementsOf('payments');
  const paymentsTableId = () =>
    resourcesOfType(s.statefulJson, 'AWS::DynamoDB::Table').find(
      ([, table]) =>
        JSON.stringify(table.Properties?.KeySchema).includes('"endToEndId"') &&
        table.Properties?.TimeToLiveSpecification === undefined,
    )?.[0];

  it('may get and put items of the payments table only (every change a conditional put), and put events on the bus', () => {
    const onPayments = statements().filter(
      (statement) =>
        JSON.stringify(statement.Resource) === JSON.stringify({ 'Fn::GetAtt': [paymentsTableId(), 'Arn'] }),
    );
    expect(onPayments.flatMap(actionsOf).sort()).toEqual(['dynamodb:GetItem', 'dynamodb:PutItem']);
    const putEvents = statements().filter((statement) => actionsOf(statement).includes('events:PutEvents'));
    expect(putEvents).toHaveLength(1);
  });

  it('gets the payments table and the bus by environment', () => {
    const fn = resourcesOfType(s.statelessJson, 'AWS::Lambda::Function').find(
      ([, resource]) => variablesOf(resource).POWERTOOLS_SERVICE_NAME === 'payments',
    )?.[1];
    expect(Object.keys(variablesOf(fn))).toEqual(
      expect.arrayContaining([ENV.paymentsTable, ENV.eventBusName]),
    );
  });
});

describe('the CHAPS function, which tracks its payments in the payments records', () => {
  it('may get and put payment records, read name checks in one BatchGetItem and put events, with the tables, the bus and the policy by environment', () => {
    if (!operationFunctionNames().includes('chaps-payments')) return;
    const onTable = (name: string) =>
      statementsOf('chaps-payments')
        .filter((statement) => JSON.stringify(statement.Resource).includes(name))
        .flatMap(actionsOf);
    expect(onNameChecks('chaps-payments')).toEqual(['dynamodb:BatchGetItem']);
    expect(
      statementsOf('chaps-payments').filter((statement) => actionsOf(statement).includes('events:PutEvents')),
    ).toHaveLength(1);
    expect(onTable('Payments').sort()).toEqual(
      expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:PutItem']),
    );
    expect(Object.keys(variablesOf(functionOf('chaps-payments')))).toEqual(
      expect.arrayContaining([ENV.paymentsTable, ENV.nameChecksTable, ENV.nameCheckPolicy, ENV.eventBusName]),
    );
  });
});

describe('the name-checks table and who may use it', () => {
  it("lets the payments function only read name checks, a request's all in one BatchGetItem, with the table and the policy (off by default) by environment", () => {
    expect(nameChecksTableId()).toBeDefined();
    expect(onNameChecks('payments')).toEqual(['dynamodb:BatchGetItem']);
    const variables = variablesOf(functionOf('payments'));
    expect(variables[ENV.nameChecksTable]).toBeDefined();
    expect(variables[ENV.nameCheckPolicy]).toBe('off');
    expect(variables[ENV.nameCheckRequireAbove]).toBeUndefined();
  });

  it('lets GET /gateway/name-checks/{endToEndId} only get items of the name-checks table', () => {
    const actions = statementsOf('gateway-name-checks').flatMap(actionsOf);
    expect(actions.filter((action) => action.startsWith('dynamodb:'))).toEqual(['dynamodb:GetItem']);
    expect(onNameChecks('gateway-name-checks')).toEqual(['dynamodb:GetItem']);
    expect(Object.keys(variablesOf(functionOf('gateway-name-checks')))).toContain(ENV.nameChecksTable);
  });

  it('lets the name-checks operation function only put name checks, once it exists, with its TTL', () => {
    if (!operationFunctionNames().includes('name-checks')) {
      // Until the name-check operations are in the registry there is no such function, and no grant.
      expect(functionOf('name-checks')).toBeUndefined();
      return;
    }
    expect(onNameChecks('name-checks')).toEqual(['dynamodb:PutItem']);
    expect(variablesOf(functionOf('name-checks'))[ENV.nameCheckTtlHours]).toBe('24');
  });
});

// FX here too: one synthesis serves both (synthesizing takes seconds).
/** The fx table: the one keyed by `recordId`. */
const fxTableId = () =>
  resourcesOfType(s.statefulJson, 'AWS::DynamoDB::Table').find(([, table]) =>
    JSON.stringify(table.Properties?.KeySchema).includes('"recordId"'),
  )?.[0];
const onFx = (fn: string) =>
  statementsOf(fn)
    .filter(
      (statement) =>
        JSON.stringify(statement.Resource) === JSON.stringify({ 'Fn::GetAtt': [fxTableId(), 'Arn'] }),
    )
    .flatMap(actionsOf)
    .sort();

describe('the fx table and who may use it', () => {
  it('exists in the stateful stack', () => {
    expect(fxTableId()).toBeDefined();
  });

  it('lets the fx function get and update its items (every write a conditional update) and put events', () => {
    expect(onFx('fx')).toEqual(['dynamodb:GetItem', 'dynamodb:UpdateItem']);
    expect(
      statementsOf('fx').filter((statement) => actionsOf(statement).includes('events:PutEvents')),
    ).toHaveLength(1);
    expect(Object.keys(variablesOf(functionOf('fx')))).toEqual(
      expect.arrayContaining([ENV.fxTable, ENV.eventBusName]),
    );
  });

  it('lets the processor get and update trades, and the read function only get', () => {
    expect(onFx(fnNames.webhookProcessor)).toEqual(['dynamodb:GetItem', 'dynamodb:UpdateItem']);
    expect(Object.keys(variablesOf(functionOf(fnNames.webhookProcessor)))).toContain(ENV.fxTable);
    expect(onFx('gateway-fx')).toEqual(['dynamodb:GetItem']);
    const dynamo = statementsOf('gateway-fx')
      .flatMap(actionsOf)
      .filter((action) => action.startsWith('dynamodb:'));
    expect(dynamo).toEqual(['dynamodb:GetItem']);
  });

  it('gives no other function access to it', () => {
    for (const fn of ['payments', 'gateway-payments', fnNames.webhookReceiver]) expect(onFx(fn)).toEqual([]);
  });
});

// Multi-currency batches here too, on the same synthesis.
/** The batches table: the one keyed by `batchId`. */
const batchesTableId = () =>
  resourcesOfType(s.statefulJson, 'AWS::DynamoDB::Table').find(([, table]) =>
    JSON.stringify(table.Properties?.KeySchema).includes('"batchId"'),
  )?.[0];
const onBatches = (fn: string) =>
  statementsOf(fn)
    .filter(
      (statement) =>
        JSON.stringify(statement.Resource) === JSON.stringify({ 'Fn::GetAtt': [batchesTableId(), 'Arn'] }),
    )
    .flatMap(actionsOf)
    .sort();

describe('the multi-currency batches table and who may use it', () => {
  it('exists in the stateful stack', () => {
    expect(batchesTableId()).toBeDefined();
  });

  it('lets the mccy-payments function get and update batches (every write conditional) and put events', () => {
    expect(onBatches('mccy-payments')).toEqual(['dynamodb:GetItem', 'dynamodb:UpdateItem']);
    expect(
      statementsOf('mccy-payments').filter((statement) => actionsOf(statement).includes('events:PutEvents')),
    ).toHaveLength(1);
    expect(Object.keys(variablesOf(functionOf('mccy-payments')))).toEqual(
      expect.arrayContaining([ENV.mccyBatchesTable, ENV.eventBusName]),
    );
  });

  it('lets the processor get and update batches, and the read function only get', () => {
    expect(onBatches(fnNames.webhookProcessor)).toEqual(['dynamodb:GetItem', 'dynamodb:UpdateItem']);
    expect(Object.keys(variablesOf(functionOf(fnNames.webhookProcessor)))).toContain(ENV.mccyBatchesTable);
    expect(onBatches('gateway-mccy')).toEqual(['dynamodb:GetItem']);
    const dynamo = statementsOf('gateway-mccy')
      .flatMap(actionsOf)
      .filter((action) => action.startsWith('dynamodb:'));
    expect(dynamo).toEqual(['dynamodb:GetItem']);
  });

  it('gives no other function access to it', () => {
    for (const fn of ['payments', 'fx', 'gateway-fx', fnNames.webhookReceiver])
      expect(onBatches(fn)).toEqual([]);
  });
});

// Account closures here too, on the same synthesis.
/** The account-closures table: the one keyed by `accountId`. */
const closuresTableId = () =>
  resourcesOfType(s.statefulJson, 'AWS::DynamoDB::Table').find(([, table]) =>
    JSON.stringify(table.Properties?.KeySchema).includes('"accountId"'),
  )?.[0];
const onClosures = (fn: string) =>
  statementsOf(fn)
    .filter(
      (statement) =>
        JSON.stringify(statement.Resource) === JSON.stringify({ 'Fn::GetAtt': [closuresTableId(), 'Arn'] }),
    )
    .flatMap(actionsOf)
    .sort();

describe('the account-closures table and who may use it', () => {
  it('exists in the stateful stack', () => {
    expect(closuresTableId()).toBeDefined();
  });

  it('lets the sterling-accounts function get and put closures (every write a conditional put) and put events', () => {
    expect(onClosures('sterling-accounts')).toEqual(['dynamodb:GetItem', 'dynamodb:PutItem']);
    expect(
      statementsOf('sterling-accounts').filter((statement) =>
        actionsOf(statement).includes('events:PutEvents'),
      ),
    ).toHaveLength(1);
    expect(Object.keys(variablesOf(functionOf('sterling-accounts')))).toEqual(
      expect.arrayContaining([ENV.accountClosuresTable, ENV.eventBusName, ENV.attentionTable]),
    );
  });

  it('lets the processor get and put closures, and the read function only get', () => {
    expect(onClosures(fnNames.webhookProcessor)).toEqual(['dynamodb:GetItem', 'dynamodb:PutItem']);
    expect(Object.keys(variablesOf(functionOf(fnNames.webhookProcessor)))).toContain(
      ENV.accountClosuresTable,
    );
    expect(onClosures('gateway-account-closures')).toEqual(['dynamodb:GetItem']);
    const dynamo = statementsOf('gateway-account-closures')
      .flatMap(actionsOf)
      .filter((action) => action.startsWith('dynamodb:'));
    expect(dynamo).toEqual(['dynamodb:GetItem']);
  });

  it('gives no other function access to it', () => {
    for (const fn of ['payments', 'fx', 'customers', 'gateway-payments', fnNames.webhookReceiver])
      expect(onClosures(fn)).toEqual([]);
  });
});
