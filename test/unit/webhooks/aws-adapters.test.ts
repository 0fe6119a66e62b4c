import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { S3WebhookBodyStore } from '#shared/webhooks/s3-body-store.js';
import { SqsWebhookQuarantine, SqsWebhookQueue } from '#shared/webhooks/sqs-queue.js';

const queueUrl = 'https://sqs.eu-west-2.amazonaws.com/123456789012/webhooks';
const dlqUrl = 'https://sqs.eu-west-2.amazonaws.com/123456789012/webhooks-dlq';
const s3 = mockClient(S3Client);
afterEach(() => s3.reset());

describe('the webhook adapters on AWS', () => {
  it('queues the message as it is, and quarantines it in the dead-letter queue with the reason attribute', async () => {
    const client = new SQSClient({ region: 'eu-west-2' });
    const sqs = mockClient(client);
    sqs.on(SendMessageCommand).resolves({ MessageId: 'm-1' });

    await new SqsWebhookQueue(client, queueUrl).enqueue('{"body":"{}"}');
    await new SqsWebhookQuarantine(client, dlqUrl).quarantine('{"body":"x"}', 'not a webhook envelope');

    expect(sqs.commandCalls(SendMessageCommand).map((call) => call.args[0].input)).toEqual([
      { QueueUrl: queueUrl, MessageBody: '{"body":"{}"}' },
      {
        QueueUrl: dlqUrl,
        MessageBody: '{"body":"x"}',
        MessageAttributes: { reason: { DataType: 'String', StringValue: 'not a webhook envelope' } },
      },
    ]);
  });

  it('puts a body in the bucket under its key and reads the same bytes back', async () => {
    const body = Buffer.from([0x7b, 0xff, 0x7d]);
    s3.on(PutObjectCommand).resolves({});
    // The SDK's stream body, reduced to the one method the store calls.
    const stream = { transformToByteArray: async () => new Uint8Array(body) };
    s3.on(GetObjectCommand).resolves({ Body: stream as never });
    const store = new S3WebhookBodyStore('clearway-webhook-bodies');

    await store.put('sha256/abc', body);
    const read = await store.get('sha256/abc');

    expect(s3.commandCalls(PutObjectCommand)[0]?.args[0].input).toEqual({
      Bucket: 'clearway-webhook-bodies',
      Key: 'sha256/abc',
      Body: body,
    });
    expect(s3.commandCalls(GetObjectCommand)[0]?.args[0].input).toEqual({
      Bucket: 'clearway-webhook-bodies',
      Key: 'sha256/abc',
    });
    expect(read.equals(body)).toBe(true);
  });
});
