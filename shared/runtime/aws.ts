import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { KMSClient } from '@aws-sdk/client-kms';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { BankClient } from '../bank/client.js';
import { SecretsManagerTokenSource } from '../bank/secrets-manager-token-source.js';
import { ENV } from '../config/function-environment.js';
import type { ForwardDependencies } from '../gateway/forward-operation.js';
import { powertoolsRunOnce } from '../gateway/idempotency.js';
import { logger } from '../observability.js';
import { KmsSigner } from '../signing/kms-signer.js';

/**
 * Composition root on AWS: adapters built once per container from the environment the CDK stack sets,
 * on first use, so a missing variable is reported by name instead of failing deep inside a call.
 */
export function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value)
    throw new Error(`environment variable ${name} is not set; the CDK stack sets it for this function`);
  return value;
}

function once<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= build();
    return value;
  };
}

export const kmsSigner = once(() => new KmsSigner(new KMSClient({}), requireEnv(ENV.signingKeyId)));

export const awsForwardDependencies = once((): ForwardDependencies => {
  const bank = new BankClient({
    baseUrl: requireEnv(ENV.bankBaseUrl),
    tokens: new SecretsManagerTokenSource(requireEnv(ENV.apiTokenSecretId), new SecretsManagerClient({})),
    signer: kmsSigner(),
    log: logger,
  });
  const store = new DynamoDBPersistenceLayer({
    tableName: requireEnv(ENV.idempotencyTable),
    awsSdkV3Client: new DynamoDBClient({}),
  });
  return { bank, runOnce: powertoolsRunOnce(store), log: logger };
});
