import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isValidUkIban } from '#shared/domain/iban.js';
import { testSandbox } from '../support/sandbox.js';

/**
 * Sterling real and virtual accounts end to end in the sandbox: gateway (rules, idempotency, signing),
 * simulated bank (state, 409s, webhooks) and the webhook pipeline (events).
 */

let world: Awaited<ReturnType<typeof testSandbox>>;

beforeAll(async () => {
  world = await testSandbox();
});
afterAll(() => world.sandbox.close());
beforeEach(() => world.simulator.clearRequests());
/** The bank's HAL links are absolute; the gateway points them at itself. */
const linkBase = () => world.sandbox.gatewayUrl;

interface Account {
  id: string;
  name: string;
  label: string;
  iban: string;
  bban: string;
  status: string;
  statusReason?: string;
  minimumBalance?: { amount: number };
}
interface HalLink {
  name: string;
  href: string;
  templated?: boolean;
}
interface Page {
  accounts: Account[];
  halLinks: HalLink[];
}
type Event = {
  detailType: string;
  detail: { key: string; version: number; payload: Record<string, unknown> };
};

/** A call through the gateway; every write gets a fresh Idempotency-Key unless `key` says otherwise (null: none). */
const send = (method: string, path: string, body?: unknown, key: string | null = randomUUID()) =>
  world.gateway(path, {
    method,
    headers: {
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(key !== null && { 'idempotency-key': key }),
    },
    ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
const get = async <T>(path: string): Promise<T> => {
  const response = await world.gateway(path);
  expect(response.status).toBe(200);
  return (await response.json()) as T;
};
const eventsAbout = async (accountId: string) =>
  ((await world.events()) as unknown as Event[]).filter(
    (event) => event.detail.payload.AccountId === accountId,
  );

async function openAccount(accountName = 'Client money', sortCode = '040004'): Promise<Account> {
  const response = await send('POST', '/v3/Accounts', { accountName, owner: { name: 'Acme Ltd' }, sortCode });
  expect(response.status).toBe(201);
  return ((await response.json()) as { account: Account }).account;
}

describe('a real account is created once, with plausible identifiers, and announced', () => {
  it('answers 201 with the v3 account and its links, and AccountCreated becomes an event', async () => {
    const body = '{"accountName":"Operating account","owner":{"name":"Acme Ltd"},"sortCode":"040004"}';
    const response = await send('POST', '/v3/Accounts', body);

    expect(response.status).toBe(201);
    const { account, halLinks } = (await response.json()) as { account: Account; halLinks: HalLink[] };
    expect(account).toMatchObject({ name: 'Operating account', label: 'Acme Ltd', status: 'Enabled' });
    expect(account.bban).toMatch(/^CLRB040004\d{8}$/);
    expect(account.iban).toBe(`GB${account.iban.slice(2, 4)}${account.bban}`);
    expect(isValidUkIban(account.iban)).toBe(true);
    expect(halLinks.map((link) => link.name)).toEqual(['self', 'Transactions', 'Mandates']);

    const [event] = await eventsAbout(account.id);
    expect(event?.detailType).toBe('AccountCreated');
    expect(event?.detail.version).toBe(1);
    expect(event?.detail.payload).toMatchObject({
      AccountName: 'Operating account',
      AccountHolderLabel: 'Acme Ltd',
      AccountIdentifiers: { IBAN: account.iban, BBAN: account.bban },
    });
  });

  it('reaches the bank as the spec describes: path, method, X-Request-Id, signature and the exact body', async () => {
    const body = '{ "accountName": "Spacing kept", "owner": {"name": "Acme Ltd"}, "sortCode": "040004" }';
    await send('POST', '/v3/Accounts', body);

    expect(world.simulator.requests).toHaveLength(1);
    const [request] = world.simulator.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v3/Accounts', body, status: 201 });
    expect(request?.headers['x-request-id']).toMatch(/^.{1,83}$/);
    expect(request?.headers.digitalsignature).toBeTruthy();
    expect(request?.headers.authorization).toMatch(/^Bearer /);
  });

  it('answers a repeated create with the same Idempotency-Key with the first answer, calling the bank once', async () => {
    const key = randomUUID();
    const body = { accountName: 'Once only', owner: { name: 'Acme Ltd' }, sortCode: '040004' };
    const first = await send('POST', '/v3/Accounts', body, key);
    const second = await send('POST', '/v3/Accounts', body, key);

    expect(second.status).toBe(201);
    expect(await second.text()).toBe(await first.text());
    expect(world.simulator.requests).toHaveLength(1);
  });

  it('refuses a create without an Idempotency-Key, before any bank call', async () => {
    const response = await send(
      'POST',
      '/v3/Accounts',
      { accountName: 'No key', owner: { name: 'Acme Ltd' }, sortCode: '040004' },
      null,
    );

    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: object }).errors).toHaveProperty('Idempotency-Key');
    expect(world.simulator.requests).toHaveLength(0);
  });

  it('refuses a rule-breaking create with 400 naming each property, and the bank is never called', async () => {
    const response = await send('POST', '/v3/Accounts', {
      accountName: 'Acme + Sons',
      owner: { name: 'Acme' },
      sortCode: '04-00-04',
      colour: 'blue',
    });

    expect(response.status).toBe(400);
    const problem = (await response.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(problem.errors).sort()).toEqual(['accountName', 'colour', 'sortCode']);
    expect(world.simulator.requests).toHaveLength(0);
  });
});

