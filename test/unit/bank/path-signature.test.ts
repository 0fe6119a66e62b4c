import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BankClient, type BankClientOptions, type BankRequest } from '#shared/bank/client.js';
import {
  checkRequestTime,
  type PathSignatureInput,
  pathSignatureText,
  requestTimeAt,
  signPath,
} from '#shared/bank/path-signature.js';
import { StaticTokenSource } from '#shared/bank/token-source.js';
import { type ForwardDependencies, forwardOperation } from '#shared/gateway/forward-operation.js';
import { operations } from '#shared/operations/index.js';
import type { Operation } from '#shared/operations/operation.js';
import { KmsSigner } from '#shared/signing/kms-signer.js';
import { PemSigner } from '#shared/signing/pem-signer.js';
import { SignatureVerifier } from '#shared/signing/verifier.js';
import { mockKmsWithKey } from '#test/support/kms-mock.js';

// The bank signing tool's published test key (shared/vectors/request-signing), copied into test/fixtures.
const fixture = (name: string) => readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8');
const privateKeyPem = fixture('client-test.key.pem');
const publicKeyPem = fixture('client-test.pub.pem');

const VIRTUAL_ACCOUNT = '/mccy/v1/VirtualAccounts/3fa85f64-5717-4562-b3fc-2c963f66afa6';
const REQUEST_ID = '7b0c1f3e-2d4a-4c6b-9e8f-0a1b2c3d4e5f';
/** 2026-01-01T00:00:00Z. */
const REQUEST_TIME = '1767225600';

/**
 * Known answers, cross-checked with openssl:
 *   printf '%s' '<text>' | openssl dgst -sha256 -sign client-test.key.pem | base64 -w0
 */
const KNOWN = {
  get: {
    input: { method: 'GET', pathAndQuery: VIRTUAL_ACCOUNT, requestId: REQUEST_ID, requestTime: REQUEST_TIME },
    text: `GET${VIRTUAL_ACCOUNT}${REQUEST_ID}${REQUEST_TIME}`,
    signature:
      'yMi3nkCaVG2O0+iBUMVjn5PW1RSfusmgmhPJ3mcLzHbEu/B5Uib1bgiCmuTKK4sI8Dw1hAIgVAPrqt/NlX2lPh3dLH1k1UYrfmotKTmnl3D6hcMFvD3FTy01ne92kxb1marLPRMtREKpkZE4MfwMziRPwq60ZYBJbBzwgmUCc318YqOTNDRyaj9II1rdC+m/s6ldRhkNwh5xf9LFKDkVTMOtqSBH305L7K2zTloRVXRES4CkkLjyoojMCzx8aIX1KD46EDYjBwVJCrXMPk7/CINWOMGdA2PzWLQeVIfOzlU+WiNEYvZtKXKFH1rAmcLWmrfQ742czPLK2RIKTfFU2w==',
  },
  deleteWithQuery: {
    input: {
      method: 'DELETE',
      pathAndQuery: `${VIRTUAL_ACCOUNT}?accountCloseReason=Other`,
      requestId: REQUEST_ID,
      requestTime: REQUEST_TIME,
    },
    text: `DELETE${VIRTUAL_ACCOUNT}?accountCloseReason=Other${REQUEST_ID}${REQUEST_TIME}`,
    signature:
      'EAbV2sRQQxmNl64YdJ1gttaaxzIYl70luiR4hfs9u7D7bUFpxBCm4S1YBvbQA31ju8WxVZE+z0keHOPupJGMYdKXq0g2VAJRrFq+ZMIkQJ485Ld3wKWC1prLwwQpBW/np972vD7bYkVV6J6rXjoSZDUBaN4lNCVBCKWFXgWb2QzLl4kAlXc3VMpFr/rrqvUnTx/FfMN9L440gCQKNrbqM7ftgzuwvfL8vVnliBRcfsaCWur+ZgYgnUi2ef+Z3fFnkUmRZ3mQWb5nFplfKiC+q/LPkrS85kZFasuA8044ROyPZgHy91vjIskOuNuh/sBPMZ3sEHhz/zbAFDnVW8EF8Q==',
  },
} as const;

