import { formatJsonNumber } from '../domain/money.js';
import { earlyReads, readsStartingFrom } from '../gateway/early-reads.js';
import { clearWhenKnown, loggedAttention, raisedAround } from '../gateway/attention.js';
import {
  isUnknownOutcome,
  MAX_CONTENDED_WRITES,
  publishLatestChange,
  type OperationTracker,
  type TrackedAnswer,
  type TrackedCall,
  type UnknownOutcome,
} from '../gateway/tracker.js';
import { type HttpResult, PROBLEM_CONTENT_TYPE, problem } from '../http/problem.js';
import { type CreateFxOrderBody, createFxOrderBody, fxQuoteBody } from '../operations/fx/schemas.js';
import { fxQuotePath, fxTradePath } from './paths.js';
import type { FxDependencies, FxStore } from './ports.js';
import {
  claimedQuote,
  executionRefusal,
  newTrade,
  type QuoteExecution,
  type QuoteRecord,
  type QuoteRequest,
  quoteRecordOf,
  type TradeChange,
  type TradeFacts,
  type TradeRecord,
  type TradeStatus,
  FX_TRADE_STATUS_CHANGED,
} from './records.js';
import {
  FX_QUOTE_ATTENTION,
  FX_TRADE_ATTENTION,
  moveTrade,
  signalConflict,
  unknownQuoteItem,
  unknownTradeItem,
} from './trade-moves.js';

export const FX_TRACKER = 'fx';

/**
 * The FX tracker of the operation use case. A quote is stored as the bank answered it; an execution is
 * refused locally (unknown quote, hold over, executed before, over the pair's maximum at the quoted rate)
 * or claims the quote with one conditional write before the bank is called, and the claim is released only
 * when the bank refuses (4xx); an order's trade is recorded by its end-to-end id. An execution or order whose
 * outcome is unknown is recorded `OutcomeUnknown` (never Executed or Accepted on that word), with attention.
 */
