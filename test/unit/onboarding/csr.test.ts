import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { SignCommand } from '@aws-sdk/client-kms';
import { describe, expect, it } from 'vitest';
import { CsrSubjectError, createCsr } from '#shared/onboarding/csr.js';
import { KmsSigner } from '#shared/signing/kms-signer.js';
import { derToPem } from '#shared/signing/pem.js';
import { PemSigner } from '#shared/signing/pem-signer.js';
import type { Signer } from '#shared/signing/signer.js';
import { SignerConfigurationError } from '#shared/signing/signer.js';
import { mockKmsWithKey } from '#test/support/kms-mock.js';
import { opensslReq, pemToDer } from './openssl.js';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8');
const privateKeyPem = fixture('client-test.key.pem');
const publicKeyPem = fixture('client-test.pub.pem');
const subject = 'CN=Acme Payments, O=Acme Ltd, C=GB';

/** The CertificationRequestInfo: the first element of the outer SEQUENCE, the bytes that were signed. */
function certificationRequestInfo(csrDer: Buffer): Buffer {
  const header = (offset: number): { length: number; headerLength: number } => {
    const first = csrDer[offset + 1] ?? 0;
    if (first < 0x80) return { length: first, headerLength: 2 };
    const count = first & 0x7f;
    return { length: csrDer.readUIntBE(offset + 2, count), headerLength: 2 + count };
  };
  const start = header(0).headerLength;
  const info = header(start);
  return csrDer.subarray(start, start + info.headerLength + info.length);
}

describe('createCsr makes a PKCS #10 request that openssl accepts', () => {
  it('signs with a PEM key: openssl verifies it, with the subject and the public key of that key', async () => {
    const csr = await createCsr(new PemSigner(privateKeyPem), subject);

    expect(csr).toMatch(
      /^-----BEGIN CERTIFICATE REQUEST-----\n[\s\S]+\n-----END CERTIFICATE REQUEST-----\n$/,
    );
    expect(opensslReq(csr, '-verify')).toContain('verify OK');
    expect(opensslReq(csr, '-subject')).toContain('subject=CN = Acme Payments, O = Acme Ltd, C = GB');
    expect(opensslReq(csr, '-pubkey')).toBe(publicKeyPem);
    expect(opensslReq(csr, '-text')).toContain('Signature Algorithm: sha256WithRSAEncryption');
  });

  it('signs with a KMS key: public key from GetPublicKey, one Sign of the SHA-256 digest, openssl verifies', async () => {
    const kms = mockKmsWithKey(privateKeyPem, { keyId: 'alias/clearway-signing' });

    const csr = await createCsr(new KmsSigner(kms.client, 'alias/clearway-signing'), subject);

    expect(opensslReq(csr, '-verify')).toContain('verify OK');
    expect(opensslReq(csr, '-pubkey')).toBe(publicKeyPem);
    const signs = kms.mock.commandCalls(SignCommand);
    expect(signs).toHaveLength(1);
    const digest = createHash('sha256')
      .update(certificationRequestInfo(pemToDer(csr)))
      .digest();
    const input = signs[0]?.args[0].input;
    expect({ ...input, Message: Buffer.from(input?.Message ?? []) }).toEqual({
      KeyId: 'alias/clearway-signing',
      Message: digest,
      MessageType: 'DIGEST',
      SigningAlgorithm: 'RSASSA_PKCS1_V1_5_SHA_256',
    });
    const answered = await signs[0]?.returnValue;
    expect(pemToDer(csr).subarray(-256)).toEqual(Buffer.from(answered?.Signature ?? []));
  });

  it('gives the same request from KMS and from the PEM file of the same key (PKCS #1 v1.5 is deterministic)', async () => {
    const kms = mockKmsWithKey(privateKeyPem);

    const fromKms = await createCsr(new KmsSigner(kms.client, kms.keyId), subject);
    const fromPem = await createCsr(new PemSigner(privateKeyPem), subject);

    expect(fromKms).toBe(fromPem);
  });

  it('produces a request that openssl rejects once a byte of the subject is changed', async () => {
    const der = pemToDer(await createCsr(new PemSigner(privateKeyPem), subject));
    const at = der.indexOf('Acme Payments');
    der[at] = (der[at] ?? 0) ^ 0x01;
    const tampered = derToPem(der, 'CERTIFICATE REQUEST');

    expect(opensslReq(tampered, '-subject')).toContain('CN = @cme Payments');
    const output = opensslReq(tampered, '-verify');
    expect(output).toContain('verify failure');
    expect(output).not.toContain('verify OK');
  });
});

describe('createCsr refuses bad input before signing anything', () => {
  const signer = new PemSigner(privateKeyPem);

  it.each([
    ['', /empty/],
    ['Acme Payments', /not a distinguished name/],
    ['/CN=Acme/O=Acme Ltd', /openssl \/A=B\/C=D form/],
    ['cn=Acme', /unknown attribute type/],
    ['CN=', /empty CN/],
    ['O=Acme Ltd', /no CN/],
    ['CN=Acme, C=United Kingdom', /two-letter code/],
  ])('rejects the subject %j', async (bad, message) => {
    await expect(createCsr(signer, bad)).rejects.toThrow(CsrSubjectError);
    await expect(createCsr(signer, bad)).rejects.toThrow(message);
  });

  it('rejects a signer whose signatures do not match its public key', async () => {
    const otherKey = new PemSigner(privateKeyPem);
    const mismatched: Signer = {
      sign: async () => Buffer.alloc(256, 1).toString('base64'),
      publicKeyPem: () => otherKey.publicKeyPem(),
    };

    await expect(createCsr(mismatched, subject)).rejects.toThrow(SignerConfigurationError);
  });

  it('rejects a public key that is not RSA', async () => {
    const ecKey =
      '-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEEVs/o5+uQbTjL3chynL4wXgUg2R9\nq9UU8I5mEovUf86QZ7kOBIjJwqnzD1omageEHWwHdBO6B+dFabmdT9POxg==\n-----END PUBLIC KEY-----\n';
    const ecSigner: Signer = { sign: async () => '', publicKeyPem: async () => ecKey };

    await expect(createCsr(ecSigner, subject)).rejects.toThrow(/not an RSA/);
  });
});
