import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { internalRoutes, type Route } from './catalog.js';
import type { ClearwayConfig } from './config.js';
import { CapacityAlarms } from './constructs/capacity-alarms.js';
import { InternalApi } from './constructs/internal-api.js';
import type { StatefulStack } from './stateful-stack.js';
import type { StatelessStack } from './stateless-stack.js';

export interface ApiStackProps extends StackProps {
  readonly config: ClearwayConfig;
  readonly stateful: StatefulStack;
  readonly stateless: StatelessStack;
  /** The routes it serves; the registry's and the gateway's (`internalRoutes`) unless given. */
  readonly routes?: readonly Route[];
}

/**
 * The internal API in a stack of its own: its resources and methods grow with the bank's operations, so
 * they get the room of a whole stack, beside the functions' (references go one way: to the functions).
 * Replaceable like the stateless stack; callers keep its one base URL.
 */
export class ApiStack extends Stack {
  readonly internalApi: InternalApi;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { config, stateful, stateless } = props;
    const handlers = new Map<string, lambda.IFunction>(
      [...stateless.functions].map(([name, made]) => [name, made.function] as const),
    );
    const routes = props.routes ?? internalRoutes();
    this.internalApi = new InternalApi(this, 'InternalApi', { config, routes, handlers });
    // Execution logging fails to deploy until the account setting names a role (the stateless stack's).
    if (stateless.apiGatewayAccount !== undefined)
      this.internalApi.api.deploymentStage.node.addDependency(stateless.apiGatewayAccount);
    new CapacityAlarms(this, 'CapacityAlarms', {
      config,
      accountQuotas: false,
      functions: new Map(),
      apis: [{ id: 'InternalApi', api: this.internalApi.api, throttle: config.internalApi.throttle }],
      tables: [],
      ...(stateful.alarmTopic === undefined ? {} : { alarmTopic: stateful.alarmTopic }),
    });
    new CfnOutput(this, 'InternalApiUrlOutput', { key: 'InternalApiUrl', value: this.internalApi.api.url });
  }
}
