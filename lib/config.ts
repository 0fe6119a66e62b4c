/**
 * Per-environment configuration of the CDK app: one typed record per bank environment, chosen with
 * `cdk synth -c env=simulation|production`, with a few context overrides for what differs per institution
 * (alarm target, admin principal, sizes). Everything is validated here so a bad value fails at start-up with
 * a message naming it, never at deploy time.
 */

import { DEFAULT_OVERDUE_AFTER_MINUTES } from '#shared/mccy-payments/track.js';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import {
  type NameCheckPolicy,
  NameCheckPolicyError,
  parseNameCheckPolicy,
  parseNameCheckTtlHours,
} from '#shared/name-checks/policy.js';
import { ENVIRONMENT_NAMES, type EnvironmentName } from '#shared/config/function-environment.js';
import { archiveRetentionDays } from '#shared/events/archive.js';
import { ANSWER_DEADLINE_MS } from '#shared/webhooks/delivery-rules.js';

export const environmentNames = ENVIRONMENT_NAMES;
export type { EnvironmentName };

export type EndpointKind = 'REGIONAL' | 'PRIVATE';

export interface Throttle {
  /** Steady-state requests per second. */
  readonly rateLimit: number;
  readonly burstLimit: number;
}

/**
 * The account's regional service quotas the capacity alarms compare usage with (see
 * `constructs/capacity-alarms.ts`). The defaults are AWS's usual values; read the account's real ones in
 * Service Quotas and override them with context when they differ.
 */
export interface Quotas {
  /** KMS "Cryptographic operations (RSA) request rate": per account and region, shared by every RSA key. */
  readonly kmsRsaRequestsPerSecond: number;
  /** Lambda "Concurrent executions": per account and region, shared by every function. */
  readonly lambdaConcurrentExecutions: number;
  /**
   * EventBridge "PutEvents throttle limit in transactions per second": region-dependent (from 400 to 10,000
   * and more); the default is a conservative figure, so read the region's value in Service Quotas.
   */
  readonly eventBridgePutEventsPerSecond: number;
  /** The alarms fire at this share of each limit, before it binds. */
  readonly warnAtPercent: number;
}

export interface FunctionSize {
  readonly memorySize: number;
  readonly timeoutSeconds: number;
}

export interface ClearwayConfig {
  readonly envName: EnvironmentName;
  /** Prefix of physical names (IAM roles, SSM parameter, key alias, bus): `clearway-<env>`. */
  readonly prefix: string;
  /** The bank's API base address the operation functions call. */
  readonly bankBaseUrl: string;
  /** Whether the institution has an overdraft agreement: the gateway then lets a negative minimumBalance through. */
  readonly overdraftAgreement: boolean;
  /** The bank's published webhook source ranges; the public webhook API admits only these. */
  readonly webhookSourceRanges: readonly string[];
  /** Where the DLQ alarm goes: a new SNS topic with an e-mail subscription, an existing topic, or nowhere. */
  readonly alarms: { readonly email?: string; readonly topicArn?: string };
  /** Principal allowed `kms:GetPublicKey` and `kms:DescribeKey` on the signing key; undefined: the account root. */
  readonly adminPrincipalArn?: string;
  /**
   * Principals besides the signing functions allowed `kms:Sign`, for the one-off onboarding CSR
   * (`clearway csr`). Empty by default: add one for the onboarding, then remove it.
   */
  readonly onboardingSignerArns: readonly string[];
  readonly internalApi: {
    readonly endpointType: EndpointKind;
    /** Interface VPC endpoints of execute-api allowed to reach a PRIVATE API. */
    readonly vpcEndpointIds: readonly string[];
    readonly throttle: Throttle;
  };
  readonly webhookApi: { readonly throttle: Throttle };
  /** Every operation and gateway function. */
  readonly operationFunction: FunctionSize;
  /** The bank waits at most 5 s for the signed answer. */
  readonly receiver: FunctionSize & { readonly provisionedConcurrency: number };
  readonly processor: FunctionSize & {
    readonly batchSize: number;
    readonly maxReceiveCount: number;
    /** At most this many batches at once from the webhook queue (the event source's maximum concurrency). */
    readonly maxConcurrency: number;
  };
  readonly logRetention: RetentionDays;
  /** Keep log groups when the stack is deleted. */
  readonly retainLogs: boolean;
  /**
   * Set the region's API Gateway CloudWatch role (an account-wide setting execution logging needs).
   * Turn off when the account already has one managed elsewhere.
   */
  readonly apiGatewayCloudWatchRole: boolean;
  /** Account quotas the capacity alarms warn about, and at what share of them. */
  readonly quotas: Quotas;
  /** How long a payee name check's outcome counts, and what payments do with it (off by default). */
  readonly nameChecks: { readonly ttlHours: number; readonly policy: NameCheckPolicy };
  /**
   * Send the path-based signature (`X-Request-Time`, shared/bank/path-signature.ts) on the operations whose
   * record asks for it. Off by default: the UK entity signs bodies only; the EU entity's reference wants it.
   */
  readonly pathSignature: boolean;
  /**
   * Days the bus's EventBridge archive keeps events (`clearway replay` reads it back from the archive):
   * simulation 30, production 365 (`shared/events/archive.ts`, which the sandbox's replay also applies).
   */
  readonly eventArchiveRetentionDays: number;
  /**
   * Minutes after a scheduled batch's processing time until its workflow calls it overdue (publishes
   * `MccyBatchOverdue` and fails, which alarms) if transactions are still unsettled.
   */
  readonly mccyOverdueAfterMinutes: number;
}

