import { beforeAll, describe, expect, it } from 'vitest';
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

describe('the payments operation function', () => {
  let s: Synthesized;
  beforeAll(() => {
    s = synthesize({ env: 'simulation' });
  });

  const statements = (): Statement[] =>
    statementsOfRole(s.statelessJson, roleLogicalIdByName(s.statelessJson, 'clearway-sim-payments-')).map(
      (statement) => resolveCrossStack(statement, s.statefulJson) as Statement,
    );
  const paymentsTableId = () =>
    resourcesOfType(s.statefulJson, 'AWS::DynamoDB::Table').find(([, table]) =>
      JSON.stringify(table.Properties?.KeySchema).includes('"endToEndId"'),
    )?.[0];

  it('may get, put and update items of the payments table only, and put events on the bus', () => {
    const onPayments = statements().filter(
      (statement) =>
        JSON.stringify(statement.Resource) === JSON.stringify({ 'Fn::GetAtt': [paymentsTableId(), 'Arn'] }),
    );
    expect(onPayments.flatMap(actionsOf).sort()).toEqual([
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
    ]);
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
