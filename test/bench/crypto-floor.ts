import { createPrivateKey, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import { testKeyPair } from '../support/keys.js';

/** A webhook as the bank would send it: exact body bytes and their signature by the bank key. */
export interface SignedWebhook {
  body: string;
  bytes: Buffer;
  signature: string;
  nonce: string;
}

/** Production sizes: RSA-2048 for the bank's webhook key and for the institution's signing key (KMS RSA_2048). */
export interface WebhookFixtures {
  bankPublicKeyPem: string;
  institutionPrivateKeyPem: string;
  institutionPublicKeyPem: string;
  webhooks: SignedWebhook[];
}

/** A pool of distinct signed webhooks (distinct nonces and payloads), cycled by the timed loops. */
export function webhookFixtures(count = 64): WebhookFixtures {
  const bank = testKeyPair();
  const institution = testKeyPair();
  const webhooks: SignedWebhook[] = [];
  for (let i = 0; i < count; i++) {
    const nonce = String(1_000_000_000 + i * 7_919);
    const body = `{"Type":"FITestEvent","Version":1,"Payload":"{\\"Message\\":\\"bench ${i}\\"}","Nonce":${nonce}}`;
    webhooks.push({ body, bytes: Buffer.from(body, 'utf8'), signature: bank.sign(body), nonce });
  }
  return {
    bankPublicKeyPem: bank.publicKeyPem,
    institutionPrivateKeyPem: institution.privateKeyPem,
    institutionPublicKeyPem: institution.publicKeyPem,
    webhooks,
  };
}

export interface CryptoFloor {
  /** One RSA verify of a webhook plus one RSA sign of its `{"Nonce":n}` answer, nothing else. */
  pair(): void;
  /** Split timings of the pairs since the last `reset()`, in ms. */
  readonly verifyMs: number[];
  readonly signMs: number[];
  reset(): void;
}

/** The least work a webhook needs: what any receiver must spend, whatever its framework. */
export function cryptoFloor(fixtures: WebhookFixtures): CryptoFloor {
  const bankKey: KeyObject = createPublicKey({ key: fixtures.bankPublicKeyPem, format: 'pem' });
  const institutionKey: KeyObject = createPrivateKey({
    key: fixtures.institutionPrivateKeyPem,
    format: 'pem',
  });
  const verifyMs: number[] = [];
  const signMs: number[] = [];
  let next = 0;
  return {
    pair() {
      const webhook = fixtures.webhooks[next++ % fixtures.webhooks.length] as SignedWebhook;
      const t0 = performance.now();
      if (!verify('sha256', webhook.bytes, bankKey, Buffer.from(webhook.signature, 'base64'))) {
        throw new Error('crypto floor: a fixture webhook does not verify');
      }
      const t1 = performance.now();
      const answer = Buffer.from(`{"Nonce":${webhook.nonce}}`, 'utf8');
      sign('sha256', answer, institutionKey).toString('base64');
      const t2 = performance.now();
      verifyMs.push(t1 - t0);
      signMs.push(t2 - t1);
    },
    verifyMs,
    signMs,
    reset() {
      verifyMs.length = 0;
      signMs.length = 0;
    },
  };
}
