import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATEMENTS_FOLDER } from '#local/sandbox.js';
import { testSandbox } from '../support/sandbox.js';

let world: Awaited<ReturnType<typeof testSandbox>>;
/** Stands in for the simulator's statement download until it serves one: same host, another port. */
let files: Server;
let filesUrl: string;
const csv =
  'BookingDate,Iban,Amount,Currency,Reference\n2026-02-10,GB33BUKB20201555555555,250.00,USD,Invoice 7\n';

beforeAll(async () => {
  world = await testSandbox();
  files = createServer((request, response) => {
    if (request.url === '/statements/feb.csv')
      response.writeHead(200, { 'content-type': 'text/csv' }).end(csv);
    else response.writeHead(503).end();
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await world.sandbox.close();
  await new Promise((resolve) => files.close(resolve));
});

/** The bank's account statement webhook; the simulator's clock reads 2026-03-02T10:00:00Z. */
const emitAccountStatement = async (payload: Record<string, unknown>) => {
  const response = await world.bank('/__sim/webhooks', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      Type: 'MCCY.Statements.AccountStatement',
      Version: 1,
      Payload: {
        Uri: `${filesUrl}/statements/feb.csv`,
        ValidUntilDate: '2026-03-03T10:00:00Z',
        Year: 2026,
        Month: 2,
        Currency: 'USD',
        Format: 'csv',
        AccountIban: 'GB33BUKB20201555555555',
        ...payload,
      },
    }),
  });
  expect(response.status).toBe(200);
};

type ArchivedEvent = { detailType: string; detail: Record<string, unknown> };

describe('the sandbox keeps the statements the bank links to', () => {
  it('downloads the CSV into its home while the link is valid and publishes StatementArchived once', async () => {
    await emitAccountStatement({});
    await emitAccountStatement({}); // the same statement again: a duplicate webhook

    const events = (await world.events()) as unknown as ArchivedEvent[];
    const path = join(world.home, STATEMENTS_FOLDER, 'accounts/GB33BUKB20201555555555/2026/02/USD.csv');
    expect(readFileSync(path, 'utf8')).toBe(csv);
    expect(events.filter((event) => event.detailType === 'StatementArchived')).toEqual([
      expect.objectContaining({
        detailType: 'StatementArchived',
        detail: {
          key: 'StatementArchived:MCCY.Statements.AccountStatement:GB33BUKB20201555555555:2026:2:USD',
          transitionId: 'MCCY.Statements.AccountStatement:GB33BUKB20201555555555:2026:2:USD',
          kind: 'account',
          accountIban: 'GB33BUKB20201555555555',
          year: 2026,
          month: 2,
          currency: 'USD',
          format: 'csv',
          objectKey: 'accounts/GB33BUKB20201555555555/2026/02/USD.csv',
          location: path,
          bytes: Buffer.byteLength(csv),
          sha256: createHash('sha256').update(csv).digest('hex'),
        },
      }),
    ]);
    expect(events.filter((event) => event.detailType === 'MCCY.Statements.AccountStatement')).toHaveLength(1);
  });

  it('puts a webhook whose link expired in the DLQ with that reason, and publishes nothing', async () => {
    await emitAccountStatement({ Month: 1, ValidUntilDate: '2026-03-02T09:59:59Z' });

    const letters = await world.deadLetters();
    expect(letters).toContainEqual(
      expect.objectContaining({
        reason: expect.stringMatching(/^statement link expired at 2026-03-02T09:59:59.000Z/),
      }),
    );
    // Neither the archive event nor the bank event: the webhook waits in the DLQ until it is dealt with.
    const events = (await world.events()) as unknown as Array<
      ArchivedEvent & { detail: { payload?: { Month?: number } } }
    >;
    expect(events.filter((event) => event.detail.month === 1 || event.detail.payload?.Month === 1)).toEqual(
      [],
    );
  });

  it('retries a download that fails and leaves it in the DLQ after the retries, never dropped', async () => {
    await emitAccountStatement({ Month: 12, Year: 2025, Uri: `${filesUrl}/statements/unavailable.csv` });

    const letters = await world.deadLetters();
    const failed = letters.filter((letter) => letter.body.includes('unavailable.csv'));
    expect(failed).toHaveLength(1);
    expect(failed[0]?.reason).toBeUndefined(); // failed every receive, not quarantined
  });
});
