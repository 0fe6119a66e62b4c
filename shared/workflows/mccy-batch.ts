/**
 * The workflow of one scheduled multi-currency batch, as Amazon States Language: the CDK stack deploys this
 * definition and the sandbox runs the very same one (`local/workflows.ts`). Its tasks are Step Functions'
 * own DynamoDB and EventBridge integrations, so it touches only the batch table and the bus, and every
 * change of the batch is one conditional write: a cancel that claimed the batch first keeps it cancelled.
 *
 *   wait until the cancellation deadline -> close the window (Scheduled -> WindowClosed), publish
 *   `MccyCancellationWindowClosed` -> wait until processing -> WindowClosed -> ProcessingDue, publish
 *   `MccyBatchProcessingDue` -> wait until `overdueAt` -> no open transaction: done; else publish
 *   `MccyBatchOverdue` and fail (`BatchOverdue`), which the failed-executions alarm reports.
 *
 * A batch found `Cancelled` at the deadline ends the workflow, and so does one found finished (every
 * transaction final, `FINISHED_BATCH_STATUSES`) at the deadline or the processing time, its webhooks having
 * come first; one found `CancelPending` (a cancel at the bank right now) is looked at again every
 * `CANCEL_RECHECK_SECONDS`, at most `MAX_CANCEL_RECHECKS` times, then the workflow fails (`CancelUnresolved`)
 * for a person to look at. A batch whose outcome is unknown
 * (started on the safe schedule) or that the bank took to process at once has no window of the gateway to
 * close: it goes straight to the settlement check, so its overdue alarm still fires.
 */

import { type BatchStatus, FINISHED_BATCH_STATUSES } from '../mccy-payments/records.js';

/** The input of one execution; every time an ISO instant (UTC, `Z`). */
export interface BatchWorkflowInput {
  batchId: string;
  currency: string;
  receivedAt: string;
  processingAt: string;
  cancellationDeadline: string;
  /** When transactions still open make the batch overdue: processing time plus a configured grace. */
  overdueAt: string;
}

export const MCCY_CANCELLATION_WINDOW_CLOSED = 'MccyCancellationWindowClosed';
export const MCCY_BATCH_PROCESSING_DUE = 'MccyBatchProcessingDue';
export const MCCY_BATCH_OVERDUE = 'MccyBatchOverdue';

/** The error of an execution that ended with transactions still unsettled at `overdueAt`. */
export const BATCH_OVERDUE_ERROR = 'BatchOverdue';
export const CANCEL_UNRESOLVED_ERROR = 'CancelUnresolved';
export const BATCH_STATE_UNEXPECTED_ERROR = 'BatchStateUnexpected';

export const CANCEL_RECHECK_SECONDS = 10;
/** A cancel's bank call ends within the function's timeout (under 30 s): five minutes is ample. */
export const MAX_CANCEL_RECHECKS = 30;

/** The batch statuses the workflow reads or writes (the gateway's records own the full set). */
const STATUS = {
  scheduled: 'Scheduled',
  cancelPending: 'CancelPending',
  cancelled: 'Cancelled',
  windowClosed: 'WindowClosed',
  processingDue: 'ProcessingDue',
  outcomeUnknown: 'OutcomeUnknown',
  processing: 'Processing',
} as const satisfies Record<string, BatchStatus>;

/** A batch every transaction of which is final, its status saying how they ended: nothing is left to wait for. */
const finishedChoices = FINISHED_BATCH_STATUSES.map((status) => ({
  Variable: '$.batch.Item.status.S',
  StringEquals: status,
  Next: status === STATUS.cancelled ? 'BatchCancelled' : 'BatchFinished',
}));

/** A service integration's resource in `partition` (`aws`, `aws-cn`, `aws-us-gov`; a token in the stack). */
export const integrationArn = (partition: string, integration: string) =>
  `arn:${partition}:states:::${integration}`;

/** The integrations as the sandbox runs them, in the `aws` partition. */
export const DYNAMODB_UPDATE_ITEM = integrationArn('aws', 'dynamodb:updateItem');
export const DYNAMODB_GET_ITEM = integrationArn('aws', 'dynamodb:getItem');
export const EVENTS_PUT_EVENTS = integrationArn('aws', 'events:putEvents');

export type AslState = Record<string, unknown> & { Type: string };

export interface AslDefinition {
  Comment: string;
  StartAt: string;
  States: Record<string, AslState>;
}

