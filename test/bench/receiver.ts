import type { APIGatewayProxyEvent } from 'aws-lambda';
import { createWebhookReceiver } from '#functions/webhook-receiver.js';
import { lambdaContext } from '#local/adapters/lambda-context.js';
import { logger } from '#shared/observability.js';
import { systemClock } from '#shared/ports/clock.js';
import { PemSigner } from '#shared/signing/pem-signer.js';
import type { Signer } from '#shared/signing/signer.js';
import { SignatureVerifier } from '#shared/signing/verifier.js';
import { fixedBankKeys } from '#shared/webhooks/bank-keys.js';
import type { WebhookBodyStore, WebhookQuarantine, WebhookQueue } from '#shared/webhooks/ports.js';
import type { WebhookFixtures } from './crypto-floor.js';

/**
 * The queue as the handler sees it, minus the network: the message the handler made is kept, so
 * enqueueing costs what it costs in-process and nothing runs behind the handler's back (the sandbox's
 * InProcessQueue would start the processor on a timer between calls). The fixtures are valid and small,
 * so nothing is quarantined or stored aside.
 */
class MemoryQueue implements WebhookQueue {
  count = 0;
  last: string | undefined;

  async enqueue(message: string): Promise<void> {
    this.last = message;
    this.count++;
  }
}

const unused = (what: string) => async () => {
  throw new Error(`the bench fixtures need no ${what}`);
};
const quarantine: WebhookQuarantine = { quarantine: unused('quarantine') };
const bodies: WebhookBodyStore = { put: unused('body store'), get: unused('body store') };

export interface ReceiverBench {
  /** One call of the real handler with an API Gateway proxy event; throws unless it answers 200. */
  deliver(): Promise<void>;
  queue: MemoryQueue;
  /** Checks one answer end to end (outside the timed loops): nonce echoed, signature verifies. */
  check(): Promise<void>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `createWebhookReceiver` with the sandbox's adapters: PEM signer, PEM bank key, in-memory queue. With
 * `roundTripMs`, enqueueing and signing each wait that long first, as SQS `SendMessage` and KMS `Sign` do
 * on AWS, to show how the two round trips add up in the answer time.
 */
export function receiverBench(fixtures: WebhookFixtures, roundTripMs = 0): ReceiverBench {
  const verifier = new SignatureVerifier([fixtures.bankPublicKeyPem]);
  const pemSigner = new PemSigner(fixtures.institutionPrivateKeyPem);
  const queue = new MemoryQueue();
  const signer: Signer =
    roundTripMs === 0
      ? pemSigner
      : {
          sign: (bytes) => pause(roundTripMs).then(() => pemSigner.sign(bytes)),
          publicKeyPem: () => pemSigner.publicKeyPem(),
        };
  const handler = createWebhookReceiver(() => ({
    verifySignature: fixedBankKeys(verifier),
    queue:
      roundTripMs === 0
        ? queue
        : { enqueue: (message) => pause(roundTripMs).then(() => queue.enqueue(message)) },
    quarantine,
    bodies,
    signer,
    clock: systemClock,
    log: logger,
  }));
  // As the public REST API delivers it: binaryMediaTypes */* so the body arrives base64-encoded.
  const events = fixtures.webhooks.map(
    (webhook) =>
      ({
        resource: '/webhooks',
        path: '/webhooks',
        httpMethod: 'POST',
        headers: {
          'content-type': 'application/json',
          digitalsignature: webhook.signature,
          'x-delivery-attempt': '1',
        },
        multiValueHeaders: {},
        queryStringParameters: null,
        multiValueQueryStringParameters: null,
        pathParameters: null,
        stageVariables: null,
        body: webhook.bytes.toString('base64'),
        isBase64Encoded: true,
        requestContext: { identity: { sourceIp: '127.0.0.1' } },
      }) as unknown as APIGatewayProxyEvent,
  );
  // One context for every call (as a warm Lambda gets a fresh but equivalent one), with a far deadline.
  const context = lambdaContext('webhook-receiver', 60 * 60 * 1000);
  let next = 0;
  const call = (index: number) => handler(events[index % events.length] as APIGatewayProxyEvent, context);
  return {
    queue,
    async deliver() {
      const answer = await call(next++);
      if (answer.statusCode !== 200)
        throw new Error(`receiver answered ${answer.statusCode}: ${answer.body}`);
    },
    async check() {
      const webhook = fixtures.webhooks[0];
      if (!webhook) throw new Error('no fixture webhook');
      const answer = await call(0);
      const institution = new SignatureVerifier([fixtures.institutionPublicKeyPem]);
      const signature = answer.headers?.digitalsignature;
      if (
        answer.statusCode !== 200 ||
        answer.body !== `{"Nonce":${webhook.nonce}}` ||
        typeof signature !== 'string' ||
        !institution.isValid(Buffer.from(answer.body), signature)
      ) {
        throw new Error(`receiver check failed: ${answer.statusCode} ${answer.body}`);
      }
    },
  };
}
