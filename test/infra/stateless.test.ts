import { beforeAll, describe, expect, it } from 'vitest';
import {
  fnNames,
  functionNames,
  internalRoutes,
  operationFunctionNames,
  signingFunctionNames,
} from '#lib/catalog.js';
import { apiLayout } from '#lib/api-layout.js';
import { environments } from '#lib/config.js';
import { Router, type RouteMethod } from '#shared/http/router.js';
import { ENV } from '#shared/config/function-environment.js';
import {
  actionsOf,
  type CfnResource,
  type CfnTemplate,
  methodsOfApi,
  onlyResourceOfType,
  resolveCrossStack,
  resourcesOfType,
  roleLogicalIdByName,
  type Statement,
  type Synthesized,
  statementsOf,
  statementsOfRole,
  synthesize,
  variablesOf,
} from './synth.js';

/** The REST API whose Name ends with the suffix. */
function apiLogicalId(template: CfnTemplate, suffix: string): string {
  const found = resourcesOfType(template, 'AWS::ApiGateway::RestApi').find(([, api]) =>
    String(api.Properties?.Name).endsWith(suffix),
  );
  if (found === undefined) throw new Error(`no REST API named *${suffix}`);
  return found[0];
}

function stageOf(template: CfnTemplate, apiId: string): CfnResource {
  const found = resourcesOfType(template, 'AWS::ApiGateway::Stage').find(
    ([, stage]) => JSON.stringify(stage.Properties?.RestApiId) === JSON.stringify({ Ref: apiId }),
  );
  if (found === undefined) throw new Error(`no stage for ${apiId}`);
  return found[1];
}

/** A role's statements with cross-stack references replaced by what they point at in the stateful stack. */
function resolvedStatements(s: Synthesized, fn: string): Statement[] {
  const prefix = `clearway-${s.config.envName === 'production' ? 'prod' : 'sim'}-${fn}-`;
  return statementsOfRole(s.statelessJson, roleLogicalIdByName(s.statelessJson, prefix)).map(
    (statement) => resolveCrossStack(statement, s.statefulJson) as Statement,
  );
}

/** The logical id in the stateful stack of the only resource of a type matching the filter. */
function statefulId(
  s: Synthesized,
  type: string,
  filter: (resource: CfnResource) => boolean = () => true,
): string {
  const found = resourcesOfType(s.statefulJson, type).filter(([, resource]) => filter(resource));
  if (found.length !== 1) throw new Error(`expected one ${type}, found ${found.length}`);
  return (found[0] as [string, CfnResource])[0];
}

const resourcesOf = (statement: Statement) =>
  Array.isArray(statement.Resource) ? statement.Resource : [statement.Resource];

/** action -> resources it is allowed on, over all statements. */
function grants(statements: Statement[]): Map<string, unknown[]> {
  const map = new Map<string, unknown[]>();
  for (const statement of statements) {
    expect(statement.Effect).toBe('Allow');
    for (const action of actionsOf(statement))
      map.set(action, [...(map.get(action) ?? []), ...resourcesOf(statement)]);
  }
  return map;
}

/** The webhook queue and its dead-letter queue (the quarantine), by logical id in the stateful stack. */
function webhookQueues(s: Synthesized): { queue: string; dlq: string } {
  return {
    queue: statefulId(s, 'AWS::SQS::Queue', (q) => q.Properties?.RedrivePolicy !== undefined),
    dlq: statefulId(s, 'AWS::SQS::Queue', (q) => q.Properties?.RedrivePolicy === undefined),
  };
}

function functionNamed(s: Synthesized, fn: string): CfnResource | undefined {
  return resourcesOfType(s.statelessJson, 'AWS::Lambda::Function').find(
    ([, resource]) => variablesOf(resource).POWERTOOLS_SERVICE_NAME === fn,
  )?.[1];
}

/** Every object of the statements bucket, by its fixed name. */
const statementObjects = {
  'Fn::Join': [
    '',
    [
      'arn:',
      { Ref: 'AWS::Partition' },
      ':s3:::clearway-simulation-statements-',
      { Ref: 'AWS::AccountId' },
      '-',
      { Ref: 'AWS::Region' },
      '/*',
    ],
  ],
};

/** The `sha256/` objects of the body bucket, by its fixed name. */
const bodyObjects = {
  'Fn::Join': [
    '',
    [
      'arn:',
      { Ref: 'AWS::Partition' },
      ':s3:::clearway-simulation-webhook-bodies-',
      { Ref: 'AWS::AccountId' },
      '-',
      { Ref: 'AWS::Region' },
      '/sha256/*',
    ],
  ],
};

