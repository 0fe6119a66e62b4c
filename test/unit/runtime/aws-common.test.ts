import { describe, expect, it } from 'vitest';
import { buildAtColdStart, once, requireEnv } from '#shared/runtime/aws-common.js';

describe('composition roots on AWS report their settings at cold start', () => {
  it('names a missing environment variable', () => {
    expect(() => requireEnv('CLEARWAY_SURELY_UNSET')).toThrow(
      'environment variable CLEARWAY_SURELY_UNSET is not set; the CDK stack sets it for this function',
    );
  });

  it('builds the adapters during a Lambda init, so a wrong setting fails the cold start', async () => {
    const root = once(() => requireEnv('CLEARWAY_SURELY_UNSET'));
    await expect(buildAtColdStart(root, { AWS_LAMBDA_FUNCTION_NAME: 'clearway-test' })).rejects.toThrow(
      /CLEARWAY_SURELY_UNSET/,
    );
  });

  it('waits for what a root loads lazily, and fails with it', async () => {
    const root = once(async () => {
      await Promise.resolve();
      throw new Error('the tracker could not be built');
    });
    await expect(buildAtColdStart(root, { AWS_LAMBDA_FUNCTION_NAME: 'clearway-test' })).rejects.toThrow(
      'the tracker could not be built',
    );
  });

  it('leaves them to the sandbox outside Lambda', async () => {
    let built = 0;
    await buildAtColdStart(() => built++, {});
    expect(built).toBe(0);
  });

  it('builds a root once however often it is asked for', () => {
    let built = 0;
    const root = once(() => ++built);
    root();
    root();
    expect(built).toBe(1);
  });
});
