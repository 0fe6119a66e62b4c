import { SecretsProvider } from '@aws-lambda-powertools/parameters/secrets';
import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import {
  type ApiTokenSecret,
  parseTokenSecret,
  TokenConfigurationError,
  type TokenSource,
} from './token-source.js';

/**
 * The API token from a Secrets Manager secret `{"token", "expiresAt"}`, cached for `maxAgeSeconds` so a
 * rotated token is picked up within minutes without a call per request.
 */
export class SecretsManagerTokenSource implements TokenSource {
  readonly #provider: SecretsProvider;
  /** The last secret text and what it parsed to: the provider's cache hands back the same text for minutes. */
  #parsed?: { text: string; secret: ApiTokenSecret };

  constructor(
    private readonly secretId: string,
    client?: SecretsManagerClient,
    private readonly maxAgeSeconds = 300,
    private readonly now: () => number = Date.now,
  ) {
    this.#provider = new SecretsProvider(client ? { awsSdkV3Client: client } : {});
  }

  async token(): Promise<string> {
    const text = await this.#provider.get(this.secretId, { maxAge: this.maxAgeSeconds });
    if (typeof text !== 'string')
      throw new TokenConfigurationError(`secret ${this.secretId} is not a string`);
    if (this.#parsed?.text !== text) {
      this.#parsed = { text, secret: parseTokenSecret(text, `secret ${this.secretId}`) };
    }
    const { secret } = this.#parsed;
    if (Date.parse(secret.expiresAt) <= this.now()) {
      throw new TokenConfigurationError(`the API token in ${this.secretId} expired at ${secret.expiresAt}`);
    }
    return secret.token;
  }
}
