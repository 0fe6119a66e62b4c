import { beforeAll, describe, expect, it } from 'vitest';
import { functionNames, pascalCase } from '#lib/catalog.js';
import { ConfigError, contextKeys, loadConfig } from '#lib/config.js';
import {
  type CfnResource,
  type CfnTemplate,
  onlyResourceOfType,
  resolveCrossStack,
  resourcesOfType,
  type Synthesized,
  synthesize,
  replaceable,
} from './synth.js';

const pascalNames = functionNames().map(pascalCase);

const usageAlarms = ['KmsSignRate', 'EventBridgePutEventsRate'];
const accountAlarms = [...usageAlarms, 'LambdaAccountConcurrency'];
const apiAlarms = ['InternalApiThrottled', 'WebhookApiThrottled'];
const tableAlarms = [
  'IdempotencyTableThrottled',
  'WebhookInboxTableThrottled',
  'PaymentsTableThrottled',
  'NameChecksTableThrottled',
  'FxTableThrottled',
  'MccyBatchesTableThrottled',
  'AttentionTableThrottled',
  'AccountClosuresTableThrottled',
];
const allAlarms = () => [
  ...accountAlarms,
  ...apiAlarms,
  ...pascalNames.map((name) => `${name}Throttles`),
  ...tableAlarms,
];

/** The capacity alarm with this construct id (its logical id is `CapacityAlarms<id><hash>`). */
function alarm(template: CfnTemplate, id: string): Record<string, unknown> {
  const found = resourcesOfType(template, 'AWS::CloudWatch::Alarm').filter(([logicalId]) =>
    new RegExp(`^CapacityAlarms${id}[0-9A-F]{8}$`).test(logicalId),
  );
  if (found.length !== 1) throw new Error(`expected one alarm ${id}, found ${found.length}`);
  return (found[0] as [string, CfnResource])[1].Properties ?? {};
}

function logicalIdWhere(template: CfnTemplate, type: string, test: (resource: CfnResource) => boolean) {
  const found = resourcesOfType(template, type).filter(([, resource]) => test(resource));
  if (found.length !== 1) throw new Error(`expected one ${type}, found ${found.length}`);
  return (found[0] as [string, CfnResource])[0];
}

const warning = {
  ComparisonOperator: 'GreaterThanOrEqualToThreshold',
  EvaluationPeriods: 1,
  TreatMissingData: 'notBreaching',
};

