import { describe, expect, it } from 'vitest';
import { buildAtColdStart, once, requireEnv } from '#shared/runtime/aws-common.js';

describe('composition roots on AWS report their settings at cold start', () => {
  it('names a missing environment variable', () => {
    expect(() => requireEnv('CLEARWAY_SURELY_UNSET')).toThrow(
      'environment variable CLEARWAY_SURELY_UNSET is not set; the CDK stack sets it for this function',
    );
  });

  it('builds the adapters during a Lambda init, so a wrong setting fails the cold start', () => {
    const root = once(() => requireEnv('CLEARWAY_SURELY_UNSET'));
    expect(() => buildAtColdStart(root, { AWS_LAMBDA_FUNCTION_NAME: 'clearway-test' })).toThrow(
      /CLEARWAY_SURELY_UNSET/,
    );
  });

  it('leaves them to the sandbox outside Lambda', () => {
    let built = 0;
    buildAtColdStart(() => built++, {});
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
