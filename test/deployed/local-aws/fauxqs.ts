import type { AddressInfo } from 'node:net';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { CreateQueueCommand, SQSClient } from '@aws-sdk/client-sqs';
import { buildApp } from 'fauxqs';
import type { Account } from './iam.js';

export interface QueueDefinition {
  readonly name: string;
  /** As CreateQueue takes them; ARNs (a RedrivePolicy's target) in the local account. */
  readonly attributes?: Record<string, string>;
  readonly policy?: unknown;
}

/** fauxqs: SQS and S3 in one process, its queue ARNs in its own fixed account. */
export interface LocalFauxqs {
  readonly endpoint: string;
  /** fauxqs's URL of a queue, for a client given `endpoint` explicitly. */
  queueUrl(name: string): string;
  close(): Promise<void>;
}

const FAUXQS_ACCOUNT = '000000000000';

/**
 * fauxqs on 127.0.0.1 only (its `startFauxqs` listens on every interface), the queues and buckets created
 * through its own API so that it names them as it names any other.
 */
export async function startFauxqs(
  queues: readonly QueueDefinition[],
  buckets: readonly string[],
  account: Account,
): Promise<LocalFauxqs> {
  const app = buildApp({ logger: false, defaultRegion: account.region });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const endpoint = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const config = {
    endpoint,
    region: account.region,
    credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
  };
  const sqs = new SQSClient(config);
  const s3 = new S3Client({ ...config, forcePathStyle: true });
  const urls = new Map<string, string>();
  try {
    for (const queue of queues) {
      const Attributes = Object.fromEntries(
        Object.entries(queue.attributes ?? {}).map(([name, value]) => [name, toFauxqsArns(value, account)]),
      );
      const { QueueUrl = '' } = await sqs.send(new CreateQueueCommand({ QueueName: queue.name, Attributes }));
      urls.set(queue.name, QueueUrl);
    }
    for (const bucket of buckets) await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  } catch (error) {
    await app.close();
    throw error;
  } finally {
    sqs.destroy();
    s3.destroy();
  }
  return {
    endpoint,
    queueUrl: (name) => {
      const url = urls.get(name);
      if (url === undefined) throw new Error(`fauxqs has no queue ${name}`);
      return url;
    },
    close: () => app.close(),
  };
}

function toFauxqsArns(text: string, { partition, region, account }: Account): string {
  return text.replaceAll(
    `arn:${partition}:sqs:${region}:${account}:`,
    `arn:aws:sqs:${region}:${FAUXQS_ACCOUNT}:`,
  );
}

export function fromFauxqsArns(text: string, { partition, region, account }: Account): string {
  return text.replaceAll(
    `arn:aws:sqs:${region}:${FAUXQS_ACCOUNT}:`,
    `arn:${partition}:sqs:${region}:${account}:`,
  );
}
