import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as sns from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { ENV } from '#shared/config/function-environment.js';
import { RECORDS_NEEDING_ATTENTION } from '#shared/gateway/attention-sweep.js';
import { fnNames } from '../catalog.js';
import type { ClearwayFunction } from './function.js';
import { failedRunsAlarm, withActions } from './operations-dashboard.js';

export interface AttentionSweepProps {
  /** The `attention-sweep` function, made by the stack like every other. */
  readonly sweep: ClearwayFunction;
  readonly attentionTable: dynamodb.ITable;
  /** Minutes an item may wait for the bank's word before it counts. */
  readonly afterMinutes: number;
  readonly alarmTopic?: sns.ITopic;
}

/** How often the sweep runs. */
const EVERY = Duration.minutes(15);

/**
 * The sweep of records that wait for the bank's word (an unknown outcome, a pending cancel, an event not
 * yet published): a schedule, a role that may read the attention table (what the families publish again
 * is granted by the stack, from their definitions),
 * an alarm while any has waited longer than its bound, and one when the sweep itself fails (otherwise the
 * first would stay silent).
 */
export class AttentionSweep extends Construct {
  readonly overdueAlarm: cloudwatch.Alarm;
  readonly failedAlarm: cloudwatch.Alarm;

  constructor(scope: Construct, id: string, props: AttentionSweepProps) {
    super(scope, id);
    const { sweep, attentionTable } = props;
    sweep.function.addEnvironment(ENV.attentionTable, attentionTable.tableName);
    sweep.function.addEnvironment(ENV.attentionAfterMinutes, String(props.afterMinutes));
    sweep.addToRolePolicy(
      new iam.PolicyStatement({
        // Scan to read it; put and delete as a batch's events are published again (or fail again).
        sid: 'TheAttentionList',
        actions: ['dynamodb:Scan', 'dynamodb:PutItem', 'dynamodb:DeleteItem'],
        resources: [attentionTable.tableArn],
      }),
    );
    new events.Rule(this, 'Schedule', {
      description: 'Counts the records left too long without the bank’s word',
      schedule: events.Schedule.rate(EVERY),
      targets: [new targets.LambdaFunction(sweep.function, { retryAttempts: 2 })],
    });
    this.overdueAlarm = withActions(
      new cloudwatch.Alarm(this, 'RecordsNeedAttention', {
        alarmDescription: `A payment, batch or trade has waited more than ${props.afterMinutes} minutes for the bank's word (an outcome unknown after a lost answer, a cancel pending, an event not published). The sweep's log names each (kind, id, reason, since, where to read it): read it back from the bank and act on it.`,
        metric: new cloudwatch.Metric({
          namespace: sweep.metricsNamespace,
          metricName: RECORDS_NEEDING_ATTENTION,
          dimensionsMap: { service: fnNames.attentionSweep },
          statistic: cloudwatch.Stats.MAXIMUM,
          period: EVERY,
        }),
        threshold: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }),
      props.alarmTopic,
    );
    this.failedAlarm = failedRunsAlarm(
      this,
      'SweepFailed',
      sweep.function,
      Duration.hours(1),
      'The attention sweep failed (its log says why): records waiting for the bank are not being watched.',
      props.alarmTopic,
    );
  }
}
