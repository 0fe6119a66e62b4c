import { describe, expect, it, vi } from 'vitest';
import { SignatureVerificationError, SignatureVerifier } from '#shared/signing/verifier.js';
import { deployedThenCurrentBankKeys } from '#shared/webhooks/bank-keys.js';
import { bankPublicKeysPlaceholder } from '#lib/stateful-stack.js';
import { testKeyPair } from '#test/support/keys.js';

const oldKey = testKeyPair();
const newKey = testKeyPair();
const body = Buffer.from('{"Type":"FITestEvent","Version":1,"Payload":"x","Nonce":1}');

describe('the bank keys the receiver was deployed with, then the parameter', () => {
  it('verifies with the deployed keys and never asks the parameter', async () => {
    const current = vi.fn(async () => new SignatureVerifier([oldKey.publicKeyPem]));
    const verify = deployedThenCurrentBankKeys(oldKey.publicKeyPem, current);
    await expect(verify(body, oldKey.sign(body))).resolves.toBeUndefined();
    expect(current).not.toHaveBeenCalled();
  });

  it('takes a key rotated in the parameter since the deploy', async () => {
    const current = vi.fn(async () => new SignatureVerifier([oldKey.publicKeyPem, newKey.publicKeyPem]));
    const verify = deployedThenCurrentBankKeys(oldKey.publicKeyPem, current);
    await expect(verify(body, newKey.sign(body))).resolves.toBeUndefined();
    expect(current).toHaveBeenCalledOnce();
  });

  it('refuses a signature no key verifies, after looking in the parameter', async () => {
    const stranger = testKeyPair();
    const verify = deployedThenCurrentBankKeys(
      oldKey.publicKeyPem,
      async () => new SignatureVerifier([oldKey.publicKeyPem]),
    );
    await expect(verify(body, stranger.sign(body))).rejects.toBeInstanceOf(SignatureVerificationError);
  });

  it('does not look further for a missing signature', async () => {
    const current = vi.fn(async () => new SignatureVerifier([oldKey.publicKeyPem]));
    const verify = deployedThenCurrentBankKeys(oldKey.publicKeyPem, current);
    await expect(verify(body, undefined)).rejects.toBeInstanceOf(SignatureVerificationError);
    expect(current).not.toHaveBeenCalled();
  });

  it.each([undefined, '', bankPublicKeysPlaceholder])(
    'uses the parameter when the deployment carries no usable key (%j)',
    async (deployed) => {
      const current = vi.fn(async () => new SignatureVerifier([oldKey.publicKeyPem]));
      const verify = deployedThenCurrentBankKeys(deployed, current);
      await expect(verify(body, oldKey.sign(body))).resolves.toBeUndefined();
      expect(current).toHaveBeenCalledOnce();
    },
  );
});
