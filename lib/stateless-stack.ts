import { Aws, CfnOutput, Duration, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import type { CfnAccount } from 'aws-cdk-lib/aws-apigateway';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as lambdaEventSources from 'aws-cdk-lib/aws-lambda-event-sources';
import * as ssm from 'aws-cdk-lib/aws-ssm';
import type { Construct } from 'constructs';
import { ENV, type EnvName } from '#shared/config/function-environment.js';
import {
  attentionTable as attentionTableDefinition,
  idempotencyTable,
  type TableDefinition,
  webhookInboxTable,
} from '#shared/config/tables.js';
import { mccyBatchesTable } from '#shared/mccy-payments/table.js';
import {
  FAMILY_ROLES,
  type FamilyDefinition,
  type FamilyRole,
  type ItemAction,
  type TableAccess,
} from '#shared/families/definition.js';
import { families, tables as tableDefinitions } from '#shared/families/index.js';
import { mccyPaymentsFamily } from '#shared/mccy-payments/family.js';
import { nameCheckVariables } from '#shared/name-checks/policy.js';
import { DEFAULT_ATTENTION_AFTER_MINUTES } from '#shared/gateway/attention-sweep.js';
import { BODY_KEY_PREFIX } from '#shared/webhooks/queue-message.js';
import {
  fnNames,
  pascalCase,
  functionRoleName,
  operationFunctionNames,
  statementBucketName,
  trackingFunctionNames,
  webhookBodyBucketName,
} from './catalog.js';
import { type ClearwayConfig, concurrencyPlan } from './config.js';
import { ApiGatewayAccountLogging } from './constructs/api-logging.js';
import { AttentionSweep } from './constructs/attention-sweep.js';
import { CapacityAlarms } from './constructs/capacity-alarms.js';
import { ClearwayFunction } from './constructs/function.js';
import { MccyBatchWorkflow } from './constructs/mccy-batch-workflow.js';
import { OperationsDashboard } from './constructs/operations-dashboard.js';
import { TokenExpiryCheck } from './constructs/token-expiry-check.js';
import { WebhookApi } from './constructs/webhook-api.js';
import { bankPublicKeysParameterName, type StatefulStack, signingAlgorithm } from './stateful-stack.js';

/**
 * The item operations each table serves (granted below, watched for throttling by the capacity alarms).
 * Powertools idempotency gets, conditionally puts, updates on completion and deletes on failure; the
 * attempt log next to it is one UpdateItem per keyed request. The inbox claim is one conditional put,
 * publication and release are updates; nothing is deleted.
 */
const idempotencyOperations = ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'];
const inboxOperations = ['GetItem', 'PutItem', 'UpdateItem'];
/** Trackers and hooks raise an item (a conditional put) and clear it (a delete); the sweep scans. */
const attentionOperations = ['PutItem', 'DeleteItem', 'Scan'];
/** The item actions on the tables that are no family's, by table name (the families' come from them). */
const ownOperations: Readonly<Record<string, readonly string[]>> = {
  [idempotencyTable.name]: idempotencyOperations,
  [webhookInboxTable.name]: inboxOperations,
  [attentionTableDefinition.name]: attentionOperations,
};

/** Values of the families' settings (`FamilyDefinition.settings`) from an environment's configuration. */
function settingValues(config: ClearwayConfig): Partial<Record<EnvName, string>> {
  return {
    ...nameCheckVariables(config.nameChecks),
    [ENV.mccyOverdueAfterMinutes]: String(config.mccyOverdueAfterMinutes),
  };
}

/** What `role` does to each table across `served` families: one entry per table, its actions merged. */
function tableAccess(served: readonly FamilyDefinition[], role: FamilyRole): TableAccess[] {
  const byTable = new Map<string, { table: TableDefinition; actions: Set<ItemAction> }>();
  for (const { table, actions } of served.flatMap((family) => family.access[role] ?? [])) {
    const entry = byTable.get(table.name) ?? { table, actions: new Set<ItemAction>() };
    for (const action of actions) entry.actions.add(action);
    byTable.set(table.name, entry);
  }
  return [...byTable.values()].map(({ table, actions }) => ({ table, actions: [...actions].sort() }));
}

export interface StatelessStackProps extends StackProps {
  readonly config: ClearwayConfig;
  readonly stateful: StatefulStack;
}

/**
 * What can be replaced at any time: the functions, their roles and the webhook API. Every grant is written
 * out here, on the function's own role, by name of action and resource; nothing here changes a resource
 * policy of the stateful stack (that would point the dependency the wrong way).
 */
export class StatelessStack extends Stack {
  /** Every function by its `fn` name. */
  readonly functions = new Map<string, ClearwayFunction>();
  /** The region's API Gateway logging setting, when this environment owns it (`apiGatewayCloudWatchRole`). */
  readonly apiGatewayAccount?: CfnAccount;
  readonly webhookApi: WebhookApi;

  constructor(scope: Construct, id: string, props: StatelessStackProps) {
    super(scope, id, props);
    const { config, stateful } = props;
    const concurrency = concurrencyPlan(config, operationFunctionNames().length);
    const make = (
      name: string,
      description: string,
      size: { memorySize: number; timeoutSeconds: number },
      environment: Record<string, string>,
      reservedConcurrency?: number,
    ): ClearwayFunction => {
      const made = new ClearwayFunction(this, pascalCase(name), {
        config,
        name,
        roleName: functionRoleName(config, name),
        description,
        memorySize: size.memorySize,
        timeout: Duration.seconds(size.timeoutSeconds),
        environment,
        ...(reservedConcurrency !== undefined && { reservedConcurrency }),
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
          [ENV.idempotencyTable]: stateful.tableOf(idempotencyTable).tableName,
          [ENV.overdraftAgreement]: String(config.overdraftAgreement),
          [ENV.pathSignature]: String(config.pathSignature),
          [ENV.environment]: config.envName,
        },
        concurrency.perOperationFunction,
      );
      made.addToRolePolicy(sign);
      made.addToRolePolicy(
        new iam.PolicyStatement({
          sid: 'ReadTheApiToken',
          actions: ['secretsmanager:GetSecretValue'],
          resources: [stateful.apiTokenSecret.secretArn],
        }),
      );
      made.addToRolePolicy(
        itemStatement(
          'IdempotencyRecords',
          stateful.tableOf(idempotencyTable).tableArn,
          idempotencyOperations,
        ),
      );
    }

    // --- The families (shared/families/): each role's items, bus and attention list, as its definition says
    const bus = new iam.PolicyStatement({
      sid: 'PublishEvents',
      actions: ['events:PutEvents'],
      resources: [stateful.eventBus.eventBusArn],
    });
    const attentionTable = stateful.tableOf(attentionTableDefinition);
    const publishing = new Set<ClearwayFunction>();
    const publishOn = (made: ClearwayFunction) => {
      if (publishing.has(made)) return;
      publishing.add(made);
      made.function.addEnvironment(ENV.eventBusName, stateful.eventBus.eventBusName);
      made.addToRolePolicy(bus);
    };
    const serveFamilies = (made: ClearwayFunction, role: FamilyRole, served: readonly FamilyDefinition[]) => {
      for (const { table, actions } of tableAccess(served, role)) {
        made.function.addEnvironment(table.variable, stateful.tableOf(table).tableName);
        made.addToRolePolicy(
          itemStatement(`${pascalCase(table.name)}Items`, stateful.tableOf(table).tableArn, actions),
        );
      }
      if (served.some((family) => family.publishes.includes(role))) publishOn(made);
      // One conditional put when a record starts waiting for the bank's word, one delete when it stops.
      if (served.some((family) => family.raisesAttention.includes(role))) {
        made.function.addEnvironment(ENV.attentionTable, attentionTable.tableName);
        made.addToRolePolicy(
          itemStatement('RaiseAndClearAttention', attentionTable.tableArn, ['PutItem', 'DeleteItem']),
        );
      }
    };
    const settings = settingValues(config);
    for (const family of families) {
      // A family's operation functions exist once their operations are in the registry: its own, and any
      // other whose operations name its tracker.
      for (const name of trackingFunctionNames(family)) {
        const operationFunction = this.functions.get(name);
        if (operationFunction === undefined) continue;
        serveFamilies(operationFunction, 'operations', [family]);
        for (const setting of family.settings ?? []) {
          const value = settings[setting];
          if (value !== undefined) operationFunction.function.addEnvironment(setting, value);
        }
      }
      if (family.readerFunction !== undefined) {
        const reader = make(
          family.readerFunction,
          `Clearway ${config.envName}: serves the gateway's ${family.name} records`,
          config.operationFunction,
          {},
        );
        serveFamilies(reader, 'reader', [family]);
      }
    }

    // --- The batch workflow of the multi-currency payments function --------------------------------------
    const mccyPaymentsFunction = this.functions.get(mccyPaymentsFamily.operationFunction);
    let batchWorkflow: MccyBatchWorkflow | undefined;
    if (mccyPaymentsFunction !== undefined) {
      // One execution per scheduled batch; it touches only the batch table and the bus.
      batchWorkflow = new MccyBatchWorkflow(this, 'MccyBatchWorkflow', {
        config,
        batchTable: stateful.tableOf(mccyBatchesTable),
        eventBus: stateful.eventBus,
        ...(stateful.alarmTopic === undefined ? {} : { alarmTopic: stateful.alarmTopic }),
      });
      mccyPaymentsFunction.function.addEnvironment(
        ENV.mccyBatchWorkflowArn,
        batchWorkflow.stateMachine.stateMachineArn,
      );
      mccyPaymentsFunction.addToRolePolicy(
        new iam.PolicyStatement({
          sid: 'StartBatchWorkflows',
          actions: ['states:StartExecution'],
          resources: [batchWorkflow.stateMachine.stateMachineArn],
        }),
      );
    }

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
      concurrency.receiver,
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
        [ENV.inboxTable]: stateful.tableOf(webhookInboxTable).tableName,
        [ENV.webhookDeadLetterQueueUrl]: stateful.webhookDeadLetterQueue.queueUrl,
        [ENV.webhookBodyBucket]: bodyBucketName,
        // Statements: the bucket they are kept in, and the bank whose host alone their links may name.
        [ENV.statementBucket]: statementBucketName(config),
        [ENV.bankBaseUrl]: config.bankBaseUrl,
        // camt.053 statements: their pages are downloaded from the bank's API, with the token (and the key,
        // where the environment path-signs GETs).
        [ENV.apiTokenSecretId]: stateful.apiTokenSecret.secretArn,
        [ENV.signingKeyId]: stateful.signingKeyArn,
        [ENV.pathSignature]: String(config.pathSignature),
      },
      concurrency.processor,
    );
    // It signs only path-signed GETs (camt.053 pages): granted only where the environment sends them.
    if (config.pathSignature) processor.addToRolePolicy(sign);
    processor.addToRolePolicy(
      new iam.PolicyStatement({
        sid: 'ReadTheApiToken',
        actions: ['secretsmanager:GetSecretValue'],
        resources: [stateful.apiTokenSecret.secretArn],
      }),
    );
    processor.addToRolePolicy(
      itemStatement('WebhookInbox', stateful.tableOf(webhookInboxTable).tableArn, inboxOperations),
    );
    // Every bank event is published, whatever the families; their hooks' items, bus and attention besides.
    publishOn(processor);
    serveFamilies(processor, 'processor', families);
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
    // Adds sqs:ReceiveMessage, DeleteMessage, ChangeMessageVisibility, GetQueueAttributes, GetQueueUrl on
    // this queue only.
    processor.function.addEventSource(
      new lambdaEventSources.SqsEventSource(stateful.webhookQueue, {
        batchSize: config.processor.batchSize,
        reportBatchItemFailures: true,
        // Never more batches at once than the processor's reserved executions: none is throttled back.
        maxConcurrency: concurrency.processor,
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
    const sweep = make(
      fnNames.attentionSweep,
      `Clearway ${config.envName}: counts the records left too long without the bank's word`,
      { memorySize: 256, timeoutSeconds: 60 },
      {},
    );
    // What the families publish again (a batch's events): their items and the bus.
    serveFamilies(sweep, 'sweep', families);
    const attentionSweep = new AttentionSweep(this, 'Attention', {
      sweep,
      attentionTable,
      afterMinutes: DEFAULT_ATTENTION_AFTER_MINUTES,
      ...(stateful.alarmTopic === undefined ? {} : { alarmTopic: stateful.alarmTopic }),
    });

    // --- APIs --------------------------------------------------------------------------------------------
    // The internal API is the API stack's (lib/api-stack.ts): it grows with the bank's operations.
    this.webhookApi = new WebhookApi(this, 'WebhookApi', { config, receiver: receiverTarget });
    if (config.apiGatewayCloudWatchRole) {
      const logging = new ApiGatewayAccountLogging(this, 'ApiGatewayAccount');
      // Execution logging fails to deploy until the account setting names a role.
      this.webhookApi.api.deploymentStage.node.addDependency(logging.account);
      this.apiGatewayAccount = logging.account;
    }

    // --- Capacity alarms ---------------------------------------------------------------------------------
    new CapacityAlarms(this, 'CapacityAlarms', {
      config,
      functions: new Map([...this.functions.values()].map((made) => [made.node.id, made.function] as const)),
      apis: [{ id: 'WebhookApi', api: this.webhookApi.api, throttle: config.webhookApi.throttle }],
      // Each table with every item action any function calls on it.
      tables: tableDefinitions.map((table) => ({
        id: `${pascalCase(table.name)}Table`,
        table: stateful.tableOf(table),
        operations: [
          ...new Set([
            ...(ownOperations[table.name] ?? []),
            ...FAMILY_ROLES.flatMap((role) =>
              tableAccess(families, role)
                .filter((access) => access.table.name === table.name)
                .flatMap((access) => access.actions),
            ),
          ]),
        ],
      })),
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

    new CfnOutput(this, 'WebhookUrlOutput', {
      key: 'WebhookUrl',
      value: this.webhookApi.api.urlForPath('/webhooks'),
    });
  }
}