const sharedDefaults = {
  overdraftAgreement: false,
  alarms: {},
  onboardingSignerArns: [],
  internalApi: { endpointType: 'REGIONAL', vpcEndpointIds: [], throttle: { rateLimit: 50, burstLimit: 100 } },
  webhookApi: { throttle: { rateLimit: 50, burstLimit: 100 } },
  operationFunction: { memorySize: 1024, timeoutSeconds: 25 },
  receiver: { memorySize: 1024, timeoutSeconds: ANSWER_DEADLINE_MS / 1000, provisionedConcurrency: 0 },
  processor: { memorySize: 512, timeoutSeconds: 30, batchSize: 10, maxReceiveCount: 5, maxConcurrency: 10 },
  apiGatewayCloudWatchRole: true,
  nameChecks: { ttlHours: 24, policy: { mode: 'off' } },
  pathSignature: false,
  mccyOverdueAfterMinutes: DEFAULT_OVERDUE_AFTER_MINUTES,
  quotas: {
    kmsRsaRequestsPerSecond: 500,
    lambdaConcurrentExecutions: 1000,
    eventBridgePutEventsPerSecond: 2400,
    warnAtPercent: 80,
  },
} as const satisfies Partial<ClearwayConfig>;

/** The defaults per environment, before context overrides. */
export const environments: Record<EnvironmentName, ClearwayConfig> = {
  simulation: {
    ...sharedDefaults,
    envName: 'simulation',
    prefix: 'clearway-simulation',
    bankBaseUrl: 'https://institution-api-sim.clearbank.co.uk',
    webhookSourceRanges: ['51.145.122.16/28', '20.39.213.0/28', '172.187.147.144/28', '20.117.212.176/28'],
    logRetention: RetentionDays.ONE_MONTH,
    retainLogs: false,
    eventArchiveRetentionDays: archiveRetentionDays.simulation,
  },
  production: {
    ...sharedDefaults,
    envName: 'production',
    prefix: 'clearway-production',
    bankBaseUrl: 'https://institution-api.clearbank.co.uk',
    webhookSourceRanges: ['51.145.122.32/28', '172.187.179.192/28', '172.187.243.32/28', '20.117.189.64/28'],
    logRetention: RetentionDays.ONE_YEAR,
    retainLogs: true,
    eventArchiveRetentionDays: archiveRetentionDays.production,
  },
};

/**
 * The app cannot be built as configured (a context value, a missing function file, a clash in the catalog);
 * the message names what is wrong. bin/app.ts prints it without a stack trace.
 */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Context keys (`cdk synth -c key=value`) that override the environment's defaults. */
