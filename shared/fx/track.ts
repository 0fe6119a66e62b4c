import type { Log } from '../bank/client.js';
import type { Clock } from '../ports/clock.js';
import { formatJsonNumber } from '../domain/money.js';
import {
  isUnknownOutcome,
  MAX_CONTENDED_WRITES,
  publishLatestChange,
  type OperationTracker,
  type TrackedAnswer,
  type TrackedCall,
} from '../gateway/tracker.js';
import { type HttpResult, PROBLEM_CONTENT_TYPE, problem } from '../http/problem.js';
import { type CreateFxOrderBody, createFxOrderBody, fxQuoteBody } from '../operations/fx/schemas.js';
import type { EventPublisher } from '../webhooks/ports.js';
import type { FxStore } from './ports.js';
import { FX_TRADE_STATUS_CHANGED } from './webhook-hook.js';
import {
  applyTradeChange,
  claimedQuote,
  executionRefusal,
  newTrade,
  type QuoteRecord,
  type QuoteRequest,
  quoteRecordOf,
  type TradeChange,
  type TradeFacts,
} from './records.js';

export const FX_TRACKER = 'fx';

export interface FxDependencies {
  store: FxStore;
  /** The gateway's clock (the hold is judged by it): the simulator's in the sandbox, real time on AWS. */
  clock: Clock;
  events: EventPublisher;
  log: Log;
  /** Counts a trade whose bank margin differs from the computed one (a Powertools metric on AWS). */
  countMarginDifference?: () => void;
}

export const fxQuotePath = (quoteId: string) => `/gateway/fx/quotes/${encodeURIComponent(quoteId)}`;
export const fxTradePath = (endToEndId: string) => `/gateway/fx/trades/${encodeURIComponent(endToEndId)}`;

/**
 * The FX tracker of the operation use case. A quote is stored as the bank answered it; an execution is
 * refused locally (unknown quote, hold over, executed before, over the pair's maximum at the quoted rate)
 * or claims the quote with one conditional write before the bank is called, and the claim is released only
 * when the bank refuses (4xx); an order's trade is recorded by its end-to-end id.
 */
export function fxTracker(deps: FxDependencies): OperationTracker {
  return {
    claim: async (tracked) => {
      const call = { ...tracked, now: deps.clock.now() };
      if (call.operationId === 'executeFxQuote') return claimQuote(call, deps.store);
      if (call.operationId === 'createFxOrder') return claimOrder(call, deps);
      return undefined;
    },
    settle: async (tracked, outcome) => {
      // Unknown (no answer, or "an earlier attempt was processed"): a quote is not stored, an execution
      // stays claimed (never Executed on that word), an order's trade stays as claimed.
      if (isUnknownOutcome(outcome)) return;
      const answer = outcome;
      const call = { ...tracked, now: deps.clock.now() };
      if (call.operationId === 'createFxQuote') await storeQuote(call, answer, deps);
      if (call.operationId === 'executeFxQuote') await settleExecution(call, answer, deps.store);
      if (call.operationId === 'createFxOrder') await settleOrder(call, answer, deps);
    },
  };
}

// --- Quotes ----------------------------------------------------------------------------------------------

/** The request as stored: the parsed body with its numbers as decimal text. */
function quoteRequestOf(body: unknown): QuoteRequest {
  const parsed = fxQuoteBody.parse(body);
  return {
    valueDate: parsed.valueDate,
    instructedAmount: formatJsonNumber(parsed.instructedAmount),
    fixedSide: parsed.fixedSide,
    sellCurrency: parsed.sellCurrency,
    buyCurrency: parsed.buyCurrency,
    ...(parsed.margin !== undefined && { margin: formatJsonNumber(parsed.margin) }),
  };
}

/** Only a 200 quote is stored (nothing for a refused one); the caller gets the bank's answer either way. */
async function storeQuote(call: TrackedCall, answer: TrackedAnswer | undefined, deps: FxDependencies) {
  if (answer?.status !== 200 || typeof answer.body !== 'object' || answer.body === null) return;
  const record = quoteRecordOf(quoteRequestOf(call.body), answer.body as Record<string, unknown>);
  if (!(await deps.store.createQuote(record)))
    deps.log.warn('the bank answered a quote id the gateway already holds; the first is kept', {
      quoteId: record.quoteId,
    });
}

function quoteIdOf(body: unknown): string {
  return String((body as { quoteId?: unknown }).quoteId);
}

function executedBefore(quoteId: string, requestId: string): HttpResult {
  return problem(
    409,
    'Conflict',
    `Quote ${quoteId} was executed before, by request ${requestId}; a quote is executed once.`,
    { quoteId: [`was executed by request ${requestId}`] },
    {},
    fxQuotePath(quoteId),
  );
}