describe('capacity alarms', () => {
  let simulation: Synthesized;
  let overridden: Synthesized;

  beforeAll(() => {
    simulation = synthesize({ env: 'simulation' });
    overridden = synthesize({
      env: 'production',
      alarmEmail: 'treasury-ops@example.com',
      [contextKeys.quotaKmsRsaRequestsPerSecond]: '1000',
      [contextKeys.quotaLambdaConcurrentExecutions]: 3000,
      [contextKeys.quotaEventBridgePutEventsPerSecond]: '10000',
      [contextKeys.quotaWarnAtPercent]: '50',
      [contextKeys.internalApiRateLimit]: '400',
      [contextKeys.internalApiBurstLimit]: '800',
    });
  });

  it('raise the internal API throttle and its alarm from the context', () => {
    expect(overridden.config.internalApi.throttle).toEqual({ rateLimit: 400, burstLimit: 800 });
    expect(alarm(replaceable(overridden), 'InternalApiThrottled')).toMatchObject({
      Threshold: 400 * 60 * 0.5,
    });
  });

  it('are all in the stateless stack, one per limit, function and table, with a description', () => {
    // The operations dashboard's and the token check's alarms are pinned in operability.test.ts.
    const found = resourcesOfType(replaceable(simulation), 'AWS::CloudWatch::Alarm').filter(([logicalId]) =>
      logicalId.startsWith('CapacityAlarms'),
    );
    expect(found).toHaveLength(allAlarms().length);
    for (const id of allAlarms()) {
      const properties = alarm(replaceable(simulation), id);
      expect(properties).toMatchObject(warning);
      expect(typeof properties.AlarmDescription, id).toBe('string');
      expect(String(properties.AlarmDescription).length, id).toBeGreaterThan(100);
    }
  });

  it('watch the KMS Sign and EventBridge PutEvents call counts at 80% of the quota per minute by default', () => {
    expect(alarm(replaceable(simulation), 'KmsSignRate')).toMatchObject({
      Namespace: 'AWS/Usage',
      MetricName: 'CallCount',
      Dimensions: [
        { Name: 'Class', Value: 'None' },
        { Name: 'Resource', Value: 'Sign' },
        { Name: 'Service', Value: 'KMS' },
        { Name: 'Type', Value: 'API' },
      ],
      Statistic: 'Sum',
      Period: 60,
      Threshold: 500 * 60 * 0.8,
    });
    expect(alarm(replaceable(simulation), 'EventBridgePutEventsRate')).toMatchObject({
      Namespace: 'AWS/Usage',
      MetricName: 'CallCount',
      Dimensions: [
        { Name: 'Class', Value: 'None' },
        { Name: 'Resource', Value: 'PutEvents' },
        { Name: 'Service', Value: 'EventBridge' },
        { Name: 'Type', Value: 'API' },
      ],
      Statistic: 'Sum',
      Period: 60,
      Threshold: 2400 * 60 * 0.8,
    });
  });

  it('watch the account’s claimed Lambda concurrency at 80% of the quota by default', () => {
    const properties = alarm(replaceable(simulation), 'LambdaAccountConcurrency');
    expect(properties).toMatchObject({
      Namespace: 'AWS/Lambda',
      MetricName: 'ClaimedAccountConcurrency',
      Statistic: 'Maximum',
      Period: 60,
      Threshold: 800,
    });
    expect(properties.Dimensions).toBeUndefined();
  });

  it('take the quotas and the share to warn at from context', () => {
    const threshold = (id: string) => alarm(replaceable(overridden), id).Threshold;
    expect(threshold('KmsSignRate')).toBe(1000 * 60 * 0.5);
    expect(threshold('EventBridgePutEventsRate')).toBe(10000 * 60 * 0.5);
    expect(threshold('LambdaAccountConcurrency')).toBe(1500);
    expect(threshold('InternalApiThrottled')).toBe(400 * 60 * 0.5);
    expect(String(alarm(replaceable(overridden), 'KmsSignRate').AlarmDescription)).toContain(
      '50% of the RSA cryptographic request rate quota (1000/s',
    );
  });

  it('count each API stage’s requests against its throttle rate', () => {
    for (const [id, suffix, rateLimit] of [
      ['InternalApiThrottled', '-internal', simulation.config.internalApi.throttle.rateLimit],
      ['WebhookApiThrottled', '-webhooks', simulation.config.webhookApi.throttle.rateLimit],
    ] as const) {
      const apiId = logicalIdWhere(replaceable(simulation), 'AWS::ApiGateway::RestApi', (api) =>
        String(api.Properties?.Name).endsWith(suffix),
      );
      const stageId = logicalIdWhere(
        replaceable(simulation),
        'AWS::ApiGateway::Stage',
        (stage) => JSON.stringify(stage.Properties?.RestApiId) === JSON.stringify({ Ref: apiId }),
      );
      expect(alarm(replaceable(simulation), id)).toMatchObject({
        Namespace: 'AWS/ApiGateway',
        MetricName: 'Count',
        Dimensions: [
          { Name: 'ApiName', Value: `${simulation.config.prefix}${suffix}` },
          { Name: 'Stage', Value: { Ref: stageId } },
        ],
        Statistic: 'Sum',
        Period: 60,
        Threshold: rateLimit * 60 * 0.8,
      });
    }
  });

  it('fire on the first throttled invocation of every function', () => {
    for (const name of pascalNames) {
      const properties = alarm(replaceable(simulation), `${name}Throttles`);
      const dimension = (properties.Dimensions as { Name: string; Value: { Ref: string } }[])[0];
      expect(properties).toMatchObject({
        Namespace: 'AWS/Lambda',
        MetricName: 'Throttles',
        Statistic: 'Sum',
        Period: 60,
        Threshold: 1,
      });
      expect(dimension?.Name).toBe('FunctionName');
      expect(dimension?.Value.Ref).toMatch(new RegExp(`^${name}Function[0-9A-F]{8}$`));
      expect(replaceable(simulation).Resources[dimension?.Value.Ref ?? '']?.Type).toBe(
        'AWS::Lambda::Function',
      );
    }
  });

  it('fire on the first throttled request of the idempotency and inbox tables, for each operation granted', () => {
    for (const [id, table, operations] of [
      ['IdempotencyTableThrottled', 'IdempotencyTable', ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem']],
      ['WebhookInboxTableThrottled', 'WebhookInboxTable', ['GetItem', 'PutItem', 'UpdateItem']],
    ] as const) {
      const tableId = resourcesOfType(simulation.statefulJson, 'AWS::DynamoDB::Table').find(([logicalId]) =>
        new RegExp(`^${table}[0-9A-F]{8}$`).test(logicalId),
      )?.[0];
      expect(tableId).toBeDefined();
      const properties = alarm(replaceable(simulation), id);
      expect(properties).toMatchObject({ Threshold: 1 });
      const metrics = properties.Metrics as {
        Id: string;
        Expression?: string;
        ReturnData: boolean;
        MetricStat?: {
          Metric: { Namespace: string; MetricName: string; Dimensions: unknown };
          Stat: string;
          Period: number;
        };
      }[];
      const expression = metrics.find((metric) => metric.Expression !== undefined);
      const stats = metrics.filter((metric) => metric.MetricStat !== undefined);
      expect(expression?.ReturnData).toBe(true);
      expect(stats).toHaveLength(operations.length);
      for (const stat of stats) {
        expect(stat.ReturnData).toBe(false);
        expect(expression?.Expression).toContain(`FILL(${stat.Id}, 0)`);
        expect(stat.MetricStat).toMatchObject({
          Metric: { Namespace: 'AWS/DynamoDB', MetricName: 'ThrottledRequests' },
          Stat: 'Sum',
          Period: 60,
        });
      }
      expect(
        stats.map((stat) => resolveCrossStack(stat.MetricStat?.Metric.Dimensions, simulation.statefulJson)),
      ).toEqual(
        operations.map((operation) => [
          { Name: 'Operation', Value: operation },
          { Name: 'TableName', Value: { Ref: tableId } },
        ]),
      );
    }
  });

  it('have no actions when no alarm target is configured', () => {
    for (const id of allAlarms()) {
      const properties = alarm(replaceable(simulation), id);
      expect(properties.AlarmActions).toBeUndefined();
      expect(properties.OKActions).toBeUndefined();
    }
  });

  it('send the alarm and the return to OK to the topic mailed to the configured address', () => {
    const [topicId] = onlyResourceOfType(overridden.statefulJson, 'AWS::SNS::Topic');
    for (const id of allAlarms()) {
      const properties = alarm(replaceable(overridden), id);
      expect(resolveCrossStack(properties.AlarmActions, overridden.statefulJson), id).toEqual([
        { Ref: topicId },
      ]);
      expect(resolveCrossStack(properties.OKActions, overridden.statefulJson), id).toEqual([
        { Ref: topicId },
      ]);
    }
  });

  it('send them to an existing topic when given its ARN', () => {
    const arn = 'arn:aws:sns:eu-west-2:123456789012:treasury-alarms';
    const existing = synthesize({ alarmTopicArn: arn });
    for (const id of allAlarms()) {
      expect(alarm(replaceable(existing), id)).toMatchObject({ AlarmActions: [arn], OKActions: [arn] });
    }
  });
});

describe('quota configuration', () => {
  const fromContext = (context: Record<string, unknown>) => loadConfig((key) => context[key]);

  it('defaults to the usual AWS quotas and a warning at 80%', () => {
    expect(fromContext({}).quotas).toEqual({
      kmsRsaRequestsPerSecond: 500,
      lambdaConcurrentExecutions: 1000,
      eventBridgePutEventsPerSecond: 2400,
      warnAtPercent: 80,
    });
  });

  it.each([
    [contextKeys.quotaKmsRsaRequestsPerSecond, '0'],
    [contextKeys.quotaKmsRsaRequestsPerSecond, 'lots'],
    [contextKeys.quotaLambdaConcurrentExecutions, '-5'],
    [contextKeys.quotaEventBridgePutEventsPerSecond, '2400.5'],
    [contextKeys.quotaWarnAtPercent, '0'],
    [contextKeys.quotaWarnAtPercent, '150'],
    [contextKeys.internalApiRateLimit, '0'],
    [contextKeys.webhookApiBurstLimit, 'many'],
  ])('refuses %s=%s with a message naming the key', (key, value) => {
    expect(() => fromContext({ [key]: value })).toThrow(ConfigError);
    expect(() => fromContext({ [key]: value })).toThrow(new RegExp(`^${key} must be`));
  });
});
