import { randomInt, randomUUID } from 'node:crypto';
import type { ManualClock } from '#shared/ports/clock.js';
import type { Signer } from '#shared/signing/signer.js';
import { ANSWER_DEADLINE_MS, RETRY_INTERVAL_MS, RETRY_WINDOW_MS } from '#shared/webhooks/delivery-rules.js';
import type { WebhookFault } from './faults.js';
import type { Institution, InstitutionRegistry } from './institutions.js';
import { BoundedLog, type LogLimits } from './bounded-log.js';
import { loggedBody } from './logs.js';
import type { ClockScheduler, InFlight } from './scheduler.js';
import { judgeAnswer, type RetryReason } from './webhook-answer.js';

export type WebhookStatus = 'not-subscribed' | 'held' | 'sending' | 'delivered' | 'failed';

/** One webhook the bank emitted. */
export interface WebhookRecord {
  id: string;
  institutionId: string;
  type: string;
  version: number;
  /** The Nonce digits exactly as written in the body. */
  nonce: string;
  /** The JSON text sent (and signed), its first `LOGGED_BODY_BYTES` bytes only. */
  body: string;
  /** The exact body's length and SHA-256 (hex). */
  bodyBytes: number;
  bodySha256: string;
  emittedAt: string;
  faults: WebhookFault[];
  status: WebhookStatus;
}

/** One attempt to deliver a webhook (a duplicate copy has its own attempts). */
export interface DeliveryRecord {
  webhookId: string;
  type: string;
  nonce: string;
  /** 1, or 2 for the second copy of a webhook delivered twice. */
  copy: number;
  attempt: number;
  /** The `x-retry-reason` sent (the previous attempt's failure); null on the first attempt. */
  retryReason: RetryReason | null;
  /** Simulated time of the attempt. */
  at: string;
  url: string | null;
  /** False when the `bad-signature` fault signed other bytes. */
  signedCorrectly: boolean;
  outcome: 'accepted' | RetryReason;
  detail: string | null;
  /** The institution's answer status; null when none arrived. */
  status: number | null;
  /** The answer as text, its first `LOGGED_BODY_BYTES` bytes only; null when none arrived. */
  answerBody: string | null;
  answerBytes: number | null;
  answerSha256: string | null;
  durationMs: number;
  /** When the next attempt is due; null when accepted or given up. */
  nextAttemptAt: string | null;
}

export interface DispatcherOptions {
  clock: ManualClock;
  signer: Signer;
  institutions: InstitutionRegistry;
  scheduler: ClockScheduler;
  inFlight: InFlight;
  nextFaults: () => WebhookFault[];
  onError: (error: unknown, where: string) => void;
  /** Real milliseconds the institution has to answer. Default 5 000 (the spec's limit). */
  timeoutMs?: number;
  /** Digits of a random Nonce; default 1 to 2^32, so about half are above 2^31. */
  nonce?: () => string;
  /** What the webhook and delivery logs keep. */
  logLimits: LogLimits;
}

interface Chain {
  webhook: WebhookRecord;
  bytes: Buffer;
  /** Signed once per webhook: every attempt and copy sends the same bytes. */
  signature: Promise<string>;
  copy: number;
  firstAt: number;
  attempt: number;
  lastReason: RetryReason | undefined;
  badSignature: boolean;
  group: { open: number };
}

/** A webhook with its exact bytes: the log keeps only the start of a long body. */
interface Outgoing {
  record: WebhookRecord;
  bytes: Buffer;
}

/** The webhooks still to send, as data: each copy waiting for its next attempt, and those held back. */
export interface SavedWebhooks {
  waiting: Array<Omit<Chain, 'signature'> & { nextAt: number }>;
  held: Outgoing[];
}

const NO_ANSWER = { status: null, answerBody: null, answerBytes: null, answerSha256: null };

/** What one attempt found out, as its delivery record writes it. */
type AttemptResult = Pick<
  DeliveryRecord,
  'url' | 'outcome' | 'detail' | 'status' | 'answerBody' | 'answerBytes' | 'answerSha256'
>;

/**
 * Sends webhooks the way the bank does: signed envelope, 5 s to answer, retried every 15 minutes of
 * simulated time for 24 hours. Retries run when the clock passes their slot; a clock jump over several
 * slots sends one attempt (missed slots collapse), and the next slot is the first one after now.
 */
