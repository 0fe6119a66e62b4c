import { describe, expect, it } from 'vitest';
import { checkRequest } from '#shared/gateway/request.js';
import type { Operation } from '#shared/operations/operation.js';
import {
  createFxOrder,
  createFxQuote,
  executeFxQuote,
  fxOperations,
} from '#shared/operations/fx/operations.js';
import { FX_SCHEMA_MESSAGES } from '#shared/operations/fx/schemas.js';

// Monday 2 March 2026, 10:00 UK time (GMT): inside every booking window but CHF/DKK/NOK/SEK same-day.
const MONDAY_10 = new Date('2026-03-02T10:00:00Z');

function errorsOf(
  operation: Operation,
  body: unknown,
  options: { rawBody?: string; now?: Date; idempotencyKey?: string | null } = {},
) {
  const raw = options.rawBody ?? JSON.stringify(body);
  const result = checkRequest(
    operation,
    {
      pathParams: {},
      query: {},
      body: Buffer.from(raw),
      contentType: 'application/json',
      idempotencyKey: options.idempotencyKey === null ? undefined : (options.idempotencyKey ?? 'key-1'),
      caller: 'unit-test',
      deadline: 0,
    },
    { overdraftAgreement: false, now: options.now ?? MONDAY_10 },
  );
  return result.ok ? {} : result.errors;
}

type Json = Record<string, unknown>;
const quote = (overrides: Json = {}): Json => ({
  valueDate: '2026-03-02T00:00:00Z',
  instructedAmount: 1000,
  fixedSide: 'sell',
  sellCurrency: 'EUR',
  buyCurrency: 'USD',
  margin: 0.01,
  ...overrides,
});
const accounts = (overrides: Json = {}): Json => ({
  sellAccount: { owner: 'Acme Ltd', iban: 'GB33CLRB04040412345678' },
  buyAccount: { owner: 'Acme Ltd', iban: 'GB94CLRB04040487654321' },
  attestation: 'Y',
  ...overrides,
});
const execute = (overrides: Json = {}): Json => ({
  quoteId: '3f1d2c4b-5a6e-4f70-8b9c-0d1e2f3a4b5c',
  customerInformation: accounts(),
  ...overrides,
});
const order = (details: Json = {}, trade: Json = {}): Json => ({
  customerInformation: accounts(),
  tradeInformation: {
    valueDate: '2026-03-03T00:00:00Z',
    details: {
      instructedAmount: 1000,
      fixedSide: 'buy',
      sellCurrency: 'GBP',
      buyCurrency: 'USD',
      ...details,
    },
    margin: { amount: 0.01, account: { owner: 'Acme Ltd', iban: 'GB33CLRB04040400000001' } },
    endToEndId: 'order-1',
    ...trade,
  },
});

