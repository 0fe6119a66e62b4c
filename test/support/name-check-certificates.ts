import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import { Pkcs10CertificateRequest, X509CertificateGenerator } from '@peculiar/x509';

const RSA_SHA256 = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;

/** The directory's signing key, made once per test file: key generation is the slow part. */
const directoryKeys = webcrypto.subtle.generateKey(
  { ...RSA_SHA256, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) },
  false,
  ['sign', 'verify'],
) as Promise<webcrypto.CryptoKeyPair>;

/**
 * Plays the external directory: signs a certificate for the CSR's public key (or, with `forOtherKey`, for
 * the directory's own key, a certificate that does not match the CSR) and returns it in PEM form, with line
 * breaks.
 */
export async function certificateFor(
  csrPem: string,
  options: { forOtherKey?: boolean } = {},
): Promise<string> {
  const csr = new Pkcs10CertificateRequest(csrPem);
  const keys = await directoryKeys;
  const certificate = await X509CertificateGenerator.create(
    {
      subject: csr.subject,
      issuer: 'CN=Test directory issuing CA',
      notBefore: new Date('2026-01-01T00:00:00Z'),
      notAfter: new Date('2027-01-01T00:00:00Z'),
      publicKey: options.forOtherKey ? keys.publicKey : csr.publicKey,
      signingKey: keys.privateKey,
      signingAlgorithm: RSA_SHA256,
    },
    webcrypto,
  );
  return certificate.toString('pem');
}
