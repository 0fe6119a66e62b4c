import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CfnResource, CfnTemplate } from '../infra/synth.js';
import { methodsOfApi, resourcesOfType, statementsOfRole } from '../infra/synth.js';

/**
 * What CloudFormation would make of the synthesized templates in one fake account: physical names and ARNs
 * for every resource, and the intrinsic functions (`Ref`, `Fn::GetAtt`, `Fn::Join`, `Fn::Sub`, cross-stack
 * outputs) resolved the same way everywhere, so a function's environment and its role's policies name the
 * very resources the local cloud serves. A value this file cannot resolve throws, naming it.
 */
export const FAKE_AWS = { account: '123456789012', region: 'eu-west-2', partition: 'aws' } as const;

export interface SynthesizedStack {
  readonly stackName: string;
  readonly template: CfnTemplate;
}

function readTemplate(file: string): CfnTemplate {
  return JSON.parse(readFileSync(file, 'utf8')) as CfnTemplate;
}

/**
 * The three stacks of a synthesized assembly (`cdk.out/<env>`), named as its manifest names them for `cdk deploy`.
 * `alter` changes the copies read before anything is resolved (a deployment broken on purpose). An SSM-typed
 * parameter reads what the stateful stack writes to that name (a first deploy), or what `operatorValue` makes
 * of it (an operator has replaced it since).
 */
export function loadDeployedTemplates(
  assemblyDir: string,
  options: {
    alter?: (templates: { stateful: CfnTemplate; stateless: CfnTemplate; api: CfnTemplate }) => void;
    operatorValue?: (written: string) => string;
  } = {},
): DeployedTemplates {
  const manifest = JSON.parse(readFileSync(join(assemblyDir, 'manifest.json'), 'utf8')) as {
    artifacts: Record<string, { properties?: { templateFile: string; stackName: string } }>;
  };
  const stack = (id: string): SynthesizedStack => {
    const properties = manifest.artifacts[id]?.properties;
    if (properties === undefined) throw new Error(`${assemblyDir} has no stack ${id}`);
    return {
      stackName: properties.stackName,
      template: readTemplate(join(assemblyDir, properties.templateFile)),
    };
  };
  const stateful = stack('Stateful');
  const stateless = stack('Stateless');
  const api = stack('Api');
  options.alter?.({ stateful: stateful.template, stateless: stateless.template, api: api.template });
  const ssmValue = (name: string) => {
    const [, parameter] =
      resourcesOfType(stateful.template, 'AWS::SSM::Parameter').find(
        ([, candidate]) => templates.resolveString(candidate.Properties?.Name, stateful) === name,
      ) ?? [];
    if (parameter === undefined) return undefined;
    const written = templates.resolveString(parameter.Properties?.Value, stateful);
    return options.operatorValue?.(written) ?? written;
  };
  const templates: DeployedTemplates = new DeployedTemplates(stateful, stateless, api, assemblyDir, ssmValue);
  return templates;
}

/** The resources of every stack, resolvable by logical id. */
export class DeployedTemplates {
  constructor(
    readonly stateful: SynthesizedStack,
    readonly stateless: SynthesizedStack,
    /** The internal API's stack. */
    readonly api: SynthesizedStack,
    /** The assembly folder the templates' asset paths are relative to. */
    readonly assemblyDir: string,
    /** What CloudFormation reads from SSM for an `AWS::SSM::Parameter::Value<String>` parameter. */
    readonly ssmValue: (name: string) => string | undefined,
  ) {}

  /** Every stack, the replaceable ones first. */
  get stacks(): SynthesizedStack[] {
    return [this.stateless, this.api, this.stateful];
  }

  /** The resource and its stack, by logical id (unique across the stacks here). */
  resource(logicalId: string, stack?: SynthesizedStack): { stack: SynthesizedStack; resource: CfnResource } {
    for (const candidate of stack === undefined ? this.stacks : [stack]) {
      const resource = candidate.template.Resources[logicalId];
      if (resource !== undefined) return { stack: candidate, resource };
    }
    throw new Error(`no resource ${logicalId} in ${stack?.stackName ?? 'any template'}`);
  }