/** Transient failures of a service integration: a few retries, then the execution fails (and alarms). */
const retryTransient = [
  {
    ErrorEquals: ['DynamoDB.ConditionalCheckFailedException'],
    MaxAttempts: 0,
  },
  { ErrorEquals: ['States.ALL'], IntervalSeconds: 2, BackoffRate: 2, MaxAttempts: 4 },
];

const batchKey = { batchId: { 'S.$': '$.batchId' } };

/** The batch table and its two integrations' resources, as the definition's tasks name them. */
interface TableTarget {
  tableName: string;
  updateItem: string;
  getItem: string;
}

/** The bus and its integration's resource. */
interface BusTarget {
  eventBusName: string;
  putEvents: string;
}

/** One conditional move of the batch's status, recording it in its history at the time the step stands for. */
function moveStatus(
  table: TableTarget,
  from: string,
  to: string,
  atPath: string,
  next: Record<string, unknown>,
): AslState {
  return {
    Type: 'Task',
    Resource: table.updateItem,
    Parameters: {
      TableName: table.tableName,
      Key: batchKey,
      ConditionExpression: '#status = :from',
      UpdateExpression: 'SET #status = :to, #history = list_append(#history, :entry)',
      ExpressionAttributeNames: { '#status': 'status', '#history': 'history' },
      ExpressionAttributeValues: {
        ':from': { S: from },
        ':to': { S: to },
        ':entry': { L: [{ M: { status: { S: to }, at: { 'S.$': atPath } } }] },
      },
    },
    ResultPath: null,
    Retry: retryTransient,
    ...next,
  };
}

/** One `clearway.gateway` event about the batch; consumers deduplicate on `key`. */
function publish(
  bus: BusTarget,
  detailType: string,
  step: string,
  extra: Record<string, string>,
  next: Record<string, unknown>,
): AslState {
  return {
    Type: 'Task',
    Resource: bus.putEvents,
    Parameters: {
      Entries: [
        {
          EventBusName: bus.eventBusName,
          Source: 'clearway.gateway',
          DetailType: detailType,
          Detail: {
            // As `gatewayEventKey` makes it: `<detail-type>:<transitionId>`.
            'key.$': `States.Format('${detailType}:{}:${step}', $.batchId)`,
            'transitionId.$': `States.Format('{}:${step}', $.batchId)`,
            'batchId.$': '$.batchId',
            'currency.$': '$.currency',
            'cancellationDeadline.$': '$.cancellationDeadline',
            'processingAt.$': '$.processingAt',
            ...extra,
          },
        },
      ],
    },
    ResultPath: null,
    Retry: retryTransient.slice(1),
    ...next,
  };
}

function readBatch(table: TableTarget, attribute: string, next: string): AslState {
  return {
    Type: 'Task',
    Resource: table.getItem,
    Parameters: {
      TableName: table.tableName,
      Key: batchKey,
      ConsistentRead: true,
      ProjectionExpression: '#attribute',
      ExpressionAttributeNames: { '#attribute': attribute },
    },
    ResultPath: '$.batch',
    Retry: retryTransient.slice(1),
    Next: next,
  };
}

