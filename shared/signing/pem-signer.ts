import { createPrivateKey, createPublicKey, type KeyObject, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type Signer, SignerConfigurationError } from './signer.js';

/** Signs with a PKCS #8 PEM private key held in memory (sandbox and simulation only). */
export class PemSigner implements Signer {
  readonly #key: KeyObject;

  constructor(pem: string, source = 'the signing key') {
    try {
      this.#key = createPrivateKey({ key: pem, format: 'pem' });
    } catch (error) {
      throw new SignerConfigurationError(
        `${source} is not a valid PEM private key: ${(error as Error).message}`,
      );
    }
    if (this.#key.asymmetricKeyType !== 'rsa') {
      throw new SignerConfigurationError(
        `${source} must be an RSA key, found ${this.#key.asymmetricKeyType}`,
      );
    }
  }

  static fromFile(path: string): PemSigner {
    let pem: string;
    try {
      pem = readFileSync(path, 'utf8');
    } catch (error) {
      throw new SignerConfigurationError(`cannot read the signing key ${path}: ${(error as Error).message}`);
    }
    return new PemSigner(pem, path);
  }

  async sign(bytes: Uint8Array): Promise<string> {
    return sign('sha256', bytes, this.#key).toString('base64');
  }

  async publicKeyPem(): Promise<string> {
    return createPublicKey(this.#key).export({ type: 'spki', format: 'pem' }).toString();
  }
}
