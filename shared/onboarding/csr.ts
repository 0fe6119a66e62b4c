import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import { Name, Pkcs10CertificateRequestGenerator } from '@peculiar/x509';
import { derToPem } from '../signing/pem.js';
import { type Signer, SignerConfigurationError } from '../signing/signer.js';

/** The subject given for a CSR is not a usable distinguished name. */
export class CsrSubjectError extends Error {
  override readonly name = 'CsrSubjectError';
}

const RSA_SHA256 = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;

/**
 * A PKCS #10 certificate signing request (PEM) for the bank's portal: the subject, the signer's public key,
 * and a sha256WithRSAEncryption signature made by the signer itself. With a `KmsSigner` the private key
 * never leaves KMS: the public key comes from `GetPublicKey`, the signature from one `Sign` call.
 */
export async function createCsr(signer: Signer, subject: string): Promise<string> {
  const name = parseSubject(subject);
  const publicKey = await importPublicKey(await signer.publicKeyPem());
  // The private half stays with the signer; the generator only reads `algorithm` from it.
  const privateKey = {
    type: 'private',
    extractable: false,
    algorithm: publicKey.algorithm,
    usages: ['sign'],
  } as webcrypto.CryptoKey;
  const crypto = signerCrypto(signer, privateKey);

  const csr = await Pkcs10CertificateRequestGenerator.create(
    { name, keys: { publicKey, privateKey }, signingAlgorithm: RSA_SHA256 },
    crypto,
  );
  // A signer whose signatures do not match its public key (wrong KMS key, wrong PEM) must not yield a CSR.
  if (!(await csr.verify(webcrypto))) {
    throw new SignerConfigurationError(
      'the CSR signature does not verify with the signing public key: the signer and its public key do not match',
    );
  }
  return derToPem(new Uint8Array(csr.rawData), 'CERTIFICATE REQUEST');
}

/** Parses `CN=..., O=..., C=GB` and rejects anything that would silently become an empty or odd subject. */
export function parseSubject(subject: string): Name {
  const text = subject.trim();
  const example = 'give a distinguished name such as "CN=Acme Payments, O=Acme Ltd, C=GB"';
  if (text === '') throw new CsrSubjectError(`the subject is empty: ${example}`);
  if (text.startsWith('/')) {
    throw new CsrSubjectError(`the subject "${subject}" uses the openssl /A=B/C=D form: ${example}`);
  }
  let name: Name;
  try {
    name = new Name(text);
  } catch {
    throw new CsrSubjectError(
      `the subject "${subject}" has an unknown attribute type (types are upper case: CN, O, OU, L, ST, C, E); ${example}`,
    );
  }
  const attributes = name.toJSON().flatMap((rdn) => Object.entries(rdn));
  if (attributes.length === 0)
    throw new CsrSubjectError(`the subject "${subject}" is not a distinguished name: ${example}`);
  const empty = attributes.find(([, values]) => values.some((value) => value.trim() === ''));
  if (empty) throw new CsrSubjectError(`the subject "${subject}" has an empty ${empty[0]}: ${example}`);
  if (!attributes.some(([type]) => type === 'CN')) {
    throw new CsrSubjectError(`the subject "${subject}" has no CN: ${example}`);
  }
  const country = attributes.find(([type]) => type === 'C');
  if (country && !country[1].every((value) => /^[A-Z]{2}$/.test(value))) {
    throw new CsrSubjectError(
      `the subject "${subject}" has a country that is not a two-letter code such as GB`,
    );
  }
  return name;
}

async function importPublicKey(pem: string): Promise<webcrypto.CryptoKey> {
  const body = pem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
  try {
    return await webcrypto.subtle.importKey('spki', Buffer.from(body, 'base64'), RSA_SHA256, true, [
      'verify',
    ]);
  } catch (error) {
    throw new SignerConfigurationError(
      `the signing public key is not an RSA SubjectPublicKeyInfo: ${(error as Error).message}`,
    );
  }
}

/**
 * Node's webcrypto with `subtle.sign` routed to the Signer. The generator hands `sign` the DER of the
 * CertificationRequestInfo; the Signer hashes it with SHA-256 itself, so the raw bytes are passed on.
 */
function signerCrypto(signer: Signer, privateKey: webcrypto.CryptoKey): webcrypto.Crypto {
  const sign = async (
    algorithm: webcrypto.AlgorithmIdentifier | webcrypto.RsaPssParams | webcrypto.EcdsaParams,
    key: webcrypto.CryptoKey,
    data: webcrypto.BufferSource,
  ): Promise<ArrayBuffer> => {
    if (key !== privateKey) throw new Error('this crypto provider signs only with its Signer');
    const name = typeof algorithm === 'string' ? algorithm : algorithm.name;
    if (name.toUpperCase() !== RSA_SHA256.name.toUpperCase()) {
      throw new Error(`the Signer makes RSASSA-PKCS1-v1_5 signatures, not ${name}`);
    }
    const bytes = ArrayBuffer.isView(data)
      ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
      : new Uint8Array(data);
    const signature = Buffer.from(await signer.sign(bytes), 'base64');
    return signature.buffer.slice(signature.byteOffset, signature.byteOffset + signature.byteLength);
  };
  const subtle = new Proxy(webcrypto.subtle, {
    get(target, property) {
      if (property === 'sign') return sign;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return {
    subtle,
    getRandomValues: webcrypto.getRandomValues.bind(webcrypto),
    randomUUID: webcrypto.randomUUID.bind(webcrypto),
  } as webcrypto.Crypto;
}
