import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSandbox } from '../support/sandbox.js';

/**
 * The bank's answers carry absolute HAL links to the bank; through the gateway they point at the gateway,
 * so a caller that follows them stays inside Clearway (the bank's address would need the token it never
 * holds).
 */

let world: Awaited<ReturnType<typeof testSandbox>>;

beforeAll(async () => {
  world = await testSandbox();
});
afterAll(() => world.sandbox.close());

interface HalLink {
  name: string;
  href: string;
  templated?: boolean;
}

const openAccount = (accountName: string, key: string = randomUUID()) =>
  world.gateway('/v3/Accounts', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify({ accountName, owner: { name: 'Acme Ltd' }, sortCode: '040004' }),
  });

/** Follows every link (a template with the account's id filled in) with a plain GET, as a caller would. */
async function follow(links: HalLink[], accountId: string): Promise<Array<[string, number]>> {
  return Promise.all(
    links.map(async ({ href }): Promise<[string, number]> => {
      const response = await fetch(href.replace('{accountId}', accountId));
      await response.body?.cancel();
      return [href, response.status];
    }),
  );
}

describe('links in the bank’s answers lead to the gateway', () => {
  it('gives a page of accounts whose every link the gateway answers, none to the bank', async () => {
    const accounts: string[] = [];
    for (const name of ['Linked one', 'Linked two', 'Linked three']) {
      const response = await openAccount(name);
      accounts.push(((await response.json()) as { account: { id: string } }).account.id);
    }

    const response = await world.gateway('/v3/Accounts?pageNumber=2&pageSize=1');
    const { halLinks } = (await response.json()) as { halLinks: HalLink[] };

    expect(halLinks.map((link) => link.name)).toEqual(['self', 'previous', 'next', 'Account']);
    for (const { href } of halLinks) {
      expect(href.startsWith(`${world.sandbox.gatewayUrl}/v3/Accounts`)).toBe(true);
      expect(href).not.toContain(world.simulator.url);
    }
    const calls = world.simulator.requests.length;
    for (const [href, status] of await follow(halLinks, accounts[0] as string))
      expect(status, href).toBe(200);
    // Each followed link went through the gateway, which called the bank once for it.
    expect(world.simulator.requests.length - calls).toBe(halLinks.length);
  });

  it('points the links of an answer kept for an Idempotency-Key at the gateway when it is given again', async () => {
    const key = randomUUID();
    const first = await openAccount('Linked again', key);
    const again = await openAccount('Linked again', key);

    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const links = ((await again.json()) as { halLinks: HalLink[] }).halLinks;
    expect(links).toEqual(((await first.json()) as { halLinks: HalLink[] }).halLinks);
    // An account's links, named as the reference's answers name them.
    expect(links.map((link) => link.name)).toEqual(['self', 'Transactions', 'Mandates']);
    for (const { href } of links) expect(href.startsWith(`${world.sandbox.gatewayUrl}/`)).toBe(true);
  });
});
