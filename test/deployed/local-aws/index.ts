import { dynamoDbService, startDynalite, type TableDefinition } from './dynamodb.js';
import { type EventBusDefinition, eventBridgeService, type PutEventsEntryRecord } from './eventbridge.js';
import { type QueueDefinition, startFauxqs } from './fauxqs.js';
import { type AwsCall, startFrontDoor } from './front-door.js';
import type { Identity } from './iam.js';
import { type KmsKeyDefinition, kmsService } from './kms.js';
import { type BucketDefinition, s3Service } from './s3.js';
import { type SecretDefinition, secretsManager } from './secrets-manager.js';
import { sqsService } from './sqs.js';
import { type ParameterDefinition, parameterStore } from './ssm.js';
import { type ExecutionRecord, type StateMachineDefinition, stepFunctionsService } from './step-functions.js';

export type { AwsCall } from './front-door.js';
export type { PutEventsEntryRecord } from './eventbridge.js';
export type { ExecutionRecord } from './step-functions.js';

export interface Principal extends Identity {
  /** What the function's process gets as AWS_ACCESS_KEY_ID: how the front door knows the caller. */
  readonly accessKeyId: string;
}

export interface LocalCloudOptions {
  readonly account: string;
  readonly region: string;
  readonly partition: string;
  readonly principals: readonly Principal[];
  readonly kmsKeys: readonly KmsKeyDefinition[];
  readonly secrets: readonly SecretDefinition[];
  readonly parameters: readonly ParameterDefinition[];
  readonly eventBuses: readonly EventBusDefinition[];
  readonly stateMachines: readonly StateMachineDefinition[];
  /** As CreateTable takes them (from the template's AWS::DynamoDB::Table). */
  readonly tables: readonly TableDefinition[];
  readonly queues: readonly QueueDefinition[];
  readonly buckets: readonly BucketDefinition[];
}

export interface LocalCloud {
  /** AWS_ENDPOINT_URL for every function. */
  readonly endpoint: string;
  /**
   * A queue's URL on `endpoint`, to give a function instead of its AWS URL: an SQS client configured only
   * through AWS_ENDPOINT_URL sends each call to its QueueUrl's host (the SDK's `useQueueUrlAsEndpoint`).
   */
  queueUrl(name: string): string;
  readonly calls: readonly AwsCall[];
  denied(): AwsCall[];
  readonly events: readonly PutEventsEntryRecord[];
  readonly executions: readonly ExecutionRecord[];
  /** Replace a secret's value (the operator's step). */
  putSecretValue(nameOrArn: string, secretString: string): void;
  /** dynalite, for the harness's own unauthorized client. */
  readonly dynamoEndpoint: string;
  /** fauxqs (SQS and S3), to see what reached it: give a client `endpoint` explicitly. */
  readonly fauxqs: { readonly endpoint: string; queueUrl(name: string): string };
  close(): Promise<void>;
}

/**
 * A local AWS for the deployed bundles: one endpoint that names each caller by its access key id, decides
 * every call with IAM against the caller's policies and the resource's, records the decision, and serves
 * the call (DynamoDB through dynalite, SQS and S3 through fauxqs, the rest here).
 */
export async function startLocalCloud(options: LocalCloudOptions): Promise<LocalCloud> {
  const account = { account: options.account, region: options.region, partition: options.partition };
  const calls: AwsCall[] = [];
  const events: PutEventsEntryRecord[] = [];
  const executions: ExecutionRecord[] = [];
  // The services kept here first: a bad key or definition throws before any server is started.
  const kms = kmsService(options.kmsKeys, account);
  const secrets = secretsManager(options.secrets, account);
  const ssm = parameterStore(options.parameters, account);
  const dynamo = await startDynalite(options.tables, options.region);
  const fauxqs = await startFauxqs(
    options.queues,
    options.buckets.map((bucket) => bucket.name),
    account,
  ).catch(async (error: unknown) => {
    await dynamo.close();
    throw error;
  });
  const frontDoor = await startFrontDoor({
    account,
    identities: new Map(options.principals.map((principal) => [principal.accessKeyId, principal])),
    services: {
      dynamodb: dynamoDbService(dynamo.endpoint, account),
      sqs: sqsService(fauxqs, options.queues, account),
      s3: s3Service(fauxqs.endpoint, options.buckets, account),
      kms,
      secretsmanager: secrets.service,
      ssm,
      events: eventBridgeService(options.eventBuses, events),
      states: stepFunctionsService(options.stateMachines, executions),
    },
    record: (call) => calls.push(call),
  });
  return {
    endpoint: frontDoor.endpoint,
    queueUrl: (name) => `${frontDoor.endpoint}/${options.account}/${name}`,
    calls,
    denied: () => calls.filter((call) => !call.allowed),
    events,
    executions,
    putSecretValue: secrets.putSecretValue,
    dynamoEndpoint: dynamo.endpoint,
    fauxqs: { endpoint: fauxqs.endpoint, queueUrl: fauxqs.queueUrl },
    close: async () => {
      await frontDoor.close();
      await Promise.all([fauxqs.close(), dynamo.close()]);
    },
  };
}
