import { describe, expect, it } from 'vitest';
import { linksToGateway } from '#shared/gateway/hal-links.js';

const bank = 'https://institution-api.clearbank.co.uk';
const gateway = 'https://abc123.execute-api.eu-west-2.amazonaws.com/live';

describe("the bank's links are pointed at the gateway", () => {
  it('rewrites every link to the bank, keeping path, query and templates', () => {
    const body = JSON.stringify({
      accounts: [],
      halLinks: [
        { name: 'self', href: `${bank}/v3/Accounts?pageNumber=2&pageSize=1` },
        { name: 'Account', href: `${bank}/v3/Accounts/{accountId}`, templated: true },
      ],
      account: { halLinks: [{ name: 'self', href: `${bank}/v2/Accounts/a-1` }] },
    });

    expect(JSON.parse(linksToGateway(body, bank, gateway))).toEqual({
      accounts: [],
      halLinks: [
        { name: 'self', href: `${gateway}/v3/Accounts?pageNumber=2&pageSize=1` },
        { name: 'Account', href: `${gateway}/v3/Accounts/{accountId}`, templated: true },
      ],
      account: { halLinks: [{ name: 'self', href: `${gateway}/v2/Accounts/a-1` }] },
    });
  });

  it('keeps every digit of the numbers beside the links', () => {
    const body = `{"amount":0.1000000000000000055511151231257827,"minor":100.50,"halLinks":[{"name":"self","href":"${bank}/v3/Accounts"}]}`;

    expect(linksToGateway(body, bank, gateway)).toBe(
      `{"amount":0.1000000000000000055511151231257827,"minor":100.50,"halLinks":[{"name":"self","href":"${gateway}/v3/Accounts"}]}`,
    );
  });

  it('leaves links elsewhere, a host that only starts like the bank’s, and bodies that are not JSON as they are', () => {
    const elsewhere = `{"halLinks":[{"name":"x","href":"https://blue-institution-sim.clearbank.co.uk/v1/Accounts"},{"name":"y","href":"${bank}.evil.example/v3/Accounts"}]}`;

    expect(linksToGateway(elsewhere, bank, gateway)).toBe(elsewhere);
    expect(linksToGateway(`{"href":"${bank}/v3/Accounts"`, bank, gateway)).toBe(
      `{"href":"${bank}/v3/Accounts"`,
    );
    expect(linksToGateway('', bank, gateway)).toBe('');
  });

  it('returns the bank’s bytes untouched when nothing changes, white space included', () => {
    const body = '{ "halLinks" : [ ] }';

    expect(linksToGateway(body, bank, gateway)).toBe(body);
  });
});
