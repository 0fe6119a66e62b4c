import type { APIGatewayProxyEvent, Context, SQSEvent } from 'aws-lambda';
import { createWebhookProcessor } from '#functions/webhook-processor.js';
import { createWebhookReceiver } from '#functions/webhook-receiver.js';
import type { LocalDynamo } from '#local/dynamo.js';
import { webhookInboxTable } from '#shared/config/tables.js';
import { ManualClock } from '#shared/ports/clock.js';
import { PemSigner } from '#shared/signing/pem-signer.js';
import { SignatureVerifier } from '#shared/signing/verifier.js';
import { fixedBankKeys } from '#shared/webhooks/bank-keys.js';
import { DynamoDbWebhookInbox } from '#shared/webhooks/dynamodb-inbox.js';
import type { ProcessDependencies } from '#shared/webhooks/process.js';
import type { WebhookBodyStore, WebhookQuarantine, WebhookQueue } from '#shared/webhooks/ports.js';
import type { ClearwayEvent } from '#shared/ports/events.js';
import { type TestKeyPair, testKeyPair } from './keys.js';

/** The queue, the quarantine and the body store in memory, recording what they were given; each can fail. */
export function memoryWebhookPorts(fail: { enqueue?: boolean; quarantine?: boolean } = {}) {
  const queued: string[] = [];
  const quarantined: Array<{ message: string; reason: string }> = [];
  const stored = new Map<string, Buffer>();
  const queue: WebhookQueue = {
    enqueue: async (message) => {
      if (fail.enqueue) throw new Error('SQS is down');
      queued.push(message);
    },
  };
  const quarantine: WebhookQuarantine = {
    quarantine: async (message, reason) => {
      if (fail.quarantine) throw new Error('the DLQ is down');
      quarantined.push({ message, reason });
    },
  };
  const bodies: WebhookBodyStore = {
    put: async (key, body) => {
      stored.set(key, body);
    },
    get: async (key) => {
      const body = stored.get(key);
      if (body === undefined) throw new Error(`no stored body ${key}`);
      return body;
    },
  };
  return { queue, quarantine, bodies, queued, quarantined, stored };
}

/** An envelope nested `depth` arrays deep in its payload, as text (JSON.stringify would recurse). */
export function deepEnvelope(depth: number, nonce = '1448545215'): string {
  return `{"Type":"Deep.Thing","Version":1,"Payload":${'['.repeat(depth)}${']'.repeat(depth)},"Nonce":${nonce}}`;
}

/** A log that keeps every line: level, message and attributes. */
export function recordingLog() {
  const lines: Array<{ level: string; message: string; attributes: Record<string, unknown> }> = [];
  const at =
    (level: string) =>
    (message: string, ...extra: Array<Record<string, unknown>>) =>
      lines.push({ level, message, attributes: Object.assign({}, ...extra) });
  return { log: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') }, lines };
}

export const bankKey = testKeyPair();
export const institutionKey = testKeyPair();

/** The headers of a delivery signed by the bank (or by `key`). */
export const signed = (body: string | Buffer, key: TestKeyPair = bankKey) => ({
  DigitalSignature: key.sign(body),
  'x-delivery-attempt': '1',
});

/**
 * The real receiver handler with memory ports, the bank's key (or `bankKeys`) and the institution's signer.
 * `deliver` sends a text body as it is and a byte body base64-encoded, as API Gateway does.
 */
export function testReceiver(
  options: {
    bankKeys?: string[];
    failEnqueue?: boolean;
    failQuarantine?: boolean;
    failSigning?: boolean;
  } = {},
) {
  const ports = memoryWebhookPorts({ enqueue: options.failEnqueue, quarantine: options.failQuarantine });
  const { log, lines } = recordingLog();
  const handler = createWebhookReceiver(() => ({
    // Keys are read per webhook, as on AWS: a bad configuration is a 503 for that webhook, not a crash.
    verifySignature: (body, signature) =>
      fixedBankKeys(new SignatureVerifier(options.bankKeys ?? [bankKey.publicKeyPem]))(body, signature),
    queue: ports.queue,
    quarantine: ports.quarantine,
    bodies: ports.bodies,
    signer: options.failSigning
      ? { sign: async () => Promise.reject(new Error('KMS throttled')), publicKeyPem: async () => '' }
      : new PemSigner(institutionKey.privateKeyPem),
    clock: new ManualClock('2026-03-01T10:00:00Z'),
    log,
  }));
  const deliver = (body: string | Buffer, headers: Record<string, string> = {}, base64 = false) => {
    const encoded = base64 || Buffer.isBuffer(body);
    return handler(
      {
        body: encoded ? Buffer.from(body).toString('base64') : body,
        isBase64Encoded: encoded,
        headers,
        httpMethod: 'POST',
        resource: '/webhooks',
      } as unknown as APIGatewayProxyEvent,
      { getRemainingTimeInMillis: () => 5000, functionName: 'receiver' } as Context,
    );
  };
  /** True when the answer is `{"Nonce":<nonce>}` signed by the institution. */
  const answersNonce = (
    answer: { statusCode: number; body: string; headers?: Record<string, unknown> },
    nonce: string,
  ) =>
    answer.statusCode === 200 &&
    answer.body === `{"Nonce":${nonce}}` &&
    new SignatureVerifier([institutionKey.publicKeyPem]).isValid(
      Buffer.from(answer.body),
      answer.headers?.digitalsignature as string,
    );
  return { deliver, answersNonce, lines, ...ports };
}

/**
 * The real processor handler on a fresh inbox in `dynamo`, with a bus that records events and can be told
 * to fail, memory ports and a recording log. `deliver` hands it SQS records with these message bodies.
 */
export function testProcessor(dynamo: LocalDynamo) {
  const published: ClearwayEvent[] = [];
  /** `failNext`: the next n publishes fail; `failKeys`: every publish of these webhook keys fails. */
  const bus = { failNext: 0, failKeys: new Set<string>() };
  const clock = new ManualClock('2026-03-02T08:00:00Z');
  const ports = memoryWebhookPorts();
  const { log, lines } = recordingLog();
  const deps: ProcessDependencies & { log: typeof log } = {
    inbox: new DynamoDbWebhookInbox(dynamo.client, dynamo.tableName(webhookInboxTable)),
    events: {
      publish: async (event: ClearwayEvent) => {
        if (bus.failNext > 0 || bus.failKeys.has((event.detail as { key?: string }).key ?? '')) {
          if (bus.failNext > 0) bus.failNext--;
          throw new Error('EventBridge unavailable');
        }
        published.push(event);
      },
    },
    quarantine: ports.quarantine,
    bodies: ports.bodies,
    clock,
    log,
  };
  const handler = createWebhookProcessor(() => deps);
  const deliver = (messages: string[]) =>
    handler(
      {
        Records: messages.map((body, index) => ({ messageId: `m-${index}`, body, eventSource: 'aws:sqs' })),
      } as unknown as SQSEvent,
      { getRemainingTimeInMillis: () => 30_000, functionName: 'processor' } as Context,
    );
  return { deps, deliver, published, bus, clock, lines, ...ports };
}

/** A queue message as the receiver makes it for a small body. */
export function queueMessage(body: string, deliveryAttempt = '1'): string {
  return JSON.stringify({ deliveryAttempt, receivedAt: '2026-03-02T08:00:00.000Z', body });
}
