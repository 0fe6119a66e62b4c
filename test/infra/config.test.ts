import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, environments, loadConfig } from '#lib/config.js';

const fromContext = (context: Record<string, unknown>) => loadConfig((key) => context[key]);

describe('the CDK configuration is one typed record per bank environment', () => {
  it('defaults to simulation when no env is given', () => {
    expect(fromContext({}).envName).toBe('simulation');
  });

  it('chooses production with env=production and its own bank address ranges', () => {
    const config = fromContext({ env: 'production', alarmEmail: 'treasury-ops@example.com' });
    expect(config.envName).toBe('production');
    expect(config.webhookSourceRanges).toEqual([
      '51.145.122.32/28',
      '172.187.179.192/28',
      '172.187.243.32/28',
      '20.117.189.64/28',
    ]);
    expect(config.bankBaseUrl).toMatch(/^https:\/\//);
  });

  it('carries the simulation address ranges for simulation', () => {
    expect(fromContext({ env: 'simulation' }).webhookSourceRanges).toEqual([
      '51.145.122.16/28',
      '20.39.213.0/28',
      '172.187.147.144/28',
      '20.117.212.176/28',
    ]);
  });

  it('leaves the path-based signature off in both environments unless pathSignature=true says so', () => {
    expect(environments.simulation.pathSignature).toBe(false);
    expect(environments.production.pathSignature).toBe(false);
    expect(
      fromContext({ env: 'production', alarmEmail: 'treasury-ops@example.com', pathSignature: 'true' })
        .pathSignature,
    ).toBe(true);
    expect(fromContext({ pathSignature: false }).pathSignature).toBe(false);
    expect(() => fromContext({ pathSignature: 'yes' })).toThrow(/pathSignature must be true or false/);
  });

  it('refuses production without an alarm target, naming both context keys; simulation may go without', () => {
    expect(() => fromContext({ env: 'production' })).toThrow(ConfigError);
    expect(() => fromContext({ env: 'production' })).toThrow(/-c alarmEmail=.*-c alarmTopicArn=/);
    expect(
      fromContext({ env: 'production', alarmTopicArn: 'arn:aws:sns:eu-west-2:123456789012:treasury' }).alarms,
    ).toEqual({ topicArn: 'arn:aws:sns:eu-west-2:123456789012:treasury' });
    expect(fromContext({ env: 'simulation' }).alarms).toEqual({});
  });

  it('refuses an unknown environment, naming the allowed values', () => {
    expect(() => fromContext({ env: 'staging' })).toThrow(ConfigError);
    expect(() => fromContext({ env: 'staging' })).toThrow(/"staging".*simulation, production/);
  });

  it('defaults to no provisioned concurrency, REGIONAL endpoint, no alarm target and the account root as admin', () => {
    const config = fromContext({});
    expect(config.receiver.provisionedConcurrency).toBe(0);
    expect(config.internalApi.endpointType).toBe('REGIONAL');
    expect(config.alarms).toEqual({});
    expect(config.adminPrincipalArn).toBeUndefined();
    expect(config.onboardingSignerArns).toEqual([]);
  });

  it('takes overrides from context, lists as comma-separated strings', () => {
    const config = fromContext({
      receiverProvisionedConcurrency: '3',
      alarmEmail: 'treasury-ops@example.com',
      internalApiEndpointType: 'PRIVATE',
      internalApiVpcEndpointIds: 'vpce-0a1b2c3d, vpce-0e0f',
      adminPrincipalArn: 'arn:aws:iam::123456789012:role/KeyAdmin',
    });
    expect(config.receiver.provisionedConcurrency).toBe(3);
    expect(config.alarms.email).toBe('treasury-ops@example.com');
    expect(config.internalApi.vpcEndpointIds).toEqual(['vpce-0a1b2c3d', 'vpce-0e0f']);
    expect(config.adminPrincipalArn).toBe('arn:aws:iam::123456789012:role/KeyAdmin');
  });

  it.each([
    [{ webhookSourceRanges: '51.145.122.16' }, /not an IPv4 CIDR/],
    [{ internalApiEndpointType: 'PRIVATE' }, /needs internalApiVpcEndpointIds/],
    [{ internalApiEndpointType: 'EDGE' }, /REGIONAL or PRIVATE/],
    [{ receiverProvisionedConcurrency: 'two' }, /whole number/],
    [{ receiverProvisionedConcurrency: '-1' }, /0 \(off\) or more/],
    [{ alarmEmail: 'not-an-address' }, /not an e-mail address/],
    [{ adminPrincipalArn: 'KeyAdmin' }, /not an IAM principal ARN/],
    [{ bankBaseUrl: 'http://bank.example' }, /https:\/\//],
    [{ alarmEmail: 'a@b.co', alarmTopicArn: 'arn:aws:sns:eu-west-2:123456789012:ops' }, /not both/],
  ])('refuses %j with a message naming the value', (context, message) => {
    expect(() => fromContext(context)).toThrow(message);
  });

  it('keeps the receiver timeout within the bank’s 5 second answer window in every environment', () => {
    for (const config of Object.values(environments))
      expect(config.receiver.timeoutSeconds).toBeLessThanOrEqual(5);
  });

  it('makes the CDK app exit with the message, not a stack trace, for an unknown environment', () => {
    const root = fileURLToPath(new URL('../../', import.meta.url));
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'bin/app.ts'], {
      cwd: root,
      env: { ...process.env, CDK_CONTEXT_JSON: JSON.stringify({ env: 'staging' }) },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Unknown environment "staging"');
    expect(result.stderr).toContain('simulation, production');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('the name-check settings', () => {
  it('keep checks 24 hours with the policy off by default', () => {
    expect(fromContext({}).nameChecks).toEqual({ ttlHours: 24, policy: { mode: 'off' } });
  });

  it('take the TTL, the policy and its threshold from context (numbers from cdk.json too)', () => {
    expect(
      fromContext({ nameCheckTtlHours: 48, nameCheckPolicy: 'refuse-no-match', nameCheckRequireAbove: 1000 })
        .nameChecks,
    ).toEqual({ ttlHours: 48, policy: { mode: 'refuse-no-match', requireAbove: '1000' } });
  });

  it.each([
    [{ nameCheckPolicy: 'on' }, 'nameCheckPolicy must be off or refuse-no-match, got "on".'],
    [{ nameCheckRequireAbove: '10' }, 'nameCheckRequireAbove needs nameCheckPolicy=refuse-no-match.'],
    [{ nameCheckTtlHours: '1.5' }, 'nameCheckTtlHours must be whole hours from 1 to 8760, got "1.5".'],
    [{ nameCheckTtlHours: true }, 'A name-check setting must be text or a number, got true.'],
  ])('refuse %j with a ConfigError naming the key', (context, message) => {
    expect(() => fromContext(context)).toThrow(new ConfigError(message));
  });
});
