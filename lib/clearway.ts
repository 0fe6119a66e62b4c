import { type App, Tags } from 'aws-cdk-lib';
import type { ClearwayConfig } from './config.js';
import { StatefulStack } from './stateful-stack.js';
import { StatelessStack } from './stateless-stack.js';

export interface Clearway {
  readonly stateful: StatefulStack;
  readonly stateless: StatelessStack;
}

/**
 * Both stacks of one environment. The stacks are environment-agnostic (no account or region, no lookups),
 * so `cdk synth` runs offline; `cdk deploy` takes account and region from the caller's credentials.
 */
export function createClearway(app: App, config: ClearwayConfig): Clearway {
  const stackName = (part: string) => `${config.prefix}-${part}`;
  const stateful = new StatefulStack(app, 'Stateful', {
    stackName: stackName('stateful'),
    description: `Clearway ${config.envName}: signing key, API token, tables, webhook queue, event bus`,
    terminationProtection: config.envName === 'production',
    config,
  });
  const stateless = new StatelessStack(app, 'Stateless', {
    stackName: stackName('stateless'),
    description: `Clearway ${config.envName}: functions, the internal API and the webhook API`,
    terminationProtection: config.envName === 'production',
    config,
    stateful,
  });
  stateless.addStackDependency(stateful, 'functions use the key, secret, tables, queue and bus');
  for (const stack of [stateful, stateless]) {
    Tags.of(stack).add('application', 'clearway');
    Tags.of(stack).add('environment', config.envName);
  }
  return { stateful, stateless };
}
