import type { CliContext } from '#shared/cli/framework.js';

const unused = (what: string) => () => {
  throw new Error(`this test gave the command no ${what}`);
};

/** A command-line context with captured output; every client or input a test does not give throws. */
export function testCliContext(overrides: Partial<CliContext> = {}) {
  const output = { out: '', err: '' };
  const context: CliContext = {
    env: {},
    out: (text) => {
      output.out += text;
    },
    err: (text) => {
      output.err += text;
    },
    kms: unused('KMS client'),
    sqs: unused('SQS client'),
    secretsManager: unused('Secrets Manager client'),
    eventBridge: unused('EventBridge client'),
    now: () => new Date(),
    sleep: async () => {},
    readStdin: async () => unused('standard input')(),
    fetch: async () => unused('gateway')(),
    ...overrides,
  };
  return { context, output };
}
