import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as cloudwatchActions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as sns from 'aws-cdk-lib/aws-sns';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { mccyPaymentsFamily } from '#shared/mccy-payments/family.js';
import { WORKFLOW_NOT_STARTED_METRIC } from '#shared/mccy-payments/track.js';
import { fnNames } from '../catalog.js';
import type { ClearwayConfig } from '../config.js';
import { OUTCOME_CONFLICT_METRIC } from '#shared/gateway/attention.js';
import { metricsNamespace } from './function.js';

export interface OperationsDashboardProps {
  readonly config: ClearwayConfig;
  readonly deadLetterQueue: sqs.IQueue;
  /** The multi-currency batch workflow, when the stack has it: its failed executions are shown. */
  readonly stateMachine?: sfn.IStateMachine;
  /** Receives every alarm and its return to OK; none when no target is configured. */
  readonly alarmTopic?: sns.ITopic;
  /** Alarms made elsewhere shown in the dashboard's alarm status too (the token check's, the workflow's). */
  readonly otherAlarms?: readonly cloudwatch.IAlarm[];
}

const fiveMinutes = Duration.minutes(5);

/** A metric a function writes with Powertools (the environment's namespace, dimension `service` = its `fn` name). */
const serviceMetric = (
  namespace: string,
  service: string,
  metricName: string,
  statistic: string,
  label?: string,
) =>
  new cloudwatch.Metric({
    namespace,
    metricName,
    dimensionsMap: { service },
    statistic,
    period: fiveMinutes,
    ...(label && { label }),
  });

/**
 * A metric summed over every function that writes it (CloudWatch Metrics Insights), so an operation function
 * added to the registry is counted without a change here; alarms accept such a query too.
 */
const acrossFunctions = (namespace: string, metricName: string, label: string) =>
  new cloudwatch.MathExpression({
    expression: `SELECT SUM(${metricName}) FROM SCHEMA("${namespace}", service)`,
    label,
    period: fiveMinutes,
  });

const maxAcrossFunctions = (namespace: string, metricName: string, label: string) =>
  new cloudwatch.MathExpression({
    expression: `SELECT MAX(${metricName}) FROM SCHEMA("${namespace}", service)`,
    label,
    period: fiveMinutes,
  });

/**
 * One CloudWatch dashboard of what an operator of Clearway watches (webhook answers and their latency,
 * rejected and duplicate webhooks, the bank's answers by status family and latency, the DLQ, the batch
 * workflow's failures) and the alarms on them, sent to the configured alarm topic.
 */
