import {
  SignatureVerificationError,
  type SignatureVerifier,
  SignatureVerifier as Verifier,
  splitPemBundle,
  VerifierConfigurationError,
} from '../signing/verifier.js';

/** Throws `SignatureVerificationError` unless a bank key verifies; `VerifierConfigurationError` if none is usable. */
export type VerifyBankSignature = (body: Uint8Array, signature: string | undefined) => Promise<void>;

/** A verifier over fixed keys (the sandbox, tests). */
export function fixedBankKeys(verifier: SignatureVerifier): VerifyBankSignature {
  return async (body, signature) => verifier.verify(body, signature);
}

/**
 * The keys the receiver was deployed with verify first, with no AWS client at all. Only a signature they do
 * not verify, or a deployment without usable keys (the placeholder), asks `current` (the SSM parameter
 * itself, in case the bank rotated since the deploy). So a cold start costs no SSM client, and a rotation
 * still takes effect without a deploy.
 */
export function deployedThenCurrentBankKeys(
  deployedPem: string | undefined,
  current: () => Promise<SignatureVerifier>,
): VerifyBankSignature {
  const deployed = usableVerifier(deployedPem);
  return async (body, signature) => {
    if (deployed) {
      try {
        deployed.verify(body, signature);
        return;
      } catch (error) {
        // A missing or malformed header fails with every key: no reason to look further.
        if (!(error instanceof SignatureVerificationError) || !signature) throw error;
      }
    }
    (await current()).verify(body, signature);
  };
}

function usableVerifier(pem: string | undefined): SignatureVerifier | undefined {
  if (!pem) return undefined;
  try {
    return new Verifier(splitPemBundle(pem), 'the deployed bank public keys');
  } catch (error) {
    if (error instanceof VerifierConfigurationError) return undefined;
    throw error;
  }
}

/** The SSM parameter's keys, with the SSM client loaded on first use (`ssm-bank-keys.ts`). */
export function lazySsmBankKeys(parameterName: string): () => Promise<SignatureVerifier> {
  let lookup: Promise<() => Promise<SignatureVerifier>> | undefined;
  return async () => {
    lookup ??= import('./ssm-bank-keys.js').then((module) => module.ssmBankKeys(parameterName));
    return (await lookup)();
  };
}
