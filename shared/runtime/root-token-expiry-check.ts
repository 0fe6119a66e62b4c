import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { TokenExpiryPorts } from '../bank/token-expiry.js';
import { ENV } from '../config/function-environment.js';
import { buildAtColdStart, once, requireEnv } from './aws-common.js';
import { awsEventPublisher } from './aws-events.js';

/** Composition root of the token-expiry check on AWS: the secret by its ARN, the bus by its name. */
export const awsTokenExpiryPorts = once((): Omit<TokenExpiryPorts, 'recordDaysLeft'> => {
  const secretId = requireEnv(ENV.apiTokenSecretId);
  const secrets = new SecretsManagerClient({});
  return {
    readSecret: async () => {
      const { SecretString } = await secrets.send(new GetSecretValueCommand({ SecretId: secretId }));
      if (SecretString === undefined) throw new Error(`secret ${secretId} has no text value`);
      return SecretString;
    },
    now: () => new Date(),
    events: awsEventPublisher(),
  };
});

await buildAtColdStart(awsTokenExpiryPorts);