describe('real accounts are listed in pages and read in both representations', () => {
  it('pages the list with pageNumber and pageSize, with previous and next links', async () => {
    for (const name of ['Paged one', 'Paged two', 'Paged three']) await openAccount(name);
    const all = await get<Page>('/v3/Accounts?pageSize=1000');
    const total = all.accounts.length;
    expect(total).toBeGreaterThanOrEqual(3);

    const last = await get<Page>(`/v3/Accounts?pageNumber=${total}&pageSize=1`);
    expect(last.accounts).toEqual([all.accounts.at(-1)]);
    expect(last.halLinks.map((link) => link.name)).toEqual(['self', 'previous', 'Account']);
    const first = await get<Page>('/v3/Accounts?pageNumber=1&pageSize=2');
    expect(first.accounts).toEqual(all.accounts.slice(0, 2));
    expect(first.halLinks).toContainEqual({
      name: 'next',
      href: `${linkBase()}/v3/Accounts?pageNumber=2&pageSize=2`,
    });
    expect(first.halLinks).toContainEqual({
      name: 'Account',
      href: `${linkBase()}/v3/Accounts/{accountId}`,
      templated: true,
    });
    expect((await get<Page>(`/v3/Accounts?pageNumber=${total + 1}`)).accounts).toEqual([]);
  });

  it('refuses paging out of range (0, negative, not a number, too large) with 400 and no bank call', async () => {
    for (const query of ['pageNumber=0', 'pageSize=-1', 'pageSize=ten', 'pageSize=1001', 'page=2']) {
      const response = await world.gateway(`/v3/Accounts?${query}`);
      expect(response.status, query).toBe(400);
    }
    expect(world.simulator.requests).toHaveLength(0);
  });

  it('gives v3 with status and minimumBalance, and v2 with the older fields only', async () => {
    const account = await openAccount('Two shapes');

    const v3 = await get<{ account: Record<string, unknown> }>(`/v3/Accounts/${account.id}`);
    const v2 = await get<{ account: Record<string, unknown>; halLinks: HalLink[] }>(
      `/v2/Accounts/${account.id}`,
    );

    expect(v3.account).toMatchObject({ id: account.id, status: 'Enabled', statusReason: 'NotProvided' });
    expect(v3.account.minimumBalance).toMatchObject({ amount: 0, currency: 'GBP' });
    expect(Object.keys(v2.account).sort()).toEqual(
      ['balances', 'bban', 'cuid', 'currency', 'iban', 'id', 'label', 'name', 'type', 'upic'].sort(),
    );
    expect(v2.halLinks[0]).toEqual({ name: 'self', href: `${linkBase()}/v2/Accounts/${account.id}` });
    expect((await world.gateway('/v3/Accounts/3fa85f64-5717-4562-b3fc-2c963f66afa6')).status).toBe(404);
    expect((await world.gateway('/v3/Accounts/no-such-account')).status).toBe(400);
  });
});

