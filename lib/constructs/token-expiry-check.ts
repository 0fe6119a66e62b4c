import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as sns from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { ENV } from '#shared/config/function-environment.js';
import { fnNames } from '../catalog.js';
import type { ClearwayFunction } from './function.js';
import { failedRunsAlarm, withActions } from './operations-dashboard.js';

export interface TokenExpiryCheckProps {
  /** The `token-expiry-check` function, made by the stack like every other. */
  readonly check: ClearwayFunction;
  readonly apiTokenSecret: secretsmanager.ISecret;
  readonly eventBus: events.IEventBus;
  readonly alarmTopic?: sns.ITopic;
}

/**
 * The daily check of the API token's expiry (`functions/token-expiry-check.ts`): an EventBridge schedule,
 * a role that may read that one secret and put events on that one bus, an alarm when fewer than 30 days are
 * left, and one when the check itself fails (otherwise a broken check would stay silent).
 */
export class TokenExpiryCheck extends Construct {
  readonly daysLeftAlarm: cloudwatch.Alarm;
  readonly failedAlarm: cloudwatch.Alarm;

  constructor(scope: Construct, id: string, props: TokenExpiryCheckProps) {
    super(scope, id);
    const { check, apiTokenSecret, eventBus } = props;
    check.function.addEnvironment(ENV.apiTokenSecretId, apiTokenSecret.secretArn);
    check.function.addEnvironment(ENV.eventBusName, eventBus.eventBusName);
    check.addToRolePolicy(
      new iam.PolicyStatement({
        sid: 'ReadTheApiTokenExpiry',
        actions: ['secretsmanager:GetSecretValue'],
        resources: [apiTokenSecret.secretArn],
      }),
    );
    check.addToRolePolicy(
      new iam.PolicyStatement({
        sid: 'PublishTokenWarnings',
        actions: ['events:PutEvents'],
        resources: [eventBus.eventBusArn],
      }),
    );

    new events.Rule(this, 'Daily', {
      description: 'Runs the API token expiry check once a day',
      schedule: events.Schedule.rate(Duration.days(1)),
      targets: [new targets.LambdaFunction(check.function, { retryAttempts: 2 })],
    });

    this.daysLeftAlarm = withActions(
      new cloudwatch.Alarm(this, 'TokenExpiresSoon', {
        alarmDescription:
          'The bank API token in the ApiTokenSecret expires in less than 30 days (ApiTokenExpiring events are published at 30, 14 and 3 days, then daily). Issue a new token in the bank portal and put it in the secret as {"token","expiresAt"}.',
        metric: new cloudwatch.Metric({
          namespace: check.metricsNamespace,
          metricName: 'ApiTokenDaysLeft',
          dimensionsMap: { service: fnNames.tokenExpiryCheck },
          statistic: cloudwatch.Stats.MINIMUM,
          period: Duration.days(1),
        }),
        threshold: 30,
        comparisonOperator: cloudwatch.ComparisonOperator.LESS_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.MISSING,
      }),
      props.alarmTopic,
    );
    this.failedAlarm = failedRunsAlarm(
      this,
      'CheckFailed',
      check.function,
      Duration.days(1),
      "The API token expiry check failed (its log says why: an unreadable secret, a missing expiresAt, the bus refused the event): the token's expiry is not being watched.",
      props.alarmTopic,
    );
  }
}
