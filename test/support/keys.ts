import { generateKeyPairSync, sign } from 'node:crypto';

export interface TestKeyPair {
  privateKeyPem: string;
  publicKeyPem: string;
  /** Base64 RSASSA-PKCS1-v1_5 / SHA-256 signature of the exact text. */
  sign(text: string | Buffer): string;
}

/** A fresh RSA-2048 pair, as the bank or the institution would hold. */
export function testKeyPair(): TestKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return {
    privateKeyPem: privateKey,
    publicKeyPem: publicKey,
    sign: (text) =>
      sign('sha256', Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8'), privateKey).toString('base64'),
  };
}
