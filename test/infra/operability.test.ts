import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { beforeAll, describe, expect, it } from 'vitest';
import { OperationsDashboard } from '#lib/constructs/operations-dashboard.js';
import { fnNames } from '#lib/catalog.js';
import { loadConfig } from '#lib/config.js';
import { ENV } from '#shared/config/function-environment.js';
import {
  actionsOf,
  type CfnResource,
  onlyResourceOfType,
  resolveCrossStack,
  resourcesOfType,
  roleLogicalIdByName,
  type Statement,
  type Synthesized,
  statementsOfRole,
  synthesize,
  variablesOf,
} from './synth.js';

// One synth (several seconds): production with an alarm target; the production values come from its config.
let production: Synthesized;
beforeAll(() => {
  production = synthesize({ env: 'production', alarmEmail: 'treasury-ops@example.com' });
});

const logicalIdOf = (s: Synthesized, type: string) => onlyResourceOfType(s.statefulJson, type)[0];
/** The alarm whose logical id starts with this construct path (`Operations<id>`, `TokenExpiry<id>`). */
function alarm(s: Synthesized, prefix: string): Record<string, unknown> {
  const found = resourcesOfType(s.statelessJson, 'AWS::CloudWatch::Alarm').filter(([logicalId]) =>
    new RegExp(`^${prefix}[0-9A-F]{8}$`).test(logicalId),
  );
  if (found.length !== 1) throw new Error(`expected one alarm ${prefix}, found ${found.length}`);
  return (found[0] as [string, CfnResource])[1].Properties ?? {};
}

describe('the event archive', () => {
  it('archives every event of the bus, 30 days in production and 365 in production', () => {
    expect(loadConfig(() => undefined).eventArchiveRetentionDays).toBe(30);
    production.stateful.hasResourceProperties('AWS::Events::Archive', {
      ArchiveName: 'clearway-production-events',
      SourceArn: { 'Fn::GetAtt': [logicalIdOf(production, 'AWS::Events::EventBus'), 'Arn'] },
      RetentionDays: 365,
      EventPattern: { account: [{ Ref: 'AWS::AccountId' }] },
    });
  });

  it('names the archive in an output for clearway replay --archive', () => {
    expect(production.statefulJson.Outputs?.EventArchiveName?.Value).toBe('clearway-production-events');
  });
});

describe('the operations dashboard', () => {
  const body = (s: Synthesized) =>
    JSON.stringify(onlyResourceOfType(s.statelessJson, 'AWS::CloudWatch::Dashboard')[1].Properties);

  it('shows webhook answers and latency, rejects and duplicates, bank answers, the DLQ and the workflow', () => {
    const text = body(production);
    expect(text).toContain('clearway-production-operations');
    for (const shown of [
      'WebhooksReceived',
      'WebhooksAccepted',
      'WebhookAnswerLatency',
      '\\"stat\\":\\"p50\\"',
      '\\"stat\\":\\"p99\\"',
      'WebhooksRejected',
      'WebhooksDuplicate',
      'SELECT SUM(BankAnswers2xx)',
      'SELECT SUM(BankAnswers4xx)',
      'SELECT SUM(BankAnswers5xx)',
      'SELECT MAX(BankAnswerLatency)',
      'ApproximateNumberOfMessagesVisible',
      'ExecutionsFailed',
    ]) {
      expect(text, shown).toContain(shown);
    }
  });

  it('shows the failed executions of the batch workflow when the stack has one', () => {
    const stack = new Stack(new App());
    const stateMachine = new sfn.StateMachine(stack, 'Workflow', {
      definitionBody: sfn.DefinitionBody.fromChainable(new sfn.Pass(stack, 'Pass')),
    });
    new OperationsDashboard(stack, 'Operations', {
      config: production.config,
      deadLetterQueue: new sqs.Queue(stack, 'Dlq'),
      stateMachine,
    });
    const text = JSON.stringify(Template.fromStack(stack).findResources('AWS::CloudWatch::Dashboard'));
    expect(text).toContain('Multi-currency batch workflow failures');
    expect(text).toContain('ExecutionsFailed');
  });
});