export const contextKeys = {
  env: 'env',
  bankBaseUrl: 'bankBaseUrl',
  webhookSourceRanges: 'webhookSourceRanges',
  alarmEmail: 'alarmEmail',
  alarmTopicArn: 'alarmTopicArn',
  adminPrincipalArn: 'adminPrincipalArn',
  onboardingSignerArns: 'onboardingSignerArns',
  internalApiEndpointType: 'internalApiEndpointType',
  internalApiVpcEndpointIds: 'internalApiVpcEndpointIds',
  receiverProvisionedConcurrency: 'receiverProvisionedConcurrency',
  apiGatewayCloudWatchRole: 'apiGatewayCloudWatchRole',
  overdraftAgreement: 'overdraftAgreement',
  quotaKmsRsaRequestsPerSecond: 'quotaKmsRsaRequestsPerSecond',
  quotaLambdaConcurrentExecutions: 'quotaLambdaConcurrentExecutions',
  quotaEventBridgePutEventsPerSecond: 'quotaEventBridgePutEventsPerSecond',
  quotaWarnAtPercent: 'quotaWarnAtPercent',
  internalApiRateLimit: 'internalApiRateLimit',
  internalApiBurstLimit: 'internalApiBurstLimit',
  webhookApiRateLimit: 'webhookApiRateLimit',
  webhookApiBurstLimit: 'webhookApiBurstLimit',
  nameCheckTtlHours: 'nameCheckTtlHours',
  nameCheckPolicy: 'nameCheckPolicy',
  nameCheckRequireAbove: 'nameCheckRequireAbove',
  pathSignature: 'pathSignature',
} as const;

/** Reads context the way `node.tryGetContext` does; a plain record in tests. */
export type ContextReader = (key: string) => unknown;

/**
 * The configuration for the environment named by the `env` context key (default `simulation`), with the
 * overrides found in context applied and validated.
 */
export function loadConfig(readContext: ContextReader): ClearwayConfig {
  const envName = readContext(contextKeys.env) ?? 'simulation';
  if (typeof envName !== 'string' || !isEnvironmentName(envName)) {
    throw new ConfigError(
      `Unknown environment "${String(envName)}": -c env= must be one of ${environmentNames.join(', ')}.`,
    );
  }
  const base = environments[envName];
  const alarmEmail = optionalString(readContext, contextKeys.alarmEmail);
  const alarmTopicArn = optionalString(readContext, contextKeys.alarmTopicArn);
  const adminPrincipalArn = optionalString(readContext, contextKeys.adminPrincipalArn);
  const endpointType = optionalString(readContext, contextKeys.internalApiEndpointType);
  const provisioned = readContext(contextKeys.receiverProvisionedConcurrency);
  const cloudWatchRole = readContext(contextKeys.apiGatewayCloudWatchRole);
  const overdraft = readContext(contextKeys.overdraftAgreement);
  const pathSignature = readContext(contextKeys.pathSignature);
  const quota = (key: string, fallback: number): number => {
    const value = readContext(key);
    return value === undefined || value === '' ? fallback : toInteger(key, value);
  };

  const config: ClearwayConfig = {
    ...base,
    bankBaseUrl: optionalString(readContext, contextKeys.bankBaseUrl) ?? base.bankBaseUrl,
    overdraftAgreement:
      overdraft === undefined
        ? base.overdraftAgreement
        : toBoolean(contextKeys.overdraftAgreement, overdraft),
    webhookSourceRanges:
      optionalList(readContext, contextKeys.webhookSourceRanges) ?? base.webhookSourceRanges,
    alarms: {
      ...(alarmEmail === undefined ? {} : { email: alarmEmail }),
      ...(alarmTopicArn === undefined ? {} : { topicArn: alarmTopicArn }),
    },
    ...(adminPrincipalArn === undefined ? {} : { adminPrincipalArn }),
    onboardingSignerArns:
      optionalList(readContext, contextKeys.onboardingSignerArns) ?? base.onboardingSignerArns,
    internalApi: {
      ...base.internalApi,
      endpointType: (endpointType ?? base.internalApi.endpointType) as EndpointKind,
      vpcEndpointIds:
        optionalList(readContext, contextKeys.internalApiVpcEndpointIds) ?? base.internalApi.vpcEndpointIds,
      throttle: {
        rateLimit: quota(contextKeys.internalApiRateLimit, base.internalApi.throttle.rateLimit),
        burstLimit: quota(contextKeys.internalApiBurstLimit, base.internalApi.throttle.burstLimit),
      },
    },
    webhookApi: {
      throttle: {
        rateLimit: quota(contextKeys.webhookApiRateLimit, base.webhookApi.throttle.rateLimit),
        burstLimit: quota(contextKeys.webhookApiBurstLimit, base.webhookApi.throttle.burstLimit),
      },
    },
    receiver: {
      ...base.receiver,
      provisionedConcurrency:
        provisioned === undefined
          ? base.receiver.provisionedConcurrency
          : toInteger(contextKeys.receiverProvisionedConcurrency, provisioned),
    },
    apiGatewayCloudWatchRole:
      cloudWatchRole === undefined
        ? base.apiGatewayCloudWatchRole
        : toBoolean(contextKeys.apiGatewayCloudWatchRole, cloudWatchRole),
    quotas: {
      kmsRsaRequestsPerSecond: quota(
        contextKeys.quotaKmsRsaRequestsPerSecond,
        base.quotas.kmsRsaRequestsPerSecond,
      ),
      lambdaConcurrentExecutions: quota(
        contextKeys.quotaLambdaConcurrentExecutions,
        base.quotas.lambdaConcurrentExecutions,
      ),
      eventBridgePutEventsPerSecond: quota(
        contextKeys.quotaEventBridgePutEventsPerSecond,
        base.quotas.eventBridgePutEventsPerSecond,
      ),
      warnAtPercent: quota(contextKeys.quotaWarnAtPercent, base.quotas.warnAtPercent),
    },
    nameChecks: nameCheckSettings(readContext, base.nameChecks),
    pathSignature:
      pathSignature === undefined ? base.pathSignature : toBoolean(contextKeys.pathSignature, pathSignature),
  };
  validateConfig(config);
  return config;
}