describe('a real account is amended and changes status within the state rules', () => {
  it('amends owner name, legal owner type and minimum balance (204) and shows them', async () => {
    const account = await openAccount('Amended');
    world.simulator.clearRequests();
    const amend = { ownerName: 'Acme Holdings', legalOwnerType: 'Business', minimumBalance: 250.5 };

    const response = await send('PATCH', `/v1/Accounts/${account.id}`, amend);

    expect(response.status).toBe(204);
    const { account: read } = await get<{ account: Account }>(`/v3/Accounts/${account.id}`);
    expect(read.label).toBe('Acme Holdings');
    expect(read.minimumBalance?.amount).toBe(250.5);
    const [request] = world.simulator.requests;
    expect(request).toMatchObject({
      method: 'PATCH',
      path: `/v1/Accounts/${account.id}`,
      body: JSON.stringify(amend),
    });
    expect(request?.headers.digitalsignature).toBeTruthy();
  });

  it('refuses an overdraft without an agreement, and Joint for a Business, before any bank call', async () => {
    const account = await openAccount('Refused amend');
    world.simulator.clearRequests();

    const overdraft = await send('PATCH', `/v1/Accounts/${account.id}`, { minimumBalance: -100 });
    const joint = await send('PATCH', `/v1/Accounts/${account.id}`, {
      legalOwnerType: 'Business',
      relationshipType: 'Joint',
    });

    expect(overdraft.status).toBe(400);
    expect(((await overdraft.json()) as { errors: object }).errors).toHaveProperty('minimumBalance');
    expect(joint.status).toBe(400);
    expect(((await joint.json()) as { errors: object }).errors).toHaveProperty('relationshipType');
    expect(world.simulator.requests).toHaveLength(0);
  });

  it('suspends with a reason, refuses the same status again (409), closes, and a closed account is final and unlisted', async () => {
    const account = await openAccount('Lifecycle');
    const patch = (body: object) => send('PATCH', `/v1/Accounts/${account.id}`, body);

    expect((await patch({ status: 'Suspended', statusReason: 'FraudThirdParty' })).status).toBe(204);
    const again = await patch({ status: 'Suspended', statusReason: 'Other' });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { detail: string }).detail).toMatch(/already Suspended/);
    expect((await get<{ account: Account }>(`/v3/Accounts/${account.id}`)).account).toMatchObject({
      status: 'Suspended',
      statusReason: 'FraudThirdParty',
    });

    expect((await patch({ status: 'Closed', statusReason: 'CompanyNoLongerTrading' })).status).toBe(204);
    expect((await patch({ status: 'Enabled' })).status).toBe(409);
    const listed = await get<Page>('/v3/Accounts?pageSize=1000');
    expect(listed.accounts.map((listedAccount) => listedAccount.id)).not.toContain(account.id);
    expect((await get<{ account: Account }>(`/v3/Accounts/${account.id}`)).account.status).toBe('Closed');
  });
});

