import { describe, expect, it } from 'vitest';
import type { BankRequest, BankResponse } from '#shared/bank/client.js';
import { bankErrorFor } from '#shared/bank/errors.js';
import { camt053PageKey, camt053PagesHook, readReadyForDownload } from '#shared/statements/camt053.js';
import type { GatewayEvent } from '#shared/ports/events.js';
import { type ClaimedWebhook, WebhookQuarantineError } from '#shared/webhooks/process.js';

const MESSAGE_ID = 'CAMT053_20260303_06000000_a1B2c3D4';
const payload = (members: Record<string, unknown> = {}) => ({
  MessageId: MESSAGE_ID,
  TotalPages: 3,
  StartDateTime: '2026-03-02T00:00:00Z',
  EndDateTime: '2026-03-03T00:00:00Z',
  ...members,
});
const webhook = (members: Record<string, unknown> = {}) =>
  ({
    type: 'Statements.ReadyForDownload',
    version: 1,
    key: `Statements.ReadyForDownload:${MESSAGE_ID}`,
    payload: payload(members),
  }) as unknown as ClaimedWebhook;
const page = (n: number, last: boolean) =>
  `<Document><BkToCstmrStmt><GrpHdr><MsgPgntn><PgNb>${n}</PgNb><LastPgInd>${last}</LastPgInd></MsgPgntn></GrpHdr></BkToCstmrStmt></Document>`;

function world(answer: (request: BankRequest) => string) {
  const stored = new Map<string, Uint8Array>();
  const events: GatewayEvent[] = [];
  const sent: BankRequest[] = [];
  const hook = camt053PagesHook({
    store: {
      put: async (key, bytes) => {
        stored.set(key, bytes);
        return { location: `s3://bucket/${key}` };
      },
      get: async () => Buffer.alloc(0),
    },
    events: { publish: async (event) => void events.push(event as GatewayEvent) },
    log: { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} } as never,
    bank: async () => ({
      send: async (request: BankRequest) => {
        sent.push(request);
        return { status: 200, rawBody: answer(request) } as BankResponse;
      },
    }),
    maxBytes: 1024,
    timeoutMs: 1000,
  });
  return { hook, stored, events, sent };
}

describe('the processor archives every page of a camt.053 statement from the bank', () => {
  it('downloads pages 1 to TotalPages, keeps each and publishes one event for the statement', async () => {
    const { hook, stored, events, sent } = world((r) =>
      page(Number(/pageNumber=(\d+)/.exec(r.path)?.[1]), false),
    );
    await hook(webhook());
    expect(sent.map((r) => [r.method, r.path, r.pathSignature])).toEqual(
      [1, 2, 3].map((n) => ['GET', `/v1/statements/${MESSAGE_ID}?pageNumber=${n}`, true]),
    );
    expect([...stored.keys()]).toEqual([1, 2, 3].map((n) => camt053PageKey(MESSAGE_ID, n)));
    expect(events).toHaveLength(1);
    expect(events[0]?.detail).toMatchObject({
      kind: 'camt053',
      messageId: MESSAGE_ID,
      totalPages: 3,
      objectKey: `camt053/${MESSAGE_ID}/`,
      location: `s3://bucket/camt053/${MESSAGE_ID}/`,
    });
  });

  it('stops at the page whose LastPgInd is true', async () => {
    const { hook, sent } = world((r) => page(1, r.path.endsWith('=2')));
    await hook(webhook());
    expect(sent).toHaveLength(2);
  });

  it('quarantines a statement the bank no longer keeps (404), and retries other failures', async () => {
    const gone = world(() => {
      throw bankErrorFor({
        status: 404,
        requestId: 'r',
        correlationId: undefined,
        problem: undefined,
        headers: {},
        rawBody: '',
      });
    });
    await expect(gone.hook(webhook())).rejects.toThrow(WebhookQuarantineError);
    const down = world(() => {
      throw bankErrorFor({
        status: 503,
        requestId: 'r',
        correlationId: undefined,
        problem: undefined,
        headers: {},
        rawBody: '',
      });
    });
    const failure = await down.hook(webhook()).catch((error: unknown) => error);
    expect(failure).not.toBeInstanceOf(WebhookQuarantineError);
    expect(down.events).toEqual([]);
  });

  it('quarantines a page over the size bound', async () => {
    const { hook, events } = world(() => 'x'.repeat(2048));
    await expect(hook(webhook())).rejects.toThrow(/larger than 1024 bytes/);
    expect(events).toEqual([]);
  });

  it('refuses a MessageId of another shape before it names a path or a key, and a page count out of range', () => {
    for (const bad of ['../../v1/Accounts', 'CAMT053_1_2_3', '']) {
      expect(() => readReadyForDownload(payload({ MessageId: bad }))).toThrow(WebhookQuarantineError);
    }
    for (const bad of [0, 1.5, 101, '2']) {
      expect(() => readReadyForDownload(payload({ TotalPages: bad }))).toThrow(/TotalPages/);
    }
    expect(() => readReadyForDownload(payload({ EndDateTime: 'yesterday' }))).toThrow(/EndDateTime/);
  });
});
