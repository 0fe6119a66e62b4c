import { CashManagementEndOfDayReport } from 'iso20022.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { camt053Responses as answers } from '#shared/operations/camt053/responses.js';
import { sterlingAccountResponses } from '#shared/operations/sterling-accounts/responses.js';
import { statementReadyForDownloadPayload } from '#shared/webhooks/payloads/camt053.js';
import { call } from '../unit/bank-sim/helpers.js';
import {
  type ContractWorld,
  expectAnswer,
  openSterlingAccount,
  startContractWorld,
  takeWebhooks,
} from './harness.js';

/**
 * The simulator's camt.053 statements against the bank's documents: the request answers 202 and sends
 * `Statements.ReadyForDownload` as its page lists it; each page is a camt.053.001.11 document with the group
 * header the account reporting guide shows, which a maintained ISO 20022 parser (iso20022.js) reads back to
 * the ledger's entries and balances that agree with the account reads.
 */
let world: ContractWorld;
beforeAll(async () => {
  world = await startContractWorld();
});
afterAll(() => world.close());

const admin = (path: string, body: unknown, method = 'POST') =>
  fetch(`${world.sim.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function page(messageId: string, pageNumber: number) {
  const response = await call(world.sim, 'GET', `/v1/statements/${messageId}?pageNumber=${pageNumber}`);
  const xml = await response.text();
  expect(response.status, xml).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
  expect(answers.getCamt053StatementPage.safeParse(xml).success, xml.slice(0, 300)).toBe(true);
  return xml;
}

/** iso20022.js reads an account as its IBAN when it has one. */
const ibanOf = (account: object) => (account as { iban?: string }).iban;
const minor = (amount: number) => Math.round(amount);

describe('camt.053 statements answer as the bank documents', () => {
  it('renders the settled entries of the window with balances that agree with the account reads', async () => {
    const account = await openSterlingAccount(world);
    const quiet = await openSterlingAccount(world);
    await takeWebhooks(world);
    expect(
      (
        await admin(`/__sim/accounts/${account.id}/credit`, {
          amount: 250.25,
          reference: 'Invoice <7> & "co"',
          debtorName: "O'Brien & Sons",
          endToEndId: 'camt-e2e-1',
        })
      ).status,
    ).toBe(200);
    await takeWebhooks(world);
    await world.sim.advanceClock(24 * 60 * 60 * 1000); // 2026-01-06T09:00Z: the window has ended

    await expectAnswer(
      world,
      {
        method: 'POST',
        path: '/v1/statementrequests',
        body: { startDateTimeUtc: '2026-01-05T00:00:00Z', endDateTimeUtc: '2026-01-06T00:00:00Z' },
      },
      202,
    );
    const [ready] = await takeWebhooks(world);
    expect(ready?.Type).toBe('Statements.ReadyForDownload');
    const payload = statementReadyForDownloadPayload.parse(ready?.Payload);
    expect(payload).toMatchObject({
      TotalPages: 1,
      StartDateTime: '2026-01-05T00:00:00.000Z',
      EndDateTime: '2026-01-06T00:00:00.000Z',
    });
    expect(payload.MessageId).toMatch(/^CAMT053_20260106_09000000_\w{8}$/);

    const xml = await page(payload.MessageId, 1);
    // The guide's group header: MsgId, CreDtTm, MsgRcpt (Nm, Id/OrgId/Othr/Id), MsgPgntn (PgNb, LastPgInd).
    expect(xml).toMatch(
      /<GrpHdr><MsgId>CAMT053_\w+<\/MsgId><CreDtTm>[^<]+<\/CreDtTm><MsgRcpt><Nm>[^<]+<\/Nm><Id><OrgId><Othr><Id>\w+<\/Id><\/Othr><\/OrgId><\/Id><\/MsgRcpt><MsgPgntn><PgNb>1<\/PgNb><LastPgInd>true<\/LastPgInd><\/MsgPgntn><\/GrpHdr>/,
    );
    expect(xml).toContain('<Ustrd>Invoice &lt;7&gt; &amp; &quot;co&quot;</Ustrd>');

    const report = CashManagementEndOfDayReport.fromXML(xml);
    expect(report.messageId).toBe(payload.MessageId);
    const statements = report.statements;
    expect(statements.map((s) => ibanOf(s.account)).sort()).toEqual([account.iban, quiet.iban].sort());
    const read = async (id: string) =>
      (
        await expectAnswer(
          world,
          { method: 'GET', path: `/v3/Accounts/${id}` },
          200,
          sterlingAccountResponses.getAccount,
        )
      ).account.balances[0]?.amount as number;
    for (const [id, iban, entries] of [
      [account.id, account.iban, [{ amount: 25025, creditDebitIndicator: 'credit' }]],
      [quiet.id, quiet.iban, []],
    ] as const) {
      const statement = statements.find((s) => ibanOf(s.account) === iban);
      const balance = (type: string) => statement?.balances.find((b) => b.type === type);
      expect(minor(balance('CLBD')?.amount ?? Number.NaN)).toBe(minor((await read(id)) * 100));
      expect(balance('CLBD')?.creditDebitIndicator).toBe('credit');
      expect(minor(balance('OPBD')?.amount ?? Number.NaN)).toBe(100_000_000); // the ledger's opening funding
      expect(
        statement?.entries.map((e) => ({
          amount: minor(e.amount),
          creditDebitIndicator: e.creditDebitIndicator,
        })),
      ).toEqual(entries);
    }
    const [entry] = statements.find((s) => ibanOf(s.account) === account.iban)?.entries ?? [];
    expect(entry?.currency).toBe('GBP');
    expect(entry?.transactions[0]?.remittanceInformation).toBe('Invoice <7> & "co"');
  });

  it('pages a statement at the configured number of entries, each page a whole document', async () => {
    const account = await openSterlingAccount(world);
    await takeWebhooks(world);
    for (const amount of [1, 2, 3]) await admin(`/__sim/accounts/${account.id}/credit`, { amount });
    await takeWebhooks(world);
    expect((await admin('/__sim/camt053/config', { entriesPerPage: 2 }, 'PATCH')).status).toBe(200);
    await world.sim.advanceClock(24 * 60 * 60 * 1000);
    await expectAnswer(
      world,
      {
        method: 'POST',
        path: '/v1/statementrequests',
        body: { startDateTimeUtc: '2026-01-06T00:00:00Z', endDateTimeUtc: '2026-01-07T00:00:00Z' },
      },
      202,
    );
    const payload = statementReadyForDownloadPayload.parse((await takeWebhooks(world))[0]?.Payload);
    expect(payload.TotalPages).toBe(2);
    const [first, second] = [await page(payload.MessageId, 1), await page(payload.MessageId, 2)];
    expect(first).toContain('<LastPgInd>false</LastPgInd>');
    expect(second).toContain('<PgNb>2</PgNb><LastPgInd>true</LastPgInd>');
    const mine = [first, second].map((xml) =>
      CashManagementEndOfDayReport.fromXML(xml).statements.find((s) => ibanOf(s.account) === account.iban),
    );
    // The account runs over both pages: page 2 opens where page 1 closed.
    expect(mine[0]?.entries).toHaveLength(2);
    expect(mine[1]?.entries).toHaveLength(1);
    const balance = (i: 0 | 1, type: string) =>
      minor(mine[i]?.balances.find((b) => b.type === type)?.amount ?? 0);
    expect(balance(1, 'OPBD')).toBe(balance(0, 'CLBD'));
    expect(balance(1, 'CLBD') - balance(0, 'OPBD')).toBe(600);

    const beyond = await call(world.sim, 'GET', `/v1/statements/${payload.MessageId}?pageNumber=3`);
    expect(beyond.status).toBe(400);
    // Kept two weeks, then gone.
    await world.sim.advanceClock(15 * 24 * 60 * 60 * 1000);
    const gone = await call(world.sim, 'GET', `/v1/statements/${payload.MessageId}?pageNumber=1`);
    expect(gone.status).toBe(404);
  });
});
