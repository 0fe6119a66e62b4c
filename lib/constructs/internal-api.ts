import { Validations } from 'aws-cdk-lib';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
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
 * Problem details (RFC 9457) for the 400s API Gateway answers itself, so a caller sees the same shape as the
 * gateway's own validation errors. `messageString` is already a quoted, escaped JSON string.
 */
const problemTemplate = (title: string, status: number, property: string): string =>
  `{"type":"about:blank","title":"${title}","status":${status},"detail":$context.error.messageString,"errors":{"${property}":[$context.error.messageString]}}`;

/**
 * The internal REST API: the bank's operations at the bank's own paths plus `/gateway/...`, every method
 * behind IAM authorization (SigV4), shape-checked by a request validator, access-logged, throttled.
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

    const validator = this.api.addRequestValidator('Validator', {
      requestValidatorName: 'body-and-parameters',
      validateRequestBody: true,
      validateRequestParameters: true,
    });
    const jsonObject = this.api.addModel('JsonObject', {
      contentType: 'application/json',
      modelName: 'JsonObject',
      description: 'Any JSON object; the gateway function applies the spec rules and answers problem+json.',
      schema: { schema: apigateway.JsonSchemaVersion.DRAFT4, type: apigateway.JsonSchemaType.OBJECT },
    });
    this.api.addGatewayResponse('BadRequestBody', {
      type: apigateway.ResponseType.BAD_REQUEST_BODY,
      statusCode: '400',
      responseHeaders: { 'Content-Type': "'application/problem+json'" },
      templates: { 'application/json': problemTemplate('Bad Request', 400, 'body') },
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
    this.api.addGatewayResponse('BadRequestParameters', {
      type: apigateway.ResponseType.BAD_REQUEST_PARAMETERS,
      statusCode: '400',
      responseHeaders: { 'Content-Type': "'application/problem+json'" },
      templates: { 'application/json': problemTemplate('Bad Request', 400, 'parameters') },
    });

    const integrations = new Map<string, apigateway.LambdaIntegration>();
    for (const route of props.routes) {
      const handler = props.handlers.get(route.fn);
      if (handler === undefined) throw new Error(`No function for ${route.fn}, which serves ${route.id}.`);
      let integration = integrations.get(route.fn);
      if (integration === undefined) {
        integration = new apigateway.LambdaIntegration(handler, { proxy: true, allowTestInvoke: false });
        integrations.set(route.fn, integration);
      }
      const pathParameters = [...route.path.matchAll(/\{([^}+]+)\+?\}/g)].map((match) => match[1]);
      this.api.root.resourceForPath(route.path).addMethod(route.method, integration, {
        operationName: route.id,
        authorizationType: apigateway.AuthorizationType.IAM,
        requestValidator: validator,
        requestParameters: Object.fromEntries(
          pathParameters.map((name) => [`method.request.path.${name}`, true] as const),
        ),
        ...(route.jsonObjectBody ? { requestModels: { 'application/json': jsonObject } } : {}),
      });
    }

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