/** Throws a ConfigError naming the first value that cannot be deployed. */
export function validateConfig(config: ClearwayConfig): void {
  if (!/^https:\/\/[^\s/]+(\/[^\s]*)?$/.test(config.bankBaseUrl)) {
    throw new ConfigError(`bankBaseUrl "${config.bankBaseUrl}" must be an https:// URL.`);
  }
  if (config.webhookSourceRanges.length === 0) {
    throw new ConfigError('webhookSourceRanges must list at least one address range of the bank.');
  }
  for (const range of config.webhookSourceRanges) {
    if (!isIpv4Cidr(range)) {
      throw new ConfigError(
        `webhookSourceRanges: "${range}" is not an IPv4 CIDR range such as 51.145.122.16/28.`,
      );
    }
  }
  if (config.alarms.email !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(config.alarms.email)) {
    throw new ConfigError(`alarmEmail "${config.alarms.email}" is not an e-mail address.`);
  }
  if (config.alarms.email !== undefined && config.alarms.topicArn !== undefined) {
    throw new ConfigError('Give alarmEmail or alarmTopicArn, not both.');
  }
  if (
    config.envName === 'production' &&
    config.alarms.email === undefined &&
    config.alarms.topicArn === undefined
  ) {
    throw new ConfigError(
      `Production needs someone its alarms reach: give -c ${contextKeys.alarmEmail}=<address> or -c ${contextKeys.alarmTopicArn}=<SNS topic ARN>. Without one the dead-letter, token-expiry, overdue-batch and capacity alarms would notify no one.`,
    );
  }
  if (
    config.alarms.topicArn !== undefined &&
    !/^arn:aws[a-z-]*:sns:[a-z0-9-]+:\d{12}:[\w-]+$/.test(config.alarms.topicArn)
  ) {
    throw new ConfigError(`alarmTopicArn "${config.alarms.topicArn}" is not an SNS topic ARN.`);
  }
  for (const [key, arn] of [
    [contextKeys.adminPrincipalArn, config.adminPrincipalArn],
    ...config.onboardingSignerArns.map((value) => [contextKeys.onboardingSignerArns, value] as const),
  ] as const) {
    if (arn !== undefined && !/^arn:aws[a-z-]*:(iam|sts)::\d{12}:\S+$/.test(arn)) {
      throw new ConfigError(
        `${key} "${arn}" is not an IAM principal ARN (arn:aws:iam::<account>:role/<name>).`,
      );
    }
  }
  if (config.internalApi.endpointType !== 'REGIONAL' && config.internalApi.endpointType !== 'PRIVATE') {
    throw new ConfigError(
      `internalApiEndpointType "${String(config.internalApi.endpointType)}" must be REGIONAL or PRIVATE.`,
    );
  }
  if (config.internalApi.endpointType === 'PRIVATE' && config.internalApi.vpcEndpointIds.length === 0) {
    throw new ConfigError(
      'internalApiEndpointType PRIVATE needs internalApiVpcEndpointIds (the execute-api interface endpoints).',
    );
  }
  for (const id of config.internalApi.vpcEndpointIds) {
    if (!/^vpce-[0-9a-f]+$/.test(id)) {
      throw new ConfigError(`internalApiVpcEndpointIds: "${id}" is not a VPC endpoint id (vpce-...).`);
    }
  }
  if (config.receiver.provisionedConcurrency < 0) {
    throw new ConfigError('receiverProvisionedConcurrency must be 0 (off) or more.');
  }
  if (config.receiver.provisionedConcurrency > config.webhookApi.throttle.burstLimit) {
    throw new ConfigError(
      `receiverProvisionedConcurrency ${config.receiver.provisionedConcurrency} is more than the receiver's reserved concurrency (${contextKeys.webhookApiBurstLimit}, ${config.webhookApi.throttle.burstLimit}).`,
    );
  }
  for (const [key, value] of [
    [contextKeys.quotaKmsRsaRequestsPerSecond, config.quotas.kmsRsaRequestsPerSecond],
    [contextKeys.quotaLambdaConcurrentExecutions, config.quotas.lambdaConcurrentExecutions],
    [contextKeys.quotaEventBridgePutEventsPerSecond, config.quotas.eventBridgePutEventsPerSecond],
    [contextKeys.quotaWarnAtPercent, config.quotas.warnAtPercent],
    [contextKeys.internalApiRateLimit, config.internalApi.throttle.rateLimit],
    [contextKeys.internalApiBurstLimit, config.internalApi.throttle.burstLimit],
    [contextKeys.webhookApiRateLimit, config.webhookApi.throttle.rateLimit],
    [contextKeys.webhookApiBurstLimit, config.webhookApi.throttle.burstLimit],
  ] as const) {
    if (!Number.isInteger(value) || value < 1) {
      throw new ConfigError(`${key} must be a positive whole number, got "${String(value)}".`);
    }
  }
  if (config.quotas.warnAtPercent > 100) {
    throw new ConfigError(
      `${contextKeys.quotaWarnAtPercent} must be at most 100 (a share of the quota), got "${config.quotas.warnAtPercent}".`,
    );
  }
  if (config.receiver.timeoutSeconds * 1000 > ANSWER_DEADLINE_MS) {
    throw new ConfigError(
      `The webhook receiver must answer within the bank’s ${ANSWER_DEADLINE_MS / 1000} seconds: timeout at most that.`,
    );
  }
}

