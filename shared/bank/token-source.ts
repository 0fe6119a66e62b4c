import { readFileSync } from 'node:fs';

/** Where the bank API token comes from: Secrets Manager on AWS, the environment or a file locally. */
export interface TokenSource {
  token(): Promise<string>;
}

export class TokenConfigurationError extends Error {
  override readonly name = 'TokenConfigurationError';
}

/** The secret's JSON shape: the token and the expiry date chosen in the bank's portal. */
export interface ApiTokenSecret {
  token: string;
  expiresAt: string;
}

export function parseTokenSecret(text: string, source: string): ApiTokenSecret {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new TokenConfigurationError(`${source} must be JSON {"token": "...", "expiresAt": "YYYY-MM-DD"}`);
  }
  const { token, expiresAt } = (value ?? {}) as Partial<ApiTokenSecret>;
  if (typeof token !== 'string' || token.trim() === '')
    throw new TokenConfigurationError(`${source} has no token`);
  if (typeof expiresAt !== 'string' || Number.isNaN(Date.parse(expiresAt))) {
    throw new TokenConfigurationError(`${source} has no valid expiresAt date`);
  }
  return { token, expiresAt };
}

/** A fixed token (environment variable or file), checked once at start-up. */
export class StaticTokenSource implements TokenSource {
  constructor(private readonly value: string) {
    if (value.trim() === '') throw new TokenConfigurationError('the API token is empty');
  }

  static fromFile(path: string): StaticTokenSource {
    try {
      return new StaticTokenSource(readFileSync(path, 'utf8').trim());
    } catch (error) {
      if (error instanceof TokenConfigurationError)
        throw new TokenConfigurationError(`the API token file ${path} is empty`);
      throw new TokenConfigurationError(
        `cannot read the API token file ${path}: ${(error as Error).message}`,
      );
    }
  }

  async token(): Promise<string> {
    return this.value;
  }
}
