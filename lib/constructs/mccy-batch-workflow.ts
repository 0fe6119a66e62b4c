import { Aws, Duration, Fn, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as cloudwatchActions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as sns from 'aws-cdk-lib/aws-sns';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { BATCH_OVERDUE_ERROR, mccyBatchWorkflow } from '#shared/workflows/mccy-batch.js';
import type { ClearwayConfig } from '../config.js';
import { metricsNamespace } from './function.js';

export interface MccyBatchWorkflowProps {
  readonly config: ClearwayConfig;
  readonly batchTable: dynamodb.ITable;
  readonly eventBus: events.IEventBus;
  readonly alarmTopic?: sns.ITopic;
}

/**
 * The Standard state machine of scheduled multi-currency batches (`shared/workflows/mccy-batch.ts`), with
 * logs and X-Ray, a role that may only update and read the batch table and put events on the bus, and two
 * alarms: any failed execution, and a batch overdue (read from the execution log by its error name).
 */
export class MccyBatchWorkflow extends Construct {
  readonly stateMachine: sfn.StateMachine;
  readonly failedExecutionsAlarm: cloudwatch.Alarm;
  readonly overdueAlarm: cloudwatch.Alarm;

  constructor(scope: Construct, id: string, props: MccyBatchWorkflowProps) {
    super(scope, id);
    const { config, batchTable, eventBus } = props;
    // Under /aws/vendedlogs/ (Step Functions' log resource policy stays small), unique per stack instance:
    // a retained group of a deleted stack never blocks the stack made again.
    const stackUuid = Fn.select(2, Fn.split('/', Aws.STACK_ID));
    const logGroup = new logs.LogGroup(this, 'Logs', {
      logGroupName: `/aws/vendedlogs/states/${config.prefix}-mccy-batches-${stackUuid}`,
      retention: config.logRetention,
      removalPolicy: config.retainLogs ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    const definition = mccyBatchWorkflow({
      tableName: batchTable.tableName,
      eventBusName: eventBus.eventBusName,
      partition: Aws.PARTITION,
    });
    this.stateMachine = new sfn.StateMachine(this, 'StateMachine', {
      stateMachineName: `${config.prefix}-mccy-batches`,
      stateMachineType: sfn.StateMachineType.STANDARD,
      definitionBody: sfn.DefinitionBody.fromString(Stack.of(this).toJsonString(definition)),
      tracingEnabled: true,
      // Execution data holds batch ids, currencies and times only (no account or amount): kept for audit.
      logs: { destination: logGroup, level: sfn.LogLevel.ALL, includeExecutionData: true },
    });
    this.stateMachine.addToRolePolicy(
      new iam.PolicyStatement({
        sid: 'MoveBatches',
        actions: ['dynamodb:UpdateItem', 'dynamodb:GetItem'],
        resources: [batchTable.tableArn],
      }),
    );
    this.stateMachine.addToRolePolicy(
      new iam.PolicyStatement({
        sid: 'PublishBatchEvents',
        actions: ['events:PutEvents'],
        resources: [eventBus.eventBusArn],
      }),
    );
    Validations.of(this.stateMachine.role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'Step Functions delivers its logs and X-Ray traces only with these account-level actions on "*" (logs:CreateLogDelivery and the like, xray:PutTraceSegments), which CDK adds for the logging and tracing the state machine must have.',
    });

    const alarmTopic = props.alarmTopic;
    const alarm = (alarmId: string, metric: cloudwatch.IMetric, description: string) => {
      const made = new cloudwatch.Alarm(this, alarmId, {
        alarmDescription: description,
        metric,
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      if (alarmTopic !== undefined) {
        made.addAlarmAction(new cloudwatchActions.SnsAction(alarmTopic));
        made.addOkAction(new cloudwatchActions.SnsAction(alarmTopic));
      }
      return made;
    };
    this.failedExecutionsAlarm = alarm(
      'FailedExecutions',
      this.stateMachine.metricFailed({ period: Duration.minutes(5), statistic: 'Sum' }),
      'A multi-currency batch workflow failed: overdue, a cancel left unresolved at the bank, or a batch in an unexpected state. Read the execution.',
    );
    const overdue = new logs.MetricFilter(this, 'OverdueBatchesFilter', {
      logGroup,
      filterPattern: logs.FilterPattern.all(
        logs.FilterPattern.stringValue('$.type', '=', 'ExecutionFailed'),
        logs.FilterPattern.stringValue('$.details.error', '=', BATCH_OVERDUE_ERROR),
      ),
      metricNamespace: metricsNamespace(config),
      metricName: 'MccyBatchesOverdue',
      metricValue: '1',
    });
    this.overdueAlarm = alarm(
      'OverdueBatches',
      overdue.metric({ period: Duration.minutes(5), statistic: 'Sum' }),
      'A multi-currency batch still had unsettled transactions at its overdue time (MccyBatchOverdue was published).',
    );
  }
}
