import { Validations } from 'aws-cdk-lib';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { apiLayout } from '../api-layout.js';
import type { Route } from '../catalog.js';
import type { ClearwayConfig } from '../config.js';
import { stageOptions } from './api-logging.js';

export interface InternalApiProps {
  readonly config: ClearwayConfig;
  readonly routes: readonly Route[];
  /** The function serving each route's `fn`. */
  readonly handlers: ReadonlyMap<string, lambda.IFunction>;
}

/**
 * The internal REST API: the bank's operations at the bank's own paths plus `/gateway/...`, laid out by
 * `apiLayout` (a mount per function's own subtree), every method behind IAM authorization (SigV4),
 * access-logged, throttled. The functions check every request against the spec's rules themselves.
 */
export class InternalApi extends Construct {
  readonly api: apigateway.RestApi;
  readonly accessLogs: logs.LogGroup;

  constructor(scope: Construct, id: string, props: InternalApiProps) {
    super(scope, id);
    const { config } = props;
    const isPrivate = config.internalApi.endpointType === 'PRIVATE';
    const stage = stageOptions(this, 'AccessLogs', config, config.internalApi.throttle);
    this.accessLogs = stage.logGroup;
    const vpcEndpoints = config.internalApi.vpcEndpointIds.map((vpcEndpointId) =>
      ec2.InterfaceVpcEndpoint.fromInterfaceVpcEndpointAttributes(this, `Endpoint-${vpcEndpointId}`, {
        vpcEndpointId,
        port: 443,
      }),
    );

    this.api = new apigateway.RestApi(this, 'Api', {
      restApiName: `${config.prefix}-internal`,
      description: `Clearway ${config.envName}: the bank's API for the institution's workloads, IAM-protected`,
      endpointConfiguration: isPrivate
        ? { types: [apigateway.EndpointType.PRIVATE], vpcEndpoints }
        : { types: [apigateway.EndpointType.REGIONAL] },
      ...(isPrivate ? { policy: privateApiPolicy(config.internalApi.vpcEndpointIds) } : {}),
      cloudWatchRole: false,
      deployOptions: stage.deployOptions,
      defaultMethodOptions: { authorizationType: apigateway.AuthorizationType.IAM },
    });

    // A call over the stage's throttle, or over an operation function's share of concurrency, is told when
    // to come back: the caller's retry policy reads Retry-After (the typed client does).
    this.api.addGatewayResponse('Throttled', {
      type: apigateway.ResponseType.THROTTLED,
      statusCode: '429',
      responseHeaders: { 'Content-Type': "'application/problem+json'", 'Retry-After': "'1'" },
      templates: {
        'application/json':
          '{"type":"about:blank","title":"Too Many Requests","status":429,"detail":"The internal API is throttled; retry after the time in Retry-After with the same Idempotency-Key."}',
      },
    });

    // One permission per function for any method of this API (not one per method: 250 operations would
    // not fit a stack or a function's resource policy); IAM still authorizes each call by method and path.
    const integrations = new Map<string, apigateway.LambdaIntegration>();
    for (const method of apiLayout(props.routes)) {
      const handler = props.handlers.get(method.fn);
      if (handler === undefined)
        throw new Error(
          `No function for ${method.fn}, which serves ${method.routes.map((route) => route.id).join(', ')}.`,
        );
      let integration = integrations.get(method.fn);
      if (integration === undefined) {
        integration = new apigateway.LambdaIntegration(handler, {
          proxy: true,
          scopePermissionToMethod: false,
        });
        integrations.set(method.fn, integration);
      }
      const [only] = method.routes;
      this.api.root.resourceForPath(method.path).addMethod(method.method, integration, {
        // A route's own method keeps its operation's name; a mount names its function.
        operationName:
          method.routes.length === 1 && method.method !== 'ANY' && only ? only.id : `${method.fn}-mount`,
        authorizationType: apigateway.AuthorizationType.IAM,
      });
    }

    Validations.of(this.api).acknowledge({
      id: 'AwsSolutions-APIG2',
      reason:
        'Every request is validated by the function behind it against the operation’s full schema (members, formats, lengths, the spec’s rules), with a problem+json 400 naming each broken property, before anything is signed or sent. A mount (`{proxy+}`) serves many operations, so API Gateway has no one model to check, and a shape check alone would only repeat the first step of that validation.',
    });
    Validations.of(this.api).acknowledge({
      id: 'AwsSolutions-COG4',
      reason:
        'Callers are the institution’s own AWS workloads, not users: every method uses AWS_IAM (SigV4) authorization, which lets IAM policies grant each workload exactly the operations it may call. A Cognito user pool has no place here.',
    });
    Validations.of(this.api).acknowledge({
      id: 'AwsSolutions-APIG3',
      reason:
        'Every request is SigV4-signed and authorized by IAM before it reaches a function, the stage is throttled, and the API is internal (REGIONAL for callers in the account, PRIVATE when configured). A WAF would add cost without blocking anything IAM does not.',
    });
  }
}

/** A PRIVATE API answers only through the configured VPC endpoints, and only to principals of this account. */
function privateApiPolicy(vpcEndpointIds: readonly string[]): iam.PolicyDocument {
  return new iam.PolicyDocument({
    statements: [
      new iam.PolicyStatement({
        sid: 'InvokeByThisAccountsPrincipals',
        principals: [new iam.AccountRootPrincipal()],
        actions: ['execute-api:Invoke'],
        resources: ['execute-api:/*'],
      }),
      new iam.PolicyStatement({
        sid: 'DenyOutsideTheVpcEndpoints',
        effect: iam.Effect.DENY,
        principals: [new iam.AnyPrincipal()],
        actions: ['execute-api:Invoke'],
        resources: ['execute-api:/*'],
        conditions: { StringNotEquals: { 'aws:SourceVpce': [...vpcEndpointIds] } },
      }),
    ],
  });
}
