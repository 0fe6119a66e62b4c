import { Validations } from 'aws-cdk-lib';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { ClearwayConfig } from '../config.js';
import { stageOptions } from './api-logging.js';

export interface WebhookApiProps {
  readonly config: ClearwayConfig;
  /** The receiver (or its provisioned-concurrency alias). */
  readonly receiver: lambda.IFunction;
}

/**
 * The public REST API the bank delivers webhooks to: `POST /webhooks` only, reachable only from the bank's
 * published address ranges (resource policy), throttled and access-logged. Authentication is the bank's
 * DigitalSignature, which the receiver verifies over the exact bytes before anything else.
 */
export class WebhookApi extends Construct {
  readonly api: apigateway.RestApi;
  readonly accessLogs: logs.LogGroup;

  constructor(scope: Construct, id: string, props: WebhookApiProps) {
    super(scope, id);
    const { config } = props;
    const stage = stageOptions(this, 'AccessLogs', config, config.webhookApi.throttle);
    this.accessLogs = stage.logGroup;

    this.api = new apigateway.RestApi(this, 'Api', {
      restApiName: `${config.prefix}-webhooks`,
      description: `Clearway ${config.envName}: webhook deliveries from the bank, its address ranges only`,
      endpointConfiguration: { types: [apigateway.EndpointType.REGIONAL] },
      policy: sourceRangePolicy(config.webhookSourceRanges),
      // Every body reaches the receiver base64-encoded, byte for byte as sent: the signature covers bytes.
      binaryMediaTypes: ['*/*'],
      cloudWatchRole: false,
      deployOptions: stage.deployOptions,
    });
    this.api.root
      .addResource('webhooks')
      .addMethod(
        'POST',
        new apigateway.LambdaIntegration(props.receiver, { proxy: true, allowTestInvoke: false }),
        {
          operationName: 'receiveWebhook',
          authorizationType: apigateway.AuthorizationType.NONE,
        },
      );

    Validations.of(this.api).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason:
        'The bank cannot sign with SigV4 or present a token: it authenticates each delivery with a DigitalSignature over the body, which the receiver verifies against the configured bank keys before anything else, and the resource policy admits only the bank’s published address ranges.',
    });
    Validations.of(this.api).acknowledge({
      id: 'AwsSolutions-COG4',
      reason:
        'The caller is the bank’s webhook sender, not a user: there is no Cognito identity to check. Deliveries are authenticated by the bank’s DigitalSignature and limited to its address ranges.',
    });
    Validations.of(this.api).acknowledge({
      id: 'AwsSolutions-APIG2',
      reason:
        'Validation of a delivery belongs to the receiver: it must verify the signature over the exact bytes first, then answer 401 or 400 as problem+json and count the rejection. A validator here would reject deliveries before they are verified, counted and logged.',
    });
    Validations.of(this.api).acknowledge({
      id: 'AwsSolutions-APIG3',
      reason:
        'The resource policy denies every source outside the bank’s four published ranges before any processing and the stage is throttled; a WAF would add cost and latency to a path that must answer within 5 seconds, without blocking anything more.',
    });
  }
}

/**
 * Allow invocation, then deny it to every source address outside the bank's ranges. The explicit Deny wins
 * over any Allow, so nothing else can open the endpoint.
 */
export function sourceRangePolicy(ranges: readonly string[]): iam.PolicyDocument {
  return new iam.PolicyDocument({
    statements: [
      new iam.PolicyStatement({
        sid: 'AllowWebhookDeliveries',
        principals: [new iam.AnyPrincipal()],
        actions: ['execute-api:Invoke'],
        resources: ['execute-api:/*'],
      }),
      new iam.PolicyStatement({
        sid: 'DenyOutsideTheBanksAddressRanges',
        effect: iam.Effect.DENY,
        principals: [new iam.AnyPrincipal()],
        actions: ['execute-api:Invoke'],
        resources: ['execute-api:/*'],
        conditions: { NotIpAddress: { 'aws:SourceIp': [...ranges] } },
      }),
    ],
  });
}