export function mccyBatchWorkflow(names: {
  tableName: string;
  eventBusName: string;
  /** The partition of the integrations' ARNs: the stack passes its own (`Aws.PARTITION`); `aws` by default. */
  partition?: string;
}): AslDefinition {
  const { tableName, eventBusName, partition = 'aws' } = names;
  const table: TableTarget = {
    tableName,
    updateItem: integrationArn(partition, 'dynamodb:updateItem'),
    getItem: integrationArn(partition, 'dynamodb:getItem'),
  };
  const bus: BusTarget = { eventBusName, putEvents: integrationArn(partition, 'events:putEvents') };
  return {
    Comment: 'One scheduled multi-currency batch: its cancellation window, processing time and settlement.',
    StartAt: 'CountNoRechecks',
    States: {
      CountNoRechecks: {
        Type: 'Pass',
        Result: { count: 0 },
        ResultPath: '$.rechecks',
        Next: 'WaitForCancellationDeadline',
      },
      WaitForCancellationDeadline: {
        Type: 'Wait',
        TimestampPath: '$.cancellationDeadline',
        Next: 'CloseWindow',
      },
      CloseWindow: moveStatus(table, STATUS.scheduled, STATUS.windowClosed, '$.cancellationDeadline', {
        Catch: [
          {
            ErrorEquals: ['DynamoDB.ConditionalCheckFailedException'],
            ResultPath: '$.closeRefused',
            Next: 'ReadStatusAtDeadline',
          },
        ],
        Next: 'PublishWindowClosed',
      }),
      ReadStatusAtDeadline: readBatch(table, 'status', 'StatusAtDeadline'),
      StatusAtDeadline: {
        Type: 'Choice',
        Choices: [
          { Variable: '$.batch.Item.status.S', IsPresent: false, Next: 'UnexpectedBatchState' },
          ...finishedChoices,
          { Variable: '$.batch.Item.status.S', StringEquals: STATUS.cancelPending, Next: 'CountRecheck' },
          {
            Variable: '$.batch.Item.status.S',
            StringEquals: STATUS.outcomeUnknown,
            Next: 'WaitForSettlement',
          },
          { Variable: '$.batch.Item.status.S', StringEquals: STATUS.processing, Next: 'WaitForSettlement' },
        ],
        Default: 'UnexpectedBatchState',
      },
      CountRecheck: {
        Type: 'Pass',
        Parameters: { 'count.$': 'States.MathAdd($.rechecks.count, 1)' },
        ResultPath: '$.rechecks',
        Next: 'RecheckOrGiveUp',
      },
      RecheckOrGiveUp: {
        Type: 'Choice',
        Choices: [
          {
            Variable: '$.rechecks.count',
            NumericGreaterThan: MAX_CANCEL_RECHECKS,
            Next: 'CancelUnresolved',
          },
        ],
        Default: 'WaitForCancelOutcome',
      },
      WaitForCancelOutcome: { Type: 'Wait', Seconds: CANCEL_RECHECK_SECONDS, Next: 'CloseWindow' },
      PublishWindowClosed: publish(
        bus,
        MCCY_CANCELLATION_WINDOW_CLOSED,
        STATUS.windowClosed,
        {},
        {
          Next: 'WaitForProcessing',
        },
      ),
      WaitForProcessing: { Type: 'Wait', TimestampPath: '$.processingAt', Next: 'MarkProcessingDue' },
      MarkProcessingDue: moveStatus(table, STATUS.windowClosed, STATUS.processingDue, '$.processingAt', {
        Catch: [
          {
            ErrorEquals: ['DynamoDB.ConditionalCheckFailedException'],
            ResultPath: '$.processingDueRefused',
            Next: 'ReadStatusAtProcessing',
          },
        ],
        Next: 'PublishProcessingDue',
      }),
      ReadStatusAtProcessing: readBatch(table, 'status', 'StatusAtProcessing'),
      StatusAtProcessing: {
        Type: 'Choice',
        Choices: [
          { Variable: '$.batch.Item.status.S', IsPresent: false, Next: 'UnexpectedBatchState' },
          ...finishedChoices,
        ],
        Default: 'UnexpectedBatchState',
      },
      PublishProcessingDue: publish(
        bus,
        MCCY_BATCH_PROCESSING_DUE,
        STATUS.processingDue,
        {},
        {
          Next: 'WaitForSettlement',
        },
      ),
      WaitForSettlement: { Type: 'Wait', TimestampPath: '$.overdueAt', Next: 'ReadOpenTransactions' },
      ReadOpenTransactions: readBatch(table, 'openTransactions', 'SettledOrOverdue'),
      SettledOrOverdue: {
        Type: 'Choice',
        Choices: [
          { Variable: '$.batch.Item.openTransactions.N', IsPresent: false, Next: 'UnexpectedBatchState' },
          { Variable: '$.batch.Item.openTransactions.N', StringEquals: '0', Next: 'BatchSettled' },
        ],
        Default: 'PublishOverdue',
      },
      PublishOverdue: publish(
        bus,
        MCCY_BATCH_OVERDUE,
        'Overdue',
        { 'overdueAt.$': '$.overdueAt', 'openTransactions.$': '$.batch.Item.openTransactions.N' },
        { Next: 'BatchOverdue' },
      ),
      BatchCancelled: { Type: 'Succeed' },
      BatchSettled: { Type: 'Succeed' },
      BatchFinished: { Type: 'Succeed' },
      BatchOverdue: {
        Type: 'Fail',
        Error: BATCH_OVERDUE_ERROR,
        Cause: 'Transactions of the batch were still unsettled at overdueAt.',
      },
      CancelUnresolved: {
        Type: 'Fail',
        Error: CANCEL_UNRESOLVED_ERROR,
        Cause: 'A cancel stayed at the bank (CancelPending) past every recheck; the bank answer is unknown.',
      },
      UnexpectedBatchState: {
        Type: 'Fail',
        Error: BATCH_STATE_UNEXPECTED_ERROR,
        Cause: 'The batch was missing or in a status the workflow does not move from.',
      },
    },
  };
}
