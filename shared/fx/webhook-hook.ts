import { DomainRuleError } from '../domain/errors.js';
import { MoneyDecimal } from '../domain/money.js';
import { clearWhenKnown } from '../gateway/attention.js';
import { statusChangedEvent } from '../gateway/tracker.js';
import { settlementWillBeRetried } from '../webhooks/payloads/readers.js';
import type { GatewayEvent } from '../ports/events.js';
import type { ArrivedWebhook, ClaimedWebhook, StateHook } from '../webhooks/process.js';
import { earlyReads } from '../gateway/early-reads.js';
import {
  decimalText,
  FX_TRADE_STATUS_CHANGED,
  marginCheck,
  type TradeFacts,
  type TradeRecord,
  type TradeTransition,
  webhookTradeStatus,
} from './records.js';
import type { FxDependencies } from './ports.js';
import { FX_TRADE_ATTENTION, moveTrade, signalConflict } from './trade-moves.js';

// The processor's side of FX: the Fx.Trade webhooks move trades. Apart from the operation side (track.ts),
// so the processor does not load the FX operations' request schemas.

export function fxTradeStatusChanged(record: TradeRecord, transition: TradeTransition): GatewayEvent {
  return statusChangedEvent(FX_TRADE_STATUS_CHANGED, record, transition);
}

// --- Trades followed (the processor's hook) --------------------------------------------------------------

function optionalDecimal(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  try {
    return decimalText(value, field);
  } catch (error) {
    if (error instanceof DomainRuleError) return undefined;
    throw error;
  }
}

function optionalText(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** What an Fx.Trade webhook says of its trade (the payloads: shared/webhooks/payloads/fx.ts). */
function webhookFacts(payload: Record<string, unknown>): TradeFacts {
  const facts: TradeFacts = {
    sellCurrency: optionalText(payload.SellCurrency),
    buyCurrency: optionalText(payload.BuyCurrency),
    fixedSide: optionalText(payload.FixedSide)?.toLowerCase(),
    instructedAmount: optionalDecimal(payload.InstructedAmount, 'InstructedAmount'),
    margin: optionalDecimal(payload.Margin, 'Margin'),
    valueDate: optionalText(payload.ValueDate),
    sellAmount: optionalDecimal(payload.SellAmount, 'SellAmount'),
    buyAmount: optionalDecimal(payload.BuyAmount, 'BuyAmount'),
    clearBankRate: optionalDecimal(payload.ClearBankRate, 'ClearBankRate'),
    symbol: optionalText(payload.Symbol),
    bankMarginAmount: optionalDecimal(payload.FIReceivedMarginAmount, 'FIReceivedMarginAmount'),
    cancellationReason: optionalText(payload.CancellationReason),
  };
  const margin = marginCheck(facts);
  if (margin !== undefined) {
    facts.marginAmount = margin.computed;
    facts.marginCurrency = margin.currency;
  }
  return Object.fromEntries(Object.entries(facts).filter(([, value]) => value !== undefined)) as TradeFacts;
}

/** The metric of a trade whose bank margin differs from the computed one. */
export const FX_MARGIN_DIFFERENCE_METRIC = 'FxMarginDifference';

/**
 * The processor's FX hook: an Fx.Trade webhook moves its trade by end-to-end id up Executed, SettlementRetrying
 * (a failure the bank will retry), then one of Settled, Cancelled, SettlementFailed (in any order, once: a
 * duplicate republishes its own transition, a late Executed changes nothing), each transition publishing one
 * FxTradeStatusChanged. A final state contradicting the one reached (settled against not settled) is written
 * too, marked `conflict`, and signalled; a move out of OutcomeUnknown clears its attention. On Executed the
 * margin computed by the spec's formulas is compared with the bank's FIReceivedMarginAmount.
 */
export function fxWebhookHook(deps: FxDependencies): StateHook {
  // The trade a webhook moves, read beside the inbox claim.
  const trades = earlyReads<object, TradeRecord | undefined>();
  const named = (type: string, payload: unknown) => {
    if (typeof payload !== 'object' || payload === null) return undefined;
    const fields = payload as Record<string, unknown>;
    const to = webhookTradeStatus(type, settlementWillBeRetried(fields));
    const endToEndId = optionalText(fields.EndToEndId);
    return to === undefined || endToEndId === undefined ? undefined : { fields, to, endToEndId };
  };
  const hook = async (webhook: ClaimedWebhook) => {
    const early =
      typeof webhook.payload === 'object' && webhook.payload !== null
        ? trades.take(webhook.payload)
        : undefined;
    const trade = named(webhook.type, webhook.payload);
    if (trade === undefined) return;
    const { fields, to, endToEndId } = trade;
    const facts = webhookFacts(fields);
    if (to === 'Executed') compareMargin(endToEndId, facts, deps);
    const change = { to, at: webhook.now, cause: webhook.key, facts };
    const move = await moveTrade(endToEndId, change, deps.store, { create: true, read: early });
    if (move === undefined || move.kind === 'unmoved') return;
    await clearWhenKnown(deps.attention, FX_TRADE_ATTENTION, endToEndId, move.transition);
    signalConflict(move, deps);
    await deps.events.publish(fxTradeStatusChanged(move.record, move.transition));
  };
  return Object.assign(hook, {
    prefetch: ({ type, payload }: ArrivedWebhook) => {
      const trade = named(type, payload);
      if (trade !== undefined) trades.begin(payload as object, () => deps.store.getTrade(trade.endToEndId));
    },
  });
}

function compareMargin(endToEndId: string, facts: TradeFacts, deps: FxDependencies): void {
  if (facts.marginAmount === undefined) return;
  const bank = facts.bankMarginAmount ?? '0';
  if (new MoneyDecimal(bank).eq(facts.marginAmount)) return;
  deps.log.warn('the bank margin differs from the computed one', {
    endToEndId,
    computedMarginAmount: facts.marginAmount,
    bankMarginAmount: bank,
    marginCurrency: facts.marginCurrency,
  });
  deps.count?.(FX_MARGIN_DIFFERENCE_METRIC);
}
