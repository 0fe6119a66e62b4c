import { createPublicKey, type KeyObject, verify } from 'node:crypto';

export class SignatureVerificationError extends Error {
  override readonly name = 'SignatureVerificationError';
}

/** The configured bank keys are missing or unreadable: an operator's problem, not the sender's. */
export class VerifierConfigurationError extends Error {
  override readonly name = 'VerifierConfigurationError';
}

/**
 * Verifies the bank's `DigitalSignature` over exact bytes. Several public keys may be configured at
 * once so a bank key rotation needs no downtime: a signature is good if any configured key accepts it.
 */
export class SignatureVerifier {
  readonly #keys: readonly KeyObject[];

  /** `source` names where the keys came from (a variable, a parameter) in configuration errors. */
  constructor(publicKeysPem: readonly string[], source = 'the bank public keys') {
    if (publicKeysPem.length === 0) {
      throw new VerifierConfigurationError(
        `${source}: no bank public key (PEM "PUBLIC KEY" block) is configured`,
      );
    }
    this.#keys = publicKeysPem.map((pem, index) => {
      try {
        return createPublicKey({ key: pem, format: 'pem' });
      } catch (error) {
        throw new VerifierConfigurationError(
          `${source}: bank public key #${index + 1} is not a valid PEM public key: ${(error as Error).message}`,
        );
      }
    });
  }

  /** Throws `SignatureVerificationError` unless one configured key verifies the signature. */
  verify(bytes: Uint8Array, signatureBase64: string | undefined): void {
    if (!signatureBase64) throw new SignatureVerificationError('the DigitalSignature header is missing');
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signatureBase64.trim())) {
      throw new SignatureVerificationError('the DigitalSignature header is not Base64');
    }
    const signature = Buffer.from(signatureBase64, 'base64');
    if (!this.#keys.some((key) => verify('sha256', bytes, key, signature))) {
      throw new SignatureVerificationError(
        'the DigitalSignature does not verify with any configured bank key',
      );
    }
  }

  isValid(bytes: Uint8Array, signatureBase64: string | undefined): boolean {
    try {
      this.verify(bytes, signatureBase64);
      return true;
    } catch {
      return false;
    }
  }
}

/** Splits a text holding one or more PEM public keys (a rotation bundle) into single keys. */
export function splitPemBundle(text: string): string[] {
  return text.match(/-----BEGIN PUBLIC KEY-----[\s\S]+?-----END PUBLIC KEY-----/g) ?? [];
}
