import { fxTradeStatusChanged } from '#shared/fx/webhook-hook.js';
import { newTrade } from '#shared/fx/records.js';
import { applyChange, createdRecord, type PaymentRecord } from '#shared/payments/status.js';
import { paymentStatusChanged } from '#shared/payments/track.js';
import type { BankEvent, GatewayEvent } from '#shared/ports/events.js';

const at = new Date('2026-03-02T10:00:00Z');

/** One event of each gateway detail-type, made by the code that publishes them. */
export function gatewayEvents(): GatewayEvent[] {
  const payment = createdRecord(
    'e2e-1',
    'Outbound',
    { amount: '12.34', currency: 'GBP', creditorAccount: '****3459' },
    { to: 'Submitted', at, cause: 'claim' },
    'request-1',
  );
  // A CHAPS return tied to the payment it gives back, held, settled, then told of its hold late (marked late).
  let chapsReturn = createdRecord(
    'RTN-1',
    'Outbound',
    {
      scheme: 'CHAPS',
      instructionIdentification: 'RTN-1',
      returnOf: { paymentId: '5d1e0e35-7c5a-4d6c-9a43-1f2f0a7b9c11', endToEndId: 'II-in-1' },
    },
    { to: 'Submitted', at, cause: 'claim' },
    'request-2',
  );
  for (const change of [
    { to: 'Accepted', cause: '202', facts: { paymentId: '0b7c0d0e-0000-4000-8000-00000000cccc' } },
    { to: 'Rejected', cause: 'TransactionRejected:t-1:Debit', cancellation: { code: 'HOPRJ' } },
    {
      to: 'Held',
      cause: 'OutboundHeldTransaction:RTN-1:x',
      hold: { reason: 'compliance', heldAt: at.toISOString() },
    },
  ] as const)
    chapsReturn = applyChange(chapsReturn, { ...change, at }) as PaymentRecord;
  const trade = newTrade('fx-e2e-1', { to: 'Requested', at, cause: 'order', facts: { sellCurrency: 'GBP' } });
  return [
    paymentStatusChanged(payment, payment.history[0]!),
    ...chapsReturn.history.slice(-2).map((transition) => paymentStatusChanged(chapsReturn, transition)),
    fxTradeStatusChanged(trade, trade.history[0]!),
    {
      source: 'clearway.gateway',
      detailType: 'StatementArchived',
      detail: {
        key: 'StatementArchived:MCCY.Statements.InstitutionStatement:2026:2:USD',
        transitionId: 'MCCY.Statements.InstitutionStatement:2026:2:USD',
        kind: 'institution',
        year: 2026,
        month: 2,
        currency: 'USD',
        format: 'csv',
        objectKey: 'institution/2026/02/USD.csv',
        location: '/tmp/statements/institution/2026/02/USD.csv',
        bytes: 98,
        sha256: 'a'.repeat(64),
      },
    },
  ];
}

/** A bank event as the processor publishes it. */
export function bankEvent(detailType: string, version: number, payload: unknown): BankEvent {
  return {
    source: 'clearway.bank',
    detailType,
    detail: {
      type: detailType,
      version,
      key: `${detailType}:1`,
      receivedAt: '2026-03-02T10:00:00.000Z',
      deliveryAttempt: 1,
      payload,
    },
  };
}
