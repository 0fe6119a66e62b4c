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

/** A fixed token (the sandbox's, from the environment or its generated file), checked once at start-up. */
export class StaticTokenSource implements TokenSource {
  constructor(private readonly value: string) {
    if (value.trim() === '') throw new TokenConfigurationError('the API token is empty');
  }

  async token(): Promise<string> {
    return this.value;
  }
}
