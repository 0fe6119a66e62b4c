import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as cloudwatchActions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as eventschemas from 'aws-cdk-lib/aws-eventschemas';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as snsSubscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import * as ssm from 'aws-cdk-lib/aws-ssm';
import type { Construct } from 'constructs';
import type { TableDefinition } from '#shared/config/tables.js';
import { tables as tableDefinitions } from '#shared/families/index.js';
import { QUEUE_MESSAGE_LIMIT_BYTES } from '#shared/webhooks/queue-message.js';
import {
  functionRoleArn,
  pascalCase,
  publicKeyReaderFunctionNames,
  signingFunctionNames,
  statementBucketName,
  webhookBodyBucketName,
} from './catalog.js';
import type { ClearwayConfig } from './config.js';
import { detailTypeName, registrySchemaContent, registrySchemaName } from './event-schemas.js';
import { eventCatalogue } from '#shared/events/catalogue.js';

export interface StatefulStackProps extends StackProps {
  readonly config: ClearwayConfig;
}

/** The signing algorithm and message type the Signer uses; the key policy allows nothing else. */
export const signingAlgorithm = 'RSASSA_PKCS1_V1_5_SHA_256';

/** Written at creation so the secret is never empty; the operator replaces it with the portal's token. */
export const placeholderTokenExpiry = '1970-01-01T00:00:00Z';

/** Written at creation; the operator replaces it with the bank's PEM public key(s). */
export const bankPublicKeysPlaceholder =
  'PLACEHOLDER: put the bank public key(s) here as PEM (several BEGIN PUBLIC KEY blocks during a rotation)';

/** The bus's archive, by a fixed name (at most 48 characters) the operator passes to `clearway replay`. */
export function eventArchiveName(config: ClearwayConfig): string {
  return `${config.prefix}-events`;
}

/** The SSM parameter of the bank's public keys: a fixed name, so the receiver's stack can resolve its value. */
export function bankPublicKeysParameterName(config: ClearwayConfig): string {
  return `/clearway/${config.envName}/bank-public-keys`;
}

/**
 * What the account (through IAM, e.g. CloudFormation's role) may do with the key: manage it, never use it.
 * No Sign, no GetPublicKey, no CreateGrant (a grant could hand out Sign), no wildcard.
 */
export const keyAdministrationActions = [
  'kms:CancelKeyDeletion',
  'kms:CreateAlias',
  'kms:DeleteAlias',
  'kms:DescribeKey',
  'kms:DisableKey',
  'kms:EnableKey',
  'kms:GetKeyPolicy',
  'kms:GetKeyRotationStatus',
  'kms:ListGrants',
  'kms:ListKeyPolicies',
  'kms:ListResourceTags',
  'kms:PutKeyPolicy',
  'kms:RevokeGrant',
  'kms:ScheduleKeyDeletion',
  'kms:TagResource',
  'kms:UntagResource',
  'kms:UpdateAlias',
  'kms:UpdateKeyDescription',
] as const;

/**
 * What survives a redeploy and holds data or identity: the signing key, the API token, the tables, the
 * queue, the bus and the bank's public keys. Nothing here refers to the stateless stack.
 */
export class StatefulStack extends Stack {
  /** ARN of the RSA signing key (also accepted wherever KMS wants a key id). */
  readonly signingKeyArn: string;
  readonly signingKeyAlias: string;
  readonly apiTokenSecret: secretsmanager.ISecret;
  /**
   * Every table (`tables` of `shared/families/`: the infrastructure's and each family's) by its logical
   * name (`tableOf`).
   */
  private readonly tables = new Map<string, dynamodb.Table>();
  readonly eventBus: events.IEventBus;
  /** The bus's archive `clearway replay` replays from (retention per environment). */
  readonly eventArchive: events.Archive;
  readonly webhookQueue: sqs.IQueue;
  /** Also the quarantine: webhooks that can never be processed are sent here with their reason. */
  readonly webhookDeadLetterQueue: sqs.IQueue;
  /** Webhook bodies too large for a queue message (the claim check); fixed name, see catalog.ts. */
  readonly webhookBodyBucket: s3.IBucket;
  /** The bank's statements, downloaded by the processor while their link is valid; fixed name, see catalog.ts. */
  readonly statementBucket: s3.IBucket;
  readonly bankPublicKeysParameter: ssm.IStringParameter;
  readonly alarmTopic?: sns.ITopic;

