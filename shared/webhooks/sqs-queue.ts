import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { QueuedWebhook, WebhookQueue } from './ports.js';

/** SQS: once `SendMessage` returns, the message is stored redundantly, so the receiver may answer 200. */
export class SqsWebhookQueue implements WebhookQueue {
  constructor(
    private readonly client: SQSClient,
    private readonly queueUrl: string,
  ) {}

  async enqueue(webhook: QueuedWebhook): Promise<void> {
    await this.client.send(
      new SendMessageCommand({ QueueUrl: this.queueUrl, MessageBody: JSON.stringify(webhook) }),
    );
  }
}
