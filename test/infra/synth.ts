import { readFileSync } from 'node:fs';
import { App, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { createClearway } from '#lib/clearway.js';
import { type ClearwayConfig, loadConfig } from '#lib/config.js';

/** The feature flags of cdk.json, so the tests synthesize what `npm run synth` does. */
export const cdkJsonContext = (
  JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')) as {
    context: Record<string, unknown>;
  }
).context;

export interface Synthesized {
  readonly app: App;
  readonly config: ClearwayConfig;
  readonly stateful: Template;
  readonly stateless: Template;
  readonly api: Template;
  readonly statefulJson: CfnTemplate;
  readonly statelessJson: CfnTemplate;
  /** The internal API's stack. */
  readonly apiJson: CfnTemplate;
}

export interface CfnResource {
  Type: string;
  Properties?: Record<string, unknown>;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
  DependsOn?: string | string[];
  Metadata?: Record<string, unknown>;
}

export interface CfnTemplate {
  Resources: Record<string, CfnResource>;
  Outputs?: Record<string, { Value: unknown; Export?: { Name: unknown } }>;
  Parameters?: Record<string, unknown>;
}

/**
 * The app as bin/app.ts builds it, AWS Solutions checks included, without bundling (no esbuild run):
 * `app.synth()` throws if cdk-nag reports anything unacknowledged.
 */
export function synthesize(
  context: Record<string, unknown> = {},
  options: Parameters<typeof createClearway>[2] = {},
): Synthesized {
  const app = new App({ context: { ...cdkJsonContext, 'aws:cdk:bundling-stacks': [], ...context } });
  const config = loadConfig((key) => app.node.tryGetContext(key));
  const { stateful, stateless, api } = createClearway(app, config, options);
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  const assembly = app.synth();
  const statefulJson = assembly.getStackByName(stateful.stackName).template as CfnTemplate;
  const statelessJson = assembly.getStackByName(stateless.stackName).template as CfnTemplate;
  const apiJson = assembly.getStackByName(api.stackName).template as CfnTemplate;
  return {
    app,
    config,
    stateful: Template.fromJSON(statefulJson),
    stateless: Template.fromJSON(statelessJson),
    api: Template.fromJSON(apiJson),
    statefulJson,
    statelessJson,
    apiJson,
  };
}

export function resourcesOfType(template: CfnTemplate, type: string): [string, CfnResource][] {
  return Object.entries(template.Resources).filter(([, resource]) => resource.Type === type);
}

export function onlyResourceOfType(template: CfnTemplate, type: string): [string, CfnResource] {
  const found = resourcesOfType(template, type);
  if (found.length !== 1) throw new Error(`expected one ${type}, found ${found.length}`);
  return found[0] as [string, CfnResource];
}

/**
 * What a cross-stack reference stands for in the stacks it comes `from` (their outputs)
 * (`Fn::GetStackOutput` or `Fn::ImportValue`), e.g. `{ 'Fn::GetAtt': ['WebhookQueue…', 'Arn'] }`.
 */
export function resolveCrossStack(value: unknown, ...from: CfnTemplate[]): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const outputs = Object.assign({}, ...from.map((template) => template.Outputs ?? {})) as NonNullable<
    CfnTemplate['Outputs']
  >;
  const record = value as Record<string, unknown>;
  const byOutput = record['Fn::GetStackOutput'] as { OutputName?: string } | undefined;
  if (byOutput?.OutputName !== undefined) return outputs[byOutput.OutputName]?.Value;
  const imported = record['Fn::ImportValue'];
  if (imported !== undefined) {
    const output = Object.values(outputs).find(
      (candidate) => JSON.stringify(candidate.Export?.Name) === JSON.stringify(imported),
    );
    return output?.Value;
  }
  if (Array.isArray(value)) return value.map((item) => resolveCrossStack(item, ...from));
  return Object.fromEntries(
    Object.entries(record).map(([key, item]) => [key, resolveCrossStack(item, ...from)]),
  );
}

export interface Statement {
  Sid?: string;
  Effect: string;
  Action: string | string[];
  Resource?: unknown;
  Principal?: unknown;
  Condition?: Record<string, Record<string, unknown>>;
}

/** The statements of a policy document (an undefined document has none). */
export function statementsOf(document: unknown): Statement[] {
  return (document as { Statement?: Statement[] } | undefined)?.Statement ?? [];
}

/** A function's environment variables. */
export function variablesOf(fn: CfnResource | undefined): Record<string, unknown> {
  return (
    (fn?.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {}
  );
}

export function actionsOf(statement: Statement): string[] {
  return Array.isArray(statement.Action) ? statement.Action : [statement.Action];
}

/** The logical id of the IAM role with this RoleName (names are joined with the region). */
export function roleLogicalIdByName(template: CfnTemplate, namePrefix: string): string {
  const found = resourcesOfType(template, 'AWS::IAM::Role').filter(([, role]) =>
    JSON.stringify(role.Properties?.RoleName ?? '').includes(`"${namePrefix}"`),
  );
  if (found.length !== 1)
    throw new Error(`expected one role named ${namePrefix}<region>, found ${found.length}`);
  return (found[0] as [string, CfnResource])[0];
}

/** Every statement of every policy attached to the role, inline or separate. */
export function statementsOfRole(template: CfnTemplate, roleLogicalId: string): Statement[] {
  const role = template.Resources[roleLogicalId];
  const inline = (
    (role?.Properties?.Policies as { PolicyDocument: { Statement: Statement[] } }[]) ?? []
  ).flatMap((policy) => policy.PolicyDocument.Statement);
  const attached = resourcesOfType(template, 'AWS::IAM::Policy')
    .filter(([, policy]) =>
      ((policy.Properties?.Roles as unknown[]) ?? []).some(
        (ref) => JSON.stringify(ref) === JSON.stringify({ Ref: roleLogicalId }),
      ),
    )
    .flatMap(([, policy]) => statementsOf(policy.Properties?.PolicyDocument));
  return [...inline, ...attached];
}

/** `METHOD /path` of every method of a REST API, rebuilt from its resource tree. */
export function methodsOfApi(template: CfnTemplate, apiLogicalId: string): Map<string, CfnResource> {
  const pathOf = (resourceId: unknown): string => {
    const rootRef = JSON.stringify({ 'Fn::GetAtt': [apiLogicalId, 'RootResourceId'] });
    if (JSON.stringify(resourceId) === rootRef) return '';
    const logicalId = (resourceId as { Ref: string }).Ref;
    const resource = template.Resources[logicalId];
    if (resource === undefined) throw new Error(`no resource ${logicalId}`);
    return `${pathOf(resource.Properties?.ParentId)}/${String(resource.Properties?.PathPart)}`;
  };
  const methods = new Map<string, CfnResource>();
  for (const [, method] of resourcesOfType(template, 'AWS::ApiGateway::Method')) {
    if (JSON.stringify(method.Properties?.RestApiId) !== JSON.stringify({ Ref: apiLogicalId })) continue;
    methods.set(
      `${String(method.Properties?.HttpMethod)} ${pathOf(method.Properties?.ResourceId) || '/'}`,
      method,
    );
  }
  return methods;
}

/** The stateless and API stacks' resources as one template (logical ids do not clash between them). */
export function replaceable(s: Synthesized): CfnTemplate {
  return {
    Resources: { ...s.statelessJson.Resources, ...s.apiJson.Resources },
    Outputs: { ...s.statelessJson.Outputs, ...s.apiJson.Outputs },
  };
}