describe('the path-based signature has one known answer', () => {
  it('signs method, path and query, X-Request-Id and X-Request-Time concatenated without a separator', () => {
    expect(pathSignatureText(KNOWN.get.input)).toBe(KNOWN.get.text);
    expect(pathSignatureText(KNOWN.deleteWithQuery.input)).toBe(KNOWN.deleteWithQuery.text);
  });

  it('the PEM signer gives the expected signature of a GET and of a DELETE with a query', async () => {
    const signer = new PemSigner(privateKeyPem);
    expect(await signPath(signer, KNOWN.get.input)).toBe(KNOWN.get.signature);
    expect(await signPath(signer, KNOWN.deleteWithQuery.input)).toBe(KNOWN.deleteWithQuery.signature);
  });

  it('the KMS signer gives the same signature (hashed once, signed as a digest)', async () => {
    const kms = mockKmsWithKey(privateKeyPem);
    expect(await signPath(new KmsSigner(kms.client, kms.keyId), KNOWN.get.input)).toBe(KNOWN.get.signature);
  });

  it('the signature covers every part: another time, id or path does not verify', () => {
    const verifier = new SignatureVerifier([publicKeyPem]);
    const bytes = (input: PathSignatureInput) => Buffer.from(pathSignatureText(input));
    expect(verifier.isValid(bytes(KNOWN.get.input), KNOWN.get.signature)).toBe(true);
    for (const changed of [
      { ...KNOWN.get.input, requestTime: '1767225601' },
      { ...KNOWN.get.input, requestId: `${REQUEST_ID}x` },
      { ...KNOWN.get.input, method: 'DELETE' },
      { ...KNOWN.get.input, pathAndQuery: `${VIRTUAL_ACCOUNT}?a=1` },
    ])
      expect(verifier.isValid(bytes(changed), KNOWN.get.signature)).toBe(false);
  });
});

describe('X-Request-Time', () => {
  it('is whole Unix seconds', () => {
    expect(requestTimeAt(Date.parse('2026-01-01T00:00:00.999Z'))).toBe(REQUEST_TIME);
  });

  it('is accepted up to 60 seconds late and ahead of the clock, refused later, missing or not seconds', () => {
    const at = (iso: string) => new Date(iso);
    expect(checkRequestTime(REQUEST_TIME, at('2026-01-01T00:01:00.999Z'))).toEqual({ ok: true });
    expect(checkRequestTime(REQUEST_TIME, at('2025-12-31T23:59:00Z'))).toEqual({ ok: true });
    expect(checkRequestTime(REQUEST_TIME, at('2026-01-01T00:01:01Z'))).toEqual({
      ok: false,
      detail: 'X-Request-Time is 61 seconds late (at most 60)',
    });
    expect(checkRequestTime(undefined, at('2026-01-01T00:00:00Z'))).toEqual({
      ok: false,
      detail: 'X-Request-Time is required',
    });
    for (const bad of ['1767225600000.5', '-1', 'now', '2026-01-01T00:00:00Z'])
      expect(checkRequestTime(bad, at('2026-01-01T00:00:00Z')).ok).toBe(false);
  });
});

/** A client on a fixed clock whose bank answers 200 (or the scripted statuses first) and records each request. */
function clientWith(options: Partial<BankClientOptions>, statuses: number[] = []) {
  const sent: Record<string, string>[] = [];
  let now = Date.parse('2026-01-01T00:00:00Z');
  const client = new BankClient({
    baseUrl: 'https://bank.test',
    tokens: new StaticTokenSource('token'),
    signer: new PemSigner(privateKeyPem),
    random: () => 1,
    now: () => now,
    sleep: async (ms) => {
      now += ms;
    },
    fetch: async (_url, init) => {
      sent.push(init?.headers as Record<string, string>);
      return new Response('{}', { status: statuses.shift() ?? 200 });
    },
    ...options,
  });
  return { client, sent, advance: (ms: number) => (now += ms) };
}

const getVirtualAccount: BankRequest = {
  method: 'GET',
  path: VIRTUAL_ACCOUNT,
  requestId: REQUEST_ID,
  pathSignature: true,
};

describe('the bank client sends the path-based signature only where both switches say so', () => {
  it('on for the environment and asked by the operation: X-Request-Time and the known signature', async () => {
    const { client, sent } = clientWith({ pathSignature: true });
    await client.send(getVirtualAccount);
    expect(sent[0]).toMatchObject({
      'x-request-id': REQUEST_ID,
      'x-request-time': REQUEST_TIME,
      digitalsignature: KNOWN.get.signature,
    });
  });

  it('signs the query as sent', async () => {
    const { client, sent } = clientWith({ pathSignature: true });
    await client.send({
      method: 'DELETE',
      path: `${VIRTUAL_ACCOUNT}?accountCloseReason=Other`,
      requestId: REQUEST_ID,
      pathSignature: true,
    });
    expect(sent[0]?.digitalsignature).toBe(KNOWN.deleteWithQuery.signature);
  });

  it('off for the environment (the UK default): no X-Request-Time and no signature on a GET', async () => {
    for (const options of [{}, { pathSignature: false }]) {
      const { client, sent } = clientWith(options);
      await client.send(getVirtualAccount);
      expect(sent[0]).not.toHaveProperty('x-request-time');
      expect(sent[0]).not.toHaveProperty('digitalsignature');
    }
  });

  it('on for the environment but not asked by the operation: nothing added', async () => {
    const { client, sent } = clientWith({ pathSignature: true });
    await client.send({ ...getVirtualAccount, pathSignature: undefined });
    expect(sent[0]).not.toHaveProperty('x-request-time');
    expect(sent[0]).not.toHaveProperty('digitalsignature');
  });

  it('reads X-Request-Time from its request clock when given one', async () => {
    const { client, sent } = clientWith({
      pathSignature: true,
      requestClock: () => Date.parse('2026-03-02T10:00:00Z'),
    });
    await client.send(getVirtualAccount);
    expect(sent[0]?.['x-request-time']).toBe(String(Date.parse('2026-03-02T10:00:00Z') / 1000));
  });

  it('signs each retry afresh with its own time and the same X-Request-Id', async () => {
    const { client, sent } = clientWith({ pathSignature: true, retry: { baseDelayMs: 2_000 } }, [503]);
    await client.send(getVirtualAccount);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.['x-request-id']).toBe(REQUEST_ID);
    expect(Number(sent[1]?.['x-request-time'])).toBeGreaterThan(Number(REQUEST_TIME));
    expect(sent[1]?.digitalsignature).not.toBe(sent[0]?.digitalsignature);
  });
});