  constructor(scope: Construct, id: string, props: StatefulStackProps) {
    super(scope, id, props);
    const { config } = props;

    // --- The signing key -------------------------------------------------------------------------------
    //
    // The key policy must name the roles of the functions that sign, and those functions live in the
    // stateless stack. Referencing them (Fn::ImportValue) would make this stack depend on that one while
    // that one already depends on this for the key ARN: a cycle. Instead both stacks derive the role names
    // from the shared catalog (catalog.ts `functionRoleName`): the stateless stack creates roles with those
    // fixed names, and this policy trusts the account root only for principals whose `aws:PrincipalArn`
    // is one of them. Naming the account root (not the role ARNs) as principal also means KMS does not
    // demand that the roles exist when the key is created; a role works as soon as it is created and its
    // own IAM policy (granted in the stateless stack) allows `kms:Sign` on this key: both must agree.
    //
    // The L1 key is used so no CDK default statement (`kms:*` for the account) can slip in, whatever the
    // feature flags: every action in this policy is listed by name.
    const signingRoleArns = signingFunctionNames(config).map((fn) => functionRoleArn(this, config, fn));
    const publicKeyRoleArns = publicKeyReaderFunctionNames().map((fn) => functionRoleArn(this, config, fn));
    const adminPrincipal =
      config.adminPrincipalArn === undefined
        ? new iam.AccountRootPrincipal()
        : new iam.ArnPrincipal(config.adminPrincipalArn);
    const keyPolicy = new iam.PolicyDocument({
      statements: [
        new iam.PolicyStatement({
          sid: 'KeyAdministrationWithoutUse',
          principals: [new iam.AccountRootPrincipal()],
          actions: [...keyAdministrationActions],
          resources: ['*'],
        }),
        new iam.PolicyStatement({
          sid: 'SignOnlyByTheSigningFunctions',
          principals: [new iam.AccountRootPrincipal()],
          actions: ['kms:Sign'],
          resources: ['*'],
          conditions: {
            ArnEquals: { 'aws:PrincipalArn': [...signingRoleArns, ...config.onboardingSignerArns] },
            StringEquals: { 'kms:SigningAlgorithm': signingAlgorithm, 'kms:MessageType': 'DIGEST' },
          },
        }),
        new iam.PolicyStatement({
          sid: 'PublicKeyForTheAdmin',
          principals: [adminPrincipal],
          actions: ['kms:GetPublicKey', 'kms:DescribeKey'],
          resources: ['*'],
        }),
        new iam.PolicyStatement({
          sid: 'PublicKeyForTheGatewaySigningKeyFunction',
          principals: [new iam.AccountRootPrincipal()],
          actions: ['kms:GetPublicKey'],
          resources: ['*'],
          conditions: { ArnEquals: { 'aws:PrincipalArn': publicKeyRoleArns } },
        }),
      ],
    });
    const signingKey = new kms.CfnKey(this, 'SigningKey', {
      description: `Clearway ${config.envName}: signs requests to the bank and webhook answers (DigitalSignature)`,
      keySpec: 'RSA_2048',
      keyUsage: 'SIGN_VERIFY',
      keyPolicy: keyPolicy,
      enableKeyRotation: false,
      pendingWindowInDays: 30,
    });
    signingKey.applyRemovalPolicy(RemovalPolicy.RETAIN);
    this.signingKeyAlias = `alias/${config.prefix}-signing`;
    new kms.CfnAlias(this, 'SigningKeyAlias', {
      aliasName: this.signingKeyAlias,
      targetKeyId: signingKey.ref,
    });
    this.signingKeyArn = signingKey.attrArn;

    // --- The API token ---------------------------------------------------------------------------------
    const apiTokenSecret = new secretsmanager.Secret(this, 'ApiTokenSecret', {
      description: `Clearway ${config.envName}: the bank API token as {"token","expiresAt"}; set by the operator`,
      generateSecretString: {
        // A random placeholder token, already expired: the operator puts the portal's token and its expiry.
        secretStringTemplate: JSON.stringify({ expiresAt: placeholderTokenExpiry }),
        generateStringKey: 'token',
        excludePunctuation: true,
        passwordLength: 48,
      },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(apiTokenSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'The API token is issued in the bank portal by a person; no Lambda can rotate it. Its expiry is kept in the secret (expiresAt) so the gateway can warn before it lapses.',
    });
    this.apiTokenSecret = apiTokenSecret;

    // --- Tables ----------------------------------------------------------------------------------------
    // Construct ids from the logical names (`PaymentsTable`), so each table keeps its logical id.
    for (const definition of tableDefinitions)
      this.tables.set(
        definition.name,
        this.table(`${pascalCase(definition.name)}Table`, definition, config.envName === 'production'),
      );

    // --- Events ----------------------------------------------------------------------------------------
    this.eventBus = new events.EventBus(this, 'EventBus', { eventBusName: config.prefix });
    this.eventSchemaRegistry(config);
    // Every event the bus receives, for `clearway replay`; replayed events are not archived again.
    this.eventArchive = new events.Archive(this, 'EventArchive', {
      sourceEventBus: this.eventBus,
      archiveName: eventArchiveName(config),
      description: `Clearway ${config.envName}: every event of the bus, for clearway replay`,
      eventPattern: { account: [this.account] },
      retention: Duration.days(config.eventArchiveRetentionDays),
    });
    // Kept if the stack is ever deleted: the archive is the record of every event (`clearway replay`), and
    // it needs its bus.
    this.eventArchive.applyRemovalPolicy(RemovalPolicy.RETAIN);
    this.eventBus.applyRemovalPolicy(RemovalPolicy.RETAIN);

    // --- Webhook queue, its DLQ (also the quarantine), the body bucket and the alarm ------------------
    // Both queues hold webhooks not yet processed (money events): kept if the stack is ever deleted. The
    // message limit is set, not left to the default, because the receiver sizes its messages by it.
    const deadLetterRetention = Duration.days(14);
    const deadLetterQueue = new sqs.Queue(this, 'WebhookDeadLetterQueue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: deadLetterRetention,
      maxMessageSizeBytes: QUEUE_MESSAGE_LIMIT_BYTES,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.webhookDeadLetterQueue = deadLetterQueue;
    this.webhookQueue = new sqs.Queue(this, 'WebhookQueue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // AWS's advice for a Lambda event source: at least six times the function timeout.
      visibilityTimeout: Duration.seconds(6 * config.processor.timeoutSeconds),
      // Longer than the bank's 24 hours of retries, so a stalled processor loses nothing.
      retentionPeriod: Duration.days(4),
      maxMessageSizeBytes: QUEUE_MESSAGE_LIMIT_BYTES,
      deadLetterQueue: { queue: deadLetterQueue, maxReceiveCount: config.processor.maxReceiveCount },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const bodyBucket = new s3.Bucket(this, 'WebhookBodyBucket', {
      bucketName: webhookBodyBucketName(config),
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      // Twice the DLQ's retention: a body outlives every message that points at it, re-driven once too.
      lifecycleRules: [{ expiration: deadLetterRetention.plus(deadLetterRetention) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(bodyBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'Only the webhook receiver (PutObject) and processor (GetObject) roles may touch this bucket, on sha256/ keys only, and each object is a webhook body already logged by those functions; server access logs would need a second bucket and add nothing an operator uses.',
    });
    this.webhookBodyBucket = bodyBucket;

    // --- The bank's statements: records to keep, so versioned and never expired ------------------------
    const statementBucket = new s3.Bucket(this, 'StatementBucket', {
      bucketName: statementBucketName(config),
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(statementBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'Only the webhook processor role writes here (PutObject, nothing else), and each write is announced by a StatementArchived event with the object key and SHA-256; versioning keeps every write. Server access logs would need a second bucket; institutions that want them enable CloudTrail S3 data events.',
    });
    this.statementBucket = statementBucket;

    if (config.alarms.email !== undefined) {
      const topic = new sns.Topic(this, 'AlarmTopic', {
        displayName: `Clearway ${config.envName} alarms`,
        enforceSSL: true,
      });
      topic.addSubscription(new snsSubscriptions.EmailSubscription(config.alarms.email));
      this.alarmTopic = topic;
    } else if (config.alarms.topicArn !== undefined) {
      this.alarmTopic = sns.Topic.fromTopicArn(this, 'AlarmTopic', config.alarms.topicArn);
    }
    const dlqAlarm = new cloudwatch.Alarm(this, 'WebhookDeadLetterAlarm', {
      alarmDescription:
        'A webhook waits in the DLQ: it failed processing after every retry (re-drive it once the cause is fixed), or it was quarantined because it can never be processed (message attribute "reason"; inspect it, act on it by hand, then delete it).',
      metric: deadLetterQueue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1) }),
      threshold: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    if (this.alarmTopic !== undefined) {
      dlqAlarm.addAlarmAction(new cloudwatchActions.SnsAction(this.alarmTopic));
      dlqAlarm.addOkAction(new cloudwatchActions.SnsAction(this.alarmTopic));
    }

    // --- The bank's public keys ------------------------------------------------------------------------
    this.bankPublicKeysParameter = new ssm.StringParameter(this, 'BankPublicKeys', {
      parameterName: bankPublicKeysParameterName(config),
      description: 'PEM public key(s) of the bank that verify webhook signatures; several during a rotation',
      stringValue: bankPublicKeysPlaceholder,
      tier: ssm.ParameterTier.STANDARD,
    });

    new CfnOutput(this, 'SigningKeyArnOutput', { key: 'SigningKeyArn', value: this.signingKeyArn });
    new CfnOutput(this, 'SigningKeyAliasOutput', { key: 'SigningKeyAlias', value: this.signingKeyAlias });
    new CfnOutput(this, 'ApiTokenSecretArnOutput', {
      key: 'ApiTokenSecretArn',
      value: apiTokenSecret.secretArn,
    });
    new CfnOutput(this, 'BankPublicKeysParameterOutput', {
      key: 'BankPublicKeysParameter',
      value: this.bankPublicKeysParameter.parameterName,
    });
    new CfnOutput(this, 'WebhookDeadLetterQueueUrlOutput', {
      key: 'WebhookDeadLetterQueueUrl',
      value: deadLetterQueue.queueUrl,
    });
    // `clearway redrive-dlq --dlq-arn` takes this.
    new CfnOutput(this, 'WebhookDeadLetterQueueArnOutput', {
      key: 'WebhookDeadLetterQueueArn',
      value: deadLetterQueue.queueArn,
    });
    new CfnOutput(this, 'WebhookBodyBucketNameOutput', {
      key: 'WebhookBodyBucketName',
      value: bodyBucket.bucketName,
    });
    new CfnOutput(this, 'StatementBucketNameOutput', {
      key: 'StatementBucketName',
      value: statementBucket.bucketName,
    });
    // `clearway replay --archive` takes this.
    new CfnOutput(this, 'EventArchiveNameOutput', {
      key: 'EventArchiveName',
      value: eventArchiveName(config),
    });
    new CfnOutput(this, 'EventBusNameOutput', { key: 'EventBusName', value: this.eventBus.eventBusName });
  }

  /**
   * The schema of every event Clearway publishes, in a registry of its own: consumers find them in the
   * EventBridge console and download code bindings. Draft-04 schemas of the whole event, made from the event
   * catalogue like the files in `events/schemas/` (EventBridge takes `JSONSchemaDraft4`, not 2020-12).
   */
  private eventSchemaRegistry(config: ClearwayConfig): void {
    const registry = new eventschemas.CfnRegistry(this, 'EventSchemaRegistry', {
      registryName: `${config.prefix}-events`,
      description:
        'The detail of every event Clearway publishes on its bus (clearway.bank, clearway.gateway).',
    });
    for (const event of eventCatalogue) {
      new eventschemas.CfnSchema(this, `EventSchema${detailTypeName(event.detailType)}`, {
        registryName: registry.attrRegistryName,
        schemaName: registrySchemaName(event),
        type: 'JSONSchemaDraft4',
        content: registrySchemaContent(event),
        description: `${event.source} ${event.detailType}`,
      });
    }
  }

  /** The table of a definition (`shared/config/tables.ts` or a family's `table.ts`). */
  tableOf(definition: TableDefinition): dynamodb.ITable {
    const table = this.tables.get(definition.name);
    if (table === undefined) throw new Error(`no ${definition.name} table in the stateful stack`);
    return table;
  }

  private table(id: string, definition: TableDefinition, deletionProtection: boolean): dynamodb.Table {
    return new dynamodb.Table(this, id, {
      partitionKey: { name: definition.partitionKey, type: dynamodb.AttributeType.STRING },
      ...(definition.sortKey === undefined
        ? {}
        : { sortKey: { name: definition.sortKey, type: dynamodb.AttributeType.STRING } }),
      ...(definition.ttlAttribute === undefined ? {} : { timeToLiveAttribute: definition.ttlAttribute }),
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      // Production's records are meant to be kept: a console or API DeleteTable is refused too.
      deletionProtection,
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }
}
