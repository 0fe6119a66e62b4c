import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { BankClient } from '../bank/client.js';
import { SecretsManagerTokenSource } from '../bank/secrets-manager-token-source.js';
import { ENV, ENVIRONMENT_NAMES, type EnvironmentName } from '../config/function-environment.js';
import { idempotencyTable } from '../config/tables.js';
import { DynamoDbAttemptLog } from '../gateway/attempt-log.js';
import type { ForwardDependencies } from '../gateway/forward-operation.js';
import { lazyRunOnce } from '../gateway/idempotency.js';
import { countBankAnswer, logger } from '../observability.js';
import { buildAtColdStart, once, requireEnv } from './aws-common.js';
import { kmsSigner } from './aws-signer.js';
import { awsDynamoClient, awsTableName } from './aws-family-ports.js';

/** Composition root of the operation functions on AWS. */
export const awsForwardDependencies = once((): ForwardDependencies => {
  const bank = new BankClient({
    baseUrl: requireEnv(ENV.bankBaseUrl),
    tokens: new SecretsManagerTokenSource(requireEnv(ENV.apiTokenSecretId), new SecretsManagerClient({})),
    signer: kmsSigner(),
    log: logger,
    pathSignature: process.env[ENV.pathSignature] === 'true',
    onAnswer: countBankAnswer,
  });
  const tableName = awsTableName(idempotencyTable);
  const dynamo = awsDynamoClient();
  const institution = { overdraftAgreement: process.env[ENV.overdraftAgreement] === 'true' };
  return {
    bank,
    // Loaded on the first keyed write (see lazyRunOnce).
    runOnce: lazyRunOnce(async () => {
      const [{ powertoolsRunOnce }, { DynamoDBPersistenceLayer }] = await Promise.all([
        import('../gateway/powertools-run-once.js'),
        import('@aws-lambda-powertools/idempotency/dynamodb'),
      ]);
      return powertoolsRunOnce(new DynamoDBPersistenceLayer({ tableName, awsSdkV3Client: dynamo }));
    }),
    attempts: new DynamoDbAttemptLog(dynamo, tableName),
    log: logger,
    institution,
    environment: environmentOf(requireEnv(ENV.environment)),
  };
});

buildAtColdStart(awsForwardDependencies);

function environmentOf(value: string): EnvironmentName {
  if (!(ENVIRONMENT_NAMES as readonly string[]).includes(value)) {
    throw new Error(`${ENV.environment} must be one of ${ENVIRONMENT_NAMES.join(', ')}, not "${value}".`);
  }
  return value as EnvironmentName;
}
