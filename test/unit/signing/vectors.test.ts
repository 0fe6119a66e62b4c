import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { SignCommand } from '@aws-sdk/client-kms';
import { describe, expect, it } from 'vitest';
import { KmsSigner } from '#shared/signing/kms-signer.js';
import { PemSigner } from '#shared/signing/pem-signer.js';
import { SignatureVerifier } from '#shared/signing/verifier.js';
import { mockKmsWithKey } from '#test/support/kms-mock.js';

// Known-answer data of the bank's signing tool (shared/vectors), copied verbatim into test/fixtures.
const fixture = (name: string) => readFileSync(new URL(`../../fixtures/${name}`, import.meta.url));
const privateKeyPem = fixture('client-test.key.pem').toString('utf8');
const publicKeyPem = fixture('client-test.pub.pem').toString('utf8');
const body = fixture('vectors/body.json');
const expectedSignature = fixture('vectors/body.signature.b64').toString('utf8').trim();

describe('both signers reproduce the bank known-answer signature', () => {
  it('the PEM signer signs body.json into body.signature.b64', async () => {
    expect(await new PemSigner(privateKeyPem).sign(body)).toBe(expectedSignature);
  });

  it('the KMS signer sends the SHA-256 digest with MessageType DIGEST and gives the same signature', async () => {
    const kms = mockKmsWithKey(privateKeyPem);
    const signature = await new KmsSigner(kms.client, kms.keyId).sign(body);
    expect(signature).toBe(expectedSignature);
    const calls = kms.mock.commandCalls(SignCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.args[0].input).toEqual({
      KeyId: kms.keyId,
      Message: createHash('sha256').update(body).digest(),
      MessageType: 'DIGEST',
      SigningAlgorithm: 'RSASSA_PKCS1_V1_5_SHA_256',
    });
  });

  it('the KMS signer gives the public key as the same SPKI PEM', async () => {
    const kms = mockKmsWithKey(privateKeyPem);
    expect(await new KmsSigner(kms.client, kms.keyId).publicKeyPem()).toBe(publicKeyPem);
  });

  it('a re-serialised body does not verify against the known signature', () => {
    const reserialised = Buffer.from(JSON.stringify(JSON.parse(body.toString('utf8'))));
    const verifier = new SignatureVerifier([publicKeyPem]);
    expect(verifier.isValid(body, expectedSignature)).toBe(true);
    expect(verifier.isValid(reserialised, expectedSignature)).toBe(false);
  });
});

describe('signer configuration errors are clear', () => {
  it('names a malformed PEM', () => {
    expect(() => new PemSigner('not a key', 'CLEARWAY_SIGNING_KEY')).toThrow(
      /CLEARWAY_SIGNING_KEY is not a valid PEM private key/,
    );
  });

  it('names an unreadable key file', () => {
    expect(() => PemSigner.fromFile('/nonexistent/key.pem')).toThrow(
      /cannot read the signing key \/nonexistent/,
    );
  });

  it('refuses a verifier with no bank key', () => {
    expect(() => new SignatureVerifier([])).toThrow(/no bank public key/);
  });

  it('names which bank key is malformed', () => {
    expect(() => new SignatureVerifier([publicKeyPem, 'junk'])).toThrow(/bank public key #2/);
  });
});