  /** A template value with every intrinsic function resolved, as CloudFormation would at deploy time. */
  resolve(value: unknown, stack: SynthesizedStack): unknown {
    if (Array.isArray(value)) return value.map((item) => this.resolve(item, stack));
    if (typeof value !== 'object' || value === null) return value;
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    if (keys.length === 1) {
      const [key] = keys as [string];
      const argument = record[key];
      switch (key) {
        case 'Ref':
          return this.ref(argument as string, stack);
        case 'Fn::GetAtt': {
          const [logicalId, attribute] = argument as [string, string];
          return this.attribute(logicalId, attribute, stack);
        }
        case 'Fn::Join': {
          const [separator, parts] = argument as [string, unknown[]];
          return parts.map((part) => this.resolveString(part, stack)).join(separator);
        }
        case 'Fn::Sub':
          return this.substitute(argument, stack);
        case 'Fn::Select': {
          const [index, list] = argument as [number | string, unknown];
          return (this.resolve(list, stack) as unknown[])[Number(index)];
        }
        case 'Fn::Split': {
          const [separator, text] = argument as [string, unknown];
          return this.resolveString(text, stack).split(separator);
        }
        case 'Fn::GetStackOutput': {
          const { StackName, OutputName } = argument as { StackName: string; OutputName: string };
          return this.output(StackName, OutputName);
        }
        case 'Fn::ImportValue':
          return this.imported(this.resolveString(argument, stack));
      }
      if (key.startsWith('Fn::')) throw new Error(`cannot resolve ${key} in ${stack.stackName}`);
    }
    return Object.fromEntries(keys.map((key) => [key, this.resolve(record[key], stack)]));
  }

  resolveString(value: unknown, stack: SynthesizedStack): string {
    const resolved = this.resolve(value, stack);
    if (typeof resolved !== 'string' && typeof resolved !== 'number')
      throw new Error(`expected text, resolved ${JSON.stringify(value)} to ${JSON.stringify(resolved)}`);
    return String(resolved);
  }

  /** What `Ref` answers for a resource, a parameter or a pseudo parameter. */
  ref(name: string, stack: SynthesizedStack): string {
    switch (name) {
      case 'AWS::AccountId':
        return FAKE_AWS.account;
      case 'AWS::Region':
        return FAKE_AWS.region;
      case 'AWS::Partition':
        return FAKE_AWS.partition;
      case 'AWS::URLSuffix':
        return 'amazonaws.com';
      case 'AWS::StackName':
        return stack.stackName;
    }
    const parameter = stack.template.Parameters?.[name] as { Type?: string; Default?: string } | undefined;
    if (parameter !== undefined) {
      if (parameter.Type === 'AWS::SSM::Parameter::Value<String>' && parameter.Default !== undefined) {
        const value = this.ssmValue(parameter.Default);
        if (value === undefined)
          throw new Error(`parameter ${name}: SSM parameter ${parameter.Default} is not set`);
        return value;
      }
      throw new Error(`parameter ${name} of type ${parameter.Type} has no value here`);
    }
    const { resource } = this.resource(name, stack);
    const physical = this.physicalName(name, resource, stack);
    switch (resource.Type) {
      case 'AWS::SQS::Queue':
        return this.queueUrl(physical);
      case 'AWS::SecretsManager::Secret':
      case 'AWS::SNS::Topic':
      case 'AWS::StepFunctions::StateMachine':
      case 'AWS::Lambda::Alias':
        return this.arn(name, resource, stack);
      case 'AWS::KMS::Key':
        return keyIdOf(name);
      default:
        return physical;
    }
  }