describe('an operation that requires X-Request-Time gets it in every environment', () => {
  const createDirector: BankRequest = {
    method: 'POST',
    path: '/customers/v2/non-account-holder/directors',
    body: { firstName: 'A' },
    requestId: REQUEST_ID,
    requestTime: true,
  };

  it('stamps UNIX seconds from the request clock beside the body signature, path signature off', async () => {
    const { client, sent } = clientWith({ requestClock: () => Date.parse('2026-03-02T10:00:00Z') });
    await client.send(createDirector);
    expect(sent[0]?.['x-request-time']).toBe(String(Date.parse('2026-03-02T10:00:00Z') / 1000));
    expect(sent[0]?.digitalsignature).toBeTruthy();
  });

  it('stamps each retry afresh, so a retry after a backoff is not refused as late', async () => {
    const { client, sent } = clientWith({ retry: { baseDelayMs: 2_000 } }, [503]);
    await client.send(createDirector);
    expect(Number(sent[1]?.['x-request-time'])).toBeGreaterThan(Number(sent[0]?.['x-request-time']));
  });

  it('is not sent where the operation does not ask for it', async () => {
    const { client, sent } = clientWith({});
    await client.send({ ...createDirector, requestTime: undefined });
    expect(sent[0]).not.toHaveProperty('x-request-time');
  });

  it('the director create asks for it, as its reference lists the header as required', () => {
    expect(operations.filter((each) => each.requestTime).map((each) => each.id)).toEqual(['createDirector']);
  });
});

describe('operations choose the path-based signature in their record', () => {
  it('only a GET or a DELETE asks for it (a body is signed as it is)', () => {
    for (const operation of operations.filter((each) => each.pathSignature))
      expect(['GET', 'DELETE'], operation.id).toContain(operation.method);
  });

  it("the spec's choice, the multi-currency virtual account read and close, asks for it", () => {
    // part-2 "virtual accounts": their get and close use the X-Request-Time variant. The records land with
    // the multi-currency accounts domain; this holds each one to it once it is registered.
    for (const id of ['getMccyVirtualAccount', 'closeMccyVirtualAccount']) {
      const operation = operations.find((each) => each.id === id);
      if (operation) expect(operation.pathSignature, id).toBe(true);
    }
  });

  it('the gateway passes the choice to the bank client, which signs when its environment says so', async () => {
    const read = {
      id: 'getSignedThing',
      method: 'GET',
      path: '/mccy/v1/VirtualAccounts/{virtualAccountId}',
      fn: 'test',
      pathSignature: true,
    } satisfies Operation;
    const forward = async (operation: Operation) => {
      const { client, sent } = clientWith({ pathSignature: true });
      const deps = {
        bank: client,
        log: { debug() {}, info() {}, warn() {}, error() {} },
        institution: { overdraftAgreement: false },
      } as unknown as ForwardDependencies;
      const answer = await forwardOperation(
        operation,
        {
          pathParams: { virtualAccountId: '3fa85f64-5717-4562-b3fc-2c963f66afa6' },
          query: {},
          body: undefined,
          contentType: undefined,
          idempotencyKey: undefined,
          caller: 'arn:aws:iam::1:role/caller',
          deadline: Date.parse('2026-01-01T00:00:20Z'),
        },
        deps,
      );
      expect(answer.status).toBe(200);
      return sent[0];
    };

    expect(await forward(read)).toHaveProperty('x-request-time', REQUEST_TIME);
    expect(await forward({ ...read, pathSignature: undefined })).not.toHaveProperty('x-request-time');
  });
});