export class WebhookDispatcher {
  readonly webhooks: BoundedLog<WebhookRecord>;
  readonly deliveries: BoundedLog<DeliveryRecord>;
  readonly #held: Outgoing[] = [];
  /** Each copy waiting for its next attempt, with that attempt's time. */
  readonly #waiting = new Map<Chain, number>();
  readonly #closing = new AbortController();
  readonly #timeoutMs: number;
  readonly #nonce: () => string;

  constructor(private readonly options: DispatcherOptions) {
    this.#timeoutMs = options.timeoutMs ?? ANSWER_DEADLINE_MS;
    this.webhooks = new BoundedLog(options.logLimits);
    this.deliveries = new BoundedLog(options.logLimits);
    this.#nonce = options.nonce ?? (() => String(randomInt(1, 2 ** 32 + 1)));
  }

  emit(
    institution: Institution,
    type: string,
    version: number,
    payload: unknown,
    nonce?: string,
    topLevel?: TopLevelMembers,
  ): WebhookRecord {
    if (type.length === 0) throw new Error('a webhook needs a Type');
    if (!Number.isInteger(version)) throw new Error(`a webhook Version must be an integer, got ${version}`);
    const digits = nonce ?? this.#nonce();
    if (!/^[1-9]\d*$/.test(digits))
      throw new Error(`a Nonce must be a positive integer's digits, got ${digits}`);
    const subscribed = institution.subscribedToWebhooks;
    const faults = subscribed ? this.options.nextFaults() : [];
    const bytes = Buffer.from(envelopeText(type, version, payload, digits, topLevel), 'utf8');
    const body = loggedBody(bytes);
    const record = this.webhooks.push({
      id: randomUUID(),
      institutionId: institution.id,
      type,
      version,
      nonce: digits,
      body: body.text,
      bodyBytes: body.bytes,
      bodySha256: body.sha256,
      emittedAt: this.options.clock.now().toISOString(),
      faults,
      status: subscribed ? 'sending' : 'not-subscribed',
    });
    if (!subscribed) return record;
    if (faults.includes('out-of-order')) {
      record.status = 'held';
      this.#held.push({ record, bytes });
      return record;
    }
    this.#dispatch({ record, bytes });
    this.releaseHeld();
    return record;
  }

  /** Sends the webhooks held by the out-of-order fault, newest first. */
  releaseHeld(): number {
    const held = this.#held.splice(0).reverse();
    for (const webhook of held) this.#dispatch(webhook);
    return held.length;
  }

