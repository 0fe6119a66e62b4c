import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CashManagementEndOfDayReport } from 'iso20022.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATEMENTS_FOLDER } from '#local/sandbox.js';
import { CAMT053_MESSAGES } from '#shared/domain/camt053-rules.js';
import { testSandbox } from '../support/sandbox.js';

/**
 * camt.053 statements through the sandbox: the request through the gateway, the simulator's
 * `Statements.ReadyForDownload`, every page downloaded by the processor into the sandbox's statements folder,
 * one `StatementArchived` for the statement; a window the bank refuses is a 400 naming the property, and the
 * bank is never asked.
 */
let world: Awaited<ReturnType<typeof testSandbox>>;
beforeAll(async () => {
  world = await testSandbox();
});
afterAll(() => world.sandbox.close());

/** iso20022.js reads an account as its IBAN when it has one. */
const ibanOf = (account: object) => (account as { iban?: string }).iban;
type Event = { detailType: string; detail: Record<string, unknown> };
const send = (method: string, path: string, body?: unknown) =>
  world.gateway(path, {
    method,
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
const admin = (path: string, body: unknown, method = 'POST') =>
  world.bank(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const archived = async () =>
  ((await world.events()) as unknown as Event[]).filter(
    (event) => event.detailType === 'StatementArchived' && event.detail.kind === 'camt053',
  );

describe('camt.053 statements are requested through the gateway and archived page by page', () => {
  it('downloads every page into the sandbox folder and publishes one StatementArchived', async () => {
    const created = await send('POST', '/v3/Accounts', {
      accountName: 'Ops',
      owner: { name: 'Acme & Co' },
      sortCode: '040004',
    });
    expect(created.status).toBe(201);
    const account = ((await created.json()) as { account: { id: string; iban: string } }).account;
    for (const amount of [40, 2.5, 7.25])
      expect((await admin(`/__sim/accounts/${account.id}/credit`, { amount })).status).toBe(200);
    expect((await admin('/__sim/camt053/config', { entriesPerPage: 2 }, 'PATCH')).status).toBe(200);
    await world.simulator.setClock('2026-03-03T06:00:00Z');

    world.simulator.clearRequests();
    const window = { startDateTimeUtc: '2026-03-02T00:00:00Z', endDateTimeUtc: '2026-03-03T00:00:00Z' };
    expect((await send('POST', '/v1/statementrequests', window)).status).toBe(202);

    const [event, ...more] = await archived();
    expect(more).toEqual([]);
    const messageId = event?.detail.messageId as string;
    expect(messageId).toMatch(/^CAMT053_20260303_06000000_\w{8}$/);
    const folder = join(world.home, STATEMENTS_FOLDER, 'camt053', messageId);
    const pages = [1, 2].map((n) => readFileSync(join(folder, `page-00${n}.xml`), 'utf8'));
    expect(event?.detail).toMatchObject({
      kind: 'camt053',
      transitionId: `Statements.ReadyForDownload:${messageId}`,
      startDateTime: '2026-03-02T00:00:00.000Z',
      endDateTime: '2026-03-03T00:00:00.000Z',
      totalPages: 2,
      format: 'xml',
      objectKey: `camt053/${messageId}/`,
      location: `${folder}/`,
      bytes: pages.reduce((total, page) => total + Buffer.byteLength(page), 0),
      sha256: createHash('sha256').update(pages.join('')).digest('hex'),
      pages: pages.map((page, index) => ({
        pageNumber: index + 1,
        objectKey: `camt053/${messageId}/page-00${index + 1}.xml`,
        location: join(folder, `page-00${index + 1}.xml`),
        bytes: Buffer.byteLength(page),
        sha256: createHash('sha256').update(page).digest('hex'),
      })),
    });
    // The processor asked the bank for each page by the webhook's MessageId.
    const downloads = world.simulator.requests.filter(
      (r) => r.method === 'GET' && r.path.startsWith('/v1/statements/'),
    );
    expect(downloads.map((r) => r.path)).toEqual(
      [1, 2].map((n) => `/v1/statements/${messageId}?pageNumber=${n}`),
    );

    // Parsed back: the entries are the ledger's credits, the last closing balance the account read.
    const reports = pages.map((page) => CashManagementEndOfDayReport.fromXML(page));
    const mine = reports.map((report) => report.statements.find((s) => ibanOf(s.account) === account.iban));
    expect(mine.flatMap((s) => s?.entries.map((e) => Math.round(e.amount)) ?? [])).toEqual([4000, 250, 725]);
    const read = await world.gateway(`/v3/Accounts/${account.id}`);
    const balance = ((await read.json()) as { account: { balances: { amount: number }[] } }).account
      .balances[0]?.amount as number;
    const closing = mine[1]?.balances.find((b) => b.type === 'CLBD')?.amount ?? Number.NaN;
    expect(Math.round(closing)).toBe(Math.round(balance * 100));
    // Through the gateway, a page reads back as the archived bytes.
    const again = await world.gateway(`/v1/statements/${messageId}?pageNumber=2`);
    expect(await again.text()).toBe(pages[1]);
  });

  it('refuses a window longer, later or older than the bank allows, naming the property, without calling the bank', async () => {
    world.simulator.clearRequests();
    const cases = [
      [
        { startDateTimeUtc: '2026-03-01T00:00:00Z', endDateTimeUtc: '2026-03-02T01:00:01Z' },
        'endDateTimeUtc',
        CAMT053_MESSAGES.tooLong,
      ],
      [
        { startDateTimeUtc: '2026-03-03T00:00:00Z', endDateTimeUtc: '2026-03-04T00:00:00Z' },
        'endDateTimeUtc',
        CAMT053_MESSAGES.endInFuture,
      ],
      [
        { startDateTimeUtc: '2025-09-02T00:00:00Z', endDateTimeUtc: '2025-09-03T00:00:00Z' },
        'startDateTimeUtc',
        CAMT053_MESSAGES.tooOld,
      ],
    ] as const;
    for (const [window, property, message] of cases) {
      const response = await send('POST', '/v1/statementrequests', window);
      expect(response.status).toBe(400);
      const problem = (await response.json()) as { errors: Record<string, string[]> };
      expect(problem.errors[property]).toEqual([message]);
    }
    expect(world.simulator.requests).toEqual([]);
  });

  it('quarantines a statement the bank no longer keeps, with that reason', async () => {
    const response = await admin('/__sim/webhooks', {
      Type: 'Statements.ReadyForDownload',
      Version: 1,
      Payload: {
        MessageId: 'CAMT053_20260101_01000000_GoneGone',
        TotalPages: 1,
        StartDateTime: '2026-01-01T00:00:00Z',
        EndDateTime: '2026-01-02T00:00:00Z',
      },
    });
    expect(response.status).toBe(200);
    expect(await world.deadLetters()).toContainEqual(
      expect.objectContaining({ reason: expect.stringMatching(/no longer at the bank/) }),
    );
  });
});
