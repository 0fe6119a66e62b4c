/**
 * The institution's request signer: RSASSA-PKCS1-v1_5 over SHA-256 of the exact bytes, Base64.
 * On AWS the key lives in KMS (the HSM); in the sandbox it is a PKCS #8 PEM file.
 */
export interface Signer {
  /** Base64 signature of exactly these bytes (the `DigitalSignature` header). */
  sign(bytes: Uint8Array): Promise<string>;
  /** The public half as SPKI PEM, for the bank's portal and the CSR. */
  publicKeyPem(): Promise<string>;
}

export class SignerConfigurationError extends Error {
  override readonly name = 'SignerConfigurationError';
}
