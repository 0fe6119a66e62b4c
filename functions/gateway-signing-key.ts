import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { logger } from '#shared/observability.js';
import { buildAtColdStart } from '#shared/runtime/aws-common.js';
import { kmsSigner } from '#shared/runtime/aws-signer.js';
import type { Signer } from '#shared/signing/signer.js';

/** GET /gateway/signing-key: the institution's public signing key (PEM), for the bank's portal and for checks. */
export function createSigningKeyHandler(signer: () => Signer) {
  return middy<unknown, APIGatewayProxyResult>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .handler(async () => ({
      statusCode: 200,
      headers: { 'content-type': 'application/x-pem-file' },
      body: await signer().publicKeyPem(),
    }));
}

export const handler = createSigningKeyHandler(kmsSigner);
await buildAtColdStart(kmsSigner);
