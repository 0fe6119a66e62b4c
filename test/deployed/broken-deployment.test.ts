import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ENV } from '#shared/config/function-environment.js';
import type { CfnTemplate } from '../infra/synth.js';
import { resourcesOfType, variablesOf } from '../infra/synth.js';
import { deployedAssemblies } from './assemblies.js';
import { LocalDeployment } from './deployment.js';

/**
 * A deployment mistake the sandbox could not see fails here, naming the function and what is missing: a
 * grant removed from a copy of the template, a variable removed from a function's environment.
 */
let deployment: LocalDeployment | undefined;
afterEach(async () => {
  await deployment?.close();
  deployment = undefined;
});

const { simulation: assemblyDir } = await deployedAssemblies();

/** Removes `action` from every statement of the policies attached to the function's role. */
function withoutGrant(stateless: CfnTemplate, functionPrefix: string, action: string): void {
  for (const [logicalId, policy] of resourcesOfType(stateless, 'AWS::IAM::Policy')) {
    if (!logicalId.startsWith(`${functionPrefix}Role`)) continue;
    const document = policy.Properties?.PolicyDocument as { Statement: { Action: string | string[] }[] };
    document.Statement = document.Statement.flatMap((statement) => {
      const actions = [statement.Action].flat().filter((name) => name !== action);
      return actions.length === 0 ? [] : [{ ...statement, Action: actions }];
    });
  }
}

function withoutVariable(stateless: CfnTemplate, functionPrefix: string, name: string): void {
  for (const [logicalId, fn] of resourcesOfType(stateless, 'AWS::Lambda::Function')) {
    if (logicalId.startsWith(`${functionPrefix}Function`)) delete variablesOf(fn)[name];
  }
}

describe('a broken copy of the simulation templates', () => {
  it('without kms:Sign on the sterling-accounts role: the write fails and the denial names function and action', async () => {
    deployment = await LocalDeployment.start({
      assemblyDir,
      only: ['sterling-accounts'],
      alter: ({ stateless }) => withoutGrant(stateless, 'SterlingAccounts', 'kms:Sign'),
    });

    const response = await fetch(`${deployment.internalApiUrl}/v3/Accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ accountName: 'Denied', owner: { name: 'Acme Ltd' }, sortCode: '040004' }),
    });

    expect(response.status).toBeGreaterThanOrEqual(500);
    expect(deployment.bank.requests.filter((request) => request.path === '/v3/Accounts')).toEqual([]);
    expect(deployment.denials()).toEqual([
      expect.stringMatching(
        /^sterling-accounts was denied kms:Sign on arn:aws:kms:eu-west-2:123456789012:key\/[0-9a-f-]+/,
      ),
    ]);
  });

  it('without IDEMPOTENCY_TABLE on the payments function: the deployment does not start, naming both', async () => {
    const started = LocalDeployment.start({
      assemblyDir,
      only: ['payments'],
      alter: ({ stateless }) => withoutVariable(stateless, 'Payments', ENV.idempotencyTable),
    });

    await expect(started).rejects.toThrow(/payments .*cold start.*IDEMPOTENCY_TABLE is not set/);
  });

  it('without the permission that lets API Gateway invoke gateway-signing-key: 500, and the denial names it', async () => {
    deployment = await LocalDeployment.start({
      assemblyDir,
      only: ['gateway-signing-key'],
      alter: ({ api }) => {
        for (const [logicalId, permission] of resourcesOfType(api, 'AWS::Lambda::Permission')) {
          if (JSON.stringify(permission.Properties?.FunctionName).includes('GatewaySigningKey'))
            delete api.Resources[logicalId];
        }
      },
    });

    const response = await fetch(`${deployment.internalApiUrl}/gateway/signing-key`);

    expect(response.status).toBe(500);
    expect(deployment.denials()).toEqual([
      expect.stringMatching(
        /^apigateway\.amazonaws\.com was denied lambda:InvokeFunction on gateway-signing-key from arn:aws:execute-api:.*\/GET\/gateway\/signing-key$/,
      ),
    ]);
  });
});