const runtimeBasics = [
  'logs:CreateLogStream',
  'logs:PutLogEvents',
  'xray:PutTelemetryRecords',
  'xray:PutTraceSegments',
];

describe('the stateless stack', () => {
  let simulation: Synthesized;
  let production: Synthesized;

  beforeAll(() => {
    simulation = synthesize({ env: 'simulation' });
    production = synthesize({ env: 'production', alarmEmail: 'treasury-ops@example.com' });
  });

  describe('functions', () => {
    it('makes one function per fn of the operation registry, plus the gateway and webhook functions', () => {
      simulation.stateless.resourceCountIs('AWS::Lambda::Function', functionNames().length);
      for (const fn of functionNames()) {
        simulation.stateless.hasResourceProperties('AWS::Lambda::Function', {
          Environment: { Variables: { POWERTOOLS_SERVICE_NAME: fn } },
        });
      }
    });

    it('runs every function on Node.js 24, ARM64, traced, with source maps and a log group with retention', () => {
      const functions = resourcesOfType(simulation.statelessJson, 'AWS::Lambda::Function');
      expect(functions.length).toBeGreaterThan(0);
      for (const [, fn] of functions) {
        const props = fn.Properties ?? {};
        expect(props.Runtime).toBe('nodejs24.x');
        expect(props.Architectures).toEqual(['arm64']);
        expect(props.TracingConfig).toEqual({ Mode: 'Active' });
        expect(props.Handler).toBe('index.handler');
        // Stacks are mapped when read (shared/runtime/source-frames.ts), not by Node at every cold start.
        expect(
          (props.Environment as { Variables: Record<string, string> }).Variables.NODE_OPTIONS,
        ).toBeUndefined();
        const logging = props.LoggingConfig as { LogGroup: { Ref: string }; LogFormat: string };
        expect(logging.LogFormat).toBe('JSON');
        const logGroup = simulation.statelessJson.Resources[logging.LogGroup.Ref];
        expect(logGroup?.Type).toBe('AWS::Logs::LogGroup');
        expect(logGroup?.Properties?.RetentionInDays).toBe(30);
      }
    });

    it('gives the receiver the bank keys resolved from their parameter at deploy, so a cold start needs no SSM client', () => {
      const receiver = resourcesOfType(simulation.statelessJson, 'AWS::Lambda::Function').find(
        ([, fn]) =>
          (fn.Properties?.Environment as { Variables: Record<string, unknown> }).Variables
            .POWERTOOLS_SERVICE_NAME === 'webhook-receiver',
      );
      const variables = (receiver?.[1].Properties?.Environment as { Variables: Record<string, unknown> })
        .Variables;
      const reference = variables.BANK_PUBLIC_KEYS as { Ref: string };
      const parameter = simulation.statelessJson.Parameters?.[reference.Ref] as
        { Type: string; Default: string } | undefined;
      expect(parameter).toEqual({
        Type: 'AWS::SSM::Parameter::Value<String>',
        Default: '/clearway/simulation/bank-public-keys',
      });
    });

    it('keeps production logs a year and retains them', () => {
      for (const [, logGroup] of resourcesOfType(production.statelessJson, 'AWS::Logs::LogGroup')) {
        expect(logGroup.Properties?.RetentionInDays).toBe(365);
        expect(logGroup.DeletionPolicy).toBe('Retain');
      }
    });

    it('gives each function its own role with a fixed name', () => {
      const roles = new Set<string>();
      for (const [, fn] of resourcesOfType(simulation.statelessJson, 'AWS::Lambda::Function')) {
        roles.add(JSON.stringify(fn.Properties?.Role));
      }
      expect(roles.size).toBe(functionNames().length);
      for (const fn of functionNames()) roleLogicalIdByName(simulation.statelessJson, `clearway-sim-${fn}-`);
    });

    it('gives each function the environment names of shared/config/function-environment.ts', () => {
      const namesFor = (fn: string) => {
        const found = resourcesOfType(simulation.statelessJson, 'AWS::Lambda::Function').find(
          ([, resource]) => variablesOf(resource).POWERTOOLS_SERVICE_NAME === fn,
        );
        return Object.keys(variablesOf(found?.[1]));
      };
      for (const fn of operationFunctionNames()) {
        expect(namesFor(fn)).toEqual(
          expect.arrayContaining([
            ENV.bankBaseUrl,
            ENV.apiTokenSecretId,
            ENV.signingKeyId,
            ENV.idempotencyTable,
            ENV.overdraftAgreement,
            ENV.pathSignature,
          ]),
        );
      }
      expect(namesFor(fnNames.gatewaySigningKey)).toContain(ENV.signingKeyId);
      expect(namesFor(fnNames.webhookReceiver)).toEqual(
        expect.arrayContaining([
          ENV.signingKeyId,
          ENV.webhookQueueUrl,
          ENV.webhookDeadLetterQueueUrl,
          ENV.webhookBodyBucket,
          ENV.bankPublicKeysParameter,
        ]),
      );
      expect(namesFor(fnNames.webhookProcessor)).toEqual(
        expect.arrayContaining([
          ENV.inboxTable,
          ENV.eventBusName,
          ENV.webhookDeadLetterQueueUrl,
          ENV.webhookBodyBucket,
          ENV.statementBucket,
          ENV.bankBaseUrl,
        ]),
      );
    });
  });

  describe('least privilege', () => {
    it('grants no wildcard action to any role, and "*" resources only for X-Ray and log delivery', () => {
      for (const [, policy] of resourcesOfType(simulation.statelessJson, 'AWS::IAM::Policy')) {
        for (const statement of statementsOf(policy.Properties?.PolicyDocument)) {
          for (const action of actionsOf(statement)) expect(action).not.toContain('*');
          if (resourcesOf(statement).includes('*')) {
            // Step Functions delivers logs only through these account-level actions on "*".
            expect(
              actionsOf(statement).every(
                (action) => action.startsWith('xray:') || action.startsWith('logs:'),
              ),
            ).toBe(true);
          }
        }
      }
    });

    it('gives function roles no managed policies', () => {
      for (const fn of functionNames()) {
        const role =
          simulation.statelessJson.Resources[
            roleLogicalIdByName(simulation.statelessJson, `clearway-sim-${fn}-`)
          ];
        expect(role?.Properties?.ManagedPolicyArns).toBeUndefined();
      }
    });

    it('lets the receiver only queue or quarantine, store large bodies, sign and read the bank keys', () => {
      const { queue, dlq } = webhookQueues(simulation);
      const key = statefulId(simulation, 'AWS::KMS::Key');
      const parameter = statefulId(simulation, 'AWS::SSM::Parameter');
      const allowed = grants(resolvedStatements(simulation, fnNames.webhookReceiver));
      expect([...allowed.keys()].sort()).toEqual(
        [...runtimeBasics, 'kms:Sign', 's3:PutObject', 'sqs:SendMessage', 'ssm:GetParameter'].sort(),
      );
      expect(allowed.get('sqs:SendMessage')).toEqual([
        { 'Fn::GetAtt': [queue, 'Arn'] },
        { 'Fn::GetAtt': [dlq, 'Arn'] },
      ]);
      expect(allowed.get('s3:PutObject')).toEqual([bodyObjects]);
      expect(allowed.get('kms:Sign')).toEqual([{ 'Fn::GetAtt': [key, 'Arn'] }]);
      expect(JSON.stringify(allowed.get('ssm:GetParameter'))).toContain(`{"Ref":"${parameter}"}`);
    });

    it('lets the processor only use the inbox, payments, fx, batch, account-closures and attention tables, put events on the bus, consume the queue, quarantine and read large bodies', () => {
      const inbox = statefulId(
        simulation,
        'AWS::DynamoDB::Table',
        (t) =>
          JSON.stringify(t.Properties?.KeySchema).includes('"key"') &&
          t.Properties?.TimeToLiveSpecification !== undefined,
      );
      const payments = statefulId(
        simulation,
        'AWS::DynamoDB::Table',
        (t) =>
          JSON.stringify(t.Properties?.KeySchema).includes('"endToEndId"') &&
          t.Properties?.TimeToLiveSpecification === undefined,
      );
      const fx = statefulId(simulation, 'AWS::DynamoDB::Table', (t) =>
        JSON.stringify(t.Properties?.KeySchema).includes('"recordId"'),
      );
      const batches = statefulId(simulation, 'AWS::DynamoDB::Table', (t) =>
        JSON.stringify(t.Properties?.KeySchema).includes('"batchId"'),
      );
      const attention = statefulId(
        simulation,
        'AWS::DynamoDB::Table',
        (t) =>
          JSON.stringify(t.Properties?.KeySchema).includes('"key"') &&
          t.Properties?.TimeToLiveSpecification === undefined,
      );
      const closures = statefulId(simulation, 'AWS::DynamoDB::Table', (t) =>
        JSON.stringify(t.Properties?.KeySchema).includes('"accountId"'),
      );
      const bus = statefulId(simulation, 'AWS::Events::EventBus');
      const { queue, dlq } = webhookQueues(simulation);
      const allowed = grants(resolvedStatements(simulation, fnNames.webhookProcessor));
      const consume = [
        'sqs:ChangeMessageVisibility',
        'sqs:DeleteMessage',
        'sqs:GetQueueAttributes',
        'sqs:GetQueueUrl',
        'sqs:ReceiveMessage',
      ];
      const items = ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'];
      expect([...allowed.keys()].sort()).toEqual(
        [
          ...runtimeBasics,
          ...items,
          'dynamodb:DeleteItem',
          'events:PutEvents',
          ...consume,
          's3:GetObject',
          's3:PutObject',
          'sqs:SendMessage',
          // camt.053 statements: their pages are downloaded from the bank with the token (path-signed, with
          // kms:Sign, only where the environment says so: not here).
          'secretsmanager:GetSecretValue',
        ].sort(),
      );
      // FX trades and batch transactions move by conditional update after a read: no PutItem on their
      // tables; payments and account closures by conditional put: no UpdateItem on theirs.
      for (const action of items)
        expect(inAnyOrder(allowed.get(action))).toEqual(
          inAnyOrder([
            ...(action === 'dynamodb:PutItem' ? [{ 'Fn::GetAtt': [attention, 'Arn'] }] : []),
            { 'Fn::GetAtt': [inbox, 'Arn'] },
            ...(action === 'dynamodb:UpdateItem'
              ? []
              : [{ 'Fn::GetAtt': [payments, 'Arn'] }, { 'Fn::GetAtt': [closures, 'Arn'] }]),
            ...(action === 'dynamodb:PutItem'
              ? []
              : [{ 'Fn::GetAtt': [fx, 'Arn'] }, { 'Fn::GetAtt': [batches, 'Arn'] }]),
          ]),
        );
      // Attention items are raised and cleared, never read or updated.
      expect(allowed.get('dynamodb:DeleteItem')).toEqual([{ 'Fn::GetAtt': [attention, 'Arn'] }]);
      expect(allowed.get('events:PutEvents')).toEqual([{ 'Fn::GetAtt': [bus, 'Arn'] }]);
      for (const action of consume) expect(allowed.get(action)).toEqual([{ 'Fn::GetAtt': [queue, 'Arn'] }]);
      expect(allowed.get('sqs:SendMessage')).toEqual([{ 'Fn::GetAtt': [dlq, 'Arn'] }]);
      expect(allowed.get('s3:GetObject')).toEqual([bodyObjects]);
      expect(allowed.get('s3:PutObject')).toEqual([statementObjects]);
      expect(allowed.get('secretsmanager:GetSecretValue')).toEqual([
        { Ref: statefulId(simulation, 'AWS::SecretsManager::Secret') },
      ]);
    });

    it('lets only the processor put statements, and names their bucket and the bank in its environment', () => {
      const [, bucket] = resourcesOfType(simulation.statefulJson, 'AWS::S3::Bucket').find(([, made]) =>
        JSON.stringify(made.Properties?.BucketName).includes('-statements-'),
      ) as [string, CfnResource];
      const variables = variablesOf(functionNamed(simulation, fnNames.webhookProcessor));
      expect(variables[ENV.statementBucket]).toEqual(bucket.Properties?.BucketName);
      expect(variables[ENV.bankBaseUrl]).toBe(simulation.config.bankBaseUrl);
      const writers = resourcesOfType(simulation.statelessJson, 'AWS::IAM::Policy').filter(([, policy]) =>
        JSON.stringify(policy.Properties?.PolicyDocument).includes('-statements-'),
      );
      expect(writers).toHaveLength(1);
      expect(JSON.stringify(writers[0]?.[1].Properties?.Roles)).toContain('Processor');
    });

    it('quarantines into the queue the DLQ alarm watches, and names the body bucket the stateful stack made', () => {
      const { dlq } = webhookQueues(simulation);
      const [, bucket] = resourcesOfType(simulation.statefulJson, 'AWS::S3::Bucket').find(([, made]) =>
        JSON.stringify(made.Properties?.BucketName).includes('-webhook-bodies-'),
      ) as [string, CfnResource];
      const [, alarm] = onlyResourceOfType(simulation.statefulJson, 'AWS::CloudWatch::Alarm');
      expect(alarm.Properties?.Dimensions).toEqual([
        { Name: 'QueueName', Value: { 'Fn::GetAtt': [dlq, 'QueueName'] } },
      ]);
      for (const fn of [fnNames.webhookReceiver, fnNames.webhookProcessor]) {
        const variables = variablesOf(functionNamed(simulation, fn));
        expect(resolveCrossStack(variables[ENV.webhookDeadLetterQueueUrl], simulation.statefulJson)).toEqual({
          Ref: dlq,
        });
        expect(variables[ENV.webhookBodyBucket]).toEqual(bucket.Properties?.BucketName);
      }
    });

    it('lets operation functions sign, read the token secret and use the idempotency table, nothing else', () => {
      const table = statefulId(simulation, 'AWS::DynamoDB::Table', (t) =>
        JSON.stringify(t.Properties?.KeySchema).includes('"id"'),
      );
      const secret = statefulId(simulation, 'AWS::SecretsManager::Secret');
      const key = statefulId(simulation, 'AWS::KMS::Key');
      for (const fn of operationFunctionNames()) {
        const allowed = grants(resolvedStatements(simulation, fn));
        const items = ['dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'];
        const secretActions = ['secretsmanager:GetSecretValue'];
        // The payments, CHAPS and fx functions also track their records (their table and the bus):
        // payments-grants.test.ts (payments, fx, multi-currency batches).
        const paymentsTracking = ['payments', 'chaps-payments'].includes(fn);
        // The sterling-accounts function tracks account closures (payments-grants.test.ts).
        const tracking =
          paymentsTracking || ['fx', 'mccy-payments', 'sterling-accounts'].includes(fn)
            ? ['events:PutEvents']
            : [];
        // The multi-currency payments function starts each scheduled batch's workflow (below).
        if (fn === 'mccy-payments') tracking.push('states:StartExecution');
        // The functions tracking payments read a request's name checks in one BatchGetItem.
        if (paymentsTracking) tracking.push('dynamodb:BatchGetItem');
        expect([...allowed.keys()].sort()).toEqual(
          [...runtimeBasics, 'kms:Sign', ...items, ...secretActions, ...tracking].sort(),
        );
        expect(allowed.get('kms:Sign')).toEqual([{ 'Fn::GetAtt': [key, 'Arn'] }]);
        for (const action of items)
          expect(allowed.get(action)).toEqual(expect.arrayContaining([{ 'Fn::GetAtt': [table, 'Arn'] }]));
        for (const action of secretActions) expect(allowed.get(action)).toEqual([{ Ref: secret }]);
      }
    });

    it('lets the payments read function only get items of the payments table', () => {
      const payments = statefulId(
        simulation,
        'AWS::DynamoDB::Table',
        (t) =>
          JSON.stringify(t.Properties?.KeySchema).includes('"endToEndId"') &&
          t.Properties?.TimeToLiveSpecification === undefined,
      );
      const allowed = grants(resolvedStatements(simulation, 'gateway-payments'));
      expect([...allowed.keys()].sort()).toEqual([...runtimeBasics, 'dynamodb:GetItem'].sort());
      expect(allowed.get('dynamodb:GetItem')).toEqual([{ 'Fn::GetAtt': [payments, 'Arn'] }]);
      expect(Object.keys(variablesOf(functionNamed(simulation, 'gateway-payments')))).toContain(
        ENV.paymentsTable,
      );
    });

    it('gives the processor the payments table, so it moves payment records on webhooks', () => {
      expect(Object.keys(variablesOf(functionNamed(simulation, fnNames.webhookProcessor)))).toContain(
        ENV.paymentsTable,
      );
    });

    it('lets the signing-key function only read the public key', () => {
      const key = statefulId(simulation, 'AWS::KMS::Key');
      const allowed = grants(resolvedStatements(simulation, fnNames.gatewaySigningKey));
      expect([...allowed.keys()].sort()).toEqual([...runtimeBasics, 'kms:GetPublicKey'].sort());
      expect(allowed.get('kms:GetPublicKey')).toEqual([{ 'Fn::GetAtt': [key, 'Arn'] }]);
    });

    it('grants kms:Sign to exactly the roles the key policy names', () => {
      const signers = functionNames().filter((fn) =>
        resolvedStatements(simulation, fn).some((statement) => actionsOf(statement).includes('kms:Sign')),
      );
      expect(signers.sort()).toEqual(signingFunctionNames({ pathSignature: false }).sort());
    });

    it('grants the processor kms:Sign only where GETs are path-signed (its camt.053 page downloads)', () => {
      const signs = (synthesized: typeof simulation) =>
        resolvedStatements(synthesized, fnNames.webhookProcessor).some((statement) =>
          actionsOf(statement).includes('kms:Sign'),
        );
      expect(signs(simulation)).toBe(false);
      const pathSigned = synthesize({ env: 'simulation', pathSignature: 'true' });
      expect(signs(pathSigned)).toBe(true);
      const signers = functionNames().filter((fn) =>
        resolvedStatements(pathSigned, fn).some((statement) => actionsOf(statement).includes('kms:Sign')),
      );
      expect(signers.sort()).toEqual(signingFunctionNames({ pathSignature: true }).sort());
    });
  });

  describe('the multi-currency batch workflow', () => {
    const stateMachine = () =>
      onlyResourceOfType(simulation.statelessJson, 'AWS::StepFunctions::StateMachine');
    const batchTable = () =>
      statefulId(simulation, 'AWS::DynamoDB::Table', (t) =>
        JSON.stringify(t.Properties?.KeySchema).includes('"batchId"'),
      );

    it('is a Standard state machine of the shared definition, with X-Ray and every log', () => {
      const [, machine] = stateMachine();
      expect(machine.Properties?.StateMachineType).toBe('STANDARD');
      expect(machine.Properties?.TracingConfiguration).toEqual({ Enabled: true });
      expect((machine.Properties?.LoggingConfiguration as { Level: string }).Level).toBe('ALL');
      const definition = JSON.stringify(machine.Properties?.DefinitionString);
      for (const state of [
        'WaitForCancellationDeadline',
        'CloseWindow',
        'MarkProcessingDue',
        'PublishOverdue',
      ])
        expect(definition).toContain(state);
    });

    it('may only update and read the batch table and put events on the bus', () => {
      const [, machine] = stateMachine();
      const roleId = (machine.Properties?.RoleArn as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      const statements = resourcesOfType(simulation.statelessJson, 'AWS::IAM::Policy')
        .filter(([, policy]) => JSON.stringify(policy.Properties?.Roles).includes(roleId))
        .flatMap(([, policy]) => statementsOf(policy.Properties?.PolicyDocument))
        .map((statement) => resolveCrossStack(statement, simulation.statefulJson) as Statement);
      const allowed = grants(statements);
      const own = [...allowed.keys()].filter((action) => !/^(logs|xray):/.test(action)).sort();
      expect(own).toEqual(['dynamodb:GetItem', 'dynamodb:UpdateItem', 'events:PutEvents']);
      expect(allowed.get('dynamodb:UpdateItem')).toEqual([{ 'Fn::GetAtt': [batchTable(), 'Arn'] }]);
      expect(allowed.get('dynamodb:GetItem')).toEqual([{ 'Fn::GetAtt': [batchTable(), 'Arn'] }]);
      for (const action of allowed.keys()) expect(action).not.toContain('*');
    });

    it('alarms on failed executions and on overdue batches', () => {
      const alarms = resourcesOfType(simulation.statelessJson, 'AWS::CloudWatch::Alarm').map(([, a]) => a);
      expect(alarms.some((a) => a.Properties?.MetricName === 'ExecutionsFailed')).toBe(true);
      expect(alarms.some((a) => a.Properties?.MetricName === 'MccyBatchesOverdue')).toBe(true);
      const [, filter] = onlyResourceOfType(simulation.statelessJson, 'AWS::Logs::MetricFilter');
      expect(filter.Properties?.FilterPattern).toContain('BatchOverdue');
    });

    it('lets the multi-currency payments function start it and do nothing else with it', () => {
      const [machineId] = stateMachine();
      const allowed = grants(resolvedStatements(simulation, 'mccy-payments'));
      expect(allowed.get('states:StartExecution')).toEqual([{ Ref: machineId }]);
      expect([...allowed.keys()].filter((action) => action.startsWith('states:'))).toEqual([
        'states:StartExecution',
      ]);
      expect(variablesOf(functionNamed(simulation, 'mccy-payments'))[ENV.mccyBatchWorkflowArn]).toEqual({
        Ref: machineId,
      });
    });
  });

  describe('internal API', () => {
    const internal = (s: Synthesized) => apiLogicalId(s.apiJson, '-internal');

    /** The `fn` of the function a method's integration invokes. */
    const fnOfMethod = (s: Synthesized, method: CfnResource | undefined) => {
      const uri = JSON.stringify(
        resolveCrossStack(
          (method?.Properties?.Integration as { Uri?: unknown } | undefined)?.Uri,
          s.statelessJson,
        ),
      );
      const [, fn] =
        resourcesOfType(s.statelessJson, 'AWS::Lambda::Function').find(([id]) => uri.includes(`"${id}"`)) ??
        [];
      return variablesOf(fn).POWERTOOLS_SERVICE_NAME;
    };

    it('routes every spelling of every operation and gateway route to its function, as API Gateway matches', () => {
      const methods = methodsOfApi(simulation.apiJson, internal(simulation));
      const gateway = new Router<CfnResource>({ ignoreCase: false });
      for (const [key, method] of methods) {
        const [httpMethod, path] = key.split(' ') as [RouteMethod, string];
        gateway.add(httpMethod, path, method);
      }
      const routes = internalRoutes();
      expect(routes.length).toBeGreaterThan(80);
      for (const route of routes) {
        // A call as a caller makes it: each path parameter a value.
        const path = route.path.replace(/\{([^}]+)\}/g, '$1-1');
        const found = gateway.match(route.method, path);
        expect(found.kind, `${route.method} ${route.path}`).toBe('found');
        if (found.kind === 'found')
          expect(fnOfMethod(simulation, found.value), `${route.method} ${route.path}`).toBe(route.fn);
      }
      expect(methods.has('GET /gateway/signing-key')).toBe(true);
    });

    it('lays the API out with a mount per function subtree: fewer methods than routes', () => {
      const methods = methodsOfApi(simulation.apiJson, internal(simulation));
      const layout = apiLayout(internalRoutes());
      expect([...methods.keys()].sort()).toEqual(
        layout.map((method) => `${method.method} ${method.path}`).sort(),
      );
      expect(methods.size).toBeLessThan(internalRoutes().length * 0.7);
      // A mount: ANY on a greedy proxy, the function matching the path itself.
      expect(fnOfMethod(simulation, methods.get('ANY /fx/{proxy+}'))).toBe('fx');
    });

    it('requires IAM authorization on every method', () => {
      const methods = resourcesOfType(simulation.apiJson, 'AWS::ApiGateway::Method').filter(
        ([, method]) =>
          JSON.stringify(method.Properties?.RestApiId) === JSON.stringify({ Ref: internal(simulation) }) &&
          method.Properties?.HttpMethod !== 'OPTIONS',
      );
      expect(methods.length).toBe(apiLayout(internalRoutes()).length);
      for (const [, method] of methods) expect(method.Properties?.AuthorizationType).toBe('AWS_IAM');
    });

    it('lets API Gateway invoke each function through one permission for the API, not one per method', () => {
      const permissions = resourcesOfType(simulation.apiJson, 'AWS::Lambda::Permission').filter(
        ([, permission]) => JSON.stringify(permission.Properties?.SourceArn).includes(internal(simulation)),
      );
      const served = new Set(internalRoutes().map((route) => route.fn));
      expect(permissions).toHaveLength(served.size);
      for (const [, permission] of permissions)
        expect(JSON.stringify(permission.Properties?.SourceArn)).toContain('/*/*/*');
    });

    it('writes JSON access logs to a log group, execution errors, and throttles the stage', () => {
      const stage = stageOf(simulation.apiJson, internal(simulation));
      const access = stage.Properties?.AccessLogSetting as { DestinationArn: unknown; Format: string };
      expect(JSON.stringify(access.DestinationArn)).toContain(':log-group:');
      expect(() => JSON.parse(access.Format)).not.toThrow();
      expect(stage.Properties?.TracingEnabled).toBe(true);
      expect(stage.Properties?.MethodSettings).toEqual([
        expect.objectContaining({
          HttpMethod: '*',
          ResourcePath: '/*',
          LoggingLevel: 'ERROR',
          DataTraceEnabled: false,
          ThrottlingRateLimit: simulation.config.internalApi.throttle.rateLimit,
          ThrottlingBurstLimit: simulation.config.internalApi.throttle.burstLimit,
        }),
      ]);
    });

    it('is REGIONAL by default, and PRIVATE behind the configured VPC endpoints when asked', () => {
      simulation.api.hasResourceProperties('AWS::ApiGateway::RestApi', {
        Name: 'clearway-simulation-internal',
        EndpointConfiguration: { Types: ['REGIONAL'] },
      });
      const privateApi = synthesize({
        internalApiEndpointType: 'PRIVATE',
        internalApiVpcEndpointIds: 'vpce-0a1b2c3d',
      });
      const api = privateApi.apiJson.Resources[internal(privateApi)];
      expect(api?.Properties?.EndpointConfiguration).toEqual({
        Types: ['PRIVATE'],
        VpcEndpointIds: ['vpce-0a1b2c3d'],
      });
      const statements = statementsOf(api?.Properties?.Policy);
      expect(statements).toContainEqual(
        expect.objectContaining({
          Effect: 'Deny',
          Condition: { StringNotEquals: { 'aws:SourceVpce': ['vpce-0a1b2c3d'] } },
        }),
      );
    });
  });

  describe('webhook API', () => {
    const webhook = (s: Synthesized) => apiLogicalId(s.statelessJson, '-webhooks');

    it.each(['simulation', 'production'] as const)(
      'admits only the %s address ranges of the bank through its resource policy',
      (envName) => {
        const s = envName === 'simulation' ? simulation : production;
        const api = s.statelessJson.Resources[webhook(s)];
        const statements = statementsOf(api?.Properties?.Policy);
        const deny = statements.filter((statement) => statement.Effect === 'Deny');
        expect(deny).toEqual([
          expect.objectContaining({
            Action: 'execute-api:Invoke',
            Principal: { AWS: '*' },
            Resource: 'execute-api:/*',
            Condition: { NotIpAddress: { 'aws:SourceIp': [...environments[envName].webhookSourceRanges] } },
          }),
        ]);
        const allow = statements.filter((statement) => statement.Effect === 'Allow');
        expect(allow).toHaveLength(1);
        expect(allow[0]).toMatchObject({ Action: 'execute-api:Invoke', Resource: 'execute-api:/*' });
        expect(allow[0]?.Condition).toBeUndefined();
      },
    );

    it('has exactly POST /webhooks, served by the receiver, receiving bodies as exact bytes', () => {
      const methods = methodsOfApi(simulation.statelessJson, webhook(simulation));
      expect([...methods.keys()]).toEqual(['POST /webhooks']);
      const uri = JSON.stringify(methods.get('POST /webhooks')?.Properties?.Integration);
      expect(uri).toContain('WebhookReceiverFunction');
      expect(simulation.statelessJson.Resources[webhook(simulation)]?.Properties?.BinaryMediaTypes).toEqual([
        '*/*',
      ]);
    });

    it('throttles the stage and writes access logs', () => {
      const stage = stageOf(simulation.statelessJson, webhook(simulation));
      expect(stage.Properties?.AccessLogSetting).toBeDefined();
      expect(stage.Properties?.MethodSettings).toEqual([
        expect.objectContaining({
          ThrottlingRateLimit: simulation.config.webhookApi.throttle.rateLimit,
          ThrottlingBurstLimit: simulation.config.webhookApi.throttle.burstLimit,
        }),
      ]);
    });

    it('integrates the receiver directly when provisioned concurrency is off', () => {
      simulation.stateless.resourceCountIs('AWS::Lambda::Alias', 0);
    });

    it('routes to an alias with provisioned concurrency when configured', () => {
      const provisioned = synthesize({ receiverProvisionedConcurrency: 2 });
      const [aliasId] = onlyResourceOfType(provisioned.statelessJson, 'AWS::Lambda::Alias');
      provisioned.stateless.hasResourceProperties('AWS::Lambda::Alias', {
        Name: 'live',
        ProvisionedConcurrencyConfig: { ProvisionedConcurrentExecutions: 2 },
      });
      const method = methodsOfApi(provisioned.statelessJson, webhook(provisioned)).get('POST /webhooks');
      expect(JSON.stringify(method?.Properties?.Integration)).toContain(`{"Ref":"${aliasId}"}`);
    });
  });

  it('feeds the processor from the webhook queue in batches, reporting item failures', () => {
    const queue = statefulId(simulation, 'AWS::SQS::Queue', (q) => q.Properties?.RedrivePolicy !== undefined);
    const [, mapping] = onlyResourceOfType(simulation.statelessJson, 'AWS::Lambda::EventSourceMapping');
    expect(mapping.Properties?.BatchSize).toBe(10);
    expect(mapping.Properties?.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    expect(resolveCrossStack(mapping.Properties?.EventSourceArn, simulation.statefulJson)).toEqual({
      'Fn::GetAtt': [queue, 'Arn'],
    });
  });

  it('keeps the queue visibility at six times the processor’s actual timeout', () => {
    const processor = resourcesOfType(simulation.statelessJson, 'AWS::Lambda::Function').find(
      ([, fn]) => variablesOf(fn).POWERTOOLS_SERVICE_NAME === fnNames.webhookProcessor,
    );
    const queue = resourcesOfType(simulation.statefulJson, 'AWS::SQS::Queue').find(
      ([, q]) => q.Properties?.RedrivePolicy !== undefined,
    );
    expect(queue?.[1].Properties?.VisibilityTimeout).toBeGreaterThanOrEqual(
      6 * Number(processor?.[1].Properties?.Timeout),
    );
  });

  it('sets the API Gateway logging role once, before either stage deploys', () => {
    const [accountId] = onlyResourceOfType(simulation.statelessJson, 'AWS::ApiGateway::Account');
    for (const [, stage] of resourcesOfType(simulation.statelessJson, 'AWS::ApiGateway::Stage')) {
      expect([stage.DependsOn].flat()).toContain(accountId);
    }
    const without = synthesize({ apiGatewayCloudWatchRole: 'false' });
    without.stateless.resourceCountIs('AWS::ApiGateway::Account', 0);
  });
});

/** Resources as a set: the order of a policy's statements says nothing about what it allows. */
function inAnyOrder(resources: readonly unknown[] | undefined): string[] {
  return (resources ?? []).map((resource) => JSON.stringify(resource)).sort();
}