describe('the operability alarms', () => {
  const ids = [
    'OperationsWebhookAnswersSlow',
    'OperationsWebhooksRejected',
    'OperationsWebhooksNotQueued',
    'OperationsBankServerErrors',
    'OperationsBankAnswersSlow',
    'TokenExpiryTokenExpiresSoon',
    'TokenExpiryCheckFailed',
  ];

  it('each have a description and go to the alarm topic, alarm and return to OK', () => {
    const topic = { Ref: logicalIdOf(production, 'AWS::SNS::Topic') };
    for (const id of ids) {
      const properties = alarm(production, id);
      expect(String(properties.AlarmDescription).length, id).toBeGreaterThan(80);
      expect(resolveCrossStack(properties.AlarmActions, production.statefulJson), id).toEqual([topic]);
      expect(resolveCrossStack(properties.OKActions, production.statefulJson), id).toEqual([topic]);
    }
  });

  it('warn when the webhook answer p99 reaches 3 s and the bank answers 5xx five times in 5 minutes', () => {
    expect(alarm(production, 'OperationsWebhookAnswersSlow')).toMatchObject({
      MetricName: 'WebhookAnswerLatency',
      Namespace: 'Clearway/production',
      Dimensions: [{ Name: 'service', Value: fnNames.webhookReceiver }],
      ExtendedStatistic: 'p99',
      Threshold: 3_000,
    });
    const bank = alarm(production, 'OperationsBankServerErrors');
    expect(bank.Threshold).toBe(5);
    expect(JSON.stringify(bank.Metrics)).toContain(
      'SELECT SUM(BankAnswers5xx) FROM SCHEMA(\\"Clearway/production\\", service)',
    );
  });

  it('warn when the API token has fewer than 30 days left', () => {
    expect(alarm(production, 'TokenExpiryTokenExpiresSoon')).toMatchObject({
      MetricName: 'ApiTokenDaysLeft',
      Namespace: 'Clearway/production',
      Dimensions: [{ Name: 'service', Value: fnNames.tokenExpiryCheck }],
      Statistic: 'Minimum',
      Period: 86_400,
      Threshold: 30,
      ComparisonOperator: 'LessThanThreshold',
    });
  });
});

describe('the daily token-expiry check', () => {
  const check = () =>
    resourcesOfType(production.statelessJson, 'AWS::Lambda::Function').find(
      ([, resource]) => variablesOf(resource).POWERTOOLS_SERVICE_NAME === fnNames.tokenExpiryCheck,
    ) as [string, CfnResource];

  it('runs once a day on an EventBridge schedule', () => {
    const [functionId] = check();
    production.stateless.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 day)',
      State: 'ENABLED',
      Targets: [{ Arn: { 'Fn::GetAtt': [functionId, 'Arn'] } }],
    });
  });

  it('is told the secret and the bus', () => {
    const variables = resolveCrossStack(variablesOf(check()[1]), production.statefulJson) as Record<
      string,
      unknown
    >;
    expect(variables[ENV.apiTokenSecretId]).toEqual({
      Ref: logicalIdOf(production, 'AWS::SecretsManager::Secret'),
    });
    expect(variables[ENV.eventBusName]).toEqual({ Ref: logicalIdOf(production, 'AWS::Events::EventBus') });
  });

  it('may read that one secret and put events on that one bus, nothing else', () => {
    const roleId = roleLogicalIdByName(
      production.statelessJson,
      `clearway-prod-${fnNames.tokenExpiryCheck}-`,
    );
    const statements = statementsOfRole(production.statelessJson, roleId).map(
      (statement) => resolveCrossStack(statement, production.statefulJson) as Statement,
    );
    const granted = statements
      .filter((statement) => !actionsOf(statement).some((action) => /^(logs|xray):/.test(action)))
      .map((statement) => ({ actions: actionsOf(statement), resource: statement.Resource }));
    expect(granted).toEqual([
      {
        actions: ['secretsmanager:GetSecretValue'],
        resource: { Ref: logicalIdOf(production, 'AWS::SecretsManager::Secret') },
      },
      {
        actions: ['events:PutEvents'],
        resource: { 'Fn::GetAtt': [logicalIdOf(production, 'AWS::Events::EventBus'), 'Arn'] },
      },
    ]);
  });
});