describe('FX operation records', () => {
  it('require an Idempotency-Key on all three', () => {
    expect(fxOperations.map((operation) => operation.requiresIdempotencyKey)).toEqual([true, true, true]);
    expect(errorsOf(createFxQuote, quote(), { idempotencyKey: null })).toHaveProperty('Idempotency-Key');
  });

  it('accept a good quote, execution and order', () => {
    expect(errorsOf(createFxQuote, quote())).toEqual({});
    expect(errorsOf(createFxQuote, quote({ fixedSide: 'buy', margin: 0.0499 }))).toEqual({});
    expect(errorsOf(executeFxQuote, execute())).toEqual({});
    expect(errorsOf(createFxOrder, order())).toEqual({});
  });

  it('refuse margin 0.05, an upper-case fixed side, one currency twice, a bad value date', () => {
    expect(errorsOf(createFxQuote, quote({ margin: 0.05 }))).toEqual({
      margin: ['margin must be from 0 to 0.0499.'],
    });
    expect(errorsOf(createFxQuote, quote({ fixedSide: 'Sell' }))).toEqual({
      fixedSide: ['fixedSide must be buy or sell.'],
    });
    expect(errorsOf(createFxQuote, quote({ buyCurrency: 'EUR' }))).toEqual({
      buyCurrency: [FX_SCHEMA_MESSAGES.sameCurrency],
    });
    expect(errorsOf(createFxQuote, quote({ buyCurrency: 'JPY' }))).toHaveProperty('buyCurrency');
    expect(errorsOf(createFxQuote, quote({ valueDate: '2026-03-02' }))).toHaveProperty('valueDate');
    expect(errorsOf(createFxQuote, quote({ instructedAmount: 0 }))).toHaveProperty('instructedAmount');
    expect(errorsOf(createFxQuote, quote({ instructedAmount: '1000' }))).toHaveProperty('instructedAmount');
  });

  it('judge the amount on the digits written', () => {
    const raw = JSON.stringify(quote()).replace('"instructedAmount":1000', '"instructedAmount":10.001');
    expect(errorsOf(createFxQuote, undefined, { rawBody: raw })).toEqual({
      instructedAmount: ['instructedAmount must have at most 2 decimal places in EUR.'],
    });
  });

  it("refuse a pair over its maximum in the limit's currency, allow it at the maximum", () => {
    expect(errorsOf(createFxQuote, quote({ instructedAmount: 15_000_000 }))).toEqual({});
    expect(errorsOf(createFxQuote, quote({ instructedAmount: 15_000_000.01 }))).toEqual({
      instructedAmount: ['A EUR/USD trade must be at most EUR 15,000,000.00.'],
    });
    expect(
      errorsOf(createFxOrder, order({ fixedSide: 'sell', instructedAmount: 10_000_000.01 })),
    ).toHaveProperty(['tradeInformation.details.instructedAmount']);
  });

  it('refuse a booking after the earlier cut-off of the two currencies, on valueDate', () => {
    // EUR same-day cut-off 13:30 UK (shared/domain/fx.ts), USD 15:00.
    expect(errorsOf(createFxQuote, quote(), { now: new Date('2026-03-02T13:29:59Z') })).toEqual({});
    expect(errorsOf(createFxQuote, quote(), { now: new Date('2026-03-02T13:30:00Z') })).toHaveProperty(
      'valueDate',
    );
    expect(errorsOf(createFxQuote, quote(), { now: new Date('2026-03-02T06:59:59Z') })).toHaveProperty(
      'valueDate',
    );
    const chf = quote({ sellCurrency: 'CHF', buyCurrency: 'USD' });
    expect(errorsOf(createFxQuote, chf)).toHaveProperty('valueDate');
    expect(errorsOf(createFxQuote, { ...chf, valueDate: '2026-03-03T00:00:00Z' })).toEqual({});
  });

  it('refuse an execution between two owners, without attestation, or with a bad quote id', () => {
    expect(
      errorsOf(
        executeFxQuote,
        execute({ customerInformation: accounts({ buyAccount: { owner: 'Other', iban: 'GB1' } }) }),
      ),
    ).toEqual({ 'customerInformation.buyAccount.owner': [FX_SCHEMA_MESSAGES.sameOwner] });
    expect(
      errorsOf(executeFxQuote, execute({ customerInformation: accounts({ attestation: 'N' }) })),
    ).toEqual({ 'customerInformation.attestation': [FX_SCHEMA_MESSAGES.attestation] });
    expect(errorsOf(executeFxQuote, execute({ quoteId: 'q-1' }))).toEqual({
      quoteId: [FX_SCHEMA_MESSAGES.quoteId],
    });
    expect(
      errorsOf(
        executeFxQuote,
        execute({
          customerInformation: accounts({ sellAccount: { owner: 'Acme 1', iban: 'GB33CLRB04040412345678' } }),
        }),
      ),
    ).toHaveProperty(['customerInformation.sellAccount.owner']);
  });

  it("report an order's cut-off on tradeInformation.valueDate", () => {
    const sameDay = order({}, { valueDate: '2026-03-02T00:00:00Z' });
    expect(errorsOf(createFxOrder, sameDay, { now: new Date('2026-03-02T15:00:00Z') })).toHaveProperty([
      'tradeInformation.valueDate',
    ]);
    expect(errorsOf(createFxOrder, sameDay)).toEqual({});
  });

  it('refuse an order without endToEndId or with one too long', () => {
    expect(errorsOf(createFxOrder, order({}, { endToEndId: 'x'.repeat(36) }))).toHaveProperty([
      'tradeInformation.endToEndId',
    ]);
  });
});
