import * as z from 'zod/mini';

const rate = z.number().check(z.gte(0), z.lte(1));
const latency = z.int().check(z.gte(0), z.lte(60_000));
const seconds = z.int().check(z.gte(0), z.lte(86_400));

/** One request's fault: an error status answered before any processing, a dropped connection, or latency. */
export const requestFaultSchema = z.union([
  z.strictObject({
    status: z.literal([500, 503, 429]),
    retryAfter: z.optional(seconds),
    latencyMs: z.optional(latency),
  }),
  z.strictObject({ drop: z.literal(true), latencyMs: z.optional(latency) }),
  z.strictObject({ latencyMs: latency }),
]);

export const webhookFaultSchema = z.enum(['duplicate', 'bad-signature', 'out-of-order']);

export const faultSettingsSchema = z
  .strictObject({
    /** Answered in order, one per request, before any rate applies (deterministic tests). */
    failNext: z.optional(z.array(requestFaultSchema).check(z.maxLength(1000))),
    /** Shares of requests answered 500, 503, 429, dropped or answered late; together at most 1. */
    errorRate: z.optional(rate),
    unavailableRate: z.optional(rate),
    rateLimitRate: z.optional(rate),
    dropRate: z.optional(rate),
    slowRate: z.optional(rate),
    /** `Retry-After` seconds on 503 and 429 answers drawn from the rates. Default 1. */
    retryAfterSeconds: z.optional(seconds),
    /** Real-time delay added to every request. */
    latencyMs: z.optional(latency),
    /**
     * Extra delay of the requests drawn by `slowRate`, which are then processed: longer than the caller
     * waits, it is the answer that never arrives although the bank acted. Default 10 000.
     */
    slowLatencyMs: z.optional(latency),
    /** Applied in order, one per emitted webhook, before any rate applies. */
    nextWebhooks: z.optional(z.array(webhookFaultSchema).check(z.maxLength(1000))),
    duplicateWebhookRate: z.optional(rate),
    badSignatureWebhookRate: z.optional(rate),
    outOfOrderWebhookRate: z.optional(rate),
  })
  .check(
    z.refine(
      (s) =>
        (s.errorRate ?? 0) +
          (s.unavailableRate ?? 0) +
          (s.rateLimitRate ?? 0) +
          (s.dropRate ?? 0) +
          (s.slowRate ?? 0) <=
        1,
      { message: 'errorRate, unavailableRate, rateLimitRate, dropRate and slowRate add up to more than 1' },
    ),
  );

export type WebhookFault = z.infer<typeof webhookFaultSchema>;
export type FaultSettings = z.infer<typeof faultSettingsSchema>;

/** What to do to one request before the bank looks at it. */
export interface RequestFaultPlan {
  latencyMs: number;
  drop: boolean;
  answer?: { status: 500 | 503 | 429; retryAfter?: number };
  /** Drawn by `slowRate`: held `slowLatencyMs` longer, then processed. */
  slow?: true;
}

const DEFAULT_SLOW_LATENCY_MS = 10_000;

/** The fault settings in force, and the draws that apply them. */
export class Faults {
  #settings: FaultSettings = {};

  constructor(private readonly random: () => number = Math.random) {}

  /** Replaces every setting; throws a ZodError on a bad one. */
  set(settings: unknown): FaultSettings {
    this.#settings = faultSettingsSchema.parse(settings);
    return this.current;
  }

  get current(): FaultSettings {
    return structuredClone(this.#settings);
  }

  nextRequest(): RequestFaultPlan {
    const latencyMs = this.#settings.latencyMs ?? 0;
    const queued = this.#settings.failNext?.shift();
    if (queued) {
      const extra = queued.latencyMs ?? 0;
      if ('drop' in queued) return { latencyMs: latencyMs + extra, drop: true };
      if ('status' in queued) {
        const answer = { status: queued.status, retryAfter: queued.retryAfter };
        return { latencyMs: latencyMs + extra, drop: false, answer };
      }
      return { latencyMs: latencyMs + extra, drop: false };
    }
    const drawn = this.#drawRequestFault();
    const slowMs = drawn.slow ? (this.#settings.slowLatencyMs ?? DEFAULT_SLOW_LATENCY_MS) : 0;
    return { latencyMs: latencyMs + slowMs, ...drawn };
  }

  nextWebhook(): WebhookFault[] {
    const queued = this.#settings.nextWebhooks?.shift();
    if (queued) return [queued];
    const drawn: WebhookFault[] = [];
    if (this.random() < (this.#settings.duplicateWebhookRate ?? 0)) drawn.push('duplicate');
    if (this.random() < (this.#settings.badSignatureWebhookRate ?? 0)) drawn.push('bad-signature');
    if (this.random() < (this.#settings.outOfOrderWebhookRate ?? 0)) drawn.push('out-of-order');
    return drawn;
  }

  /** One draw against the cumulative shares, so the rates are exact shares of all requests. */
  #drawRequestFault(): Omit<RequestFaultPlan, 'latencyMs'> {
    const s = this.#settings;
    const retryAfter = s.retryAfterSeconds ?? 1;
    const draw = this.random();
    let threshold = s.dropRate ?? 0;
    if (draw < threshold) return { drop: true };
    threshold += s.errorRate ?? 0;
    if (draw < threshold) return { drop: false, answer: { status: 500 } };
    threshold += s.unavailableRate ?? 0;
    if (draw < threshold) return { drop: false, answer: { status: 503, retryAfter } };
    threshold += s.rateLimitRate ?? 0;
    if (draw < threshold) return { drop: false, answer: { status: 429, retryAfter } };
    threshold += s.slowRate ?? 0;
    if (draw < threshold) return { drop: false, slow: true };
    return { drop: false };
  }
}
