import { SQSClient, StartMessageMoveTaskCommand } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, it } from 'vitest';
import { runCli } from '#shared/cli/framework.js';
import { redriveDlqCommand } from '#shared/webhooks/redrive-command.js';
import { testCliContext } from '#test/support/cli.js';

const dlqArn = 'arn:aws:sqs:eu-west-2:123456789012:clearway-webhooks-dlq';

async function clearway(argv: string[]) {
  const client = new SQSClient({ region: 'eu-west-2' });
  const sqs = mockClient(client);
  sqs.on(StartMessageMoveTaskCommand).resolves({ TaskHandle: 'task-1' });
  const { context, output } = testCliContext({ sqs: () => client });
  const code = await runCli({ 'redrive-dlq': redriveDlqCommand }, argv, context);
  return { code, ...output, calls: sqs.commandCalls(StartMessageMoveTaskCommand) };
}

describe('clearway redrive-dlq moves dead letters back to the webhook queue', () => {
  it('starts an SQS message move task from the dead-letter queue', async () => {
    const { code, out, calls } = await clearway([
      'redrive-dlq',
      '--dlq-arn',
      dlqArn,
      '--max-per-second',
      '10',
    ]);
    expect(code).toBe(0);
    expect(calls[0]?.args[0].input).toEqual({ SourceArn: dlqArn, MaxNumberOfMessagesPerSecond: 10 });
    expect(out).toContain('task-1');
  });

  it('refuses a missing or malformed queue ARN without calling SQS', async () => {
    const { code, err, calls } = await clearway(['redrive-dlq', '--dlq-arn', 'my-queue']);
    expect(code).toBe(2);
    expect(err).toContain('--dlq-arn');
    expect(calls).toHaveLength(0);
  });
});
