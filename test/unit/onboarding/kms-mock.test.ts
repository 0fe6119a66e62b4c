import { createHash, createPublicKey, sign, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { GetPublicKeyCommand, NotFoundException, SignCommand } from '@aws-sdk/client-kms';
import { describe, expect, it } from 'vitest';
import { mockKmsWithKey } from '#test/support/kms-mock.js';

const privateKeyPem = readFileSync(new URL('../../fixtures/client-test.key.pem', import.meta.url), 'utf8');
const publicKeyPem = readFileSync(new URL('../../fixtures/client-test.pub.pem', import.meta.url), 'utf8');
const bytes = Buffer.from('{"Amount":"10.00"}');

describe('the KMS test double answers like a KMS RSA signing key', () => {
  it('signs a SHA-256 digest (MessageType DIGEST) exactly as the key signs the original bytes', async () => {
    const { client, keyId } = mockKmsWithKey(privateKeyPem);

    const { Signature } = await client.send(
      new SignCommand({
        KeyId: keyId,
        Message: createHash('sha256').update(bytes).digest(),
        MessageType: 'DIGEST',
        SigningAlgorithm: 'RSASSA_PKCS1_V1_5_SHA_256',
      }),
    );

    expect(Buffer.from(Signature ?? [])).toEqual(sign('sha256', bytes, privateKeyPem));
    expect(verify('sha256', bytes, publicKeyPem, Buffer.from(Signature ?? []))).toBe(true);
  });

  it('hashes the message itself for MessageType RAW', async () => {
    const { client, keyId } = mockKmsWithKey(privateKeyPem);

    const { Signature } = await client.send(
      new SignCommand({
        KeyId: keyId,
        Message: bytes,
        MessageType: 'RAW',
        SigningAlgorithm: 'RSASSA_PKCS1_V1_5_SHA_256',
      }),
    );

    expect(Buffer.from(Signature ?? [])).toEqual(sign('sha256', bytes, privateKeyPem));
  });

  it('returns the DER public key and rejects unknown keys and wrong digests', async () => {
    const { client, keyArn } = mockKmsWithKey(privateKeyPem, { keyId: 'alias/clearway-signing' });

    const { PublicKey, KeySpec } = await client.send(new GetPublicKeyCommand({ KeyId: keyArn }));
    expect(
      createPublicKey({ key: Buffer.from(PublicKey ?? []), format: 'der', type: 'spki' }).export({
        type: 'spki',
        format: 'pem',
      }),
    ).toBe(publicKeyPem);
    expect(KeySpec).toBe('RSA_2048');
    await expect(client.send(new GetPublicKeyCommand({ KeyId: 'alias/other' }))).rejects.toThrow(
      NotFoundException,
    );
    await expect(
      client.send(
        new SignCommand({
          KeyId: 'alias/clearway-signing',
          Message: bytes,
          MessageType: 'DIGEST',
          SigningAlgorithm: 'RSASSA_PKCS1_V1_5_SHA_256',
        }),
      ),
    ).rejects.toThrow(/32 bytes/);
  });
});
