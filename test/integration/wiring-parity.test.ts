import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as OperationHandler from '#functions/http/operation-handler.js';
import { operationFunctionNames } from '#lib/catalog.js';
import { ENV } from '#shared/config/function-environment.js';
import type { ForwardDependencies } from '#shared/gateway/forward-operation.js';
import type { Operation } from '#shared/operations/operation.js';
import type * as FamilyRuntime from '#shared/families/runtime.js';
import type { StateHook } from '#shared/webhooks/process.js';

/**
 * The sandbox and the AWS composition roots wire the same trackers and hooks: each side is built as it
 * runs (the sandbox started, each function's entry point imported with an environment like the stack's),
 * and what each operation handler and the processor were given is compared by name.
 */
type Dependencies = () => ForwardDependencies | Promise<ForwardDependencies>;

const seen = {
  handlers: [] as Array<{ operations: readonly Operation[]; dependencies: Dependencies }>,
  hookLists: [] as StateHook[][],
};

/** The variables the stack sets on the functions (lib/stateless-stack.ts), with stand-in values. */
const stackEnvironment = {
  [ENV.bankBaseUrl]: 'https://bank.test',
  [ENV.apiTokenSecretId]: 'api-token',
  [ENV.signingKeyId]: 'signing-key',
  [ENV.idempotencyTable]: 'idempotency',
  [ENV.environment]: 'simulation',
  [ENV.overdraftAgreement]: 'false',
  [ENV.pathSignature]: 'false',
  [ENV.eventBusName]: 'bus',
  [ENV.paymentsTable]: 'payments',
  [ENV.nameChecksTable]: 'name-checks',
  [ENV.nameCheckPolicy]: 'off',
  [ENV.nameCheckTtlHours]: '24',
  [ENV.fxTable]: 'fx',
  [ENV.mccyBatchesTable]: 'mccy-batches',
  [ENV.accountClosuresTable]: 'account-closures',
  [ENV.attentionTable]: 'attention',
  [ENV.mccyBatchWorkflowArn]: 'arn:aws:states:eu-west-2:123456789012:stateMachine:batches',
  [ENV.mccyOverdueAfterMinutes]: '240',
  [ENV.inboxTable]: 'inbox',
  [ENV.webhookDeadLetterQueueUrl]: 'https://sqs.eu-west-2.amazonaws.com/123456789012/dlq',
  [ENV.webhookBodyBucket]: 'bodies',
  [ENV.statementBucket]: 'statements',
  AWS_REGION: 'eu-west-2',
};

/** Each operation function's trackers by name, from the handlers built since the last call. */
async function trackersByFunction(): Promise<Record<string, string[]>> {
  const byFunction = Object.fromEntries(
    await Promise.all(
      seen.handlers.map(async ({ operations, dependencies }) => [
        operations[0]?.fn,
        Object.keys((await dependencies()).trackers ?? {}).sort(),
      ]),
    ),
  );
  seen.handlers.length = 0;
  return byFunction;
}

let sandboxTrackers: Record<string, string[]>;
let sandboxHooks: StateHook[][];

beforeAll(async () => {
  // Both sides are loaded afresh with these two recording what they are given, then used as they are.
  vi.doMock('../../functions/http/operation-handler.js', async (importOriginal) => {
    const original = await importOriginal<typeof OperationHandler>();
    return {
      ...original,
      createOperationHandler: (operations: readonly Operation[], dependencies: Dependencies) => {
        seen.handlers.push({ operations, dependencies });
        return original.createOperationHandler(operations, dependencies);
      },
    };
  });
  vi.doMock('../../shared/families/runtime.js', async (importOriginal) => {
    const original = await importOriginal<typeof FamilyRuntime>();
    return {
      ...original,
      processorHooks: async (...args: Parameters<typeof FamilyRuntime.processorHooks>) => {
        const hooks = await original.processorHooks(...args);
        seen.hookLists.push(hooks);
        return hooks;
      },
    };
  });
  vi.resetModules();
  const { testSandbox } = await import('../support/sandbox.js');
  const world = await testSandbox();
  await world.sandbox.close();
  sandboxTrackers = await trackersByFunction();
  sandboxHooks = seen.hookLists.splice(0);
  for (const [name, value] of Object.entries(stackEnvironment)) vi.stubEnv(name, value);
});

afterAll(() => {
  vi.doUnmock('#functions/http/operation-handler.js');
  vi.doUnmock('#shared/families/runtime.js');
  vi.resetModules();
  vi.unstubAllEnvs();
});

describe('the sandbox and the AWS composition roots wire the same families', () => {
  it('give every operation function the same trackers, by name', async () => {
    for (const fn of operationFunctionNames()) await import(`../../functions/${fn}.ts`);
    const awsTrackers = await trackersByFunction();
    expect(Object.keys(awsTrackers).sort()).toEqual(operationFunctionNames().sort());
    expect(sandboxTrackers).toEqual(awsTrackers);
    // Not an empty agreement: the tracked families are there.
    expect(awsTrackers.payments).toEqual(['payments']);
    expect(awsTrackers.customers).toEqual([]);
  });

  it('run the one list of processor hooks', async () => {
    const { awsProcessDependencies } = await import('#shared/runtime/root-webhook-processor.js');
    const hooks = (await awsProcessDependencies()).hooks;
    expect(seen.hookLists).toHaveLength(1);
    expect(seen.hookLists[0]).toBe(hooks);
    expect(sandboxHooks).toHaveLength(1);
    expect(sandboxHooks[0]).toHaveLength(hooks?.length ?? 0);
    expect(hooks).toHaveLength(5);
  });
});