describe('virtual accounts are created asynchronously, amended and disabled', () => {
  let real: Account;
  beforeAll(async () => {
    real = await openAccount('Virtual parent', '040075');
  });

  it('answers 202, then one event per requested account: created, and failed with its Errors map', async () => {
    const body = {
      virtualAccounts: [
        { ownerName: 'Jane Doe', accountIdentifier: { externalIdentifier: 'customer-1' } },
        { ownerName: 'Wrong Sort', accountIdentifier: { bban: 'CLRB99999912345678' } },
      ],
    };
    const response = await send('POST', `/v2/Accounts/${real.id}/Virtual`, body);

    expect(response.status).toBe(202);
    expect(((await response.json()) as { halLinks: HalLink[] }).halLinks[0]).toEqual({
      name: 'self',
      href: `${linkBase()}/v2/Accounts/${real.id}/Virtual`,
    });
    const events = (await eventsAbout(real.id)).filter((event) => event.detailType.startsWith('Virtual'));
    const created = events.find((event) => event.detailType === 'VirtualAccountCreated');
    const failed = events.find((event) => event.detailType === 'VirtualAccountCreationFailed');
    expect(created?.detail).toMatchObject({ version: 3, payload: { OwnerName: 'Jane Doe' } });
    expect(created?.detail.payload.AccountIdentifier).toMatchObject({ ExternalIdentifier: 'customer-1' });
    const { Iban } = (created?.detail.payload.AccountIdentifier ?? {}) as { Iban?: string };
    expect(isValidUkIban(Iban ?? '')).toBe(true);
    expect(failed?.detail).toMatchObject({
      version: 3,
      payload: { OwnerName: 'Wrong Sort', AccountIdentifier: { Bban: 'CLRB99999912345678' } },
    });
    expect(failed?.detail.payload.Errors).toEqual({ AccountBbanSortCode: 'Invalid Sort Code' });
  });

  it('reports a duplicate accountIdentifier as VirtualAccountCreationFailed', async () => {
    const body = {
      virtualAccounts: [{ ownerName: 'Jane Again', accountIdentifier: { externalIdentifier: 'customer-1' } }],
    };
    expect((await send('POST', `/v2/Accounts/${real.id}/Virtual`, body)).status).toBe(202);

    const failed = (await eventsAbout(real.id)).find(
      (event) =>
        event.detailType === 'VirtualAccountCreationFailed' &&
        event.detail.payload.OwnerName === 'Jane Again',
    );
    expect(failed?.detail.payload.Errors).toEqual({
      ExternalVirtualAccountIdNotUnique: 'External virtual account id is not unique',
    });
  });

  it('takes a supplied BBAN under the sort code, and fails bad identifiers and a duplicate within one request', async () => {
    const own = 'CLRB04007587654321';
    const body = {
      virtualAccounts: [
        { ownerName: 'Own BBAN', accountIdentifier: { bban: own } },
        { ownerName: 'Same BBAN', accountIdentifier: { bban: own } },
        { ownerName: 'Bad check', accountIdentifier: { iban: 'GB00CLRB04007511111111' } },
        { ownerName: 'Mismatch', accountIdentifier: { iban: 'GB82WEST12345698765432', bban: own } },
        { ownerName: 'Short BBAN', accountIdentifier: { bban: 'CLRB0400751234' } },
      ],
    };
    expect((await send('POST', `/v2/Accounts/${real.id}/Virtual`, body)).status).toBe(202);

    const events = await eventsAbout(real.id);
    const outcome = (ownerName: string) =>
      events.find((event) => event.detail.payload.OwnerName === ownerName);
    expect(outcome('Own BBAN')?.detail.payload.AccountIdentifier).toMatchObject({
      Bban: own,
      Iban: `GB77${own}`,
    });
    expect(isValidUkIban(`GB77${own}`)).toBe(true);
    expect(outcome('Same BBAN')?.detail.payload.Errors).toHaveProperty('AccountIdentifierNotUnique');
    expect(outcome('Bad check')?.detail.payload.Errors).toHaveProperty('AccountModulusFailed');
    expect(outcome('Mismatch')?.detail.payload.Errors).toHaveProperty('AccountModulusFailed');
    expect(outcome('Short BBAN')?.detail.payload.Errors).toHaveProperty('AccountModulusFailed');
    const failures = ['Same BBAN', 'Bad check', 'Mismatch', 'Short BBAN'].map(
      (name) => outcome(name)?.detailType,
    );
    expect(new Set(failures)).toEqual(new Set(['VirtualAccountCreationFailed']));
  });

  it('amends, disables (204) and still lists the disabled account, only under its own real account', async () => {
    const { accounts } = await get<Page>(`/v2/Accounts/${real.id}/Virtual`);
    const virtual = accounts.find((account) => account.name === 'Jane Doe') as Account;
    const path = `/v1/Accounts/${real.id}/Virtual/${virtual.id}`;

    expect((await send('PATCH', path, { ownerName: 'Jane Smith', legalOwnerType: 'Personal' })).status).toBe(
      204,
    );
    const other = await openAccount('Not the parent', '040075');
    expect((await send('DELETE', `/v1/Accounts/${other.id}/Virtual/${virtual.id}`)).status).toBe(404);
    world.simulator.clearRequests();
    expect((await send('DELETE', path)).status).toBe(204);

    const [request] = world.simulator.requests;
    expect(request).toMatchObject({ method: 'DELETE', path, body: '' });
    expect(request?.headers['x-request-id']).toBeTruthy();
    expect(request?.headers.digitalsignature).toBeUndefined();
    const read = await get<{ account: Account; halLinks: HalLink[] }>(
      `/v2/Accounts/${real.id}/Virtual/${virtual.id}`,
    );
    expect(read.account).toMatchObject({ name: 'Jane Smith', status: 'Disabled', label: 'Jane Smith' });
    expect(read.halLinks.map((link) => link.name)).toEqual(['self', 'Account', 'Transactions', 'Mandates']);
    const institutionWide = await get<Page>('/v1/Accounts/Virtual?pageSize=1000');
    const listed = institutionWide.accounts.find((account) => account.id === virtual.id);
    expect(listed).toMatchObject({ status: 'Disabled', name: 'Jane Smith' });
    expect(listed).not.toHaveProperty('label');
    expect((await send('PATCH', path, { ownerName: 'Too Late' })).status).toBe(409);
  });

  it('keeps virtual accounts out of the real account list', async () => {
    const { accounts: virtual } = await get<Page>('/v1/Accounts/Virtual?pageSize=1000');
    const { accounts: realAccounts } = await get<Page>('/v3/Accounts?pageSize=1000');
    const realIds = new Set(realAccounts.map((account) => account.id));
    expect(virtual.length).toBeGreaterThan(0);
    expect(virtual.some((account) => realIds.has(account.id))).toBe(false);
  });
});
