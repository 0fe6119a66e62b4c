import { type App, Tags } from 'aws-cdk-lib';
import type { ClearwayConfig } from './config.js';
import { ApiStack } from './api-stack.js';
import type { Route } from './catalog.js';
import { StatefulStack } from './stateful-stack.js';
import { StatelessStack } from './stateless-stack.js';

export interface Clearway {
  readonly stateful: StatefulStack;
  readonly stateless: StatelessStack;
  readonly api: ApiStack;
}

/**
 * Both stacks of one environment. The stacks are environment-agnostic (no account or region, no lookups),
 * so `cdk synth` runs offline; `cdk deploy` takes account and region from the caller's credentials.
 */
export function createClearway(
  app: App,
  config: ClearwayConfig,
  /** The internal API's routes (default: the registry's and the gateway's, `internalRoutes`). */
  options: { routes?: readonly Route[] } = {},
): Clearway {
  const stackName = (part: string) => `${config.prefix}-${part}`;
  const stateful = new StatefulStack(app, 'Stateful', {
    stackName: stackName('stateful'),
    description: `Clearway ${config.envName}: signing key, API token, tables, webhook queue, event bus`,
    terminationProtection: config.envName === 'production',
    config,
  });
  const stateless = new StatelessStack(app, 'Stateless', {
    stackName: stackName('stateless'),
    description: `Clearway ${config.envName}: functions and the webhook API`,
    terminationProtection: config.envName === 'production',
    config,
    stateful,
  });
  stateless.addStackDependency(stateful, 'functions use the key, secret, tables, queue and bus');
  const api = new ApiStack(app, 'Api', {
    stackName: stackName('api'),
    description: `Clearway ${config.envName}: the internal API, the bank's operations for the institution's workloads`,
    terminationProtection: config.envName === 'production',
    config,
    stateful,
    stateless,
    ...(options.routes !== undefined && { routes: options.routes }),
  });
  api.addStackDependency(stateless, 'the API invokes the functions');
  for (const stack of [stateful, stateless, api]) {
    Tags.of(stack).add('application', 'clearway');
    Tags.of(stack).add('environment', config.envName);
  }
  return { stateful, stateless, api };
}
