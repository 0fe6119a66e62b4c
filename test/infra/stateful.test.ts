import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { publicKeyReaderFunctionNames, signingFunctionNames } from '#lib/catalog.js';
import { registrySchemaName } from '#lib/event-schemas.js';
import { bankPublicKeysPlaceholder, placeholderTokenExpiry } from '#lib/stateful-stack.js';
import { eventCatalogue } from '#shared/events/catalogue.js';
import { idempotencyTable, webhookInboxTable } from '#shared/config/tables.js';
import { nameChecksTable } from '#shared/name-checks/table.js';
import { paymentsTable } from '#shared/payments/table.js';
import { QUEUE_MESSAGE_LIMIT_BYTES } from '#shared/webhooks/queue-message.js';
import {
  type CfnResource,
  actionsOf,
  onlyResourceOfType,
  resourcesOfType,
  type Statement,
  type Synthesized,
  statementsOf,
  synthesize,
} from './synth.js';

const accountRoot = {
  'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':iam::', { Ref: 'AWS::AccountId' }, ':root']],
};
const roleArn = (name: string) => ({
  'Fn::Join': [
    '',
    [
      'arn:',
      { Ref: 'AWS::Partition' },
      ':iam::',
      { Ref: 'AWS::AccountId' },
      `:role/${name}`,
      { Ref: 'AWS::Region' },
    ],
  ],
});

/** A bucket of the stateful stack by the word its fixed name carries (`webhook-bodies`, `statements`). */
function bucketNamed(s: Synthesized, word: string): [string, CfnResource] {
  const found = resourcesOfType(s.statefulJson, 'AWS::S3::Bucket').filter(([, bucket]) =>
    JSON.stringify(bucket.Properties?.BucketName).includes(`-${word}-`),
  );
  expect(found).toHaveLength(1);
  return found[0] as [string, CfnResource];
}

