import { Sha256 } from '@aws-crypto/sha256-js';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { SignatureV4 } from '@smithy/signature-v4';

/** AWS credentials, or a provider of them (the default chain when none is given). */
export type Credentials = ConstructorParameters<typeof SignatureV4>[0]['credentials'];

export interface SignableRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: string | undefined;
}

/**
 * Signs requests to API Gateway with SigV4 (service `execute-api`), as IAM authorisation checks them:
 * the AWS SDK's own signer over the host, the `X-Amz-Date`, the other headers given and the body. Each call
 * signs afresh (a retry gets a new date, the same key and bytes).
 */
export function requestSigner(options: {
  region: string;
  credentials?: Credentials;
}): (request: SignableRequest) => Promise<Record<string, string>> {
  const signer = new SignatureV4({
    service: 'execute-api',
    region: options.region,
    credentials: options.credentials ?? defaultProvider(),
    sha256: Sha256,
  });
  return async ({ method, url, headers, body }) => {
    const signed = await signer.sign({
      method,
      protocol: url.protocol,
      hostname: url.hostname,
      ...(url.port !== '' && { port: Number(url.port) }),
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: { ...headers, host: url.host },
      body,
    });
    return signed.headers;
  };
}
