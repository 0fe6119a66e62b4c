import { Duration } from 'aws-cdk-lib';
import type * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as cloudwatchActions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as sns from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import type { ClearwayConfig, Throttle } from '../config.js';

export interface CapacityAlarmsProps {
  readonly config: ClearwayConfig;
  /** Every function of the stack, by the construct id its alarm is named after (`<id>Throttles`). */
  readonly functions: ReadonlyMap<string, lambda.IFunction>;
  /** Each API (alarm `<id>Throttled`) with the stage throttle it was given. */
  readonly apis: readonly {
    readonly id: string;
    readonly api: apigateway.RestApi;
    readonly throttle: Throttle;
  }[];
  /**
   * Each table (alarm `<id>Throttled`) with the operations Clearway calls on it: DynamoDB reports
   * ThrottledRequests per operation only, and an alarm's metric math takes at most 10 metrics.
   */
  readonly tables: readonly {
    readonly id: string;
    readonly table: dynamodb.ITable;
    readonly operations: readonly string[];
  }[];
  /** Receives every alarm and its return to OK, as the DLQ alarm does; none when no target is configured. */
  readonly alarmTopic?: sns.ITopic;
  /** Whether these include the account's quotas (one stack of an environment has them); default true. */
  readonly accountQuotas?: boolean;
}

const minute = Duration.minutes(1);

/**
 * Alarms that warn before a capacity limit binds: the account's regional quotas Clearway shares with
 * everything else in the account (KMS RSA request rate, Lambda concurrency, EventBridge PutEvents rate) at
 * `quotas.warnAtPercent` of each, the APIs' stage throttles at the same share, and any throttle a function
 * or table has already met.
 */
export class CapacityAlarms extends Construct {
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: CapacityAlarmsProps) {
    super(scope, id);
    const { config } = props;
    const { quotas } = config;
    const share = quotas.warnAtPercent / 100;
    const percent = `${quotas.warnAtPercent}%`;
    const usage = (service: string, resource: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/Usage',
        metricName: 'CallCount',
        dimensionsMap: { Service: service, Type: 'API', Resource: resource, Class: 'None' },
        statistic: cloudwatch.Stats.SUM,
        period: minute,
      });
    const alarm = (alarmId: string, metric: cloudwatch.IMetric, threshold: number, description: string) => {
      const made = new cloudwatch.Alarm(this, alarmId, {
        alarmDescription: description,
        metric,
        threshold,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      if (props.alarmTopic !== undefined) {
        made.addAlarmAction(new cloudwatchActions.SnsAction(props.alarmTopic));
        made.addOkAction(new cloudwatchActions.SnsAction(props.alarmTopic));
      }
      this.alarms.push(made);
      return made;
    };

    // --- Account quotas --------------------------------------------------------------------------------
    if (props.accountQuotas !== false) {
      alarm(
        'KmsSignRate',
        usage('KMS', 'Sign'),
        quotas.kmsRsaRequestsPerSecond * 60 * share,
        `KMS Sign calls in this account and region reached ${percent} of the RSA cryptographic request rate quota (${quotas.kmsRsaRequestsPerSecond}/s, averaged over a minute). The quota is shared by every RSA key of the account: above it, bank requests and webhook answers fail to sign (ThrottlingException). Find the callers (CloudTrail), then ask for a higher quota in Service Quotas (KMS) and set -c quotaKmsRsaRequestsPerSecond to it.`,
      );
      alarm(
        'EventBridgePutEventsRate',
        usage('EventBridge', 'PutEvents'),
        quotas.eventBridgePutEventsPerSecond * 60 * share,
        `EventBridge PutEvents calls in this account and region reached ${percent} of the assumed PutEvents quota (${quotas.eventBridgePutEventsPerSecond}/s, averaged over a minute; the real value depends on the region). Above it the webhook processor's publications are throttled and webhooks are retried, then dead-lettered. Check the real quota in Service Quotas (EventBridge), ask for more if needed and set -c quotaEventBridgePutEventsPerSecond to it.`,
      );
      alarm(
        'LambdaAccountConcurrency',
        new cloudwatch.Metric({
          namespace: 'AWS/Lambda',
          metricName: 'ClaimedAccountConcurrency',
          statistic: cloudwatch.Stats.MAXIMUM,
          period: minute,
        }),
        quotas.lambdaConcurrentExecutions * share,
        `Lambda concurrency claimed in this account and region reached ${percent} of the concurrent executions quota (${quotas.lambdaConcurrentExecutions}). Above it every function of the account is throttled, Clearway's included (the receiver must answer the bank within 5 s). Find the busy functions (ConcurrentExecutions by function), then ask for a higher quota in Service Quotas (Lambda) and set -c quotaLambdaConcurrentExecutions to it.`,
      );
    }

    // --- API stage throttles ---------------------------------------------------------------------------
    for (const { id: apiId, api, throttle } of props.apis) {
      alarm(
        `${apiId}Throttled`,
        api.deploymentStage.metricCount({ statistic: cloudwatch.Stats.SUM, period: minute }),
        throttle.rateLimit * 60 * share,
        `Requests to ${api.restApiName} reached ${percent} of its stage throttle (${throttle.rateLimit}/s, burst ${throttle.burstLimit}, averaged over a minute). The throttle applies to each method, so this counts every method against one method's limit and warns early. Above it callers get 429 Too Many Requests. Raise the rate and burst in config.ts if the traffic is expected, or find the caller in the access logs.`,
      );
    }

    // --- Throttles already met -------------------------------------------------------------------------
    for (const [functionId, fn] of props.functions) {
      alarm(
        `${functionId}Throttles`,
        fn.metricThrottles({ statistic: cloudwatch.Stats.SUM, period: minute }),
        1,
        `Lambda throttled invocations of ${functionId}: the account's concurrency (or the function's reserved concurrency) is used up. Check LambdaAccountConcurrency and what else runs in the account; ask for a higher Lambda concurrency quota in Service Quotas if Clearway needs it.`,
      );
    }
    for (const { id: tableId, table, operations } of props.tables) {
      // DynamoDB writes ThrottledRequests only when a request is throttled: FILL so one operation's
      // missing data does not hide another's throttles.
      const usingMetrics = Object.fromEntries(
        operations.map((operation) => [
          operation.toLowerCase(),
          new cloudwatch.Metric({
            namespace: 'AWS/DynamoDB',
            metricName: 'ThrottledRequests',
            dimensionsMap: { TableName: table.tableName, Operation: operation },
            statistic: cloudwatch.Stats.SUM,
            period: minute,
          }),
        ]),
      );
      alarm(
        `${tableId}Throttled`,
        new cloudwatch.MathExpression({
          expression: Object.keys(usingMetrics)
            .map((metricId) => `FILL(${metricId}, 0)`)
            .join(' + '),
          usingMetrics,
          label: `Throttled ${operations.join(', ')}`,
          period: minute,
        }),
        1,
        `DynamoDB throttled requests (${operations.join(', ')}) on ${tableId}: an on-demand table's partition or the account's table throughput limit was reached, and the functions retried or failed. Look at the table's consumed capacity and hot keys; ask for higher DynamoDB throughput quotas in Service Quotas if the load is expected.`,
      );
    }
  }
}