describe('the stateful stack', () => {
  let simulation: Synthesized;
  let withAlarmMail: Synthesized;

  beforeAll(() => {
    simulation = synthesize({ env: 'simulation' });
    withAlarmMail = synthesize({ env: 'production', alarmEmail: 'treasury-ops@example.com' });
  });

  describe('signing key', () => {
    const keyPolicy = (s: Synthesized): Statement[] =>
      statementsOf(onlyResourceOfType(s.statefulJson, 'AWS::KMS::Key')[1].Properties?.KeyPolicy);

    it('is an RSA 2048 sign/verify key that is retained', () => {
      simulation.stateful.hasResource('AWS::KMS::Key', {
        Properties: { KeySpec: 'RSA_2048', KeyUsage: 'SIGN_VERIFY' },
        DeletionPolicy: 'Retain',
        UpdateReplacePolicy: 'Retain',
      });
    });

    it('has a key policy without any wildcard action', () => {
      for (const statement of keyPolicy(simulation)) {
        for (const action of actionsOf(statement)) expect(action).not.toContain('*');
      }
    });

    it('lets only the signing functions’ roles use kms:Sign, with the Signer’s algorithm on a digest', () => {
      const signing = keyPolicy(simulation).filter((statement) => actionsOf(statement).includes('kms:Sign'));
      expect(signing).toHaveLength(1);
      const [statement] = signing as [Statement];
      expect(actionsOf(statement)).toEqual(['kms:Sign']);
      expect(statement.Principal).toEqual({ AWS: accountRoot });
      const names = signingFunctionNames({ pathSignature: false }).map((fn) => `clearway-sim-${fn}-`);
      expect(statement.Condition?.ArnEquals?.['aws:PrincipalArn']).toEqual(names.map(roleArn));
      expect(statement.Condition?.StringEquals).toEqual({
        'kms:SigningAlgorithm': 'RSASSA_PKCS1_V1_5_SHA_256',
        'kms:MessageType': 'DIGEST',
      });
    });

    it('adds a configured onboarding signer (for the CSR) to the signers, and only then', () => {
      const onboarding = 'arn:aws:iam::123456789012:role/ClearwayOnboarding';
      const withSigner = synthesize({ onboardingSignerArns: onboarding });
      const signing = keyPolicy(withSigner).find((statement) => actionsOf(statement).includes('kms:Sign'));
      expect(signing?.Condition?.ArnEquals?.['aws:PrincipalArn']).toEqual([
        ...signingFunctionNames({ pathSignature: false }).map((fn) => roleArn(`clearway-sim-${fn}-`)),
        onboarding,
      ]);
    });

    it('lets the account administer the key but never use it', () => {
      const [admin] = keyPolicy(simulation).filter(
        (statement) => statement.Sid === 'KeyAdministrationWithoutUse',
      );
      expect(admin?.Principal).toEqual({ AWS: accountRoot });
      expect(actionsOf(admin as Statement)).toContain('kms:PutKeyPolicy');
      for (const forbidden of ['kms:Sign', 'kms:GetPublicKey', 'kms:CreateGrant', 'kms:Verify']) {
        expect(actionsOf(admin as Statement)).not.toContain(forbidden);
      }
    });

    it('lets the admin principal (default the account root) read the public key and describe the key', () => {
      const [forAdmin] = keyPolicy(simulation).filter(
        (statement) => statement.Sid === 'PublicKeyForTheAdmin',
      );
      expect(forAdmin?.Principal).toEqual({ AWS: accountRoot });
      expect(actionsOf(forAdmin as Statement).sort()).toEqual(['kms:DescribeKey', 'kms:GetPublicKey']);
    });

    it('names a configured admin principal instead of the account root', () => {
      const custom = synthesize({ adminPrincipalArn: 'arn:aws:iam::123456789012:role/KeyAdmin' });
      const [forAdmin] = keyPolicy(custom).filter((statement) => statement.Sid === 'PublicKeyForTheAdmin');
      expect(forAdmin?.Principal).toEqual({ AWS: 'arn:aws:iam::123456789012:role/KeyAdmin' });
    });

    it('lets the gateway signing-key function read the public key only', () => {
      const readers = keyPolicy(simulation).filter(
        (statement) => statement.Sid === 'PublicKeyForTheGatewaySigningKeyFunction',
      );
      expect(readers).toHaveLength(1);
      expect(actionsOf(readers[0] as Statement)).toEqual(['kms:GetPublicKey']);
      expect(readers[0]?.Condition?.ArnEquals?.['aws:PrincipalArn']).toEqual(
        publicKeyReaderFunctionNames().map((fn) => roleArn(`clearway-sim-${fn}-`)),
      );
    });

    it('uses the production role names in production', () => {
      const signing = keyPolicy(withAlarmMail).find((statement) => actionsOf(statement).includes('kms:Sign'));
      expect(signing?.Condition?.ArnEquals?.['aws:PrincipalArn']).toEqual(
        signingFunctionNames({ pathSignature: false }).map((fn) => roleArn(`clearway-prod-${fn}-`)),
      );
    });

    it('has an alias the command line can name', () => {
      simulation.stateful.hasResourceProperties('AWS::KMS::Alias', {
        AliasName: 'alias/clearway-simulation-signing',
      });
    });
  });

  it('keeps the API token in a retained secret shaped {token, expiresAt}, a placeholder until the operator sets it', () => {
    simulation.stateful.hasResource('AWS::SecretsManager::Secret', {
      Properties: {
        GenerateSecretString: {
          SecretStringTemplate: JSON.stringify({ expiresAt: placeholderTokenExpiry }),
          GenerateStringKey: 'token',
        },
      },
      DeletionPolicy: 'Retain',
    });
  });

  it.each([idempotencyTable, webhookInboxTable, nameChecksTable])(
    'creates the $name table on demand, with point-in-time recovery, encryption and its TTL attribute',
    (definition) => {
      simulation.stateful.hasResource('AWS::DynamoDB::Table', {
        Properties: {
          KeySchema: [{ AttributeName: definition.partitionKey, KeyType: 'HASH' }],
          BillingMode: 'PAY_PER_REQUEST',
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          SSESpecification: { SSEEnabled: true },
          TimeToLiveSpecification: { AttributeName: definition.ttlAttribute, Enabled: true },
        },
        DeletionPolicy: 'Retain',
      });
    },
  );

  it('creates the payments table on demand, keyed by end-to-end id, with point-in-time recovery and encryption, retained, without expiry', () => {
    simulation.stateful.hasResource('AWS::DynamoDB::Table', {
      Properties: {
        KeySchema: [{ AttributeName: paymentsTable.partitionKey, KeyType: 'HASH' }],
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        SSESpecification: { SSEEnabled: true },
        TimeToLiveSpecification: Match.absent(),
      },
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
    });
    expect(paymentsTable.partitionKey).toBe('endToEndId');
  });

  it('creates the event bus', () => {
    simulation.stateful.hasResourceProperties('AWS::Events::EventBus', { Name: 'clearway-simulation' });
  });

  describe('webhook queue', () => {
    const queues = (s: Synthesized) => {
      const all = resourcesOfType(s.statefulJson, 'AWS::SQS::Queue');
      const main = all.find(([, queue]) => queue.Properties?.RedrivePolicy !== undefined);
      const dlq = all.find(([, queue]) => queue.Properties?.RedrivePolicy === undefined);
      if (main === undefined || dlq === undefined || all.length !== 2)
        throw new Error('expected a queue and a DLQ');
      return { main, dlq };
    };

    it('is encrypted at rest, queue and DLQ', () => {
      const { main, dlq } = queues(simulation);
      expect(main[1].Properties?.SqsManagedSseEnabled).toBe(true);
      expect(dlq[1].Properties?.SqsManagedSseEnabled).toBe(true);
    });

    it('refuses requests without TLS, queue and DLQ', () => {
      const { main, dlq } = queues(simulation);
      for (const [logicalId] of [main, dlq]) {
        simulation.stateful.hasResourceProperties('AWS::SQS::QueuePolicy', {
          Queues: [{ Ref: logicalId }],
          PolicyDocument: {
            Statement: Match.arrayWith([
              Match.objectLike({
                Effect: 'Deny',
                Action: 'sqs:*',
                Condition: { Bool: { 'aws:SecureTransport': 'false' } },
              }),
            ]),
          },
        });
      }
    });

    it('moves a message to the DLQ after a bounded number of receives', () => {
      const { main, dlq } = queues(simulation);
      expect(main[1].Properties?.RedrivePolicy).toEqual({
        deadLetterTargetArn: { 'Fn::GetAtt': [dlq[0], 'Arn'] },
        maxReceiveCount: simulation.config.processor.maxReceiveCount,
      });
      expect(simulation.config.processor.maxReceiveCount).toBe(5);
    });

    it('hides a message for at least six times the processor timeout', () => {
      const { main } = queues(simulation);
      expect(main[1].Properties?.VisibilityTimeout).toBeGreaterThanOrEqual(
        6 * simulation.config.processor.timeoutSeconds,
      );
    });

    it('sets on both queues the message limit the receiver sizes its messages by', () => {
      const { main, dlq } = queues(simulation);
      expect(main[1].Properties?.MaximumMessageSize).toBe(QUEUE_MESSAGE_LIMIT_BYTES);
      expect(dlq[1].Properties?.MaximumMessageSize).toBe(QUEUE_MESSAGE_LIMIT_BYTES);
    });

    it('keeps both queues if the stack is deleted', () => {
      const { main, dlq } = queues(simulation);
      expect(main[1].DeletionPolicy).toBe('Retain');
      expect(dlq[1].DeletionPolicy).toBe('Retain');
    });

    it('alarms on any message in the DLQ', () => {
      const { dlq } = queues(simulation);
      simulation.stateful.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'AWS/SQS',
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [dlq[0], 'QueueName'] } }],
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        EvaluationPeriods: 1,
      });
    });

    it('has no topic when no alarm target is configured', () => {
      simulation.stateful.resourceCountIs('AWS::SNS::Topic', 0);
    });

    it('sends the alarm to a TLS-only topic mailed to the configured address', () => {
      const [topicId] = onlyResourceOfType(withAlarmMail.statefulJson, 'AWS::SNS::Topic');
      withAlarmMail.stateful.hasResourceProperties('AWS::SNS::Subscription', {
        Protocol: 'email',
        Endpoint: 'treasury-ops@example.com',
        TopicArn: { Ref: topicId },
      });
      withAlarmMail.stateful.hasResourceProperties('AWS::CloudWatch::Alarm', {
        MetricName: 'ApproximateNumberOfMessagesVisible',
        AlarmActions: [{ Ref: topicId }],
      });
      withAlarmMail.stateful.hasResourceProperties('AWS::SNS::TopicPolicy', {
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          ]),
        },
      });
    });

    it('sends the alarm to an existing topic when given its ARN', () => {
      const arn = 'arn:aws:sns:eu-west-2:123456789012:treasury-alarms';
      const existing = synthesize({ alarmTopicArn: arn });
      existing.stateful.resourceCountIs('AWS::SNS::Topic', 0);
      existing.stateful.hasResourceProperties('AWS::CloudWatch::Alarm', { AlarmActions: [arn] });
    });
  });

  describe('webhook body bucket (bodies too large for a queue message)', () => {
    it('has a fixed name per environment, account and region, and is retained', () => {
      simulation.stateful.hasResource('AWS::S3::Bucket', {
        Properties: {
          BucketName: {
            'Fn::Join': [
              '',
              ['clearway-simulation-webhook-bodies-', { Ref: 'AWS::AccountId' }, '-', { Ref: 'AWS::Region' }],
            ],
          },
        },
        DeletionPolicy: 'Retain',
      });
    });

    it('is encrypted, private, TLS only, and forgets a body after twice the DLQ’s retention', () => {
      const [bucketId, bucket] = bucketNamed(simulation, 'webhook-bodies');
      expect(bucket.Properties).toMatchObject({
        BucketEncryption: {
          ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
        },
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        LifecycleConfiguration: { Rules: [{ ExpirationInDays: 28, Status: 'Enabled' }] },
      });
      simulation.stateful.hasResourceProperties('AWS::S3::BucketPolicy', {
        Bucket: { Ref: bucketId },
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          ]),
        },
      });
    });
  });

  describe('statements bucket (the CSVs the bank links to, kept by the processor)', () => {
    it('has a fixed name per environment, account and region, and is retained', () => {
      const [, bucket] = bucketNamed(simulation, 'statements');
      expect(bucket.Properties?.BucketName).toEqual({
        'Fn::Join': [
          '',
          ['clearway-simulation-statements-', { Ref: 'AWS::AccountId' }, '-', { Ref: 'AWS::Region' }],
        ],
      });
      expect(bucket).toMatchObject({ DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
    });

    it('is encrypted, versioned, blocked from public access, owner-enforced and TLS only, and never expires a statement', () => {
      const [bucketId, bucket] = bucketNamed(simulation, 'statements');
      expect(bucket.Properties).toMatchObject({
        BucketEncryption: {
          ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
        },
        VersioningConfiguration: { Status: 'Enabled' },
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }] },
      });
      expect(bucket.Properties?.LifecycleConfiguration).toBeUndefined();
      simulation.stateful.hasResourceProperties('AWS::S3::BucketPolicy', {
        Bucket: { Ref: bucketId },
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          ]),
        },
      });
    });
  });

  it('keeps the bank public keys in an SSM parameter the operator fills with PEM text', () => {
    simulation.stateful.hasResourceProperties('AWS::SSM::Parameter', {
      Name: '/clearway/simulation/bank-public-keys',
      Type: 'String',
      Value: bankPublicKeysPlaceholder,
    });
  });

  describe('event schema registry (the detail of every event, from shared/events)', () => {
    const schemas = () =>
      resourcesOfType(simulation.statefulJson, 'AWS::EventSchemas::Schema').map(
        ([, schema]) => schema.Properties ?? {},
      );

    it('is one registry named after the environment', () => {
      const [, registry] = onlyResourceOfType(simulation.statefulJson, 'AWS::EventSchemas::Registry');
      expect(registry.Properties?.RegistryName).toBe('clearway-simulation-events');
    });

    it('holds one draft-04 schema per event of the catalogue, named <source>@<detail-type>', () => {
      expect(
        schemas()
          .map((schema) => schema.SchemaName)
          .sort(),
      ).toEqual(eventCatalogue.map(registrySchemaName).sort());
      const [registryId] = onlyResourceOfType(simulation.statefulJson, 'AWS::EventSchemas::Registry');
      for (const schema of schemas()) {
        expect(schema.Type).toBe('JSONSchemaDraft4');
        expect(schema.RegistryName).toEqual({ 'Fn::GetAtt': [registryId, 'RegistryName'] });
        const content = JSON.parse(schema.Content as string);
        expect(content.$schema).toBe('http://json-schema.org/draft-04/schema#');
        expect(content.properties['detail-type'].enum).toEqual([String(schema.SchemaName).split('@')[1]]);
        expect(content.properties.detail.properties.key).toBeDefined();
      }
    });

    it('keeps each schema within what EventBridge takes (100 KB of content)', () => {
      for (const schema of schemas())
        expect(Buffer.byteLength(schema.Content as string)).toBeLessThan(100_000);
    });
  });

  it('refers to nothing in the stateless stack', () => {
    expect(JSON.stringify(simulation.statefulJson)).not.toMatch(/Fn::ImportValue|Fn::GetStackOutput/);
  });
});