  attribute(logicalId: string, attribute: string, stack: SynthesizedStack): string {
    const { resource } = this.resource(logicalId, stack);
    switch (attribute) {
      case 'Arn':
        return this.arn(logicalId, resource, stack);
      case 'QueueName':
      case 'Name':
        return this.physicalName(logicalId, resource, stack);
      case 'QueueUrl':
        return this.queueUrl(this.physicalName(logicalId, resource, stack));
      case 'RootResourceId':
        return `${logicalId}-root`;
    }
    throw new Error(`cannot resolve Fn::GetAtt ${logicalId}.${attribute} (${resource.Type})`);
  }

  /** The physical name: the one the template gives, else CloudFormation's `<stack>-<logical id>` shape. */
  physicalName(logicalId: string, resource: CfnResource, stack: SynthesizedStack): string {
    const properties = resource.Properties ?? {};
    const named: Record<string, string> = {
      'AWS::DynamoDB::Table': 'TableName',
      'AWS::SQS::Queue': 'QueueName',
      'AWS::S3::Bucket': 'BucketName',
      'AWS::Events::EventBus': 'Name',
      'AWS::SSM::Parameter': 'Name',
      'AWS::IAM::Role': 'RoleName',
      'AWS::Lambda::Function': 'FunctionName',
      'AWS::StepFunctions::StateMachine': 'StateMachineName',
      'AWS::SecretsManager::Secret': 'Name',
      'AWS::Logs::LogGroup': 'LogGroupName',
      'AWS::Lambda::Alias': 'Name',
      'AWS::ApiGateway::Stage': 'StageName',
    };
    const property = named[resource.Type];
    if (property !== undefined && properties[property] !== undefined)
      return this.resolveString(properties[property], stack);
    return `${stack.stackName}-${logicalId}`;
  }

  arn(logicalId: string, resource: CfnResource, stack: SynthesizedStack): string {
    const name = this.physicalName(logicalId, resource, stack);
    const { account, region, partition } = FAKE_AWS;
    const regional = (service: string, rest: string) =>
      `arn:${partition}:${service}:${region}:${account}:${rest}`;
    switch (resource.Type) {
      case 'AWS::DynamoDB::Table':
        return regional('dynamodb', `table/${name}`);
      case 'AWS::SQS::Queue':
        return regional('sqs', name);
      case 'AWS::S3::Bucket':
        return `arn:${partition}:s3:::${name}`;
      case 'AWS::Events::EventBus':
        return regional('events', `event-bus/${name}`);
      case 'AWS::Events::Rule':
        return regional('events', `rule/${name}`);
      case 'AWS::KMS::Key':
        return regional('kms', `key/${keyIdOf(logicalId)}`);
      case 'AWS::SecretsManager::Secret':
        // Secrets Manager adds six random characters to the name.
        return regional('secretsmanager', `secret:${name}-${digest(logicalId).slice(0, 6)}`);
      case 'AWS::SSM::Parameter':
        return regional('ssm', `parameter/${name.replace(/^\//, '')}`);
      case 'AWS::IAM::Role':
        return `arn:${partition}:iam::${account}:role/${name}`;
      case 'AWS::Lambda::Function':
        return regional('lambda', `function:${name}`);
      case 'AWS::Lambda::Alias': {
        const functionName = this.resolveString(resource.Properties?.FunctionName, stack);
        return regional('lambda', `function:${functionName}:${name}`);
      }
      case 'AWS::StepFunctions::StateMachine':
        return regional('states', `stateMachine:${name}`);
      case 'AWS::SNS::Topic':
        return regional('sns', name);
      case 'AWS::Logs::LogGroup':
        return regional('logs', `log-group:${name}:*`);
    }
    throw new Error(`no ARN for ${logicalId} (${resource.Type})`);
  }

  /**
   * The SQS endpoint queue URLs are issued by: AWS's, until the local cloud that serves the queues is known.
   * The SDK sends SQS calls to the host of the queue URL it is given, as on AWS, so the URL must be the one
   * the serving SQS issued.
   */
  sqsEndpoint = `https://sqs.${FAKE_AWS.region}.amazonaws.com`;

