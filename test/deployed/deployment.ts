import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { DeleteMessageCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, SQSBatchResponse, SQSRecord } from 'aws-lambda';
import { ENV } from '#shared/config/function-environment.js';
import { RealTimeClock } from '#shared/ports/clock.js';
import { EventBridgePublisher } from '#shared/webhooks/eventbridge-publisher.js';
import type { AslDefinition } from '#shared/workflows/mccy-batch.js';
import { type BankSimulator, startBankSimulator } from '#sim/simulator.js';
import { portOf, type Route, startGatewayServer } from '#local/gateway-server.js';
import { type ExecutionView, LocalStateMachine } from '#local/workflows.js';
import type { CfnTemplate } from '../infra/synth.js';
import { resourcesOfType } from '../infra/synth.js';
import { LocalLambda } from './lambda/host.js';
import { type AwsCall, type LocalCloud, type LocalCloudOptions, startLocalCloud } from './local-aws/index.js';
import {
  type DeployedFunction,
  type DeployedStateMachine,
  type DeployedTemplates,
  FAKE_AWS,
  loadDeployedTemplates,
} from './template.js';

/** The workflows' failures are read from their executions (`workflowExecutions`), not from a log. */
const silentLog = { debug() {}, info() {}, warn() {}, error() {} };

/** The API token the operator puts in the secret, and the bank knows. */
const API_TOKEN = `deployed-${randomUUID()}`;
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
/** Bounds the queue drains: each pass receives at most a batch per source. */
const MAX_DRAIN_PASSES = 50;

export interface DeploymentOptions {
  /** The assembly folder (`cdk.out/simulation`). */
  readonly assemblyDir: string;
  /** Changes a copy of the templates before anything starts (tests that break the deployment on purpose). */
  readonly alter?: (templates: { stateful: CfnTemplate; stateless: CfnTemplate; api: CfnTemplate }) => void;
  /** Start only these functions (by `functions/` name); default all. */
  readonly only?: readonly string[];
}

/**
 * The synthesized templates, running locally as CloudFormation and the Lambda service would run them: the
 * stateful template's tables, queues, buckets, key, secret, parameter, bus and the stateless template's
 * state machine in the local cloud (IAM enforced per role, as the templates state the policies); every
 * function's bundle in its own process with its template's environment; the two REST APIs' methods served
 * over HTTP and invoking the function their integration names; the webhook queue polled into the function
 * its event source mapping names; the schedules run on demand. The bank is the project's simulator.
 *
 * Operator steps done as the README tells an operator: the API token in the secret, the bank's public key
 * in the parameter, the institution's public key registered at the bank. One value differs from the
 * template: `BANK_BASE_URL` names the simulator, since the bank's own host cannot be reached from here.
 */
export class LocalDeployment {
  private constructor(
    readonly templates: DeployedTemplates,
    readonly cloud: LocalCloud,
    readonly bank: BankSimulator,
    readonly lambdas: ReadonlyMap<string, LocalLambda>,
    /** The internal API's stage URL. */
    readonly internalApiUrl: string,
    /** The webhook API's stage URL (the bank posts to `${webhookApiUrl}/webhooks`). */
    readonly webhookApiUrl: string,
    /** Stops what `start` started, the last first. */
    private readonly closers: ReadonlyArray<() => Promise<unknown>>,
    /** Invocations a function's resource policy refused (API Gateway's, EventBridge's). */
    private readonly invocationDenials: string[],
    /** The running workflows by state machine ARN. */
    private readonly workflows: ReadonlyMap<string, LocalStateMachine>,
  ) {}

