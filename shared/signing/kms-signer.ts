import { createHash } from 'node:crypto';
import { GetPublicKeyCommand, type KMSClient, SignCommand } from '@aws-sdk/client-kms';
import { derToPem } from './pem.js';
import type { Signer } from './signer.js';

/**
 * Signs with an asymmetric KMS key. The digest is computed here and sent with `MessageType: DIGEST`
 * (KMS adds the DigestInfo prefix), so bodies of any size cost one small call and never leave the Lambda.
 */
export class KmsSigner implements Signer {
  #publicKey?: Promise<string>;

  constructor(
    private readonly kms: KMSClient,
    private readonly keyId: string,
  ) {}

  async sign(bytes: Uint8Array): Promise<string> {
    const digest = createHash('sha256').update(bytes).digest();
    const { Signature } = await this.kms.send(
      new SignCommand({
        KeyId: this.keyId,
        Message: digest,
        MessageType: 'DIGEST',
        SigningAlgorithm: 'RSASSA_PKCS1_V1_5_SHA_256',
      }),
    );
    if (!Signature) throw new Error(`KMS returned no signature for key ${this.keyId}`);
    return Buffer.from(Signature).toString('base64');
  }

  publicKeyPem(): Promise<string> {
    this.#publicKey ??= this.kms
      .send(new GetPublicKeyCommand({ KeyId: this.keyId }))
      .then(({ PublicKey }) => {
        if (!PublicKey) throw new Error(`KMS returned no public key for key ${this.keyId}`);
        return derToPem(PublicKey, 'PUBLIC KEY');
      });
    return this.#publicKey;
  }
}
