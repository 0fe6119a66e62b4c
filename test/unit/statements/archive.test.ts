import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FolderObjectStore } from '#local/adapters/folder-object-store.js';
import { type LocalDynamo, startLocalDynamo } from '#local/dynamo.js';
import { JsonNumber } from '#shared/json/read-json.js';
import { ManualClock } from '#shared/ports/clock.js';
import {
  readStatementLink,
  STATEMENT_ARCHIVED,
  STATEMENT_LINK_HOSTS,
  statementLinkAllowed,
  statementObjectKey,
  statementsWebhookHook,
} from '#shared/statements/archive.js';
import type { ClearwayEvent } from '#shared/ports/events.js';
import { type ClaimedWebhook, WebhookQuarantineError } from '#shared/webhooks/process.js';
import { queueMessage, testProcessor } from '#test/support/webhooks.js';

const csv = 'Date,Description,Amount,Currency\n2026-02-03,Inbound payment,100.00,EUR\n';
let server: Server;
let base: string;
let requests: string[] = [];
/** Answers by path: the statement, an error, a redirect, a large file, or nothing at all. */
const routes: Record<string, (response: ServerResponse) => void> = {
  '/statement.csv': (response) => response.writeHead(200, { 'content-type': 'text/csv' }).end(csv),
  '/broken.csv': (response) => response.writeHead(503).end(),
  '/moved.csv': (response) => response.writeHead(302, { location: 'http://169.254.169.254/' }).end(),
  '/declared-large.csv': (response) =>
    response.writeHead(200, { 'content-length': '2048' }).end('x'.repeat(2048)),
  '/streamed-large.csv': (response) => {
    response.writeHead(200);
    response.write('x'.repeat(600));
    response.end('x'.repeat(600));
  },
  '/silent.csv': () => undefined,
};

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    requests.push(request.url ?? '');
    (routes[request.url ?? ''] ?? ((r: ServerResponse) => r.writeHead(404).end()))(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function archiver(options: { maxBytes?: number; timeoutMs?: number } = {}) {
  requests = [];
  const folder = mkdtempSync(join(tmpdir(), 'clearway-statements-'));
  const published: ClearwayEvent[] = [];
  const clock = new ManualClock('2026-03-06T10:00:00Z');
  const hook = statementsWebhookHook({
    store: new FolderObjectStore(folder),
    events: { publish: async (event) => void published.push(event) },
    bankBaseUrl: `${base}/api`,
    clock,
    log: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
    ...options,
  });
  return { hook, folder, published, clock };
}

const accountStatement = (payload: Record<string, unknown> = {}): ClaimedWebhook => ({
  type: 'MCCY.Statements.AccountStatement',
  version: 1,
  key: 'MCCY.Statements.AccountStatement:GB33BUKB20201555555555:2026:2:EUR',
  payload: {
    Uri: `${base}/statement.csv`,
    ValidUntilDate: '2026-03-07T00:00:00Z',
    Year: new JsonNumber('2026'),
    Month: new JsonNumber('2'),
    Currency: 'EUR',
    Format: 'csv',
    AccountIban: 'GB33BUKB20201555555555',
    ...payload,
  },
  receivedAt: '2026-03-06T09:59:59Z',
  now: new Date('2026-03-06T10:00:00Z'),
});

const reasonOf = async (run: Promise<unknown>) => {
  const error = await run.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(WebhookQuarantineError);
  return (error as Error).message;
};

describe('a statement webhook is archived while its link is valid', () => {
  it('downloads the CSV, keeps it under the statement key and publishes StatementArchived', async () => {
    const { hook, folder, published } = archiver();

    await hook(accountStatement());

    const path = join(folder, 'accounts/GB33BUKB20201555555555/2026/02/EUR.csv');
    expect(readFileSync(path, 'utf8')).toBe(csv);
    expect(published).toEqual([
      {
        source: 'clearway.gateway',
        detailType: STATEMENT_ARCHIVED,
        detail: {
          key: 'StatementArchived:MCCY.Statements.AccountStatement:GB33BUKB20201555555555:2026:2:EUR',
          transitionId: 'MCCY.Statements.AccountStatement:GB33BUKB20201555555555:2026:2:EUR',
          kind: 'account',
          accountIban: 'GB33BUKB20201555555555',
          year: 2026,
          month: 2,
          currency: 'EUR',
          format: 'csv',
          objectKey: 'accounts/GB33BUKB20201555555555/2026/02/EUR.csv',
          location: path,
          bytes: Buffer.byteLength(csv),
          sha256: createHash('sha256').update(csv).digest('hex'),
        },
      },
    ]);
  });

  it('keys an institution statement by period and currency, without an account', () => {
    const link = readStatementLink({
      type: 'MCCY.Statements.InstitutionStatement',
      payload: {
        ...(accountStatement().payload as object),
        AccountIban: undefined,
        Currency: 'USD',
        Format: 'CSV',
      },
    });
    expect(statementObjectKey(link)).toBe('institution/2026/02/USD.csv');
  });

  it('leaves every other webhook alone', async () => {
    const { hook, published } = archiver();
    await hook({ ...accountStatement(), type: 'TransactionSettled' });
    expect(published).toEqual([]);
    expect(requests).toEqual([]);
  });
});

describe('what no retry can help is quarantined with its reason, nothing downloaded or published', () => {
  it('an expired link', async () => {
    const { hook, clock, published } = archiver();
    clock.set('2026-03-07T00:00:00Z');
    expect(await reasonOf(hook(accountStatement()))).toMatch(
      /^statement link expired at 2026-03-07T00:00:00.000Z/,
    );
    expect(requests).toEqual([]);
    expect(published).toEqual([]);
  });

  it('a link to another host than the bank (even the same machine by another name)', async () => {
    const { hook } = archiver();
    const port = new URL(base).port;
    expect(await reasonOf(hook(accountStatement({ Uri: `http://localhost:${port}/statement.csv` })))).toMatch(
      /statement link refused: http:\/\/localhost is not the bank's host \(http:\/\/127\.0\.0\.1\)/,
    );
    expect(
      await reasonOf(hook(accountStatement({ Uri: `https://127.0.0.1:${port}/statement.csv` }))),
    ).toMatch(/not the bank's host/);
    expect(requests).toEqual([]);
  });

  it('follows links to the bank, or over https to its statement storage, and nowhere else', () => {
    const bank = new URL('https://institution-api.clearbank.co.uk/');
    const allowed = (link: string) => statementLinkAllowed(new URL(link), bank, STATEMENT_LINK_HOSTS);
    expect(allowed('https://institution-api.clearbank.co.uk/statements/1.csv')).toBe(true);
    expect(allowed('https://cbstatements.blob.core.windows.net/s/1.csv?sig=x')).toBe(true);
    expect(allowed('http://cbstatements.blob.core.windows.net/s/1.csv')).toBe(false);
    expect(allowed('https://blob.core.windows.net.attacker.example/1.csv')).toBe(false);
    expect(allowed('https://attacker.example/1.csv')).toBe(false);
  });

  it('a redirect, which is never followed', async () => {
    const { hook } = archiver();
    expect(await reasonOf(hook(accountStatement({ Uri: `${base}/moved.csv` })))).toMatch(
      /answered 302, a redirect/,
    );
  });

  it('a file over the size bound, by its length or while it streams', async () => {
    const { hook, published } = archiver({ maxBytes: 1024 });
    expect(await reasonOf(hook(accountStatement({ Uri: `${base}/declared-large.csv` })))).toMatch(
      /larger than 1024 bytes/,
    );
    expect(await reasonOf(hook(accountStatement({ Uri: `${base}/streamed-large.csv` })))).toMatch(
      /larger than 1024 bytes/,
    );
    expect(published).toEqual([]);
  });

  it('a payload without the members the reference requires', async () => {
    const { hook } = archiver();
    expect(await reasonOf(hook(accountStatement({ Month: new JsonNumber('13') })))).toMatch(
      /Month must be a whole number from 1 to 12/,
    );
    expect(await reasonOf(hook(accountStatement({ AccountIban: 'GB00NOTANIBAN' })))).toMatch(
      /AccountIban must be an IBAN/,
    );
    expect(await reasonOf(hook(accountStatement({ Currency: 'eur' })))).toMatch(/Currency/);
    expect(await reasonOf(hook(accountStatement({ Uri: 'not a uri' })))).toMatch(
      /Uri must be an absolute URI/,
    );
    expect(await reasonOf(hook(accountStatement({ ValidUntilDate: 'soon' })))).toMatch(/ValidUntilDate/);
  });
});

describe('a failed download is retried (the hook throws an ordinary error)', () => {
  it('an error status', async () => {
    const { hook, published } = archiver();
    const error = await hook(accountStatement({ Uri: `${base}/broken.csv` })).catch(
      (caught: Error) => caught,
    );
    expect(error).not.toBeInstanceOf(WebhookQuarantineError);
    expect((error as Error).message).toBe('statement download failed: HTTP 503');
    expect(published).toEqual([]);
  });

  it('a server that does not answer within the time bound', async () => {
    const { hook } = archiver({ timeoutMs: 50 });
    const error = await hook(accountStatement({ Uri: `${base}/silent.csv` })).catch(
      (caught: Error) => caught,
    );
    expect(error).not.toBeInstanceOf(WebhookQuarantineError);
    expect((error as Error).message).toMatch(/^statement download failed: .*(timeout|aborted)/i);
  });
});

describe('the processor quarantines a webhook a state hook refuses', () => {
  let dynamo: LocalDynamo;
  beforeAll(async () => {
    dynamo = await startLocalDynamo(`statement-hook-${Date.now()}-`);
  });
  afterAll(() => dynamo.close());

  it('with the hook reason, publishing nothing, and processes it again on a redrive', async () => {
    const processor = testProcessor(dynamo);
    let refuse = true;
    processor.deps.hooks = [
      async () => {
        if (refuse) throw new WebhookQuarantineError('statement link expired at 2026-03-01T00:00:00.000Z');
      },
    ];
    const message = queueMessage(
      JSON.stringify({
        Type: 'MCCY.Statements.InstitutionStatement',
        Version: 1,
        Payload: { Year: 2026, Month: 2, Currency: `E${Date.now()}` },
        Nonce: 7,
      }),
    );

    expect((await processor.deliver([message])).batchItemFailures).toEqual([]);
    expect(processor.quarantined).toEqual([
      { message, reason: 'statement link expired at 2026-03-01T00:00:00.000Z' },
    ]);
    expect(processor.published).toEqual([]);

    refuse = false;
    expect((await processor.deliver([message])).batchItemFailures).toEqual([]);
    expect(processor.published).toHaveLength(1);
  });
});