  static async start(options: DeploymentOptions): Promise<LocalDeployment> {
    const closers: Array<() => Promise<unknown>> = [];
    try {
      const institutionKey = rsaKeyPair();
      const bankKey = rsaKeyPair();
      // The operator's step after the first deploy: the bank's public key in the stateful stack's parameter.
      const templates = loadDeployedTemplates(options.assemblyDir, {
        alter: options.alter,
        operatorValue: () => bankKey.publicKeyPem,
      });

      const bank = await startBankSimulator({
        clock: new RealTimeClock(),
        port: 0,
        webhookSigningKeyPem: bankKey.privateKeyPem,
        institution: {
          tokens: [{ value: API_TOKEN, expiresAt: new Date(Date.now() + YEAR_MS).toISOString() }],
          publicKeyPem: institutionKey.publicKeyPem,
          overdraftAgreement: false,
        },
      });
      closers.push(() => bank.close());

      const resources = cloudResources(templates, {
        privateKeyPem: institutionKey.privateKeyPem,
        secretString: JSON.stringify({
          token: API_TOKEN,
          expiresAt: new Date(Date.now() + YEAR_MS).toISOString(),
        }),
      });
      const chosenFunctions = () =>
        templates.functions().filter((fn) => options.only === undefined || options.only.includes(fn.service));
      const functions = chosenFunctions();
      const machines = templates.stateMachines();
      const workflows = new Map<string, LocalStateMachine>();
      let cloudEndpoint = '';
      // Step Functions' part: an execution runs the template's definition on the bank's clock, its tasks'
      // DynamoDB and EventBridge calls made with the state machine's own role.
      const workflowOf = (machine: DeployedStateMachine) => {
        const credentials = { accessKeyId: accessKeyOf(machine), secretAccessKey: 'local-secret-key' };
        const client = { endpoint: cloudEndpoint, region: FAKE_AWS.region, credentials };
        const made = new LocalStateMachine(machine.definition as AslDefinition, {
          dynamo: new DynamoDBClient(client),
          events: new EventBridgePublisher(
            new EventBridgeClient(client),
            resources.eventBuses[0]?.name ?? '',
          ),
          clock: bank.clock,
          timers: bank,
          log: silentLog,
        });
        workflows.set(machine.arn, made);
        return made;
      };
      const cloud = await startLocalCloud({
        ...FAKE_AWS,
        ...resources,
        principals: [
          ...functions.map((fn) => ({
            accessKeyId: accessKeyOf(fn),
            name: fn.service,
            roleArn: fn.roleArn,
            policies: fn.policies,
          })),
          ...machines.map((machine) => ({
            accessKeyId: accessKeyOf(machine),
            name: machine.name,
            roleArn: machine.roleArn,
            policies: machine.policies,
          })),
        ],
        stateMachines: machines.map((machine) => ({
          name: machine.name,
          arn: machine.arn,
          run: (name: string, input: Record<string, unknown>) =>
            (workflows.get(machine.arn) ?? workflowOf(machine)).start(name, input),
        })),
      });
      closers.push(() => cloud.close());
      cloudEndpoint = cloud.endpoint;
      // CloudFormation's `Ref` of a queue is the URL the serving SQS issued: here, the local cloud's.
      templates.sqsEndpoint = cloud.endpoint;

      const running: LocalLambda[] = [];
      closers.push(() => Promise.all(running.map((lambda) => lambda.close())));
      // Resolved again: their environments now name the queues by the URLs the local cloud issues.
      const started = await Promise.all(
        chosenFunctions().map(async (fn) => {
          const lambda = await LocalLambda.start(
            { ...fn, environment: withBank(fn.environment, bank.url) },
            { accessKeyId: accessKeyOf(fn), endpointUrl: cloud.endpoint },
          );
          running.push(lambda);
          return [fn.logicalId, lambda] as const;
        }),
      );
      const lambdas = new Map(started);

      const invocationDenials: string[] = [];
      const apiServer = async (apiPath: string) => {
        const server = await startGatewayServer(apiRoutes(templates, apiPath, lambdas, invocationDenials), 0);
        closers.push(() => new Promise((resolve) => server.close(resolve)));
        return server;
      };
      const internal = await apiServer('Api/InternalApi/');
      const webhooks = await apiServer('Stateless/WebhookApi/');
      const deployment = new LocalDeployment(
        templates,
        cloud,
        bank,
        lambdas,
        `http://127.0.0.1:${portOf(internal)}`,
        `http://127.0.0.1:${portOf(webhooks)}`,
        closers,
        invocationDenials,
        workflows,
      );
      bank.setWebhookUrl(`${deployment.webhookApiUrl}/webhooks`);
      return deployment;
    } catch (error) {
      for (const close of [...closers].reverse()) await close().catch(() => undefined);
      throw error;
    }
  }

