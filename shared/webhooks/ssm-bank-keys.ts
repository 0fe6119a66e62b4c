import { SSMProvider } from '@aws-lambda-powertools/parameters/ssm';
import type { SSMClient } from '@aws-sdk/client-ssm';
import { SignatureVerifier, splitPemBundle, VerifierConfigurationError } from '../signing/verifier.js';

/**
 * The bank's public keys from an SSM parameter holding one or more PEM blocks. During a rotation both the
 * old and the new key are in the parameter; removing the old one stops it verifying within `maxAgeSeconds`.
 */
export function ssmBankKeys(parameterName: string, client?: SSMClient, maxAgeSeconds = 300) {
  const provider = new SSMProvider(client ? { awsSdkV3Client: client } : {});
  let cached: { text: string; verifier: SignatureVerifier } | undefined;
  return async (): Promise<SignatureVerifier> => {
    const text = await provider.get(parameterName, { maxAge: maxAgeSeconds });
    if (typeof text !== 'string') {
      throw new VerifierConfigurationError(`SSM parameter ${parameterName} holds no text`);
    }
    if (cached?.text !== text)
      cached = {
        text,
        verifier: new SignatureVerifier(splitPemBundle(text), `SSM parameter ${parameterName}`),
      };
    return cached.verifier;
  };
}
