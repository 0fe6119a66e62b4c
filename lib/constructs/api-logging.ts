import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { ClearwayConfig, Throttle } from '../config.js';

/**
 * The region's API Gateway account setting: the role API Gateway uses to write execution logs. It is one
 * setting per account and region, so it is made once here for both APIs (a `cloudWatchRole: true` on each
 * RestApi would make two resources fight over it).
 */
export class ApiGatewayAccountLogging extends Construct {
  readonly account: apigateway.CfnAccount;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('apigateway.amazonaws.com'),
      description: 'Lets API Gateway write execution logs to CloudWatch Logs (region-wide account setting)',
      managedPolicies: [
        iam.ManagedPolicy.fromAwsManagedPolicyName('service-role/AmazonAPIGatewayPushToCloudWatchLogs'),
      ],
    });
    role.applyRemovalPolicy(RemovalPolicy.RETAIN);
    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
      reason:
        'This role exists only for API Gateway to push execution logs; the AWS-maintained AmazonAPIGatewayPushToCloudWatchLogs policy is the documented, minimal policy for exactly that and follows API Gateway changes.',
    });
    this.account = new apigateway.CfnAccount(this, 'Account', { cloudWatchRoleArn: role.roleArn });
    this.account.applyRemovalPolicy(RemovalPolicy.RETAIN);
  }
}

/** The stage every Clearway API is deployed to (the internal API's URL ends with it). */
export const STAGE_NAME = 'live';

/**
 * The stage every Clearway API uses: `live`, JSON access logs to their own group, execution logs at ERROR
 * only, tracing, metrics and the given throttle.
 */
export function stageOptions(
  scope: Construct,
  id: string,
  config: ClearwayConfig,
  throttle: Throttle,
): { logGroup: logs.LogGroup; deployOptions: apigateway.StageOptions } {
  const logGroup = new logs.LogGroup(scope, id, {
    retention: config.logRetention,
    removalPolicy: config.retainLogs ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
  });
  return {
    logGroup,
    deployOptions: {
      stageName: STAGE_NAME,
      accessLogDestination: new apigateway.LogGroupLogDestination(logGroup),
      accessLogFormat: apigateway.AccessLogFormat.jsonWithStandardFields(),
      // Never request or response bodies in execution logs: they carry tokens and account numbers.
      loggingLevel: apigateway.MethodLoggingLevel.ERROR,
      dataTraceEnabled: false,
      tracingEnabled: true,
      metricsEnabled: true,
      throttlingRateLimit: throttle.rateLimit,
      throttlingBurstLimit: throttle.burstLimit,
    },
  };
}
