import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { BankClient } from '../bank/client.js';
import { SecretsManagerTokenSource } from '../bank/secrets-manager-token-source.js';
import { ENV } from '../config/function-environment.js';
import { countBankAnswer, logger } from '../observability.js';
import { once, requireEnv } from './aws-common.js';
import { kmsSigner } from './aws-signer.js';

/**
 * The bank client on AWS, one per function: the token from Secrets Manager, signatures by KMS, the
 * environment's path-signature switch. The operation functions build it at cold start; the webhook processor
 * loads this module on the first camt.053 statement it downloads.
 */
export const awsBankClient = once(
  (): BankClient =>
    new BankClient({
      baseUrl: requireEnv(ENV.bankBaseUrl),
      tokens: new SecretsManagerTokenSource(requireEnv(ENV.apiTokenSecretId), new SecretsManagerClient({})),
      signer: kmsSigner(),
      log: logger,
      pathSignature: process.env[ENV.pathSignature] === 'true',
      onAnswer: countBankAnswer,
    }),
);