export function fxTracker(deps: FxDependencies): OperationTracker {
  const quotes = earlyReads<TrackedCall, QuoteRecord | undefined>();
  // The quote or trade as this call claimed it: where the outcome's write starts (still conditional).
  const claimedQuotes = new WeakMap<TrackedCall, QuoteRecord>();
  const claimedTrades = new WeakMap<TrackedCall, TradeRecord>();
  return {
    prepare: (tracked) => {
      if (tracked.operationId === 'executeFxQuote')
        quotes.begin(tracked, () => deps.store.getQuote(quoteIdOf(tracked.body)));
    },
    claim: async (tracked) => {
      const call = { ...tracked, now: deps.clock.now() };
      if (call.operationId === 'executeFxQuote')
        return claimQuote(call, deps.store, quotes.take(tracked), (quote) =>
          claimedQuotes.set(tracked, quote),
        );
      if (call.operationId === 'createFxOrder')
        return claimOrder(call, deps, (trade) => claimedTrades.set(tracked, trade));
      return undefined;
    },
    settle: async (tracked, outcome) => {
      const call = { ...tracked, now: deps.clock.now() };
      // An unknown outcome leaves nothing to store of a quote: it holds a rate, it moves no money.
      if (call.operationId === 'createFxQuote' && !isUnknownOutcome(outcome))
        await storeQuote(call, outcome, deps);
      if (call.operationId === 'executeFxQuote')
        await settleExecution(call, outcome, deps, claimedQuotes.get(tracked));
      if (call.operationId === 'createFxOrder')
        await settleOrder(call, outcome, deps, claimedTrades.get(tracked));
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
async function storeQuote(call: TrackedCall, answer: TrackedAnswer, deps: FxDependencies) {
  if (answer.status !== 200 || typeof answer.body !== 'object' || answer.body === null) return;
  const record = quoteRecordOf(quoteRequestOf(call.body), answer.body as Record<string, unknown>);
  if (!(await deps.store.createQuote(record)))
    deps.log.warn('the bank answered a quote id the gateway already holds; the first is kept', {
      quoteId: record.quoteId,
    });
}

function quoteIdOf(body: unknown): string {
  return String((body as { quoteId?: unknown }).quoteId);
}

function executedBefore(quote: QuoteRecord, requestId: string): HttpResult {
  const { quoteId } = quote;
  const unknown = quote.status === 'OutcomeUnknown';
  return problem(
    409,
    'Conflict',
    unknown
      ? `Quote ${quoteId} was sent for execution by request ${requestId}, whose outcome is unknown; a quote is executed once.`
      : `Quote ${quoteId} was executed before, by request ${requestId}; a quote is executed once.`,
    { quoteId: [`was ${unknown ? 'sent for execution' : 'executed'} by request ${requestId}`] },
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

async function claimQuote(
  call: TrackedCall,
  store: FxStore,
  begun: Promise<QuoteRecord | undefined> | undefined,
  remember: (quote: QuoteRecord) => unknown,
): Promise<HttpResult | undefined> {
  const quoteId = quoteIdOf(call.body);
  const nextRead = readsStartingFrom(begun, () => store.getQuote(quoteId));
  for (let attempt = 0; attempt < MAX_CONTENDED_WRITES; attempt++) {
    const quote = await nextRead();
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
    if (refusal?.kind === 'executed') return executedBefore(quote, refusal.requestId);
    if (refusal?.kind === 'expired') return expired(quoteId, refusal.expiresAt, refusal.message);
    if (refusal?.kind === 'too-large')
      return problem(400, 'Validation failed', `Quote ${quoteId}: ${refusal.message}`, {
        instructedAmount: [refusal.message],
      });
    // This request's own retry (same key, same X-Request-Id): it is the claim.
    if (quote.execution !== undefined) return undefined;
    const claimed = claimedQuote(quote, call.requestId, call.now);
    if (await store.replaceQuote(claimed, { status: 'Quoted', requestId: undefined })) {
      remember(claimed);
      return undefined;
    }
  }
  throw new Error(`quote ${quoteId} is being changed by others; try again`);
}

/** The quote after the outcome: OutcomeUnknown when it is unknown, Executed on a 2xx, released on a 4xx. */
function settledQuote(
  quote: QuoteRecord,
  execution: QuoteExecution,
  outcome: TrackedAnswer | UnknownOutcome,
): QuoteRecord {
  if (isUnknownOutcome(outcome))
    return { ...quote, status: 'OutcomeUnknown', execution: { ...execution, unknown: outcome.unknown } };
  const { status } = outcome;
  const { unknown: _resolved, ...answered } = execution;
  if (status < 400) return { ...quote, status: 'Executed', execution: { ...answered, status } };
  const { execution: _released, ...rest } = quote;
  return { ...rest, status: 'Quoted' };
}

/**
 * Kept when the bank accepted, released for another execution when it refused, `OutcomeUnknown` (raised for
 * attention around the write, `raisedAround`) when the answer is unknown; a later definitive answer to the same
 * request id resolves it and clears the item. No webhook can: they name no quote.
 */
async function settleExecution(
  call: TrackedCall,
  outcome: TrackedAnswer | UnknownOutcome,
  deps: FxDependencies,
  claimed: QuoteRecord | undefined,
) {
  const quoteId = quoteIdOf(call.body);
  const attention = loggedAttention(deps.attention, deps.log);
  const write = () => writeExecutionOutcome(quoteId, call.requestId, outcome, deps.store, claimed);
  if (!isUnknownOutcome(outcome)) {
    // A definitive answer never leaves it OutcomeUnknown: an item is cleared only if it was.
    const { before } = await write();
    await clearWhenKnown(attention, FX_QUOTE_ATTENTION, quoteId, { from: before ?? null });
    return;
  }
  const item = unknownQuoteItem(quoteId, call.requestId, outcome.unknown, call.now);
  await raisedAround(attention, item, write, ({ after }) => after?.status === 'OutcomeUnknown');
}

/**
 * Writes the execution's outcome on the quote while it is this request's claim awaiting an answer, starting
 * from the quote as claimed when it is held; answers the quote's status before and the quote after (as read,
 * when it was not this request's to move).
 */
async function writeExecutionOutcome(
  quoteId: string,
  requestId: string,
  outcome: TrackedAnswer | UnknownOutcome,
  store: FxStore,
  claimed: QuoteRecord | undefined,
): Promise<{ before?: QuoteRecord['status']; after?: QuoteRecord }> {
  const nextRead = readsStartingFrom(claimed, () => store.getQuote(quoteId));
  for (let attempt = 0; attempt < MAX_CONTENDED_WRITES; attempt++) {
    const quote = await nextRead();
    const awaiting = quote?.status === 'Claimed' || quote?.status === 'OutcomeUnknown';
    if (quote?.execution?.requestId !== requestId || !awaiting) return { after: quote };
    const next = settledQuote(quote, quote.execution, outcome);
    if (await store.replaceQuote(next, { status: quote.status, requestId }))
      return { before: quote.status, after: next };
  }
  throw new Error(`quote ${quoteId} is being changed by others; try again`);
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
async function claimOrder(
  call: TrackedCall,
  deps: FxDependencies,
  remember: (trade: TradeRecord) => unknown,
): Promise<HttpResult | undefined> {
  const body = createFxOrderBody.parse(call.body);
  const { endToEndId } = body.tradeInformation;
  const change: TradeChange = { to: 'Requested', at: call.now, cause: 'order', facts: orderFacts(body) };
  const record = newTrade(endToEndId, change, call.requestId);
  if (await deps.store.createTrade(record)) {
    remember(record);
    return undefined;
  }
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

/** What the answer to an order says of its trade, and the cause its transition records. */
function orderChange(outcome: TrackedAnswer | UnknownOutcome, at: Date): TradeChange {
  if (isUnknownOutcome(outcome)) return { to: 'OutcomeUnknown', at, cause: outcome.unknown };
  const to: TradeStatus = outcome.status < 400 ? 'Accepted' : 'Refused';
  return { to, at, cause: `${outcome.status}` };
}

/**
 * The order's trade after the bank's answer: Accepted (2xx), Refused (4xx: it never traded), or
 * OutcomeUnknown, raised for attention around the write (`raisedAround`), so that a webhook moving it on at once
 * clears it after.
 */
async function settleOrder(
  call: TrackedCall,
  outcome: TrackedAnswer | UnknownOutcome,
  deps: FxDependencies,
  claimed: TradeRecord | undefined,
) {
  const endToEndId = createFxOrderBody.parse(call.body).tradeInformation.endToEndId;
  const attention = loggedAttention(deps.attention, deps.log);
  const change = orderChange(outcome, call.now);
  const write = () =>
    moveTrade(endToEndId, change, deps.store, {
      guard: (record) => record.requestId === call.requestId,
      read: claimed,
    });
  const move = isUnknownOutcome(outcome)
    ? await raisedAround(
        attention,
        unknownTradeItem(endToEndId, call.requestId, outcome.unknown, call.now),
        write,
        (moved) => moved?.record.status === 'OutcomeUnknown',
      )
    : await write();
  if (move?.kind !== 'moved') return;
  await clearWhenKnown(attention, FX_TRADE_ATTENTION, endToEndId, move.transition);
  signalConflict(move, deps);
  await publishLatestChange(FX_TRADE_STATUS_CHANGED, move.record, deps);
}
