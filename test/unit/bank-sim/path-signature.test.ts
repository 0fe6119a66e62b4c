import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { BankSimulator } from '#sim/simulator.js';
import type { Product } from '#sim/core/product.js';
import { BankClient } from '#shared/bank/client.js';
import { BankInvalidSignatureError } from '#shared/bank/errors.js';
import { pathSignatureText, requestTimeAt } from '#shared/bank/path-signature.js';
import { StaticTokenSource } from '#shared/bank/token-source.js';
import type { Operation } from '#shared/operations/operation.js';
import { PemSigner } from '#shared/signing/pem-signer.js';
import {
  call,
  institutionKeys,
  problemOf,
  signWithInstitutionKey,
  START,
  startTestSimulator,
  TOKEN,
} from './helpers.js';

const ID = '3fa85f64-5717-4562-b3fc-2c963f66afa6';
const PATH = `/v9/Signed/${ID}`;
const START_SECONDS = requestTimeAt(Date.parse(START));

const signedRead = {
  id: 'getSignedThing',
  method: 'GET',
  path: '/v9/Signed/{thingId}',
  fn: 'test',
  pathSignature: true,
} satisfies Operation;
const signedClose = {
  id: 'closeSignedThing',
  method: 'DELETE',
  path: '/v9/Signed/{thingId}',
  fn: 'test',
  query: z.object({ reason: z.optional(z.string()) }),
  pathSignature: true,
} satisfies Operation;
const unsignedRead = {
  id: 'getThing',
  method: 'GET',
  path: '/v9/Plain/{thingId}',
  fn: 'test',
} satisfies Operation;

const signedProduct: Product = {
  name: 'signed-things',
  bankRoutes(bank) {
    bank.operation(signedRead, (ctx) => ctx.json(200, { id: ctx.params.thingId }));
    bank.operation(signedClose, () => ({ status: 204 }));
    bank.operation(unsignedRead, (ctx) => ctx.json(200, { id: ctx.params.thingId }));
  },
};

/** The headers of a correctly path-signed request, with any of them replaced (null leaves one out). */
function pathSigned(
  method: string,
  pathAndQuery: string,
  requestId: string,
  overrides: Record<string, string | null> = {},
): Record<string, string> {
  const requestTime = overrides['x-request-time'] ?? START_SECONDS;
  const headers: Record<string, string | null> = {
    'x-request-time': requestTime,
    digitalsignature: signWithInstitutionKey(
      pathSignatureText({ method, pathAndQuery, requestId, requestTime }),
    ),
    ...overrides,
  };
  return Object.fromEntries(
    Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== null),
  );
}

describe('the simulator as the entity that wants the path-based signature', () => {
  let sim: BankSimulator;
  afterEach(() => sim.close());
  const start = async () => {
    sim = await startTestSimulator({ products: [signedProduct], pathSignature: true });
  };

  it('answers a correctly path-signed GET and DELETE with a query', async () => {
    await start();
    const read = await call(sim, 'GET', PATH, {
      requestId: 'req-1',
      headers: pathSigned('GET', PATH, 'req-1'),
    });
    expect(read.status).toBe(200);

    const target = `${PATH}?reason=Other`;
    const close = await call(sim, 'DELETE', target, {
      requestId: 'req-2',
      headers: pathSigned('DELETE', target, 'req-2'),
    });
    expect(close.status).toBe(204);
  });

  it('refuses a missing X-Request-Time with 400 Invalid DigitalSignature Header', async () => {
    await start();
    const response = await call(sim, 'GET', PATH, {
      requestId: 'req-1',
      headers: pathSigned('GET', PATH, 'req-1', { 'x-request-time': null }),
    });
    expect(response.status).toBe(400);
    expect(await problemOf(response)).toMatchObject({
      title: 'Invalid DigitalSignature Header',
      detail: 'X-Request-Time is required',
    });
  });

  it('accepts a time 60 seconds late on the simulated clock and refuses one 61 seconds late', async () => {
    await start();
    await sim.advanceClock(60_000);
    const onTime = await call(sim, 'GET', PATH, { requestId: 'a', headers: pathSigned('GET', PATH, 'a') });
    expect(onTime.status).toBe(200);

    await sim.advanceClock(1_000);
    const late = await call(sim, 'GET', PATH, { requestId: 'b', headers: pathSigned('GET', PATH, 'b') });
    expect(late.status).toBe(400);
    expect(await problemOf(late)).toMatchObject({
      title: 'Invalid DigitalSignature Header',
      detail: 'X-Request-Time is 61 seconds late (at most 60)',
    });
  });

  it('refuses a signature over another path, time or id, and a missing one', async () => {
    await start();
    const cases: Record<string, string | null>[] = [
      { digitalsignature: signWithInstitutionKey(`GET/v9/Signed/other-idreq-1${START_SECONDS}`) },
      {
        digitalsignature: pathSigned('GET', PATH, 'req-1', { 'x-request-time': '1' }).digitalsignature ?? '',
      },
      { digitalsignature: pathSigned('GET', PATH, 'another-id').digitalsignature ?? '' },
      { digitalsignature: null },
    ];
    for (const override of cases) {
      const response = await call(sim, 'GET', PATH, {
        requestId: 'req-1',
        headers: pathSigned('GET', PATH, 'req-1', override),
      });
      expect(response.status).toBe(400);
      expect((await problemOf(response)).title).toBe('Invalid DigitalSignature Header');
    }
  });

  it('requires X-Request-Id on a path-signed GET (it is part of what is signed)', async () => {
    await start();
    const response = await call(sim, 'GET', PATH, {
      requestId: null,
      headers: pathSigned('GET', PATH, ''),
    });
    expect(response.status).toBe(400);
    expect((await problemOf(response)).title).toBe('Missing X-Request-Id Header');
  });

  it('leaves operations that do not ask for it alone', async () => {
    await start();
    const response = await call(sim, 'GET', `/v9/Plain/${ID}`, { requestId: null });
    expect(response.status).toBe(200);
  });

  it('agrees with the bank client, whose X-Request-Time comes from the simulated clock', async () => {
    await start();
    await sim.advanceClock(3_600_000);
    const client = (requestClock?: () => number) =>
      new BankClient({
        baseUrl: sim.url,
        tokens: new StaticTokenSource(TOKEN),
        signer: new PemSigner(institutionKeys.privateKey),
        pathSignature: true,
        retry: { maxAttempts: 1 },
        ...(requestClock && { requestClock }),
      });

    const answered = await client(() => sim.clock.now().getTime()).send({
      method: 'DELETE',
      path: `${PATH}?reason=Other`,
      pathSignature: true,
    });
    expect(answered.status).toBe(204);
    const logged = sim.requests.at(-1);
    expect(logged?.headers).toHaveProperty('x-request-time', requestTimeAt(sim.clock.now().getTime()));

    // An hour behind the simulated clock: refused as late, as the bank would.
    const late = client(() => Date.parse(START));
    await expect(late.send({ method: 'GET', path: PATH, pathSignature: true })).rejects.toBeInstanceOf(
      BankInvalidSignatureError,
    );
  });
});

describe('the simulator as the UK entity (the default)', () => {
  let sim: BankSimulator;
  afterEach(() => sim.close());

  it('serves a path-signature operation without X-Request-Time or a signature', async () => {
    sim = await startTestSimulator({ products: [signedProduct] });
    const response = await call(sim, 'GET', PATH, { requestId: null });
    expect(response.status).toBe(200);
  });
});
