import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AssetHashType, DockerImage, type Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { buildSync } from 'esbuild';
import { type ClearwayConfig, ConfigError } from '../config.js';
import { lambdaBuildOptions } from './lambda-bundle.js';

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
const functionsDir = fileURLToPath(new URL('../../functions/', import.meta.url));

/** Where a function's entry file lives: `functions/<name>.ts`. */
export function functionEntry(name: string): string {
  return `${functionsDir}${name}.ts`;
}

/** The bundling option naming the entry to bundle, relative to the project root. */
const ENTRY_VARIABLE = 'CLEARWAY_ENTRY';

function entryOf(environment: Record<string, string> | undefined): string {
  const entry = environment?.[ENTRY_VARIABLE];
  if (entry === undefined) throw new Error(`bundling without ${ENTRY_VARIABLE}`);
  return entry;
}

/**
 * Metric namespace of the Powertools Metrics (EMF) every function of an environment writes to: one per
 * environment, so simulation and production sharing an account never read each other's figures.
 */
export const metricsNamespace = (config: Pick<ClearwayConfig, 'envName'>) => `Clearway/${config.envName}`;

export interface ClearwayFunctionProps {
  readonly config: ClearwayConfig;
  /** The entry file in `functions/` without `.ts`; also the Powertools service name. */
  readonly name: string;
  /** The fixed role name (see catalog.ts) the key policy may trust. */
  readonly roleName: string;
  readonly description: string;
  readonly memorySize: number;
  readonly timeout: Duration;
  /** Values for the names in `shared/config/function-environment.ts`. */
  readonly environment?: Record<string, string>;
  /** Executions reserved for it, which it can never exceed (`concurrencyPlan`); none: the account's pool. */
  readonly reservedConcurrency?: number;
}

/**
 * The one way Clearway makes a Lambda function: Node.js 24 on ARM64, bundled by the local esbuild as minified
 * ESM with source maps and lazy chunks (`lambda-bundle.ts`; CDK's NodejsFunction writes one file, so it
 * cannot split), X-Ray active tracing, JSON logs in its own log group with a retention, and its own
 * role that starts with only the right to write that log group. Callers add exactly what the function needs.
 */
export class ClearwayFunction extends Construct {
  readonly function: lambda.Function;
  /** Where its Powertools metrics go (`metricsNamespace`). */
  readonly metricsNamespace: string;
  readonly role: iam.Role;
  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: ClearwayFunctionProps) {
    super(scope, id);
    const { config, name } = props;
    this.metricsNamespace = metricsNamespace(config);
    const entry = functionEntry(name);
    if (!existsSync(entry)) {
      throw new ConfigError(
        `Function "${name}" has no entry file: create functions/${name}.ts exporting a handler.`,
      );
    }

    this.role = new iam.Role(this, 'Role', {
      roleName: props.roleName,
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Clearway ${config.envName} ${name}: only what this function needs`,
    });
    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: config.logRetention,
      removalPolicy: config.retainLogs ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    this.logGroup.grantWrite(this.role);

    this.function = new lambda.Function(this, 'Function', {
      code: lambda.Code.fromAsset(projectRoot, {
        // Hash what is deployed, not the project folder (node_modules included).
        assetHashType: AssetHashType.OUTPUT,
        bundling: {
          // The entry is a bundling option, read back by `tryBundle`, not only captured by it: CDK reuses a
          // staged asset whose cache key (these options as JSON, functions dropped) matches, so with the
          // entry named only inside `tryBundle` every function got the first one's bundle.
          environment: { [ENTRY_VARIABLE]: `functions/${name}.ts` },
          local: {
            tryBundle(outputDir, options) {
              buildSync(lambdaBuildOptions(projectRoot, entryOf(options.environment), outputDir));
              return true;
            },
          },
          image: DockerImage.fromRegistry('public.ecr.aws/sam/build-nodejs24.x'),
        },
      }),
      handler: 'index.handler',
      description: props.description,
      runtime: lambda.Runtime.NODEJS_24_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize,
      timeout: props.timeout,
      ...(props.reservedConcurrency !== undefined && {
        reservedConcurrentExecutions: props.reservedConcurrency,
      }),
      role: this.role,
      tracing: lambda.Tracing.ACTIVE,
      logGroup: this.logGroup,
      loggingFormat: lambda.LoggingFormat.JSON,
      applicationLogLevelV2: lambda.ApplicationLogLevel.INFO,
      systemLogLevelV2: lambda.SystemLogLevel.WARN,
      environment: {
        POWERTOOLS_SERVICE_NAME: name,
        POWERTOOLS_METRICS_NAMESPACE: this.metricsNamespace,
        CLEARWAY_ENV: config.envName,
        ...props.environment,
      },
    });

    Validations.of(this.role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'X-Ray active tracing: xray:PutTraceSegments and xray:PutTelemetryRecords support no resource-level permissions, so CDK grants them on "*". Every other statement of this role names its resource.',
    });
  }

  /** Adds a statement to this function's own role (its default policy). */
  addToRolePolicy(statement: iam.PolicyStatement): void {
    this.role.addToPrincipalPolicy(statement);
  }
}
