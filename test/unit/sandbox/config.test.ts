import { describe, expect, it } from 'vitest';
import { readConfig, readStartArguments } from '#local/config.js';

describe('the sandbox reads its settings from the environment and names what is wrong', () => {
  it('uses ports 3000 and 3001 and the built-in simulator by default', () => {
    expect(readConfig({})).toMatchObject({ port: 3000, simPort: 3001, bankUrl: undefined, home: '.sandbox' });
  });

  it('keeps 10,000 events by default, or as many as CLEARWAY_EVENT_LIMIT says', () => {
    expect(readConfig({}).eventLimit).toBe(10_000);
    expect(readConfig({ CLEARWAY_EVENT_LIMIT: '500' }).eventLimit).toBe(500);
  });

  it.each([
    [{ CLEARWAY_PORT: 'abc' }, 'CLEARWAY_PORT must be a port number from 1 to 65535, got "abc"'],
    [{ CLEARWAY_SIM_PORT: '70000' }, 'CLEARWAY_SIM_PORT must be a port number from 1 to 65535, got "70000"'],
    [
      { CLEARWAY_PORT: '4000', CLEARWAY_SIM_PORT: '4000' },
      'CLEARWAY_PORT and CLEARWAY_SIM_PORT are both 4000',
    ],
    [{ CLEARWAY_BANK_URL: 'bank.example' }, 'CLEARWAY_BANK_URL must be an http(s) URL'],
    [
      { CLEARWAY_BANK_URL: 'https://bank.example', CLEARWAY_API_TOKEN: 't' },
      'CLEARWAY_SIGNING_KEY, CLEARWAY_BANK_PUBLIC_KEY must be set too',
    ],
    [{ CLEARWAY_OVERDRAFT_AGREEMENT: 'yes' }, 'CLEARWAY_OVERDRAFT_AGREEMENT must be true or false'],
    [{ CLEARWAY_PATH_SIGNATURE: 'on' }, 'CLEARWAY_PATH_SIGNATURE must be true or false'],
    [{ CLEARWAY_EVENT_LIMIT: '0' }, 'CLEARWAY_EVENT_LIMIT must be a whole number from 1 to 1000000, got "0"'],
    [
      { CLEARWAY_EVENT_LIMIT: '1e4' },
      'CLEARWAY_EVENT_LIMIT must be a whole number from 1 to 1000000, got "1e4"',
    ],
  ])('refuses %j', (env, message) => {
    expect(() => readConfig(env)).toThrow(message);
  });

  it('leaves the path-based signature off (the UK entity) unless CLEARWAY_PATH_SIGNATURE=true', () => {
    expect(readConfig({}).pathSignature).toBe(false);
    expect(readConfig({ CLEARWAY_PATH_SIGNATURE: 'false' }).pathSignature).toBe(false);
    expect(readConfig({ CLEARWAY_PATH_SIGNATURE: 'true' }).pathSignature).toBe(true);
  });

  it('keeps name checks 24 hours with the policy off by default, and takes both from the environment', () => {
    expect(readConfig({}).nameChecks).toEqual({ ttlHours: 24, policy: { mode: 'off' } });
    expect(
      readConfig({
        CLEARWAY_NAME_CHECK_TTL_HOURS: '2',
        CLEARWAY_NAME_CHECK_POLICY: 'refuse-no-match',
        CLEARWAY_NAME_CHECK_REQUIRE_ABOVE: '500.00',
      }).nameChecks,
    ).toEqual({ ttlHours: 2, policy: { mode: 'refuse-no-match', requireAbove: '500.00' } });
  });

  it.each([
    [{ CLEARWAY_NAME_CHECK_POLICY: 'strict' }, 'CLEARWAY_NAME_CHECK_POLICY must be off or refuse-no-match'],
    [
      { CLEARWAY_NAME_CHECK_REQUIRE_ABOVE: '100' },
      'CLEARWAY_NAME_CHECK_REQUIRE_ABOVE needs CLEARWAY_NAME_CHECK_POLICY=refuse-no-match',
    ],
    [
      { CLEARWAY_NAME_CHECK_TTL_HOURS: '0' },
      'CLEARWAY_NAME_CHECK_TTL_HOURS must be whole hours from 1 to 8760',
    ],
  ])('refuses the name-check setting %j as a ConfigError', (env, message) => {
    expect(() => readConfig(env)).toThrow(
      expect.objectContaining({ name: 'ConfigError', message: expect.stringContaining(message) }),
    );
  });

  it('accepts another bank when its token and keys are given', () => {
    const config = readConfig({
      CLEARWAY_BANK_URL: 'https://bank.example/api',
      CLEARWAY_API_TOKEN: 'token',
      CLEARWAY_SIGNING_KEY: 'institution.pem',
      CLEARWAY_BANK_PUBLIC_KEY: 'bank.pem',
      CLEARWAY_OVERDRAFT_AGREEMENT: 'true',
    });
    expect(config).toMatchObject({ bankUrl: 'https://bank.example/api', overdraftAgreement: true });
  });
});

describe('npm start takes one argument, --fresh', () => {
  it('resumes the kept state unless told --fresh', () => {
    expect(readStartArguments([])).toEqual({ fresh: false });
    expect(readStartArguments(['--fresh'])).toEqual({ fresh: true });
  });

  it('names an argument it does not know as a ConfigError, and the one it takes', () => {
    expect(() => readStartArguments(['--clean'])).toThrow(
      expect.objectContaining({
        name: 'ConfigError',
        message: 'unknown argument --clean; the only one is --fresh (begin with a clean state)',
      }),
    );
  });
});