export class OperationsDashboard extends Construct {
  readonly dashboard: cloudwatch.Dashboard;
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: OperationsDashboardProps) {
    super(scope, id);
    const { config } = props;
    const namespace = metricsNamespace(config);
    const receiver = (name: string, statistic = cloudwatch.Stats.SUM, label?: string) =>
      serviceMetric(namespace, fnNames.webhookReceiver, name, statistic, label);
    const processor = (name: string, label?: string) =>
      serviceMetric(namespace, fnNames.webhookProcessor, name, cloudwatch.Stats.SUM, label);
    const alarm = (alarmId: string, metric: cloudwatch.IMetric, threshold: number, description: string) => {
      const made = new cloudwatch.Alarm(this, alarmId, {
        alarmDescription: description,
        metric,
        threshold,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      this.alarms.push(withActions(made, props.alarmTopic));
      return made;
    };

    const answerP99 = receiver('WebhookAnswerLatency', cloudwatch.Stats.p(99));
    const bankServerErrors = acrossFunctions(namespace, 'BankAnswers5xx', '5xx');
    const bankSlowest = maxAcrossFunctions(namespace, 'BankAnswerLatency', 'slowest attempt');
    alarm(
      'WebhookAnswersSlow',
      answerP99,
      3_000,
      'The webhook receiver took 3 s or more to answer (p99 over 5 minutes); the bank waits 5 s, then retries and counts the delivery as failed. Look at KMS Sign and SQS SendMessage latency and the receiver cold starts (provisioned concurrency: receiverProvisionedConcurrency).',
    );
    alarm(
      'WebhooksRejected',
      receiver('WebhooksRejected'),
      1,
      "A webhook from the bank's address ranges failed signature verification and was refused: the bank may have rotated its key (put the new PEM in the BankPublicKeys parameter, both during the rotation) or the body was altered on the way.",
    );
    alarm(
      'WebhooksNotQueued',
      receiver('WebhooksNotQueued'),
      1,
      'The receiver could not queue a verified webhook and answered with an error; the bank retries it. Check the webhook queue (SQS) and the receiver role.',
    );
    alarm(
      'BankServerErrors',
      bankServerErrors,
      5,
      'The bank answered 5xx five times or more in 5 minutes (attempts, retries included). Check the bank status page and the operation functions logs (bank answered, status).',
    );
    alarm(
      'BankAnswersSlow',
      bankSlowest,
      10_000,
      'An attempt took 10 s or more for the bank to answer within 5 minutes: callers run into their timeouts and retries. Check the bank status page.',
    );

    alarm(
      'BatchWorkflowNotStarted',
      serviceMetric(
        namespace,
        mccyPaymentsFamily.operationFunction,
        WORKFLOW_NOT_STARTED_METRIC,
        cloudwatch.Stats.SUM,
      ),
      1,
      "A scheduled multi-currency batch was accepted by the bank but its workflow could not be started: its cancellation window is not closed and no overdue alarm can fire for it. The mccy-payments log names the batch; start its execution by hand (name: the batchId) with the batch's schedule.",
    );
    alarm(
      'RecordOutcomeConflict',
      acrossFunctions(namespace, OUTCOME_CONFLICT_METRIC, 'conflicting outcomes'),
      1,
      "The bank reported a final outcome for a payment, batch transaction or trade that the gateway already held as final with another outcome. Both are in the record's history and the log names the key: find out from the bank which is true before anyone acts on either.",
    );

    // --- The dashboard -----------------------------------------------------------------------------------
    const graph = (title: string, left: cloudwatch.IMetric[], width = 8) =>
      new cloudwatch.GraphWidget({ title, left, width, height: 6 });
    const widgets: cloudwatch.IWidget[][] = [
      [
        graph('Webhook answers', [
          receiver('WebhooksReceived', cloudwatch.Stats.SUM, 'received'),
          receiver('WebhooksAccepted', cloudwatch.Stats.SUM, 'accepted'),
          receiver('WebhooksQuarantined', cloudwatch.Stats.SUM, 'quarantined'),
          receiver('WebhooksNotQueued', cloudwatch.Stats.SUM, 'not queued (error answered)'),
        ]),
        graph('Webhook answer latency (ms)', [
          receiver('WebhookAnswerLatency', cloudwatch.Stats.p(50), 'p50'),
          receiver('WebhookAnswerLatency', cloudwatch.Stats.p(99), 'p99'),
        ]),
        graph('Rejected and duplicate webhooks', [
          receiver('WebhooksRejected', cloudwatch.Stats.SUM, 'rejected (bad signature)'),
          processor('WebhooksDuplicate', 'duplicate (dropped)'),
          processor('WebhooksPublished', 'published'),
          processor('WebhooksQuarantined', 'quarantined by the processor'),
        ]),
      ],
      [
        graph('Bank answers by status family', [
          acrossFunctions(namespace, 'BankAnswers2xx', '2xx'),
          acrossFunctions(namespace, 'BankAnswers4xx', '4xx'),
          bankServerErrors,
        ]),
        // Metrics Insights has no percentiles: the slowest and the average attempt over all functions.
        graph('Bank answer latency (ms)', [
          bankSlowest,
          new cloudwatch.MathExpression({
            expression: `SELECT AVG(BankAnswerLatency) FROM SCHEMA("${namespace}", service)`,
            label: 'average attempt',
            period: fiveMinutes,
          }),
        ]),
        graph('Gateway answers by status family', [
          acrossFunctions(namespace, 'status2xx', '2xx'),
          acrossFunctions(namespace, 'status4xx', '4xx'),
          acrossFunctions(namespace, 'status5xx', '5xx'),
        ]),
      ],
      [
        graph('Webhook dead-letter queue depth', [
          props.deadLetterQueue.metricApproximateNumberOfMessagesVisible({
            period: Duration.minutes(1),
            label: 'messages waiting',
          }),
        ]),
        props.stateMachine === undefined
          ? new cloudwatch.TextWidget({
              markdown: 'No multi-currency batch workflow in this stack.',
              width: 8,
              height: 6,
            })
          : graph('Multi-currency batch workflow failures', [
              props.stateMachine.metricFailed({ period: fiveMinutes, statistic: 'Sum', label: 'failed' }),
              props.stateMachine.metricTimedOut({
                period: fiveMinutes,
                statistic: 'Sum',
                label: 'timed out',
              }),
            ]),
        new cloudwatch.AlarmStatusWidget({
          title: 'Alarms',
          alarms: [...this.alarms, ...(props.otherAlarms ?? [])],
          width: 8,
          height: 6,
        }),
      ],
    ];
    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: `${config.prefix}-operations`,
      widgets,
    });
  }
}

export function withActions(alarm: cloudwatch.Alarm, topic: sns.ITopic | undefined): cloudwatch.Alarm {
  if (topic !== undefined) {
    alarm.addAlarmAction(new cloudwatchActions.SnsAction(topic));
    alarm.addOkAction(new cloudwatchActions.SnsAction(topic));
  }
  return alarm;
}

/**
 * The alarm of a scheduled function that failed at least once in `period` (its log says why): without it a
 * broken check would stay silent.
 */
export function failedRunsAlarm(
  scope: Construct,
  id: string,
  fn: lambda.IFunction,
  period: Duration,
  description: string,
  topic: sns.ITopic | undefined,
): cloudwatch.Alarm {
  return withActions(
    new cloudwatch.Alarm(scope, id, {
      alarmDescription: description,
      metric: fn.metricErrors({ period, statistic: cloudwatch.Stats.SUM }),
      threshold: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    }),
    topic,
  );
}
