import { DomainRuleError } from '../domain/errors.js';
import { MoneyDecimal } from '../domain/money.js';
import { MAX_CONTENDED_WRITES, statusChangedEvent } from '../gateway/tracker.js';
import type { GatewayEvent } from '../webhooks/ports.js';
import type { StateHook } from '../webhooks/process.js';
import type { FxStore } from './ports.js';
import {
  appliedBy,
  applyTradeChange,
  decimalText,
  marginCheck,
  newTrade,
  TRADE_STATUS_OF_WEBHOOK,
  type TradeChange,
  type TradeFacts,
  type TradeRecord,
  type TradeTransition,
} from './records.js';
import type { FxDependencies } from './track.js';

/**
 * The processor's side of FX: the Fx.Trade webhooks move trades. Apart from the operation side (track.ts),
 * so the processor does not load the FX operations' request schemas.
 */
export const FX_TRADE_STATUS_CHANGED = 'FxTradeStatusChanged';

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

type Moved = { record: TradeRecord; transition: TradeTransition };

/** The trade moved by `change` (created on first sight), the transition this cause wrote before, or nothing. */
async function moveTrade(
  endToEndId: string,
  change: TradeChange,
  store: FxStore,
): Promise<Moved | undefined> {
  for (let attempt = 0; attempt < MAX_CONTENDED_WRITES; attempt++) {
    const record = await store.getTrade(endToEndId);
    if (record === undefined) {
      const created = newTrade(endToEndId, change);
      if (await store.createTrade(created))
        return { record: created, transition: created.history[0] as TradeTransition };
      continue;
    }
    const applied = appliedBy(record, change.cause);
    if (applied !== undefined) return { record, transition: applied };
    const next = applyTradeChange(record, change);
    if (next === undefined) return undefined;
    if (await store.replaceTrade(next, record.status))
      return { record: next, transition: next.history[next.history.length - 1] as TradeTransition };
  }
  throw new Error(`FX trade ${endToEndId} is being changed by others; the webhook will be retried`);
}

/**
 * The processor's FX hook: an Fx.Trade webhook moves its trade by end-to-end id up Executed, then one of
 * Settled, Cancelled, SettlementFailed (in any order, once: a duplicate republishes its own transition, a
 * late Executed changes nothing), each transition publishing one FxTradeStatusChanged. On Executed the
 * margin computed by the spec's formulas is compared with the bank's FIReceivedMarginAmount.
 */
export function fxWebhookHook(deps: FxDependencies): StateHook {
  return async (webhook) => {
    const to = TRADE_STATUS_OF_WEBHOOK[webhook.type];
    if (to === undefined || typeof webhook.payload !== 'object' || webhook.payload === null) return;
    const payload = webhook.payload as Record<string, unknown>;
    const endToEndId = optionalText(payload.EndToEndId);
    if (endToEndId === undefined) return;
    const facts = webhookFacts(payload);
    if (to === 'Executed') compareMargin(endToEndId, facts, deps);
    const moved = await moveTrade(endToEndId, { to, at: webhook.now, cause: webhook.key, facts }, deps.store);
    if (moved !== undefined) await deps.events.publish(fxTradeStatusChanged(moved.record, moved.transition));
  };
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
  deps.countMarginDifference?.();
}
