import { beforeAll, describe, expect, it } from 'vitest';
import { fnNames } from '../../lib/catalog.js';
import { ENV } from '../../shared/config/function-environment.js';
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
    expect(onFx(fnNames.fx)).toEqual(['dynamodb:GetItem', 'dynamodb:UpdateItem']);
    expect(
      statementsOf(fnNames.fx).filter((statement) => actionsOf(statement).includes('events:PutEvents')),
    ).toHaveLength(1);
    expect(Object.keys(variablesOf(functionOf(fnNames.fx)))).toEqual(
      expect.arrayContaining([ENV.fxTable, ENV.eventBusName]),
    );
  });

  it('lets the processor get and update trades, and the read function only get', () => {
    expect(onFx(fnNames.webhookProcessor)).toEqual(['dynamodb:GetItem', 'dynamodb:UpdateItem']);
    expect(Object.keys(variablesOf(functionOf(fnNames.webhookProcessor)))).toContain(ENV.fxTable);
    expect(onFx(fnNames.gatewayFx)).toEqual(['dynamodb:GetItem']);
    const dynamo = statementsOf(fnNames.gatewayFx)
      .flatMap(actionsOf)
      .filter((action) => action.startsWith('dynamodb:'));
    expect(dynamo).toEqual(['dynamodb:GetItem']);
  });

  it('gives no other function access to it', () => {
    for (const fn of [fnNames.payments, fnNames.gatewayPayments, fnNames.webhookReceiver])
      expect(onFx(fn)).toEqual([]);
  });
});
