import { Aws, CfnOutput, Duration, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as lambdaEventSources from 'aws-cdk-lib/aws-lambda-event-sources';
import * as ssm from 'aws-cdk-lib/aws-ssm';
import type { Construct } from 'constructs';
import { ENV } from '#shared/config/function-environment.js';
import { DEFAULT_ATTENTION_AFTER_MINUTES } from '#shared/gateway/attention-sweep.js';
import { BODY_KEY_PREFIX } from '#shared/webhooks/queue-message.js';
import {
  fnNames,
  functionRoleName,
  internalRoutes,
  operationFunctionNames,
  statementBucketName,
  webhookBodyBucketName,
} from './catalog.js';
import type { ClearwayConfig } from './config.js';
import { ApiGatewayAccountLogging } from './constructs/api-logging.js';
import { AttentionSweep } from './constructs/attention-sweep.js';
import { CapacityAlarms } from './constructs/capacity-alarms.js';
import { ClearwayFunction } from './constructs/function.js';
import { InternalApi } from './constructs/internal-api.js';
import { MccyBatchWorkflow } from './constructs/mccy-batch-workflow.js';
import { OperationsDashboard } from './constructs/operations-dashboard.js';
import { TokenExpiryCheck } from './constructs/token-expiry-check.js';
import { WebhookApi } from './constructs/webhook-api.js';
import { bankPublicKeysParameterName, type StatefulStack, signingAlgorithm } from './stateful-stack.js';

/**
 * The item operations each table serves (granted below, watched for throttling by the capacity alarms).
 * Powertools idempotency gets, conditionally puts, updates on completion and deletes on failure; the
 * attempt log next to it is one conditional put per keyed request. The inbox claim is one conditional put,
 * publication and release are updates; nothing is deleted.
 */
const idempotencyOperations = ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'];
const inboxOperations = ['GetItem', 'PutItem', 'UpdateItem'];
/** Trackers and hooks raise an item (a conditional put) and clear it (a delete); the sweep scans. */
const attentionOperations = ['PutItem', 'DeleteItem', 'Scan'];

export interface StatelessStackProps extends StackProps {
  readonly config: ClearwayConfig;
  readonly stateful: StatefulStack;
}

/**
 * What can be replaced at any time: the functions, their roles and the two APIs. Every grant is written
 * out here, on the function's own role, by name of action and resource; nothing here changes a resource
 * policy of the stateful stack (that would point the dependency the wrong way).
 */
export class StatelessStack extends Stack {
  /** Every function by its `fn` name. */
  readonly functions = new Map<string, ClearwayFunction>();
  readonly internalApi: InternalApi;
  readonly webhookApi: WebhookApi;

  constructor(scope: Construct, id: string, props: StatelessStackProps) {
    super(scope, id, props);
    const { config, stateful } = props;
    const make = (
      name: string,
      description: string,
      size: { memorySize: number; timeoutSeconds: number },
      environment: Record<string, string>,
    ): ClearwayFunction => {
      const made = new ClearwayFunction(this, pascalCase(name), {
        config,
        name,
        roleName: functionRoleName(config, name),
        description,
        memorySize: size.memorySize,
        timeout: Duration.seconds(size.timeoutSeconds),
        environment,
      });
      this.functions.set(name, made);
      return made;
    };

    // Statements shared by the grants below.
    const sign = new iam.PolicyStatement({
      sid: 'SignWithTheInstitutionKey',
      actions: ['kms:Sign'],
      resources: [stateful.signingKeyArn],
      conditions: { StringEquals: { 'kms:SigningAlgorithm': signingAlgorithm, 'kms:MessageType': 'DIGEST' } },
    });
    const quarantine = new iam.PolicyStatement({
      sid: 'QuarantineWebhooks',
      actions: ['sqs:SendMessage'],
      resources: [stateful.webhookDeadLetterQueue.queueArn],
    });
    // By the bucket's fixed name (catalog.ts), on the keys Clearway writes: `sha256/<digest of the body>`.
    const bodyBucketName = webhookBodyBucketName(config);
    const bodyObjects = (sid: string, action: string) =>
      new iam.PolicyStatement({
        sid,
        actions: [action],
        resources: [`arn:${Aws.PARTITION}:s3:::${bodyBucketName}/${BODY_KEY_PREFIX}*`],
      });
    const bodyObjectsFinding = `arn:<AWS::Partition>:s3:::${webhookBodyBucketName(config, '<AWS::AccountId>', '<AWS::Region>')}/${BODY_KEY_PREFIX}*`;
    const acknowledgeBodyObjects = (made: ClearwayFunction, what: string) =>
      Validations.of(made.role).acknowledge({
        id: `AwsSolutions-IAM5[Resource::${bodyObjectsFinding}]`,
        reason: `${what}: object keys are the SHA-256 of each body, unknown until it arrives, so the grant names the bucket's ${BODY_KEY_PREFIX} prefix, the only keys Clearway writes.`,
      });
    const itemStatement = (sid: string, tableArn: string, actions: readonly string[]) =>
      new iam.PolicyStatement({
        sid,
        actions: actions.map((action) => `dynamodb:${action}`),
        resources: [tableArn],
      });

    // --- Operation functions: one per `fn` of the operation registry -------------------------------------
    for (const name of operationFunctionNames()) {
      const made = make(
        name,
        `Clearway ${config.envName}: bank operations served by ${name}`,
        config.operationFunction,
        {
          [ENV.bankBaseUrl]: config.bankBaseUrl,
          [ENV.apiTokenSecretId]: stateful.apiTokenSecret.secretArn,
          [ENV.signingKeyId]: stateful.signingKeyArn,
          [ENV.idempotencyTable]: stateful.idempotencyTable.tableName,
          [ENV.overdraftAgreement]: String(config.overdraftAgreement),
          [ENV.pathSignature]: String(config.pathSignature),
          [ENV.environment]: config.envName,
        },
      );
      made.addToRolePolicy(sign);
      made.addToRolePolicy(
        new iam.PolicyStatement({
          sid: 'ReadTheApiToken',
          actions: ['secretsmanager:GetSecretValue', 'secretsmanager:DescribeSecret'],
          resources: [stateful.apiTokenSecret.secretArn],
        }),
      );
      made.addToRolePolicy(
        itemStatement('IdempotencyRecords', stateful.idempotencyTable.tableArn, idempotencyOperations),
      );
    }

    // Trackers and hooks raise an attention item (one conditional put) when a record waits for the bank's
    // word, and delete it when the bank's word moves the record on.
    const watchAttention = (made: ClearwayFunction) => {
      made.function.addEnvironment(ENV.attentionTable, stateful.attentionTable.tableName);
      made.addToRolePolicy(
        itemStatement('RaiseAndClearAttention', stateful.attentionTable.tableArn, ['PutItem', 'DeleteItem']),
      );
    };

    // --- Payments: the operation function keeps the records, the processor moves them on webhooks -------
    // The `payments` function exists once the payments operations are in the registry.
    const paymentsFunction = this.functions.get(fnNames.payments);
    if (paymentsFunction !== undefined) {
      watchAttention(paymentsFunction);
      paymentsFunction.function.addEnvironment(ENV.paymentsTable, stateful.paymentsTable.tableName);
      paymentsFunction.function.addEnvironment(ENV.eventBusName, stateful.eventBus.eventBusName);
      // Claims are conditional puts, transitions conditional puts after a read; nothing is deleted.
      paymentsFunction.addToRolePolicy(
        itemStatement('PaymentRecords', stateful.paymentsTable.tableArn, [
          'GetItem',
          'PutItem',
          'UpdateItem',
        ]),
      );
      paymentsFunction.addToRolePolicy(
        new iam.PolicyStatement({
          sid: 'PublishPaymentEvents',
          actions: ['events:PutEvents'],
          resources: [stateful.eventBus.eventBusArn],
        }),
      );
      // On claim, each payment reads the name check of its end-to-end id; the policy decides what it does.
      paymentsFunction.function.addEnvironment(ENV.nameChecksTable, stateful.nameChecksTable.tableName);
      paymentsFunction.function.addEnvironment(ENV.nameCheckPolicy, config.nameChecks.policy.mode);
      const requireAbove =
        config.nameChecks.policy.mode === 'refuse-no-match'
          ? config.nameChecks.policy.requireAbove
          : undefined;
      if (requireAbove !== undefined)
        paymentsFunction.function.addEnvironment(ENV.nameCheckRequireAbove, requireAbove);
      paymentsFunction.addToRolePolicy(
        itemStatement('ReadNameChecks', stateful.nameChecksTable.tableArn, ['GetItem']),
      );
    }

    // --- FX: the operation function keeps quotes and claims executions, the processor moves trades ------
    // The `fx` function exists once the FX operations are in the registry.
    const fxFunction = this.functions.get(fnNames.fx);
    if (fxFunction !== undefined) {
      watchAttention(fxFunction);
      fxFunction.function.addEnvironment(ENV.fxTable, stateful.fxTable.tableName);
      fxFunction.function.addEnvironment(ENV.eventBusName, stateful.eventBus.eventBusName);
      // Every write is a conditional UpdateItem (quote stored, claimed, released; order trade created): no Put.
      fxFunction.addToRolePolicy(
        itemStatement('FxRecords', stateful.fxTable.tableArn, ['GetItem', 'UpdateItem']),
      );
      fxFunction.addToRolePolicy(
        new iam.PolicyStatement({
          sid: 'PublishFxEvents',
          actions: ['events:PutEvents'],
          resources: [stateful.eventBus.eventBusArn],
        }),
      );
    }

    // --- Multi-currency payments: the operation function keeps batches and claims cancels ----------------
    // The `mccy-payments` function exists once the multi-currency payment operations are in the registry.
    const mccyPaymentsFunction = this.functions.get(fnNames.mccyPayments);
    let batchWorkflow: MccyBatchWorkflow | undefined;
    if (mccyPaymentsFunction !== undefined) {
      watchAttention(mccyPaymentsFunction);
      // One execution per scheduled batch; it touches only the batch table and the bus.
      batchWorkflow = new MccyBatchWorkflow(this, 'MccyBatchWorkflow', {
        config,
        batchTable: stateful.mccyBatchesTable,
        eventBus: stateful.eventBus,
        ...(stateful.alarmTopic === undefined ? {} : { alarmTopic: stateful.alarmTopic }),
      });
      mccyPaymentsFunction.function.addEnvironment(
        ENV.mccyBatchWorkflowArn,
        batchWorkflow.stateMachine.stateMachineArn,
      );
      mccyPaymentsFunction.function.addEnvironment(
        ENV.mccyOverdueAfterMinutes,
        String(config.mccyOverdueAfterMinutes),
      );
      mccyPaymentsFunction.addToRolePolicy(
        new iam.PolicyStatement({
          sid: 'StartBatchWorkflows',
          actions: ['states:StartExecution'],
          resources: [batchWorkflow.stateMachine.stateMachineArn],
        }),
      );
      mccyPaymentsFunction.function.addEnvironment(ENV.mccyBatchesTable, stateful.mccyBatchesTable.tableName);
      mccyPaymentsFunction.function.addEnvironment(ENV.eventBusName, stateful.eventBus.eventBusName);
      // Every write is a conditional UpdateItem (batch claimed, accepted, cancel claimed and finished): no Put.
      mccyPaymentsFunction.addToRolePolicy(
        itemStatement('MccyBatches', stateful.mccyBatchesTable.tableArn, ['GetItem', 'UpdateItem']),
      );
      mccyPaymentsFunction.addToRolePolicy(
        new iam.PolicyStatement({
          sid: 'PublishMccyEvents',
          actions: ['events:PutEvents'],
          resources: [stateful.eventBus.eventBusArn],
        }),
      );
    }

    // --- Name checks: the operation function records each outcome by end-to-end id ----------------------
    // The `name-checks` function exists once the name-check operations are in the registry.
    const nameChecksFunction = this.functions.get(fnNames.nameChecks);
    if (nameChecksFunction !== undefined) {
      nameChecksFunction.function.addEnvironment(ENV.nameChecksTable, stateful.nameChecksTable.tableName);
      nameChecksFunction.function.addEnvironment(ENV.nameCheckTtlHours, String(config.nameChecks.ttlHours));
      // One unconditional put per check: the latest check of an end-to-end id wins.
      nameChecksFunction.addToRolePolicy(
        itemStatement('RecordNameChecks', stateful.nameChecksTable.tableArn, ['PutItem']),
      );
    }

    // --- GET /gateway/payments/{endToEndId} --------------------------------------------------------------
    const paymentsReader = make(
      fnNames.gatewayPayments,
      `Clearway ${config.envName}: serves the gateway's payment records`,
      config.operationFunction,
      { [ENV.paymentsTable]: stateful.paymentsTable.tableName },
    );
    paymentsReader.addToRolePolicy(
      itemStatement('ReadPaymentRecords', stateful.paymentsTable.tableArn, ['GetItem']),
    );

    // --- GET /gateway/fx/quotes/{quoteId}, GET /gateway/fx/trades/{endToEndId} ----------------------------
    const fxReader = make(
      fnNames.gatewayFx,
      `Clearway ${config.envName}: serves the gateway's FX quotes and trades`,
      config.operationFunction,
      { [ENV.fxTable]: stateful.fxTable.tableName },
    );
    fxReader.addToRolePolicy(itemStatement('ReadFxRecords', stateful.fxTable.tableArn, ['GetItem']));

    // --- GET /gateway/mccy/batches/{batchId} -------------------------------------------------------------
    const mccyReader = make(
      fnNames.gatewayMccy,
      `Clearway ${config.envName}: serves the gateway's multi-currency payment batches`,
      config.operationFunction,
      { [ENV.mccyBatchesTable]: stateful.mccyBatchesTable.tableName },
    );
    mccyReader.addToRolePolicy(
      itemStatement('ReadMccyBatches', stateful.mccyBatchesTable.tableArn, ['GetItem']),
    );

    // --- GET /gateway/name-checks/{endToEndId} -----------------------------------------------------------
    const nameChecksReader = make(
      fnNames.gatewayNameChecks,
      `Clearway ${config.envName}: serves the gateway's payee name-check outcomes`,
      config.operationFunction,
      { [ENV.nameChecksTable]: stateful.nameChecksTable.tableName },
    );
    nameChecksReader.addToRolePolicy(
      itemStatement('ReadNameChecks', stateful.nameChecksTable.tableArn, ['GetItem']),
    );

    // --- GET /gateway/signing-key ------------------------------------------------------------------------
    const signingKeyFunction = make(
      fnNames.gatewaySigningKey,
      `Clearway ${config.envName}: serves the institution's public signing key`,
      config.operationFunction,
      { [ENV.signingKeyId]: stateful.signingKeyArn },
    );
    signingKeyFunction.addToRolePolicy(
      new iam.PolicyStatement({
        sid: 'ReadThePublicKey',
        actions: ['kms:GetPublicKey'],
        resources: [stateful.signingKeyArn],
      }),
    );

    // --- Webhook receiver --------------------------------------------------------------------------------
    const receiver = make(
      fnNames.webhookReceiver,
      `Clearway ${config.envName}: verifies, queues and answers the bank's webhooks`,
      config.receiver,
      {
        [ENV.signingKeyId]: stateful.signingKeyArn,
        [ENV.webhookQueueUrl]: stateful.webhookQueue.queueUrl,
        [ENV.webhookDeadLetterQueueUrl]: stateful.webhookDeadLetterQueue.queueUrl,
        [ENV.webhookBodyBucket]: bodyBucketName,
        [ENV.bankPublicKeysParameter]: stateful.bankPublicKeysParameter.parameterName,
        // Resolved by CloudFormation at each deploy: the keys verify with no SSM client on a cold start.
        [ENV.bankPublicKeys]: ssm.StringParameter.valueForStringParameter(
          this,
          bankPublicKeysParameterName(config),
        ),
      },
    );
    receiver.addToRolePolicy(sign);
    receiver.addToRolePolicy(
      new iam.PolicyStatement({
        sid: 'QueueWebhooks',
        actions: ['sqs:SendMessage'],
        resources: [stateful.webhookQueue.queueArn],
      }),
    );
    receiver.addToRolePolicy(quarantine);
    receiver.addToRolePolicy(bodyObjects('StoreLargeWebhookBodies', 's3:PutObject'));
    acknowledgeBodyObjects(receiver, 'The receiver stores bodies too large for a queue message');
    receiver.addToRolePolicy(
      new iam.PolicyStatement({
        sid: 'ReadTheBankPublicKeys',
        actions: ['ssm:GetParameter'],
        resources: [stateful.bankPublicKeysParameter.parameterArn],
      }),
    );
    let receiverTarget: lambda.IFunction = receiver.function;
    if (config.receiver.provisionedConcurrency > 0) {
      // Keeps instances initialised (keys loaded, clients connected) so a cold start cannot break the 5 s.
      receiverTarget = new lambda.Alias(this, 'WebhookReceiverLive', {
        aliasName: 'live',
        version: receiver.function.currentVersion,
        provisionedConcurrentExecutions: config.receiver.provisionedConcurrency,
      });
    }

    // --- Webhook processor -------------------------------------------------------------------------------
    const processor = make(
      fnNames.webhookProcessor,
      `Clearway ${config.envName}: deduplicates queued webhooks and publishes them as events`,
      config.processor,
      {
        [ENV.inboxTable]: stateful.inboxTable.tableName,
        [ENV.paymentsTable]: stateful.paymentsTable.tableName,
        [ENV.fxTable]: stateful.fxTable.tableName,
        [ENV.mccyBatchesTable]: stateful.mccyBatchesTable.tableName,
        [ENV.eventBusName]: stateful.eventBus.eventBusName,
        [ENV.webhookDeadLetterQueueUrl]: stateful.webhookDeadLetterQueue.queueUrl,
        [ENV.webhookBodyBucket]: bodyBucketName,
        // Statements: the bucket they are kept in, and the bank whose host alone their links may name.
        [ENV.statementBucket]: statementBucketName(config),
        [ENV.bankBaseUrl]: config.bankBaseUrl,
      },
    );
    watchAttention(processor);
    processor.addToRolePolicy(quarantine);
    processor.addToRolePolicy(
      new iam.PolicyStatement({
        sid: 'KeepStatements',
        actions: ['s3:PutObject'],
        resources: [`arn:${Aws.PARTITION}:s3:::${statementBucketName(config)}/*`],
      }),
    );
    Validations.of(processor.role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::${statementBucketName(config, '<AWS::AccountId>', '<AWS::Region>')}/*]`,
      reason:
        'The processor keeps each statement under a key made of its account, period and currency, known only when the webhook arrives; it may only put objects in the statements bucket, never read or delete them.',
    });
    processor.addToRolePolicy(bodyObjects('ReadLargeWebhookBodies', 's3:GetObject'));
    acknowledgeBodyObjects(processor, 'The processor reads back the bodies the receiver stored');
    processor.addToRolePolicy(itemStatement('WebhookInbox', stateful.inboxTable.tableArn, inboxOperations));
    processor.addToRolePolicy(
      itemStatement('PaymentRecords', stateful.paymentsTable.tableArn, ['GetItem', 'PutItem', 'UpdateItem']),
    );
    // Trades move by conditional UpdateItem after a read.
    processor.addToRolePolicy(
      itemStatement('FxTradeRecords', stateful.fxTable.tableArn, ['GetItem', 'UpdateItem']),
    );
    // Batch transactions move by conditional UpdateItem after a read.
    processor.addToRolePolicy(
      itemStatement('MccyBatchTransactions', stateful.mccyBatchesTable.tableArn, ['GetItem', 'UpdateItem']),
    );
    processor.addToRolePolicy(
      new iam.PolicyStatement({
        sid: 'PublishBankEvents',
        actions: ['events:PutEvents'],
        resources: [stateful.eventBus.eventBusArn],
      }),
    );
    // Adds sqs:ReceiveMessage, DeleteMessage, ChangeMessageVisibility, GetQueueAttributes, GetQueueUrl on
    // this queue only.
    processor.function.addEventSource(
      new lambdaEventSources.SqsEventSource(stateful.webhookQueue, {
        batchSize: config.processor.batchSize,
        reportBatchItemFailures: true,
      }),
    );

    // --- The daily API token expiry check (no route: scheduled) -----------------------------------------
    const tokenCheck = new TokenExpiryCheck(this, 'TokenExpiry', {
      check: make(
        fnNames.tokenExpiryCheck,
        `Clearway ${config.envName}: warns before the bank API token expires`,
        { memorySize: 256, timeoutSeconds: 30 },
        {},
      ),
      apiTokenSecret: stateful.apiTokenSecret,
      eventBus: stateful.eventBus,
      ...(stateful.alarmTopic === undefined ? {} : { alarmTopic: stateful.alarmTopic }),
    });

    // --- The sweep of records waiting for the bank's word (no route: scheduled) ---------------------------
    const attentionSweep = new AttentionSweep(this, 'Attention', {
      sweep: make(
        fnNames.attentionSweep,
        `Clearway ${config.envName}: counts the records left too long without the bank's word`,
        { memorySize: 256, timeoutSeconds: 60 },
        {},
      ),
      attentionTable: stateful.attentionTable,
      mccyBatchesTable: stateful.mccyBatchesTable,
      eventBus: stateful.eventBus,
      afterMinutes: DEFAULT_ATTENTION_AFTER_MINUTES,
      ...(stateful.alarmTopic === undefined ? {} : { alarmTopic: stateful.alarmTopic }),
    });

    // --- APIs --------------------------------------------------------------------------------------------
    const handlers = new Map<string, lambda.IFunction>(
      [...this.functions].map(([name, made]) => [name, made.function] as const),
    );
    this.internalApi = new InternalApi(this, 'InternalApi', { config, routes: internalRoutes(), handlers });
    this.webhookApi = new WebhookApi(this, 'WebhookApi', { config, receiver: receiverTarget });
    if (config.apiGatewayCloudWatchRole) {
      const logging = new ApiGatewayAccountLogging(this, 'ApiGatewayAccount');
      // Execution logging fails to deploy until the account setting names a role.
      this.internalApi.api.deploymentStage.node.addDependency(logging.account);
      this.webhookApi.api.deploymentStage.node.addDependency(logging.account);
    }

    // --- Capacity alarms ---------------------------------------------------------------------------------
    new CapacityAlarms(this, 'CapacityAlarms', {
      config,
      functions: new Map([...this.functions.values()].map((made) => [made.node.id, made.function] as const)),
      apis: [
        { id: 'InternalApi', api: this.internalApi.api, throttle: config.internalApi.throttle },
        { id: 'WebhookApi', api: this.webhookApi.api, throttle: config.webhookApi.throttle },
      ],
      tables: [
        { id: 'IdempotencyTable', table: stateful.idempotencyTable, operations: idempotencyOperations },
        { id: 'WebhookInboxTable', table: stateful.inboxTable, operations: inboxOperations },
        {
          id: 'PaymentsTable',
          table: stateful.paymentsTable,
          operations: ['GetItem', 'PutItem', 'UpdateItem'],
        },
        { id: 'NameChecksTable', table: stateful.nameChecksTable, operations: ['GetItem', 'PutItem'] },
        { id: 'FxTable', table: stateful.fxTable, operations: ['GetItem', 'UpdateItem'] },
        { id: 'MccyBatchesTable', table: stateful.mccyBatchesTable, operations: ['GetItem', 'UpdateItem'] },
        { id: 'AttentionTable', table: stateful.attentionTable, operations: attentionOperations },
      ],
      ...(stateful.alarmTopic === undefined ? {} : { alarmTopic: stateful.alarmTopic }),
    });

    // --- The operations dashboard and its alarms ----------------------------------------------------------
    new OperationsDashboard(this, 'Operations', {
      config,
      deadLetterQueue: stateful.webhookDeadLetterQueue,
      ...(batchWorkflow === undefined ? {} : { stateMachine: batchWorkflow.stateMachine }),
      ...(stateful.alarmTopic === undefined ? {} : { alarmTopic: stateful.alarmTopic }),
      otherAlarms: [
        tokenCheck.daysLeftAlarm,
        tokenCheck.failedAlarm,
        attentionSweep.overdueAlarm,
        attentionSweep.failedAlarm,
        ...(batchWorkflow === undefined
          ? []
          : [batchWorkflow.failedExecutionsAlarm, batchWorkflow.overdueAlarm]),
      ],
    });

    new CfnOutput(this, 'InternalApiUrlOutput', { key: 'InternalApiUrl', value: this.internalApi.api.url });
    new CfnOutput(this, 'WebhookUrlOutput', {
      key: 'WebhookUrl',
      value: this.webhookApi.api.urlForPath('/webhooks'),
    });
  }
}

function pascalCase(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter((part) => part !== '')
    .map((part) => part[0]?.toUpperCase() + part.slice(1))
    .join('');
}