/** The name-check settings from context (`nameCheckTtlHours`, `nameCheckPolicy`, `nameCheckRequireAbove`). */
function nameCheckSettings(
  readContext: ContextReader,
  base: ClearwayConfig['nameChecks'],
): ClearwayConfig['nameChecks'] {
  const ttl = readContext(contextKeys.nameCheckTtlHours);
  const mode = readContext(contextKeys.nameCheckPolicy);
  const above = readContext(contextKeys.nameCheckRequireAbove);
  try {
    return {
      ttlHours:
        ttl === undefined
          ? base.ttlHours
          : parseNameCheckTtlHours(contextText(ttl), contextKeys.nameCheckTtlHours),
      policy:
        mode === undefined && above === undefined
          ? base.policy
          : parseNameCheckPolicy(contextText(mode), contextText(above), {
              mode: contextKeys.nameCheckPolicy,
              requireAbove: contextKeys.nameCheckRequireAbove,
            }),
    };
  } catch (error) {
    if (error instanceof NameCheckPolicyError) throw new ConfigError(error.message);
    throw error;
  }
}

/** A context value as text: cdk.json may give a number. */
function contextText(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  throw new ConfigError(`A name-check setting must be text or a number, got ${JSON.stringify(value)}.`);
}

function isEnvironmentName(value: string): value is EnvironmentName {
  return (environmentNames as readonly string[]).includes(value);
}

