import { StartMessageMoveTaskCommand } from '@aws-sdk/client-sqs';
import { type Command, parseOptions, UsageError } from '../cli/framework.js';

/**
 * `clearway redrive-dlq`: moves the webhook messages in the dead-letter queue back to the webhook queue
 * (SQS message move task), after the cause of their failure is fixed. Processing is idempotent, so a
 * message that was in fact published is dropped as a duplicate.
 */
export const redriveDlqCommand: Command = {
  summary: 'move failed webhooks from the dead-letter queue back to the webhook queue',
  usage: `usage: clearway redrive-dlq --dlq-arn <arn> [--max-per-second <n>]

Starts an SQS message move task from the dead-letter queue to the queue it serves (the stack output
WebhookDeadLetterQueueArn). Prints the task handle; progress shows in the SQS console.

  --dlq-arn <arn>          the dead-letter queue's ARN (required)
  --max-per-second <n>     throttle the move (default: as fast as SQS allows)`,
  async run(args, context) {
    const options = parseOptions(args, {
      'dlq-arn': { type: 'string' },
      'max-per-second': { type: 'string' },
    });
    const arn = options['dlq-arn'];
    if (!arn || !/^arn:aws[\w-]*:sqs:[\w-]+:\d{12}:[\w.-]+$/.test(arn)) {
      throw new UsageError('pass the dead-letter queue with --dlq-arn arn:aws:sqs:<region>:<account>:<name>');
    }
    const rate = options['max-per-second'];
    if (rate !== undefined && !/^[1-9]\d{0,2}$/.test(rate)) {
      throw new UsageError('--max-per-second must be a whole number from 1 to 500');
    }
    const { TaskHandle } = await context.sqs().send(
      new StartMessageMoveTaskCommand({
        SourceArn: arn,
        ...(rate !== undefined && { MaxNumberOfMessagesPerSecond: Number(rate) }),
      }),
    );
    context.out(`started moving messages from ${arn} back to their queue (task ${TaskHandle})\n`);
  },
};
