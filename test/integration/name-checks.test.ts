import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSandbox } from '../support/sandbox.js';

/** Payee name checks and responder settings end to end through the sandbox: one sandbox for the file. */
let world: Awaited<ReturnType<typeof testSandbox>>;

beforeAll(async () => {
  world = await testSandbox();
});
afterAll(() => world.sandbox.close());

const send = (method: string, path: string, body: unknown) =>
  world.gateway(path, {
    method,
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  });
const admin = (path: string, body: unknown, method = 'POST') =>
  world.bank(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const requestsTo = async (path: string) =>
  ((await (await world.bank('/__sim/requests')).json()) as Array<{ path: string }>).filter(
    (r) => r.path === path,
  );

const VERIFY = '/open-banking/outbound/v1/name-verification';
const SRD = '/open-banking/outbound/v1/srd/validate';
type Report = Record<string, unknown>;

const check = (
  Identification: string,
  OwnerName: string,
  LegalOwnerType = 'Personal',
  more: Record<string, unknown> = {},
) =>
  send('POST', VERIFY, {
    SchemeName: 'SortCodeAccountNumber',
    LegalOwnerType,
    OwnerName,
    Identification,
    ...more,
  });

async function reportOf(response: Response): Promise<Report> {
  expect(response.status).toBe(200);
  return ((await response.json()) as { Data: { VerificationReport: Report } }).Data.VerificationReport;
}

describe('a name check through the gateway answers with the scheme outcome', () => {
  it.each([
    [
      'a full match',
      '20000012345678',
      ',,Jane Smith',
      'Personal',
      { Matched: true, MatchedBank: 'Northgate Bank' },
    ],
    ['MBAM', '20000012345678', 'Ms, Jayne, Smith', 'Personal', { ReasonCode: 'MBAM', Name: 'Jane Smith' }],
    ['ANNM', '20000012345678', ',,Robert Brown', 'Personal', { ReasonCode: 'ANNM' }],
    ['BANM', '20000087654321', ',,Acme Widgets Ltd', 'Personal', { ReasonCode: 'BANM' }],
    ['PANM', '20000012345678', ',,Jane Smith', 'Business', { ReasonCode: 'PANM' }],
    [
      'BAMM',
      '20000087654321',
      ',,Acme Widget Ltd',
      'Personal',
      { ReasonCode: 'BAMM', Name: 'Acme Widgets Ltd' },
    ],
    ['PAMM', '20000012345678', ',,Jane Smyth', 'Business', { ReasonCode: 'PAMM', Name: 'Jane Smith' }],
    ['AC01', '20000099999999', ',,Jane Smith', 'Personal', { ReasonCode: 'AC01' }],
    ['ACNS', '20000077778888', ',,Pooled Savings Ltd', 'Business', { ReasonCode: 'ACNS' }],
    ['OPTO', '20000033334444', ',,Alice Green', 'Personal', { ReasonCode: 'OPTO' }],
    ['CASS', '20000055556666', ',,Tom White', 'Personal', { ReasonCode: 'CASS' }],
    [
      'a late answer',
      '30000012345678',
      ',,Sam Taylor',
      'Personal',
      { Matched: true, ResponseWithinSla: false },
    ],
  ])('%s', async (_outcome, identification, ownerName, type, expected) => {
    const report = await reportOf(await check(identification, ownerName, type));
    expect(report).toMatchObject({ Matched: false, ResponseWithinSla: true, ...expected });
    if (report.ReasonCode !== undefined) expect(report.ReasonCodeDescription).toEqual(expect.any(String));
  });

  it('mirrors 422 (participant not found) and 424 (participant down) with their error body', async () => {
    const unknown = await check('99999912345678', ',,Jane Smith');
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toEqual({ Error: { Reason: expect.any(String), ParticipantName: null } });
    const down = await check('40000012345678', ',,Jane Smith');
    expect(down.status).toBe(424);
    expect(await down.json()).toEqual({
      Error: { Reason: expect.any(String), ParticipantName: 'Harbour Bank' },
    });
  });

  it('IVCR until the secondary reference the SRD check says is required is given', async () => {
    const srd = await send('POST', SRD, {
      SchemeName: 'SortCodeAccountNumber',
      Identification: '20000011112222',
    });
    expect(await srd.json()).toEqual({
      Data: { Required: true, BankName: 'Northgate Bank', Identification: '20000011112222' },
    });
    expect(await reportOf(await check('20000011112222', ',,Robert Brown'))).toMatchObject({
      ReasonCode: 'IVCR',
    });
    expect(
      await reportOf(
        await check('20000011112222', ',,Robert Brown', 'Personal', { SecondaryIdentification: 'ROLL-42' }),
      ),
    ).toMatchObject({ Matched: true });
  });

  it('answers for a payee added through /__sim/, with the close-match threshold from the config', async () => {
    expect(
      (await admin('/__sim/name-checks/participants/500000', { name: 'Moorland Bank' }, 'PUT')).status,
    ).toBe(200);
    expect(
      (
        await admin(
          '/__sim/name-checks/payees/50000000001234',
          { name: 'John Smith', legalOwnerType: 'Personal' },
          'PUT',
        )
      ).status,
    ).toBe(200);
    expect(await reportOf(await check('50000000001234', ',,Jane Smith'))).toMatchObject({
      ReasonCode: 'ANNM',
    });
    await admin('/__sim/name-checks/config', { closeMatchThreshold: 0.85 }, 'PATCH');
    expect(await reportOf(await check('50000000001234', ',,Jane Smith'))).toMatchObject({
      ReasonCode: 'MBAM',
      Name: 'John Smith',
      MatchedBank: 'Moorland Bank',
    });
    await admin('/__sim/name-checks/config', { closeMatchThreshold: 0.9 }, 'PATCH');
  });

  it('refuses a structured name for a business account, a 13-digit identification and unknown members: 400, nothing sent', async () => {
    const before = (await requestsTo(VERIFY)).length;
    const refused: Array<[Record<string, string>, string]> = [
      [{ LegalOwnerType: 'Business', OwnerName: 'Mr, John, Smith' }, 'OwnerName'],
      [{ Identification: '2000001234567' }, 'Identification'],
      [{ ownerName: ',,Jane Smith' }, 'ownerName'],
    ];
    for (const [body, property] of refused) {
      const response = await send('POST', VERIFY, {
        SchemeName: 'SortCodeAccountNumber',
        LegalOwnerType: 'Personal',
        OwnerName: ',,Jane Smith',
        Identification: '20000012345678',
        ...body,
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { errors: Record<string, unknown> }).errors).toHaveProperty([
        property,
      ]);
    }
    expect(await requestsTo(VERIFY)).toHaveLength(before);
  });
});

describe("responder settings: the simulated bank's own accounts answer inbound checks", () => {
  it('matches an inbound check on the owner name, answers OPTO once opted out, and again after opting in', async () => {
    const created = await send('POST', '/v3/Accounts', {
      accountName: 'Client',
      owner: { name: 'Acme' },
      sortCode: '040004',
    });
    const account = ((await created.json()) as { account: { id: string; bban: string } }).account;
    expect(
      (
        await send('PATCH', `/v1/Accounts/${account.id}`, {
          ownerName: 'Wren Holdings Ltd',
          legalOwnerType: 'Business',
          relationshipType: 'Single',
        })
      ).status,
    ).toBe(204);
    const inbound = async () => {
      const response = await admin('/__sim/name-checks/inbound', {
        Identification: account.bban.slice(4),
        LegalOwnerType: 'Business',
        OwnerName: ',,Wren Holdings Ltd',
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { Data: { VerificationReport: Report } }).Data.VerificationReport;
    };
    expect(await inbound()).toMatchObject({ Matched: true });

    const path = `/v1/Cop/opt/accounts/${account.id}`;
    const before = (await requestsTo(path)).length;
    const noReason = await send('PUT', path, { optOut: true });
    expect(noReason.status).toBe(400);
    expect(await noReason.json()).toMatchObject({ errors: { optOutReason: [expect.any(String)] } });
    expect(await requestsTo(path)).toHaveLength(before);

    expect((await send('PUT', path, { optOut: true, optOutReason: 'Client money account' })).status).toBe(
      204,
    );
    expect(await inbound()).toMatchObject({ Matched: false, ReasonCode: 'OPTO' });
    expect((await send('PUT', path, { optOut: true, optOutReason: 'Pooled client money' })).status).toBe(200);
    expect((await send('PUT', path, { optOut: false })).status).toBe(204);
    expect(await inbound()).toMatchObject({ Matched: true });
  });

  it('a virtual account: not supported until its owner type is set, then matched, then OPTO once opted out', async () => {
    const created = await send('POST', '/v3/Accounts', {
      accountName: 'Pooled',
      owner: { name: 'Acme' },
      sortCode: '040004',
    });
    const accountId = ((await created.json()) as { account: { id: string } }).account.id;
    const virtualAccounts = [
      { ownerName: 'Ada Lovelace', accountIdentifier: { externalIdentifier: 'ada-1' } },
    ];
    expect((await send('POST', `/v2/Accounts/${accountId}/Virtual`, { virtualAccounts })).status).toBe(202);
    type Created = { AccountId: string; VirtualAccountId: string; AccountIdentifier: { Bban: string } };
    const payload = (await world.events())
      .filter((event) => event.detailType === 'VirtualAccountCreated')
      .map((event) => (event.detail as unknown as { payload: Created }).payload)
      .find((created) => created.AccountId === accountId);
    if (payload === undefined) throw new Error('no VirtualAccountCreated event for the account');
    const inbound = async () => {
      const response = await admin('/__sim/name-checks/inbound', {
        Identification: payload.AccountIdentifier.Bban.slice(4),
        LegalOwnerType: 'Personal',
        OwnerName: 'Ms, Ada, Lovelace',
      });
      return ((await response.json()) as { Data: { VerificationReport: Report } }).Data.VerificationReport;
    };
    expect(await inbound()).toMatchObject({ Matched: false, ReasonCode: 'ACNS' });
    const virtualPath = `/v1/Accounts/${accountId}/Virtual/${payload.VirtualAccountId}`;
    expect(
      (await send('PATCH', virtualPath, { legalOwnerType: 'Personal', relationshipType: 'Single' })).status,
    ).toBe(204);
    expect(await inbound()).toMatchObject({ Matched: true });
    const optPath = `/v1/Cop/opt/accounts/${accountId}/virtual/${payload.VirtualAccountId}`;
    expect((await send('PUT', optPath, { optOut: true, optOutReason: 'Pooled client money' })).status).toBe(
      204,
    );
    expect(await inbound()).toMatchObject({ Matched: false, ReasonCode: 'OPTO' });
  });

  it('answers 404 for an account the bank does not know', async () => {
    const response = await send('PUT', `/v1/Cop/opt/accounts/${randomUUID()}`, { optOut: false });
    expect(response.status).toBe(404);
  });
});
