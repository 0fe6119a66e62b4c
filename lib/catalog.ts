import { Aws, type Stack } from 'aws-cdk-lib';
import { families } from '#shared/families/index.js';
import { operations } from '#shared/operations/index.js';
import { pathsOf } from '#shared/operations/operation.js';
import { gatewayRoutes as sharedGatewayRoutes } from '#shared/gateway/routes.js';
import { type ClearwayConfig, ConfigError } from './config.js';

/**
 * Which Lambda functions exist, which routes they serve and which of them sign: derived from the shared
 * operation registry, so a new operation (or a new `fn`) gets its API method and its function without a
 * change here. Both stacks read this: the stateful one to name the roles the key policy trusts, the
 * stateless one to create those roles and functions.
 */

/** One method of the internal API: a mirrored bank operation or a route Clearway adds under `/gateway/`. */
export interface Route {
  readonly id: string;
  readonly method: string;
  /** Path template, `{name}` for a path parameter (API Gateway's syntax). */
  readonly path: string;
  /** The file in `functions/` (without `.ts`) that serves it. */
  readonly fn: string;
}

export const fnNames = {
  gatewaySigningKey: 'gateway-signing-key',
  webhookReceiver: 'webhook-receiver',
  webhookProcessor: 'webhook-processor',
  /** The daily check of the API token's expiry (scheduled, no route). */
  tokenExpiryCheck: 'token-expiry-check',
  /** Counts the records left too long without the bank's word (scheduled, no route). */
  attentionSweep: 'attention-sweep',
} as const;

/** State Clearway keeps and serves itself, under `/gateway/` (one list, shared with the typed client). */
export const gatewayRoutes: readonly Route[] = sharedGatewayRoutes;

/** Every method of the internal API: the mirrored operations, then the gateway's own routes. */
export function internalRoutes(): Route[] {
  const routes: Route[] = [
    // A method per spelling of the path, all on the operation's one function.
    ...operations.flatMap((operation) =>
      pathsOf(operation).map((path) => ({
        id: operation.id,
        method: operation.method,
        path,
        fn: operation.fn,
      })),
    ),
    ...gatewayRoutes,
  ];
  const seen = new Set<string>();
  for (const route of routes) {
    const key = `${route.method} ${route.path}`;
    if (seen.has(key)) throw new ConfigError(`Two routes for ${key}: each method and path is served once.`);
    seen.add(key);
    if (route.fn === fnNames.webhookReceiver || route.fn === fnNames.webhookProcessor) {
      throw new ConfigError(`Route ${route.id} may not be served by ${route.fn}, a webhook function.`);
    }
  }
  return routes;
}

/** The functions that call the bank: one per distinct `fn` of the operation registry. */
export function operationFunctionNames(): string[] {
  return [...new Set(operations.map((operation) => operation.fn))];
}

/**
 * The operation functions that run a family's tracker: its own (`FamilyDefinition.operationFunction`) and every
 * other whose operations name the tracker (`Operation.tracker`: the payments tracker in `payments` and in
 * `chaps-payments`). Each gets the family's `operations` grants, bus, attention list and settings.
 */
export function trackingFunctionNames(family: { name: string; operationFunction?: string }): string[] {
  return [
    ...new Set([
      ...(family.operationFunction === undefined ? [] : [family.operationFunction]),
      ...operations.filter((operation) => operation.tracker === family.name).map((operation) => operation.fn),
    ]),
  ];
}

/** The functions serving the families' `/gateway/` reads (`FamilyDefinition.readerFunction`). */
export function readerFunctionNames(): string[] {
  return families.flatMap((family) => family.readerFunction ?? []);
}

/** Every function the stateless stack makes. */
export function functionNames(): string[] {
  return [
    ...operationFunctionNames(),
    ...readerFunctionNames(),
    fnNames.gatewaySigningKey,
    fnNames.webhookReceiver,
    fnNames.webhookProcessor,
    fnNames.tokenExpiryCheck,
    fnNames.attentionSweep,
  ];
}

/**
 * Functions whose roles the key policy lets `kms:Sign`: the operation functions and the receiver, and the
 * processor where the environment path-signs GETs (it downloads camt.053 statement pages; without path
 * signatures it signs nothing, so it is not granted).
 */
export function signingFunctionNames(config: { pathSignature: boolean }): string[] {
  return [
    ...operationFunctionNames(),
    ...(config.pathSignature ? [fnNames.webhookProcessor] : []),
    fnNames.webhookReceiver,
  ];
}

/** Functions whose roles the key policy lets `kms:GetPublicKey`. */
export function publicKeyReaderFunctionNames(): string[] {
  return [fnNames.gatewaySigningKey];
}

/** Longest region name (ap-southeast-N, us-gov-west-1...) allowed for in role names. */
const maxRegionLength = 14;
const maxRoleNameLength = 64;

/**
 * The fixed IAM role name of a function: `clearway-<sim|prod>-<fn>-<region>`. Fixed names let the key policy
 * in the stateful stack name the roles of the stateless stack without a reference between the two.
 */
export function functionRoleName(config: ClearwayConfig, fn: string): string {
  const head = `clearway-${config.envName === 'production' ? 'prod' : 'sim'}-${fn}-`;
  if (head.length + maxRegionLength > maxRoleNameLength) {
    throw new ConfigError(
      `Function name "${fn}" is too long for an IAM role name: keep it to ${maxRoleNameLength - maxRegionLength - head.length + fn.length} characters.`,
    );
  }
  return `${head}${Aws.REGION}`;
}

export function functionRoleArn(stack: Stack, config: ClearwayConfig, fn: string): string {
  return stack.formatArn({
    service: 'iam',
    region: '',
    resource: 'role',
    resourceName: functionRoleName(config, fn),
  });
}

/**
 * The fixed name of the webhook body bucket, `clearway-<env>-webhook-bodies-<account>-<region>` (at most 62
 * characters). Fixed like the role names so that the stateless stack grants its objects by name: the grant
 * and cdk-nag's finding about its key wildcard then read the same in every synth. cdk-nag writes the
 * pseudo parameters as `<AWS::AccountId>` and `<AWS::Region>`; pass those to name the finding.
 */
export function webhookBodyBucketName(
  config: ClearwayConfig,
  account: string = Aws.ACCOUNT_ID,
  region: string = Aws.REGION,
): string {
  return `${config.prefix}-webhook-bodies-${account}-${region}`;
}

/**
 * The fixed name of the statements bucket, `clearway-<env>-statements-<account>-<region>` (at most 58
 * characters), fixed for the same reason as the body bucket's: the processor's grant names it.
 */
export function statementBucketName(
  config: ClearwayConfig,
  account: string = Aws.ACCOUNT_ID,
  region: string = Aws.REGION,
): string {
  return `${config.prefix}-statements-${account}-${region}`;
}

/** `mccy-batches` as `MccyBatches`: construct ids made from names. */
export function pascalCase(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter((part) => part !== '')
    .map((part) => part[0]?.toUpperCase() + part.slice(1))
    .join('');
}
