import { createHash, generateKeyPairSync, sign, verify } from 'node:crypto';
import { DynamoDBClient, GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import {
  DecryptCommand,
  GetPublicKeyCommand,
  KMSClient,
  SignCommand,
  type SigningAlgorithmSpec,
} from '@aws-sdk/client-kms';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { ExecutionAlreadyExists, SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import {
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type AwsCall, type LocalCloud, startLocalCloud } from './local-aws/index.js';

const ACCOUNT = '123456789012';
const REGION = 'eu-west-2';
const arn = (service: string, resource: string) => `arn:aws:${service}:${REGION}:${ACCOUNT}:${resource}`;

const PAYMENTS_ROLE = `arn:aws:iam::${ACCOUNT}:role/clearway-payments-${REGION}`;
const TABLE = 'clearway-payments';
const SIGNING_KEY = arn('kms', 'key/0d5c2d6e-signing');
const LOCKED_KEY = arn('kms', 'key/7f1a9b3c-locked');
const SECRET = arn('secretsmanager', 'secret:clearway/api-token-AbCdEf');
const PARAMETER = '/clearway/bank-public-keys';
const BUS = arn('events', 'event-bus/clearway');
const STATE_MACHINE = arn('states', 'stateMachine:clearway-mccy-batch');
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

/** What CDK writes for an HTTPS-only queue or bucket: a request over plain HTTP is refused. */
const httpsOnly = (resources: string[]) => ({
  Version: '2012-10-17',
  Statement: [
    {
      Effect: 'Deny',
      Principal: { AWS: '*' },
      Action: '*',
      Resource: resources,
      Condition: { Bool: { 'aws:SecureTransport': 'false' } },
    },
  ],
});
const keyAdministration = {
  Sid: 'KeyAdministrationWithoutUse',
  Effect: 'Allow',
  Principal: { AWS: `arn:aws:iam::${ACCOUNT}:root` },
  Action: ['kms:DescribeKey', 'kms:PutKeyPolicy', 'kms:ScheduleKeyDeletion'],
  Resource: '*',
};

/** The payments function's role policy: each resource it uses, signing with one algorithm only. */
const paymentsPolicy = {
  Version: '2012-10-17',
  Statement: [
    {
      Effect: 'Allow',
      Action: ['dynamodb:GetItem', 'dynamodb:PutItem'],
      Resource: arn('dynamodb', `table/${TABLE}`),
    },
    {
      Effect: 'Allow',
      Action: ['sqs:SendMessage', 'sqs:GetQueueAttributes'],
      Resource: arn('sqs', 'clearway-webhooks'),
    },
    { Effect: 'Allow', Action: ['s3:PutObject', 's3:GetObject'], Resource: 'arn:aws:s3:::clearway-bodies/*' },
    {
      Effect: 'Allow',
      Action: 'kms:Sign',
      Resource: [SIGNING_KEY, LOCKED_KEY],
      Condition: { StringEquals: { 'kms:SigningAlgorithm': 'RSASSA_PKCS1_V1_5_SHA_256' } },
    },
    { Effect: 'Allow', Action: ['kms:GetPublicKey', 'kms:Decrypt'], Resource: SIGNING_KEY },
    { Effect: 'Allow', Action: 'secretsmanager:GetSecretValue', Resource: SECRET },
    { Effect: 'Allow', Action: 'ssm:GetParameter', Resource: arn('ssm', `parameter${PARAMETER}`) },
    { Effect: 'Allow', Action: 'events:PutEvents', Resource: BUS },
    { Effect: 'Allow', Action: 'states:StartExecution', Resource: arn('states', 'stateMachine:*') },
  ],
};

let cloud: LocalCloud;

beforeAll(async () => {
  cloud = await startLocalCloud({
    account: ACCOUNT,
    region: REGION,
    partition: 'aws',
    principals: [
      {
        accessKeyId: 'AKIDPAYMENTS',
        name: 'clearway-payments',
        roleArn: PAYMENTS_ROLE,
        policies: [{ name: 'PaymentsPolicy', document: paymentsPolicy }],
      },
      {
        accessKeyId: 'AKIDREPORTS',
        name: 'clearway-reports',
        roleArn: `${PAYMENTS_ROLE}-reports`,
        policies: [],
      },
    ],
    kmsKeys: [
      {
        keyId: '0d5c2d6e-signing',
        arn: SIGNING_KEY,
        aliases: ['alias/clearway-signing'],
        privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        policy: {
          Version: '2012-10-17',
          Statement: [
            keyAdministration,
            // As the template's: the account's IAM policies decide, for this role only.
            {
              Effect: 'Allow',
              Principal: { AWS: `arn:aws:iam::${ACCOUNT}:root` },
              Action: ['kms:Sign', 'kms:GetPublicKey'],
              Resource: '*',
              Condition: { ArnEquals: { 'aws:PrincipalArn': PAYMENTS_ROLE } },
            },
          ],
        },
      },
      {
        keyId: '7f1a9b3c-locked',
        arn: LOCKED_KEY,
        privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        policy: { Version: '2012-10-17', Statement: [keyAdministration] },
      },
    ],
    secrets: [{ name: 'clearway/api-token', arn: SECRET, secretString: '{"token":"first"}' }],
    parameters: [{ name: PARAMETER, value: 'PEM' }],
    eventBuses: [{ name: 'clearway', arn: BUS }],
    stateMachines: [{ name: 'clearway-mccy-batch', arn: STATE_MACHINE }],
    tables: [
      {
        name: TABLE,
        keySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
        attributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      },
    ],
    queues: [
      {
        name: 'clearway-webhooks',
        attributes: {
          VisibilityTimeout: '180',
          RedrivePolicy: JSON.stringify({
            deadLetterTargetArn: arn('sqs', 'clearway-webhooks-dlq'),
            maxReceiveCount: 5,
          }),
        },
        policy: httpsOnly([arn('sqs', 'clearway-webhooks')]),
      },
      { name: 'clearway-webhooks-dlq' },
    ],
    buckets: [
      {
        name: 'clearway-bodies',
        policy: httpsOnly(['arn:aws:s3:::clearway-bodies', 'arn:aws:s3:::clearway-bodies/*']),
      },
    ],
  });
  // As in a function's process: every client finds the local cloud through the environment.
  vi.stubEnv('AWS_ENDPOINT_URL', cloud.endpoint);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await cloud?.close();
});

/** A client as a function builds it, signing with the function's access key id. */
const as = (accessKeyId: string) => ({
  region: REGION,
  credentials: { accessKeyId, secretAccessKey: 'local' },
});
const payments = as('AKIDPAYMENTS');
const reports = as('AKIDREPORTS');

const lastCall = (): AwsCall | undefined => cloud.calls.at(-1);

describe('the local cloud', () => {
  it('serves DynamoDB calls the policy allows and records them as allowed', async () => {
    const dynamo = new DynamoDBClient(payments);
    await dynamo.send(
      new PutItemCommand({ TableName: TABLE, Item: { pk: { S: 'e2e-1' }, status: { S: 'SENT' } } }),
    );
    const { Item } = await dynamo.send(new GetItemCommand({ TableName: TABLE, Key: { pk: { S: 'e2e-1' } } }));

    expect(Item?.status).toEqual({ S: 'SENT' });
    expect(lastCall()).toEqual({
      caller: 'clearway-payments',
      service: 'dynamodb',
      action: 'dynamodb:GetItem',
      resource: arn('dynamodb', `table/${TABLE}`),
      allowed: true,
    });
  });

  it('refuses a call no identity policy allows as AWS does, naming the session, the action and the resource', async () => {
    const dynamo = new DynamoDBClient(reports);

    const refused = dynamo.send(new GetItemCommand({ TableName: TABLE, Key: { pk: { S: 'e2e-1' } } }));

    await expect(refused).rejects.toMatchObject({
      name: 'AccessDeniedException',
      message:
        `User: arn:aws:sts::${ACCOUNT}:assumed-role/clearway-payments-${REGION}-reports/clearway-reports ` +
        `is not authorized to perform: dynamodb:GetItem on resource: ${arn('dynamodb', `table/${TABLE}`)} ` +
        'because no identity-based policy allows the dynamodb:GetItem action',
    });
    expect(cloud.denied().at(-1)).toMatchObject({ caller: 'clearway-reports', action: 'dynamodb:GetItem' });
  });

  it("takes a queue's AWS URL, delivers the message to fauxqs and answers ARNs in the account", async () => {
    const sqs = new SQSClient({ ...payments, endpoint: cloud.endpoint });
    // The URL CloudFormation gives the queue (its `Ref`).
    const queueUrl = `https://sqs.${REGION}.amazonaws.com/${ACCOUNT}/clearway-webhooks`;

    await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: '{"Type":"Payment.Sent"}' }));
    const { Attributes } = await sqs.send(
      new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['QueueArn', 'RedrivePolicy'] }),
    );

    const fauxqs = new SQSClient({ ...payments, endpoint: cloud.fauxqs.endpoint });
    const { Messages } = await fauxqs.send(
      new ReceiveMessageCommand({
        QueueUrl: cloud.fauxqs.queueUrl('clearway-webhooks'),
        MaxNumberOfMessages: 10,
      }),
    );
    expect(Messages?.map((message) => message.Body)).toEqual(['{"Type":"Payment.Sent"}']);
    expect(Attributes?.QueueArn).toBe(arn('sqs', 'clearway-webhooks'));
    expect(Attributes?.RedrivePolicy).toContain(arn('sqs', 'clearway-webhooks-dlq'));
    expect(cloud.calls.slice(-2).every((call) => call.allowed)).toBe(true);
  });

  it('keeps an SQS client without an endpoint on the local cloud when the queue URL is on it', async () => {
    // Nothing listens at the environment's endpoint here: only the queue URL's host can answer.
    vi.stubEnv('AWS_ENDPOINT_URL', 'http://127.0.0.1:9');
    const sqs = new SQSClient(payments);

    try {
      await sqs.send(
        new SendMessageCommand({ QueueUrl: cloud.queueUrl('clearway-webhooks'), MessageBody: '{}' }),
      );
    } finally {
      vi.stubEnv('AWS_ENDPOINT_URL', cloud.endpoint);
    }

    expect(lastCall()).toMatchObject({ action: 'sqs:SendMessage', allowed: true });
  });

  it('refuses an SQS call outside the policy as SQS does: the SDK names it AccessDenied', async () => {
    const sqs = new SQSClient(reports);

    const refused = sqs.send(
      new SendMessageCommand({ QueueUrl: cloud.queueUrl('clearway-webhooks'), MessageBody: '{}' }),
    );

    await expect(refused).rejects.toMatchObject({
      name: 'AccessDenied',
      message: expect.stringContaining(`sqs:SendMessage on resource: ${arn('sqs', 'clearway-webhooks')}`),
    });
  });

  it('puts and gets S3 objects under the bucket policy, and refuses another bucket with AccessDenied', async () => {
    const s3 = new S3Client(payments);

    await s3.send(
      new PutObjectCommand({ Bucket: 'clearway-bodies', Key: 'webhooks/w 1.json', Body: '{"a":1}' }),
    );
    const object = await s3.send(
      new GetObjectCommand({ Bucket: 'clearway-bodies', Key: 'webhooks/w 1.json' }),
    );
    const head = await s3.send(
      new HeadObjectCommand({ Bucket: 'clearway-bodies', Key: 'webhooks/w 1.json' }),
    );
    const refused = s3.send(new PutObjectCommand({ Bucket: 'clearway-statements', Key: 'a.csv', Body: 'x' }));

    expect(await object.Body?.transformToString()).toBe('{"a":1}');
    expect(head.ContentLength).toBe(7);
    await expect(refused).rejects.toMatchObject({
      name: 'AccessDenied',
      message: expect.stringContaining('s3:PutObject on resource: arn:aws:s3:::clearway-statements/a.csv'),
    });
    expect(cloud.calls.slice(-4).map((call) => [call.action, call.allowed])).toEqual([
      ['s3:PutObject', true],
      ['s3:GetObject', true],
      ['s3:GetObject', true],
      ['s3:PutObject', false],
    ]);
    expect(cloud.calls.at(-2)?.resource).toBe('arn:aws:s3:::clearway-bodies/webhooks/w 1.json');
  });

  it('signs a SHA-256 digest so that the signature verifies against the message, and gives the public key', async () => {
    const kms = new KMSClient(payments);
    const message = Buffer.from('POST /payments {"amount":"10.00"}');

    const { Signature, KeyId } = await kms.send(
      new SignCommand({
        KeyId: 'alias/clearway-signing',
        Message: createHash('sha256').update(message).digest(),
        MessageType: 'DIGEST',
        SigningAlgorithm: 'RSASSA_PKCS1_V1_5_SHA_256',
      }),
    );
    const { PublicKey, KeySpec } = await kms.send(new GetPublicKeyCommand({ KeyId: SIGNING_KEY }));

    expect(KeyId).toBe(SIGNING_KEY);
    expect(verify('sha256', message, publicKey, Buffer.from(Signature ?? []))).toBe(true);
    expect(Buffer.from(Signature ?? [])).toEqual(sign('sha256', message, privateKey));
    expect(Buffer.from(PublicKey ?? [])).toEqual(publicKey.export({ type: 'spki', format: 'der' }));
    expect(KeySpec).toBe('RSA_2048');
  });

  /** The payments function signing one byte: what its key policy and its identity policy decide. */
  const signAsPayments = (KeyId: string, SigningAlgorithm: SigningAlgorithmSpec) =>
    new KMSClient(payments).send(new SignCommand({ KeyId, Message: Buffer.from('x'), SigningAlgorithm }));

  it('refuses signing with a key whose key policy does not allow it, though the identity policy does', async () => {
    await expect(signAsPayments(LOCKED_KEY, 'RSASSA_PKCS1_V1_5_SHA_256')).rejects.toMatchObject({
      name: 'AccessDeniedException',
      message: expect.stringContaining(
        `kms:Sign on resource: ${LOCKED_KEY} because no resource-based policy allows the kms:Sign action`,
      ),
    });
  });

  it('refuses a signing algorithm the kms:SigningAlgorithm condition does not allow', async () => {
    await expect(signAsPayments(SIGNING_KEY, 'RSASSA_PSS_SHA_256')).rejects.toMatchObject({
      name: 'AccessDeniedException',
      message: expect.stringContaining('because no identity-based policy allows the kms:Sign action'),
    });
    expect(lastCall()).toMatchObject({ action: 'kms:Sign', resource: SIGNING_KEY, allowed: false });
  });

  it("reads a secret by its ARN and sees the operator's new value", async () => {
    const secrets = new SecretsManagerClient(payments);

    const before = await secrets.send(new GetSecretValueCommand({ SecretId: SECRET }));
    cloud.putSecretValue('clearway/api-token', '{"token":"second"}');
    const after = await secrets.send(new GetSecretValueCommand({ SecretId: SECRET }));

    expect([before.SecretString, after.SecretString]).toEqual(['{"token":"first"}', '{"token":"second"}']);
    expect(after.VersionId).not.toBe(before.VersionId);
  });

  it('reads an SSM parameter, authorized on its ARN without the leading slash', async () => {
    const ssm = new SSMClient(payments);

    const { Parameter } = await ssm.send(new GetParameterCommand({ Name: PARAMETER }));

    expect(Parameter?.Value).toBe('PEM');
    expect(lastCall()).toMatchObject({
      resource: arn('ssm', 'parameter/clearway/bank-public-keys'),
      allowed: true,
    });
  });

  it('keeps put events, fails an entry whose Detail is not a JSON object and refuses more than 10', async () => {
    const events = new EventBridgeClient(payments);
    const entry = {
      EventBusName: BUS,
      Source: 'clearway.bank',
      DetailType: 'Payment.Sent',
      Detail: '{"id":"w1"}',
    };

    const put = await events.send(
      new PutEventsCommand({
        Entries: [
          { ...entry, EventBusName: 'clearway' },
          { ...entry, Detail: '[1]' },
        ],
      }),
    );
    const tooMany = events.send(new PutEventsCommand({ Entries: Array.from({ length: 11 }, () => entry) }));

    expect(put.FailedEntryCount).toBe(1);
    expect(put.Entries?.[1]?.ErrorCode).toBe('MalformedDetail');
    expect(cloud.events).toEqual([
      expect.objectContaining({
        busName: 'clearway',
        source: 'clearway.bank',
        detailType: 'Payment.Sent',
        detail: { id: 'w1' },
      }),
    ]);
    await expect(tooMany).rejects.toMatchObject({ name: 'ValidationException' });
  });

  it('starts one execution per name: the same input answers it again, another input is ExecutionAlreadyExists', async () => {
    const sfn = new SFNClient(payments);
    const start = (input: string, stateMachineArn = STATE_MACHINE) =>
      sfn.send(new StartExecutionCommand({ stateMachineArn, name: 'batch-1', input }));

    const first = await start('{"batchId":"batch-1"}');
    const again = await start('{"batchId":"batch-1"}');

    expect(again.executionArn).toBe(first.executionArn);
    expect(cloud.executions).toEqual([
      { stateMachineArn: STATE_MACHINE, name: 'batch-1', input: '{"batchId":"batch-1"}' },
    ]);
    await expect(start('{"batchId":"other"}')).rejects.toBeInstanceOf(ExecutionAlreadyExists);
    await expect(start('{}', arn('states', 'stateMachine:missing'))).rejects.toMatchObject({
      name: 'StateMachineDoesNotExist',
    });
  });

  it('refuses what it does not implement, naming the action, even when IAM would allow it', async () => {
    const decrypt = new KMSClient(payments).send(
      new DecryptCommand({ KeyId: SIGNING_KEY, CiphertextBlob: Buffer.from('x') }),
    );
    const deleteObject = new S3Client(payments).send(
      new DeleteObjectCommand({ Bucket: 'clearway-bodies', Key: 'webhooks/w 1.json' }),
    );

    await expect(decrypt).rejects.toThrow('the local cloud does not implement kms:Decrypt');
    await expect(deleteObject).rejects.toThrow('the local cloud does not implement s3:DELETE');
    expect(
      cloud
        .denied()
        .slice(-2)
        .map((call) => call.action),
    ).toEqual(['kms:Decrypt', 's3:DELETE /clearway-bodies/webhooks/w%201.json']);
  });

  it('refuses a caller whose access key id it does not know, naming the key', async () => {
    const ssm = new SSMClient(as('AKIDNOBODY'));

    await expect(ssm.send(new GetParameterCommand({ Name: PARAMETER }))).rejects.toMatchObject({
      name: 'UnrecognizedClientException',
      message: 'the local cloud knows no access key id AKIDNOBODY',
    });
  });
});