  /** A queue's URL as the serving SQS writes it. */
  queueUrl(name: string): string {
    return `${this.sqsEndpoint}/${FAKE_AWS.account}/${name}`;
  }

  private output(stackName: string, outputName: string): unknown {
    const stack = this.stacks.find((candidate) => candidate.stackName === stackName);
    const output = stack?.template.Outputs?.[outputName];
    if (stack === undefined || output === undefined)
      throw new Error(`no output ${outputName} in stack ${stackName}`);
    return this.resolve(output.Value, stack);
  }

  private imported(exportName: string): unknown {
    const { value, stack } = this.exported(exportName);
    return this.resolve(value, stack);
  }

  /** The output a stack exports under `exportName`, unresolved, with its stack. */
  private exported(exportName: string): { value: unknown; stack: SynthesizedStack } {
    for (const stack of this.stacks) {
      for (const output of Object.values(stack.template.Outputs ?? {})) {
        if (output.Export !== undefined && this.resolveString(output.Export.Name, stack) === exportName)
          return { value: output.Value, stack };
      }
    }
    throw new Error(`no stack exports ${exportName}`);
  }

  private substitute(argument: unknown, stack: SynthesizedStack): string {
    const [text, variables] = Array.isArray(argument)
      ? (argument as [string, Record<string, unknown>])
      : [argument as string, {}];
    return text.replace(/\$\{([^}!]+)\}/g, (_, name: string) => {
      if (name in variables) return this.resolveString(variables[name], stack);
      const [logicalId, attribute] = name.split('.');
      if (attribute !== undefined) return this.attribute(logicalId as string, attribute, stack);
      return this.ref(name, stack);
    });
  }

  // --- The parts the local deployment needs ------------------------------------------------------------

  /** Every Lambda function of the stateless template, resolved. */
  functions(): DeployedFunction[] {
    const stack = this.stateless;
    return resourcesOfType(stack.template, 'AWS::Lambda::Function').map(([logicalId, resource]) => {
      const properties = resource.Properties ?? {};
      const variables =
        (properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
      const assetPath = resource.Metadata?.['aws:asset:path'];
      return {
        logicalId,
        name: this.physicalName(logicalId, resource, stack),
        arn: this.arn(logicalId, resource, stack),
        service: String(variables.POWERTOOLS_SERVICE_NAME ?? logicalId),
        handler: String(properties.Handler),
        runtime: String(properties.Runtime),
        timeoutSeconds: Number(properties.Timeout ?? 3),
        memorySize: Number(properties.MemorySize ?? 128),
        assetDir: typeof assetPath === 'string' ? join(this.assemblyDir, assetPath) : undefined,
        s3Key: (properties.Code as { S3Key?: string } | undefined)?.S3Key,
        environment: Object.fromEntries(
          Object.entries(variables).map(([name, value]) => [name, this.resolveString(value, stack)]),
        ),
        ...this.roleOf(properties.Role),
      };
    });
  }

  /** The role a function's `Role` or a state machine's `RoleArn` names (`Fn::GetAtt [role, Arn]`), resolved. */
  private roleOf(reference: unknown): { roleArn: string; policies: { name: string; document: unknown }[] } {
    const stack = this.stateless;
    const [roleLogicalId] = (reference as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'];
    const { resource: role } = this.resource(roleLogicalId, stack);
    if (role.Properties?.ManagedPolicyArns !== undefined)
      throw new Error(`role ${roleLogicalId} has managed policies, which the local cloud cannot read`);
    // Its inline policies and the AWS::IAM::Policy resources attached to it, as one identity policy.
    const statements = this.resolve(statementsOfRole(stack.template, roleLogicalId), stack);
    return {
      roleArn: this.arn(roleLogicalId, role, stack),
      policies: [{ name: roleLogicalId, document: { Version: '2012-10-17', Statement: statements } }],
    };
  }

  /** The stack a REST API is in. */
  stackOf(apiLogicalId: string): SynthesizedStack {
    return this.resource(apiLogicalId).stack;
  }

  /** Every method of a REST API with the function its proxy integration invokes. */
  apiMethods(apiLogicalId: string): ApiMethod[] {
    return [...methodsOfApi(this.stackOf(apiLogicalId).template, apiLogicalId)].map(([key, method]) => {
      const [httpMethod, path] = key.split(' ') as [string, string];
      const functionLogicalId = this.functionNamedIn(method.Properties?.Integration);
      if (functionLogicalId === undefined) throw new Error(`${key} has no Lambda integration`);
      return {
        httpMethod,
        path,
        authorizationType: String(method.Properties?.AuthorizationType ?? 'NONE'),
        functionLogicalId,
      };
    });
  }

  /**
   * The function a template value names, wherever inside it: by `Fn::GetAtt [function, Arn]`, or by `Ref` of
   * the function or of an alias of it (the receiver's `live` alias, with provisioned concurrency), or through
   * another stack's output of either (`Fn::GetStackOutput`, `Fn::ImportValue`).
   */
  functionNamedIn(value: unknown): string | undefined {
    if (typeof value !== 'object' || value === null) return undefined;
    const record = value as Record<string, unknown>;
    if (record['Fn::ImportValue'] !== undefined) {
      const name = this.resolveString(record['Fn::ImportValue'], this.stateless);
      return this.functionNamedIn(this.exported(name).value);
    }
    const output = record['Fn::GetStackOutput'] as { StackName?: string; OutputName?: string } | undefined;
    if (output?.OutputName !== undefined) {
      const stack = this.stacks.find((candidate) => candidate.stackName === output.StackName);
      return this.functionNamedIn(stack?.template.Outputs?.[output.OutputName]?.Value);
    }
    const getAtt = record['Fn::GetAtt'];
    const named = typeof record.Ref === 'string' ? record.Ref : Array.isArray(getAtt) ? getAtt[0] : undefined;
    const resource = typeof named === 'string' ? this.stateless.template.Resources[named] : undefined;
    if (resource?.Type === 'AWS::Lambda::Function') return named as string;
    if (resource?.Type === 'AWS::Lambda::Alias')
      return this.functionNamedIn(resource.Properties?.FunctionName);
    for (const item of Object.values(record)) {
      const found = this.functionNamedIn(item);
      if (found !== undefined) return found;
    }
    return undefined;
  }

  /**
   * The source ARN patterns the function's resource policy lets `principal` invoke it from
   * (`AWS::Lambda::Permission`, on the function or its alias).
   */
  invokePermissions(functionLogicalId: string, principal: string): string[] {
    return this.stacks.flatMap((stack) =>
      resourcesOfType(stack.template, 'AWS::Lambda::Permission').flatMap(([, permission]) => {
        const properties = permission.Properties ?? {};
        if (properties.Principal !== principal || properties.Action !== 'lambda:InvokeFunction') return [];
        if (this.functionNamedIn(properties.FunctionName) !== functionLogicalId) return [];
        return [properties.SourceArn === undefined ? '*' : this.resolveString(properties.SourceArn, stack)];
      }),
    );
  }

  /** The execute-api ARN prefix of a REST API's stage: `arn:...:execute-api:<region>:<account>:<id>/<stage>`. */
  apiStageArn(apiLogicalId: string): string {
    const stack = this.stackOf(apiLogicalId);
    const [stageId] =
      resourcesOfType(stack.template, 'AWS::ApiGateway::Stage').find(
        ([, stage]) => JSON.stringify(stage.Properties?.RestApiId) === JSON.stringify({ Ref: apiLogicalId }),
      ) ?? [];
    if (stageId === undefined) throw new Error(`REST API ${apiLogicalId} has no stage`);
    const { account, region, partition } = FAKE_AWS;
    return `arn:${partition}:execute-api:${region}:${account}:${this.ref(apiLogicalId, stack)}/${this.ref(stageId, stack)}`;
  }

  /** The state machines of the stateless template, with their definitions and roles, resolved. */
  stateMachines(): DeployedStateMachine[] {
    const stack = this.stateless;
    return resourcesOfType(stack.template, 'AWS::StepFunctions::StateMachine').map(([logicalId, machine]) => {
      const properties = machine.Properties ?? {};
      return {
        logicalId,
        name: this.physicalName(logicalId, machine, stack),
        arn: this.arn(logicalId, machine, stack),
        definition: JSON.parse(this.resolveString(properties.DefinitionString, stack)) as unknown,
        ...this.roleOf(properties.RoleArn),
      };
    });
  }

  /** The queue event sources of the stateless template. */
  queueSources(): QueueSource[] {
    const stack = this.stateless;
    return resourcesOfType(stack.template, 'AWS::Lambda::EventSourceMapping').map(([, mapping]) => {
      const properties = mapping.Properties ?? {};
      const queueArn = this.resolveString(properties.EventSourceArn, stack);
      return {
        functionLogicalId: (properties.FunctionName as { Ref: string }).Ref,
        queueArn,
        queueName: queueArn.split(':').at(-1) as string,
        batchSize: Number(properties.BatchSize ?? 10),
        reportBatchItemFailures: ((properties.FunctionResponseTypes as string[]) ?? []).includes(
          'ReportBatchItemFailures',
        ),
      };
    });
  }

  /** The scheduled rules that target a function. */
  schedules(): Schedule[] {
    const stack = this.stateless;
    return resourcesOfType(stack.template, 'AWS::Events::Rule').flatMap(([ruleId, rule]) => {
      const properties = rule.Properties ?? {};
      if (properties.ScheduleExpression === undefined) return [];
      return ((properties.Targets as { Arn: { 'Fn::GetAtt': [string, string] } }[]) ?? []).map((target) => ({
        ruleLogicalId: ruleId,
        ruleArn: this.arn(ruleId, rule, stack),
        expression: String(properties.ScheduleExpression),
        functionLogicalId: target.Arn['Fn::GetAtt'][0],
      }));
    });
  }
}

export interface DeployedFunction {
  readonly logicalId: string;
  readonly name: string;
  readonly arn: string;
  /** The `functions/` entry it was built from, as the stack names its Powertools service. */
  readonly service: string;
  readonly handler: string;
  readonly runtime: string;
  readonly timeoutSeconds: number;
  readonly memorySize: number;
  /** The staged bundle in the assembly (undefined when the template was synthesized without one). */
  readonly assetDir: string | undefined;
  readonly s3Key: string | undefined;
  readonly environment: Record<string, string>;
  readonly roleArn: string;
  readonly policies: { name: string; document: unknown }[];
}

export interface DeployedStateMachine {
  readonly logicalId: string;
  readonly name: string;
  readonly arn: string;
  /** The Amazon States Language definition as deployed. */
  readonly definition: unknown;
  readonly roleArn: string;
  readonly policies: { name: string; document: unknown }[];
}

export interface ApiMethod {
  readonly httpMethod: string;
  /** The resource path template, `/v3/Accounts/{accountId}`. */
  readonly path: string;
  readonly authorizationType: string;
  readonly functionLogicalId: string;
}

export interface QueueSource {
  readonly functionLogicalId: string;
  readonly queueArn: string;
  readonly queueName: string;
  readonly batchSize: number;
  readonly reportBatchItemFailures: boolean;
}

export interface Schedule {
  readonly ruleLogicalId: string;
  readonly ruleArn: string;
  readonly expression: string;
  readonly functionLogicalId: string;
}

/** A stable key id (a UUID's shape) for a key's logical id. */
function keyIdOf(logicalId: string): string {
  const hex = digest(logicalId);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