  /** The running function built from `functions/<service>.ts`. */
  lambda(service: string): LocalLambda {
    const found = [...this.lambdas.values()].find((lambda) => lambda.fn.service === service);
    if (found === undefined) throw new Error(`no function ${service} runs in this deployment`);
    return found;
  }

  /**
   * Lambda's event source mappings, one pass at a time: receive a batch from each mapped queue with the
   * function's own role (so its SQS grants are what is checked), invoke, delete what did not fail. Until
   * the queues are empty, a bounded number of passes.
   */
  async drainQueues(): Promise<number> {
    let delivered = 0;
    for (let pass = 0; pass < MAX_DRAIN_PASSES; pass += 1) {
      let received = 0;
      for (const source of this.templates.queueSources()) {
        const lambda = this.lambdas.get(source.functionLogicalId);
        if (lambda === undefined) continue;
        const sqs = this.sqsAs(lambda.fn);
        const queueUrl = this.templates.queueUrl(source.queueName);
        const { Messages: batch = [] } = await sqs.send(
          new ReceiveMessageCommand({
            QueueUrl: queueUrl,
            MaxNumberOfMessages: source.batchSize,
            MessageSystemAttributeNames: ['All'],
            MessageAttributeNames: ['All'],
          }),
        );
        if (batch.length === 0) continue;
        received += batch.length;
        const records: SQSRecord[] = batch.map((message) => ({
          messageId: message.MessageId ?? '',
          receiptHandle: message.ReceiptHandle ?? '',
          body: message.Body ?? '',
          attributes: message.Attributes as unknown as SQSRecord['attributes'],
          messageAttributes: Object.fromEntries(
            Object.entries(message.MessageAttributes ?? {}).map(([name, value]) => [
              name,
              {
                dataType: value.DataType ?? 'String',
                stringValue: value.StringValue,
                stringListValues: [],
                binaryListValues: [],
              },
            ]),
          ),
          md5OfBody: message.MD5OfBody ?? '',
          eventSource: 'aws:sqs',
          eventSourceARN: source.queueArn,
          awsRegion: FAKE_AWS.region,
        }));
        const response = await lambda.invoke<SQSBatchResponse | undefined>({ Records: records });
        const failed = new Set(
          source.reportBatchItemFailures
            ? (response?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier)
            : [],
        );
        const done = records.filter((record) => !failed.has(record.messageId));
        for (const record of done)
          await sqs.send(
            new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: record.receiptHandle }),
          );
        delivered += done.length;
      }
      if (received === 0) return delivered;
    }
    throw new Error(`the queues were not empty after ${MAX_DRAIN_PASSES} passes`);
  }

  /** An SQS client with the function's role, as the event source mapping polls with it. */
  private sqsAs(fn: DeployedFunction): SQSClient {
    return new SQSClient({
      endpoint: this.cloud.endpoint,
      region: FAKE_AWS.region,
      credentials: { accessKeyId: accessKeyOf(fn), secretAccessKey: 'local-secret-key' },
    });
  }

  /** Waits for the bank's deliveries in flight, then drains the queues. */
  async settle(): Promise<void> {
    await this.bank.idle();
    await this.drainQueues();
  }

  /** EventBridge Scheduler's part: invokes a scheduled rule's target with the event it would send. */
  runSchedule(service: string): Promise<unknown> {
    const lambda = this.lambda(service);
    const schedule = this.templates
      .schedules()
      .find((rule) => rule.functionLogicalId === lambda.fn.logicalId);
    if (schedule === undefined) throw new Error(`no schedule invokes ${service}`);
    const permitted = this.templates.invokePermissions(lambda.fn.logicalId, 'events.amazonaws.com');
    if (!permitted.some((pattern) => arnMatches(pattern, schedule.ruleArn))) {
      this.invocationDenials.push(
        `events.amazonaws.com was denied lambda:InvokeFunction on ${service} from ${schedule.ruleArn}`,
      );
      return Promise.resolve(undefined);
    }
    return lambda.invoke({
      version: '0',
      id: randomUUID(),
      'detail-type': 'Scheduled Event',
      source: 'aws.events',
      account: FAKE_AWS.account,
      time: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      region: FAKE_AWS.region,
      resources: [schedule.ruleArn],
      detail: {},
    });
  }

  /** Every execution of the template's state machines: the states it entered, how it ended. */
  workflowExecutions(): ExecutionView[] {
    return [...this.workflows.values()].flatMap((workflow) => workflow.executions());
  }

  /** The calls the local cloud refused, as one readable line each. */
  denials(): string[] {
    return [...this.invocationDenials, ...this.cloud.denied().map(describeDenial)];
  }

  async close(): Promise<void> {
    await this.bank.idle().catch(() => undefined);
    for (const close of [...this.closers].reverse()) await close();
  }
}