/** A 400 problem with the quote's `expiresAt` beside the errors. */
function expired(quoteId: string, expiresAt: string, message: string): HttpResult {
  const body = JSON.parse(
    problem(400, 'Validation failed', `Quote ${quoteId}: ${message}`, { quoteId: [message] }).body,
  ) as Record<string, unknown>;
  return {
    status: 400,
    headers: { 'content-type': PROBLEM_CONTENT_TYPE },
    body: JSON.stringify({ ...body, expiresAt }),
  };
}

async function claimQuote(call: TrackedCall, store: FxStore): Promise<HttpResult | undefined> {
  const quoteId = quoteIdOf(call.body);
  for (let attempt = 0; attempt < MAX_CONTENDED_WRITES; attempt++) {
    const quote = await store.getQuote(quoteId);
    if (quote === undefined) {
      return problem(
        404,
        'Not Found',
        `Quote ${quoteId} was not obtained through the gateway.`,
        { quoteId: [`${quoteId} is not a quote the gateway obtained`] },
        {},
        fxQuotePath(quoteId),
      );
    }
    const refusal = executionRefusal(quote, call.requestId, call.now);
    if (refusal?.kind === 'executed') return executedBefore(quoteId, refusal.requestId);
    if (refusal?.kind === 'expired') return expired(quoteId, refusal.expiresAt, refusal.message);
    if (refusal?.kind === 'too-large')
      return problem(400, 'Validation failed', `Quote ${quoteId}: ${refusal.message}`, {
        instructedAmount: [refusal.message],
      });
    // This request's own retry (same key, same X-Request-Id): it is the claim.
    if (quote.execution !== undefined) return undefined;
    const claimed = claimedQuote(quote, call.requestId, call.now);
    if (await store.replaceQuote(claimed, { status: 'Quoted', requestId: undefined })) return undefined;
  }
  throw new Error(`quote ${quoteId} is being changed by others; try again`);
}

/** Kept when the bank accepted or its answer is unknown; released for another execution when it refused. */
async function settleExecution(call: TrackedCall, answer: TrackedAnswer | undefined, store: FxStore) {
  if (answer === undefined || answer.status >= 500) return;
  const quote = await store.getQuote(quoteIdOf(call.body));
  if (quote?.execution?.requestId !== call.requestId || quote.status !== 'Claimed') return;
  const expected = { status: quote.status, requestId: call.requestId };
  if (answer.status < 400) {
    await store.replaceQuote(
      { ...quote, status: 'Executed', execution: { ...quote.execution, status: answer.status } },
      expected,
    );
    return;
  }
  const { execution: _released, ...rest } = quote;
  await store.replaceQuote({ ...rest, status: 'Quoted' } satisfies QuoteRecord, expected);
}

// --- Orders ----------------------------------------------------------------------------------------------

function orderFacts(body: CreateFxOrderBody): TradeFacts {
  const { details, margin, valueDate } = body.tradeInformation;
  return {
    sellCurrency: details.sellCurrency,
    buyCurrency: details.buyCurrency,
    fixedSide: details.fixedSide,
    instructedAmount: formatJsonNumber(details.instructedAmount),
    ...(margin?.amount !== undefined && { margin: formatJsonNumber(margin.amount) }),
    ...(valueDate !== undefined && { valueDate }),
  };
}

/** An order's end-to-end id is taken once: another request with the same id is a 409. */
async function claimOrder(call: TrackedCall, deps: FxDependencies): Promise<HttpResult | undefined> {
  const body = createFxOrderBody.parse(call.body);
  const { endToEndId } = body.tradeInformation;
  const change: TradeChange = { to: 'Requested', at: call.now, cause: 'order', facts: orderFacts(body) };
  const record = newTrade(endToEndId, change, call.requestId);
  if (await deps.store.createTrade(record)) return undefined;
  const existing = await deps.store.getTrade(endToEndId);
  if (existing?.requestId === call.requestId) return undefined;
  return problem(
    409,
    'Conflict',
    `An FX trade with end-to-end id ${endToEndId} is known to the gateway.`,
    { 'tradeInformation.endToEndId': ['is already used by another trade'] },
    {},
    fxTradePath(endToEndId),
  );
}

/** A refused order never traded: its record says so. */
async function settleOrder(call: TrackedCall, answer: TrackedAnswer | undefined, deps: FxDependencies) {
  if (answer === undefined || answer.status < 400 || answer.status >= 500) return;
  const endToEndId = createFxOrderBody.parse(call.body).tradeInformation.endToEndId;
  const record = await deps.store.getTrade(endToEndId);
  if (record?.requestId !== call.requestId) return;
  const next = applyTradeChange(record, { to: 'Refused', at: call.now, cause: `${answer.status}` });
  if (next !== undefined && (await deps.store.replaceTrade(next, record.status)))
    await publishLatestChange(FX_TRADE_STATUS_CHANGED, next, deps);
}