function isIpv4Cidr(value: string): boolean {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\/(\d{1,2})$/.exec(value);
  if (!match) return false;
  const [, a, b, c, d, bits] = match.map(Number);
  return (
    [a, b, c, d].every((octet) => octet !== undefined && octet <= 255) && bits !== undefined && bits <= 32
  );
}

function optionalString(readContext: ContextReader, key: string): string | undefined {
  const value = readContext(key);
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw new ConfigError(`${key} must be a string.`);
  return value;
}

/** A list from context: a JSON array in cdk.json or a comma-separated string on the command line. */
function optionalList(readContext: ContextReader, key: string): string[] | undefined {
  const value = readContext(key);
  if (value === undefined || value === '') return undefined;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value;
  if (typeof value === 'string') {
    return value
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
  }
  throw new ConfigError(`${key} must be a comma-separated list or an array of strings.`);
}

function toInteger(key: string, value: unknown): number {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  if (!Number.isInteger(number))
    throw new ConfigError(`${key} must be a whole number, got "${String(value)}".`);
  return number;
}

function toBoolean(key: string, value: unknown): boolean {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw new ConfigError(`${key} must be true or false, got "${String(value)}".`);
}

/**
 * Executions of the account Clearway leaves unreserved: Lambda's own minimum of 100, and room for Clearway's
 * readers, its scheduled functions and the account's other workloads.
 */
export const UNRESERVED_KEPT = 200;

/** The reserved concurrency of each function that has one, from the configuration (`concurrencyPlan`). */
export interface ConcurrencyPlan {
  /** The webhook receiver: a full burst of the webhook API answered at once, whatever else runs. */
  readonly receiver: number;
  /** The webhook processor: as many as the queue's event source may run at once. */
  readonly processor: number;
  /** Each operation function: its share of what is left, so a flood of calls cannot take the others'. */
  readonly perOperationFunction: number;
}

/**
 * The receiver keeps one execution per request of a full webhook API burst (the bank retries what is not
 * answered within 5 s, so it must never wait for capacity); the processor as many as its event source runs;
 * each operation function an equal share of the rest of `quotaLambdaConcurrentExecutions`, less
 * `UNRESERVED_KEPT`. Reserved concurrency both guarantees and caps: a flood of internal calls is throttled
 * at its own functions, never at the webhooks'.
 */
export function concurrencyPlan(config: ClearwayConfig, operationFunctions: number): ConcurrencyPlan {
  const receiver = config.webhookApi.throttle.burstLimit;
  const processor = config.processor.maxConcurrency;
  const left = config.quotas.lambdaConcurrentExecutions - receiver - processor - UNRESERVED_KEPT;
  const perOperationFunction = Math.floor(left / Math.max(1, operationFunctions));
  if (perOperationFunction < 1)
    throw new ConfigError(
      `${contextKeys.quotaLambdaConcurrentExecutions} ${config.quotas.lambdaConcurrentExecutions} leaves no concurrency to reserve: the webhook receiver takes ${receiver} (${contextKeys.webhookApiBurstLimit}), the processor ${processor}, ${UNRESERVED_KEPT} stay unreserved, and each of ${operationFunctions} operation functions needs at least 1. Ask for a higher Lambda concurrency quota and give it, or lower ${contextKeys.webhookApiBurstLimit}.`,
    );
  return { receiver, processor, perOperationFunction };
}
