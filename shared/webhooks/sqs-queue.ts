import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { WebhookQuarantine, WebhookQueue } from './ports.js';

/** SQS: once `SendMessage` returns, the message is stored redundantly, so the receiver may answer 200. */
export class SqsWebhookQueue implements WebhookQueue {
  constructor(
    private readonly client: SQSClient,
    private readonly queueUrl: string,
  ) {}

  async enqueue(message: string): Promise<void> {
    await this.client.send(new SendMessageCommand({ QueueUrl: this.queueUrl, MessageBody: message }));
  }
}

/**
 * The webhook dead-letter queue as the quarantine: the message as it would be queued, with the reason as
 * the `reason` attribute. Its alarm fires on the first message; the operator reads the reason there.
 */
export class SqsWebhookQuarantine implements WebhookQuarantine {
  constructor(
    private readonly client: SQSClient,
    private readonly deadLetterQueueUrl: string,
  ) {}

  async quarantine(message: string, reason: string): Promise<void> {
    await this.client.send(
      new SendMessageCommand({
        QueueUrl: this.deadLetterQueueUrl,
        MessageBody: message,
        MessageAttributes: { reason: { DataType: 'String', StringValue: reason } },
      }),
    );
  }
}