  saved(): SavedWebhooks {
    const waiting = [...this.#waiting].map(([{ signature: _signature, ...chain }, nextAt]) => ({
      ...chain,
      nextAt,
    }));
    return { waiting, held: [...this.#held] };
  }

  /** Takes up the webhooks a saved dispatcher still had to send. */
  resume(saved: SavedWebhooks): void {
    for (const { nextAt, ...chain } of saved.waiting) {
      this.#retryAt({ ...chain, signature: this.options.signer.sign(chain.bytes) }, nextAt);
    }
    this.#held.push(...saved.held);
  }

  /** Aborts answers being awaited; no further attempt starts. */
  close(): void {
    this.#closing.abort();
  }

  #dispatch({ record, bytes }: Outgoing): void {
    record.status = 'sending';
    const copies = record.faults.includes('duplicate') ? 2 : 1;
    const group = { open: copies };
    const signature = this.options.signer.sign(bytes);
    const firstAt = this.options.clock.now().getTime();
    for (let copy = 1; copy <= copies; copy++) {
      const badSignature = record.faults.includes('bad-signature');
      this.#attempt({
        webhook: record,
        bytes,
        signature,
        copy,
        firstAt,
        attempt: 0,
        lastReason: undefined,
        badSignature,
        group,
      });
    }
  }

  #attempt(chain: Chain): void {
    if (this.#closing.signal.aborted) return;
    chain.attempt += 1;
    this.options.inFlight.track(
      this.#deliver(chain).catch((error) => this.options.onError(error, `webhook ${chain.webhook.id}`)),
    );
  }

  async #deliver(chain: Chain): Promise<void> {
    const at = this.options.clock.now();
    const started = performance.now();
    // Only the first attempt carries the bad signature: the retry shows the institution recovering.
    const signedCorrectly = !(chain.badSignature && chain.attempt === 1);
    const result = await this.#post(chain, signedCorrectly);
    const next = result.outcome === 'accepted' ? undefined : this.#nextSlot(chain);
    this.deliveries.push({
      webhookId: chain.webhook.id,
      type: chain.webhook.type,
      nonce: chain.webhook.nonce,
      copy: chain.copy,
      attempt: chain.attempt,
      retryReason: chain.attempt > 1 ? (chain.lastReason ?? null) : null,
      at: at.toISOString(),
      signedCorrectly,
      ...result,
      durationMs: Math.round(performance.now() - started),
      nextAttemptAt: next === undefined ? null : new Date(next).toISOString(),
    });
    if (result.outcome === 'accepted') {
      chain.webhook.status = 'delivered';
      chain.group.open -= 1;
      return;
    }
    chain.lastReason = result.outcome;
    if (next === undefined) {
      chain.group.open -= 1;
      if (chain.group.open === 0 && chain.webhook.status !== 'delivered') chain.webhook.status = 'failed';
      return;
    }
    this.#retryAt(chain, next);
  }

  #retryAt(chain: Chain, next: number): void {
    const label = `webhook ${chain.webhook.type} ${chain.webhook.id} attempt ${chain.attempt + 1}`;
    this.#waiting.set(chain, next);
    this.options.scheduler.at(new Date(next), label, () => {
      this.#waiting.delete(chain);
      this.#attempt(chain);
    });
  }

  async #post(chain: Chain, signedCorrectly: boolean): Promise<AttemptResult> {
    const institution = this.options.institutions.get(chain.webhook.institutionId);
    const url = institution?.webhookUrl ?? null;
    if (!institution || !url) {
      return { url, outcome: 'Connection', detail: 'no webhook URL is set', ...NO_ANSWER };
    }
    const signature = signedCorrectly
      ? await chain.signature
      : await this.options.signer.sign(Buffer.concat([chain.bytes, Buffer.from('\n')]));
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      digitalsignature: signature,
      'x-delivery-attempt': String(chain.attempt),
    };
    if (chain.attempt > 1 && chain.lastReason) headers['x-retry-reason'] = chain.lastReason;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers,
        body: chain.bytes,
        redirect: 'manual',
        signal: AbortSignal.any([AbortSignal.timeout(this.#timeoutMs), this.#closing.signal]),
      });
      const body = Buffer.from(await response.arrayBuffer());
      const signature = response.headers.get('digitalsignature') ?? undefined;
      const verdict = judgeAnswer(
        { status: response.status, body, signature },
        chain.webhook.nonce,
        institution.verifier,
      );
      const answer = loggedBody(body);
      return {
        url,
        outcome: verdict.outcome,
        detail: 'detail' in verdict ? verdict.detail : null,
        status: response.status,
        answerBody: answer.text,
        answerBytes: answer.bytes,
        answerSha256: answer.sha256,
      };
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      const detail = timedOut ? `no answer within ${this.#timeoutMs} ms` : describeNetworkError(error);
      return { url, outcome: timedOut ? 'Timeout' : 'Connection', detail, ...NO_ANSWER };
    }
  }

  /** The first 15-minute slot after now, counted from the first attempt; none past the 24-hour window. */
  #nextSlot(chain: Chain): number | undefined {
    if (this.#closing.signal.aborted) return undefined;
    const elapsed = Math.max(0, this.options.clock.now().getTime() - chain.firstAt);
    const slot = chain.firstAt + (Math.floor(elapsed / RETRY_INTERVAL_MS) + 1) * RETRY_INTERVAL_MS;
    return slot <= chain.firstAt + RETRY_WINDOW_MS ? slot : undefined;
  }
}

/**
 * Members some webhooks carry beside `Type`, `Version`, `Payload` and `Nonce`: the multi-currency account
 * pages show a top-level `InstitutionId`.
 */
export type TopLevelMembers = Record<string, string>;

/** The envelope as text, so the Nonce is written as digits whatever its size. */
export function envelopeText(
  type: string,
  version: number,
  payload: unknown,
  nonce: string,
  topLevel: TopLevelMembers = {},
): string {
  const payloadText = JSON.stringify(payload ?? null);
  const extra = Object.entries(topLevel)
    .filter(([name]) => !['Type', 'Version', 'Payload', 'Nonce'].includes(name))
    .map(([name, value]) => `${JSON.stringify(name)}:${JSON.stringify(value)},`)
    .join('');
  return `{${extra}"Type":${JSON.stringify(type)},"Version":${version},"Payload":${payloadText},"Nonce":${nonce}}`;
}

function describeNetworkError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: string; message?: string } | undefined;
  return cause?.code ?? cause?.message ?? error.message;
}
