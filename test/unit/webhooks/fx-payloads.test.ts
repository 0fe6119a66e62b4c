import { describe, expect, it } from 'vitest';
import { readJson } from '#shared/json/read-json.js';
import { webhookIdentity } from '#shared/webhooks/identity.js';
import { webhookPayloads } from '#shared/webhooks/payloads/index.js';

/**
 * The FX trade payload schemas accept what the bank's pages document (their tables, the shapes of their
 * examples: `FixedSide` as `Sell` or `BUY`, `WillBeRetried` as text) and refuse what they do not; each type
 * is registered under Type and Version 1 and keyed by its end-to-end id.
 */
const trade = {
  SellAccountOwner: 'Acme Treasury',
  SellAccountIban: 'GB00CLRB04040012345678',
  BuyAccountOwner: 'Acme Treasury',
  BuyAccountIban: 'GB00CLRB04040087654321',
  Attestation: 'Y',
  ValueDate: '2026-03-02T10:15:30.1234567Z',
  InstructedAmount: 2500,
  FixedSide: 'Sell',
  BuyCurrency: 'EUR',
  SellCurrency: 'GBP',
  Margin: 0.002,
  MarginAccountIban: 'GB00CLRB04040011112222',
  EndToEndId: 'fx-trade-0001',
  UnstructuredInformation: 'Order 42',
};
const executed = {
  ...trade,
  Symbol: 'EUR/GBP',
  FIReceivedMarginAmount: 5.83,
  BuyAmount: 2909.1,
  SellAmount: 2500,
  ClearBankRate: 1.166,
  FIRate: 1.163668,
  RequestedTime: '2026-03-02T10:15:31.0000001Z',
  ExecutedTime: '2026-03-02T10:15:31.0000002Z',
};
const settled = {
  ...trade,
  DebitTransactionId: '4a1f0c2e-7d3b-4e5a-9c8d-1b2a3c4d5e6f',
  DebitAmount: 2500,
  DebitCurrency: 'GBP',
  DebitTransactionIdentifiers: [],
  DebitAdditionalProperties: [],
  DebitCreatedAt: '2026-03-02T10:16:00.1Z',
  DebitSettledAt: '2026-03-02T10:16:01.2Z',
  CreditTransactionId: '5b2e1d3f-8e4c-4f6b-8d9e-2c3b4d5e6f70',
  CreditAmount: 2909.1,
  CreditCurrency: 'EUR',
  CreditTransactionIdentifiers: [{ Scope: 'Orders', Name: 'TradeRequestID', Identifier: 'abc' }],
  CreditAdditionalProperties: [{ Key: 'FixedSide', Value: 'Sell' }],
  CreditCreatedAt: '2026-03-02T10:16:02Z',
  CreditSettledAt: '2026-03-02T10:16:03Z',
  MarginTransactionId: '6c3f2e4a-9f5d-4a7c-9eaf-3d4c5e6f7081',
  MarginAmount: 5.83,
  MarginCurrency: 'EUR',
  MarginTransactionIdentifiers: [],
  MarginAdditionalProperties: [],
  MarginCreatedAt: '2026-03-02T10:16:04Z',
  MarginSettledAt: '2026-03-02T10:16:05Z',
};
const cancelled = {
  ...trade,
  FixedSide: 'BUY',
  CancellationCode: '1',
  CancellationReason: 'Insufficient funds',
};
const settlementFailed = {
  ...cancelled,
  WillBeRetried: 'false',
  ReversalFee: 2.5,
  ReversalFeeCurrency: 'GBP',
};

const examples: Array<[string, Record<string, unknown>]> = [
  ['Fx.Trade.Executed', executed],
  ['Fx.Trade.Settled', settled],
  ['Fx.Trade.Cancelled', cancelled],
  ['Fx.Trade.Settlement.Failed', settlementFailed],
];

describe('FX trade webhook payloads', () => {
  it.each(examples)('%s v1 accepts its example, read as the gateway reads it too', (type, payload) => {
    const schema = webhookPayloads[type]?.[1];
    expect(schema?.safeParse(payload).success).toBe(true);
    expect(schema?.safeParse(readJson(JSON.stringify(payload))).success).toBe(true);
    expect(webhookIdentity(type, 1, payload, new Date())).toEqual({
      key: `${type}:fx-trade-0001`,
      basis: 'payload',
    });
  });

  it.each(examples)('%s v1 refuses an undocumented member and a missing required one', (type, payload) => {
    const schema = webhookPayloads[type]?.[1];
    expect(schema?.safeParse({ ...payload, Extra: 1 }).success).toBe(false);
    const { EndToEndId: _missing, ...withoutId } = payload;
    expect(schema?.safeParse(withoutId).success).toBe(false);
  });

  it('takes optional members absent or null', () => {
    const { Margin: _m, MarginAccountIban: _i, FIReceivedMarginAmount: _f, ...bare } = executed;
    expect(webhookPayloads['Fx.Trade.Executed']?.[1]?.safeParse(bare).success).toBe(true);
    expect(
      webhookPayloads['Fx.Trade.Settlement.Failed']?.[1]?.safeParse({
        ...settlementFailed,
        MarginAccountIban: null,
      }).success,
    ).toBe(true);
  });
});
