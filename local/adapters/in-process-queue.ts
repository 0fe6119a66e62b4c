import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { lambdaContext } from './lambda-context.js';
import type { WebhookQuarantine, WebhookQueue } from '#shared/webhooks/ports.js';
import { messageBytes, QUEUE_MESSAGE_LIMIT_BYTES } from '#shared/webhooks/queue-message.js';

type Processor = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse>;

export interface InProcessQueueOptions {
  /** Receives before a message goes to the DLQ, as the SQS redrive policy's maxReceiveCount. */
  maxReceiveCount?: number;
  /** Wait before a failed message is received again (SQS's visibility timeout, shortened). */
  retryDelayMs?: number;
}

interface Message {
  id: string;
  body: string;
  receiveCount: number;
  /** Why it was quarantined; absent for a message that failed every receive. */
  reason?: string;
}

/**
 * SQS as the sandbox has it: at-least-once delivery to the processor handler, redelivery of the records it
 * reports as failed, a dead-letter list after `maxReceiveCount` receives that is also the quarantine, and
 * SQS's message size limit.
 */
export class InProcessQueue implements WebhookQueue, WebhookQuarantine {
  readonly deadLetters: Message[] = [];
  readonly #pending = new Set<Promise<void>>();
  readonly #maxReceiveCount: number;
  readonly #retryDelayMs: number;
  #processor: Processor | undefined;
  #nextId = 1;

  constructor(options: InProcessQueueOptions = {}) {
    this.#maxReceiveCount = options.maxReceiveCount ?? 5;
    this.#retryDelayMs = options.retryDelayMs ?? 100;
  }

  /** The processor is attached after construction because the receiver and processor are built separately. */
  attach(processor: Processor): void {
    this.#processor = processor;
  }

  async enqueue(message: string): Promise<void> {
    this.#deliver({ id: this.#accepted(message), body: message, receiveCount: 0 }, 0);
  }

  async quarantine(message: string, reason: string): Promise<void> {
    this.deadLetters.push({ id: this.#accepted(message, reason), body: message, receiveCount: 0, reason });
  }

  /** Moves every dead letter back to the queue (the sandbox's DLQ re-drive). */
  redrive(): number {
    const messages = this.deadLetters.splice(0);
    for (const { id, body } of messages) this.#deliver({ id, body, receiveCount: 0 }, 0);
    return messages.length;
  }

  /**
   * One receive of `message` by the processor, now and outside the queue (no retry, no dead letter): the
   * benchmarks time the processor with it. True when the processor reported no failure.
   */
  async receiveNow(message: string): Promise<boolean> {
    if (!this.#processor) throw new Error('no processor attached to the in-process queue');
    const event = sqsEvent({ id: this.#accepted(message), body: message, receiveCount: 1 });
    const response = await this.#processor(event, lambdaContext('webhook-processor'));
    return response.batchItemFailures.length === 0;
  }

  /** Resolves once no message is waiting or being processed. */
  async idle(): Promise<void> {
    // Each round settles the deliveries of one receive; retries are bounded by maxReceiveCount.
    for (let round = 0; this.#pending.size > 0 && round <= this.#maxReceiveCount * 100; round++) {
      await Promise.allSettled([...this.#pending]);
    }
  }

  /** A new message id, after refusing what SQS refuses: a message over its size limit. */
  #accepted(message: string, reason?: string): string {
    const bytes = messageBytes(message, reason);
    if (bytes > QUEUE_MESSAGE_LIMIT_BYTES) {
      throw new Error(`the message is ${bytes} bytes; SQS takes at most ${QUEUE_MESSAGE_LIMIT_BYTES}`);
    }
    return `local-${this.#nextId++}`;
  }

  #deliver(message: Message, delayMs: number): void {
    const delivery = new Promise<void>((resolve) => setTimeout(resolve, delayMs))
      .then(() => this.#receive(message))
      .finally(() => this.#pending.delete(delivery));
    this.#pending.add(delivery);
  }

  async #receive(message: Message): Promise<void> {
    if (!this.#processor) throw new Error('no processor attached to the in-process queue');
    const received = { ...message, receiveCount: message.receiveCount + 1 };
    let failed: boolean;
    try {
      const response = await this.#processor(sqsEvent(received), lambdaContext('webhook-processor'));
      failed = response.batchItemFailures.some((failure) => failure.itemIdentifier === message.id);
    } catch {
      failed = true;
    }
    if (!failed) return;
    if (received.receiveCount >= this.#maxReceiveCount) this.deadLetters.push(received);
    else this.#deliver(received, this.#retryDelayMs);
  }
}

function sqsEvent(message: Message): SQSEvent {
  return {
    Records: [
      {
        messageId: message.id,
        receiptHandle: message.id,
        body: message.body,
        attributes: {
          ApproximateReceiveCount: String(message.receiveCount),
          SentTimestamp: String(Date.now()),
          SenderId: 'sandbox',
          ApproximateFirstReceiveTimestamp: String(Date.now()),
        },
        messageAttributes: {},
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: 'arn:aws:sqs:local:000000000000:webhooks',
        awsRegion: 'local',
      },
    ],
  };
}