function describeDenial(call: AwsCall): string {
  return `${call.caller} was denied ${call.action} on ${call.resource}${call.reason ? `: ${call.reason}` : ''}`;
}

/** The access key id Lambda's role session would give the function; the local cloud maps it to the role. */
function accessKeyOf(principal: { logicalId: string }): string {
  return `ASIA${principal.logicalId.toUpperCase().replace(/[^A-Z0-9]/g, '')}`;
}

function withBank(environment: Record<string, string>, bankUrl: string): Record<string, string> {
  return ENV.bankBaseUrl in environment ? { ...environment, [ENV.bankBaseUrl]: bankUrl } : environment;
}

function rsaKeyPair(): { privateKeyPem: string; publicKeyPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** API Gateway's part for one REST API: each method invokes its integration's function with a proxy event. */
function apiRoutes(
  templates: DeployedTemplates,
  apiPath: string,
  lambdas: ReadonlyMap<string, LocalLambda>,
  invocationDenials: string[],
): Route[] {
  const [apiLogicalId] =
    templates.stacks
      .flatMap((stack) => resourcesOfType(stack.template, 'AWS::ApiGateway::RestApi'))
      .find(([, api]) => String(api.Metadata?.['aws:cdk:path'] ?? '').startsWith(apiPath)) ?? [];
  if (apiLogicalId === undefined) throw new Error(`no REST API under ${apiPath}`);
  const stageArn = templates.apiStageArn(apiLogicalId);
  return templates.apiMethods(apiLogicalId).flatMap((method) => {
    const lambda = lambdas.get(method.functionLogicalId);
    if (lambda === undefined) return [];
    const permitted = templates.invokePermissions(method.functionLogicalId, 'apigateway.amazonaws.com');
    return [
      {
        method: method.httpMethod,
        resource: method.path,
        functionName: lambda.fn.name,
        handler: async (event: APIGatewayProxyEvent) => {
          // Lambda checks the function's resource policy against the source ARN API Gateway invokes with.
          const sourceArn = `${stageArn}/${method.httpMethod}${event.path}`;
          if (!permitted.some((pattern) => arnMatches(pattern, sourceArn))) {
            invocationDenials.push(
              `apigateway.amazonaws.com was denied lambda:InvokeFunction on ${lambda.fn.service} from ${sourceArn}`,
            );
            return { statusCode: 500, body: JSON.stringify({ message: 'Internal server error' }) };
          }
          return lambda.invoke<APIGatewayProxyResult>({
            ...event,
            requestContext: {
              accountId: FAKE_AWS.account,
              apiId: apiLogicalId.toLowerCase().slice(0, 10),
              stage: 'prod',
              requestId: randomUUID(),
              resourcePath: method.path,
              httpMethod: method.httpMethod,
              path: `/prod${event.path}`,
              protocol: 'HTTP/1.1',
              requestTimeEpoch: Date.now(),
              identity: {
                sourceIp: '127.0.0.1',
                userArn:
                  method.authorizationType === 'AWS_IAM'
                    ? `arn:aws:iam::${FAKE_AWS.account}:role/institution-workload`
                    : null,
              },
            },
          });
        },
      },
    ];
  });
}

/** An ARN against a pattern whose `*` stands for any characters, as a resource policy's `ArnLike`. */
function arnMatches(pattern: string, arn: string): boolean {
  const expression = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${expression}$`).test(arn);
}

/**
 * What the local cloud serves, from the templates: every stateful resource a function can reach, with what the
 * operator put in them (the institution's private key in the key, the API token in the secret; the parameter
 * holds what the templates read from it).
 */
function cloudResources(
  templates: DeployedTemplates,
  operator: { privateKeyPem: string; secretString: string },
): Omit<LocalCloudOptions, 'account' | 'region' | 'partition' | 'principals' | 'stateMachines'> {
  const stack = templates.stateful;
  const of = (type: string) => resourcesOfType(stack.template, type);
  const resolve = (value: unknown) => templates.resolve(value, stack);
  const arnOf = (logicalId: string) => templates.attribute(logicalId, 'Arn', stack);
  const nameOf = (logicalId: string) =>
    templates.physicalName(logicalId, templates.resource(logicalId, stack).resource, stack);
  // A queue policy names its queues (`Queues`, a list), a bucket policy its bucket (`Bucket`).
  const policyOf = (type: string, property: 'Queues' | 'Bucket', logicalId: string) =>
    of(type)
      .filter(([, policy]) =>
        [policy.Properties?.[property]]
          .flat()
          .some((ref) => JSON.stringify(ref) === JSON.stringify({ Ref: logicalId })),
      )
      .map(([, policy]) => resolve(policy.Properties?.PolicyDocument))[0];
  return {
    kmsKeys: of('AWS::KMS::Key').map(([logicalId, key]) => ({
      keyId: templates.ref(logicalId, stack),
      arn: arnOf(logicalId),
      aliases: of('AWS::KMS::Alias')
        .filter(
          ([, alias]) => JSON.stringify(alias.Properties?.TargetKeyId) === JSON.stringify({ Ref: logicalId }),
        )
        .map(([, alias]) => String(alias.Properties?.AliasName)),
      privateKeyPem: operator.privateKeyPem,
      policy: resolve(key.Properties?.KeyPolicy),
    })),
    secrets: of('AWS::SecretsManager::Secret').map(([logicalId]) => ({
      name: nameOf(logicalId),
      arn: arnOf(logicalId),
      secretString: operator.secretString,
    })),
    parameters: of('AWS::SSM::Parameter').map(([logicalId]) => {
      const name = nameOf(logicalId);
      return { name, value: templates.ssmValue(name) ?? '' };
    }),
    eventBuses: of('AWS::Events::EventBus').map(([logicalId]) => ({
      name: nameOf(logicalId),
      arn: arnOf(logicalId),
    })),
    tables: of('AWS::DynamoDB::Table').map(([logicalId, table]) => ({
      name: nameOf(logicalId),
      keySchema: table.Properties?.KeySchema as { AttributeName: string; KeyType: string }[],
      attributeDefinitions: table.Properties?.AttributeDefinitions as {
        AttributeName: string;
        AttributeType: string;
      }[],
    })),
    queues: of('AWS::SQS::Queue').map(([logicalId, queue]) => {
      const properties = (resolve(queue.Properties) ?? {}) as Record<string, unknown>;
      const redrive = properties.RedrivePolicy as
        { deadLetterTargetArn: string; maxReceiveCount: number } | undefined;
      const attributes: Record<string, string> = {};
      for (const name of [
        'VisibilityTimeout',
        'MessageRetentionPeriod',
        'MaximumMessageSize',
        'DelaySeconds',
      ]) {
        if (properties[name] !== undefined) attributes[name] = String(properties[name]);
      }
      if (redrive !== undefined) attributes.RedrivePolicy = JSON.stringify(redrive);
      return {
        name: nameOf(logicalId),
        attributes,
        policy: policyOf('AWS::SQS::QueuePolicy', 'Queues', logicalId),
      };
    }),
    buckets: of('AWS::S3::Bucket').map(([logicalId]) => ({
      name: nameOf(logicalId),
      policy: policyOf('AWS::S3::BucketPolicy', 'Bucket', logicalId),
    })),
  };
}
