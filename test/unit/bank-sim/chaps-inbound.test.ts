import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MoneyDecimal } from '#shared/domain/money.js';
import { moveMoney } from '#sim/core/ledger.js';
import {
  type ChapsWorld,
  customerPayment,
  DELAY,
  inboundCustomerPayment,
  inboundInstitutionPayment,
  inboundReturnPayment,
  membersOf,
  OTHER_TOKEN,
  PATHS,
  paymentIdOf,
  returnPayment,
  startChapsWorld,
  uetrOf,
} from './chaps-helpers.js';
import { call, problemOf } from './helpers.js';

/**
 * Payments in through the three simulation-only operations (a pacs.008 or pacs.009 from another bank, the
 * other bank returning one of ours), and the institution returning a payment it received
 * (`createChapsReturnPayment`): credits and debits, the webhooks as the pages show them, holds, the hours, and
 * the returns the bank refuses.
 */

let w: ChapsWorld;
let account: { id: string; iban: string; bban: string };
beforeEach(async () => {
  w = await startChapsWorld();
  account = await w.openAccount();
});
afterEach(() => w.close());

/** A CHAPS payment received now and settled: its payment id (the `TransactionId` of its TransactionSettled). */
async function received(body = inboundCustomerPayment(account.iban)): Promise<string> {
  await uetrOf(await w.send(PATHS.inboundCustomer, body));
  const [settled] = await w.webhooks();
  if (settled?.Type !== 'TransactionSettled') throw new Error(`expected a settlement, got ${settled?.Type}`);
  return settled.Payload.TransactionId as string;
}

describe('an inbound CHAPS customer payment (simulation)', () => {
  it('is answered 202 with a UETR, credits the account at once and sends TransactionSettled as the page’s CHAPS example', async () => {
    const uetr = await uetrOf(await w.send(PATHS.inboundCustomer, inboundCustomerPayment(account.iban)));
    expect(w.balance(account.id)).toBe('1001001.00');
    const [settled, ...more] = await w.webhooks();
    expect(more).toEqual([]);
    const payload = settled?.Payload ?? {};
    // The page's CHAPS example, member for member; Balance and BalanceLastUpdatedAt as its table says for a
    // real account.
    expect(membersOf(payload)).toEqual({
      $: [
        'Account',
        'ActualEndToEndTransactionId',
        'Amount',
        'CounterpartAccount',
        'CurrencyCode',
        'DebitCreditCode',
        'EndToEndTransactionId',
        'IsReturn',
        'Iso20022XmlDocument',
        'Reference',
        'Scheme',
        'Status',
        'SupplementaryData',
        'TimestampCreated',
        'TimestampSettled',
        'TransactionId',
      ],
      Account: [
        'BBAN',
        'Balance',
        'BalanceLastUpdatedAt',
        'IBAN',
        'InstitutionName',
        'OwnerName',
        'TransactionOwnerName',
      ],
      CounterpartAccount: ['IBAN', 'InstitutionName', 'OwnerName', 'TransactionOwnerName'],
    });
    expect(payload).toMatchObject({
      Status: 'Settled',
      Scheme: 'Chaps',
      EndToEndTransactionId: '12345678TEST12345678100',
      ActualEndToEndTransactionId: '12345678TEST1234567899100',
      Amount: 1001,
      DebitCreditCode: 'Credit',
      Reference: 'Reference17',
      IsReturn: false,
      Account: {
        IBAN: account.iban,
        BBAN: account.bban,
        OwnerName: 'Acme Ltd',
        TransactionOwnerName: 'Name 2',
        Balance: 1001001,
      },
      CounterpartAccount: {
        IBAN: 'GB71CPBK08929969687998',
        OwnerName: 'Name 1',
        TransactionOwnerName: 'Name 1',
        InstitutionName: 'LOYDGB22XXX',
      },
    });
    expect(payload.SupplementaryData).toEqual([
      { Name: '20', Value: '12345678TEST1234567899100' },
      { Name: '32A', Value: '2026-01-05\r\n1001.00' },
      { Name: '33B', Value: '' },
      { Name: '50K', Value: 'Name 1\r\nGB71CPBK08929969687998' },
      { Name: '52A', Value: 'LOYDGB22XXX' },
      { Name: '57A', Value: 'CLRBGB22XXX' },
      { Name: '59', Value: `${account.iban}\r\nName 2` },
      { Name: '70', Value: '12345678TEST12345678100\r\nReference17' },
      { Name: '71A', Value: 'SHAR' },
    ]);
    const xml = payload.Iso20022XmlDocument as string;
    expect(xml).toMatch(
      /^<Document xmlns:xsi="http:\/\/www\.w3\.org\/2001\/XMLSchema-instance" xmlns:xsd="http:\/\/www\.w3\.org\/2001\/XMLSchema" xmlns="urn:iso:std:iso:20022:tech:xsd:pacs\.008\.001\.08"><FIToFICstmrCdtTrf><GrpHdr><CreDtTm>2026-01-05T09:00:00\.000Z<\/CreDtTm><NbOfTxs>1<\/NbOfTxs><\/GrpHdr>/,
    );
    expect(xml).toContain(`<UETR>${uetr}</UETR>`);
    expect(xml).toContain(
      '<InstgAgt><FinInstnId><BICFI>LOYDGB22XXX</BICFI></FinInstnId></InstgAgt><InstdAgt><FinInstnId><BICFI>CLRBGB22XXX</BICFI></FinInstnId></InstdAgt>',
    );
    expect(xml).toContain(`<CdtrAcct><Id><IBAN>${account.iban}</IBAN></Id></CdtrAcct>`);
  });

  it('credits a virtual account’s real account, the webhook naming the virtual account without a balance', async () => {
    const virtual = await w.openVirtualAccount(account.id);
    await uetrOf(await w.send(PATHS.inboundCustomer, inboundCustomerPayment(virtual.iban)));
    expect(w.balance(account.id)).toBe('1001001.00');
    const [settled] = await w.webhooks();
    expect(Object.keys(settled?.Payload.Account ?? {}).sort()).toEqual([
      'BBAN',
      'IBAN',
      'InstitutionName',
      'OwnerName',
      'TransactionOwnerName',
    ]);
    expect(settled?.Payload.Account).toMatchObject({ IBAN: virtual.iban, OwnerName: 'Jane Virtual' });
  });

  it('to no account of the institution is answered 202 and goes nowhere, without a webhook (the simulation page)', async () => {
    await uetrOf(await w.send(PATHS.inboundCustomer, inboundCustomerPayment('GB94BARC10201530093459')));
    expect(await w.webhooks()).toEqual([]);
    const view = (await (await w.admin('GET', '/__sim/chaps')).json()) as {
      payments: { status: string; note: string }[];
    };
    expect(view.payments).toEqual([
      expect.objectContaining({
        status: 'NotDelivered',
        note: 'no account GB94BARC10201530093459 of the institution at this bank',
      }),
    ]);
  });

  it('sent while CHAPS is closed is accepted, and credited when it next opens', async () => {
    await w.setClock('2026-01-09T19:30:00Z'); // Friday evening
    await uetrOf(await w.send(PATHS.inboundCustomer, inboundCustomerPayment(account.iban)));
    expect(w.balance(account.id)).toBe('1000000.00');
    await w.advance(60 * 60 * 1000);
    expect(await w.webhooks()).toEqual([]);
    await w.setClock('2026-01-12T08:00:00Z'); // Monday's opening
    await w.sim.idle();
    const [settled] = await w.webhooks();
    expect(settled?.Payload).toMatchObject({
      TimestampCreated: '2026-01-09T19:30:00.000Z',
      TimestampSettled: '2026-01-12T08:00:00.000Z',
    });
    expect(w.balance(account.id)).toBe('1001001.00');
  });

  it('is held by the page’s debtor name: InboundHeldTransaction, its money in suspense until released', async () => {
    const debtor = {
      name: '6a41a29eafcf455493',
      postalAddress: { townName: 'Leeds', country: 'GB', postCode: 'LS1 1AA' },
    };
    await uetrOf(await w.send(PATHS.inboundCustomer, inboundCustomerPayment(account.iban, { debtor })));
    const [held] = await w.webhooks();
    expect(held).toEqual({
      Type: 'InboundHeldTransaction',
      Version: 1,
      Payload: {
        TimestampCreated: '2026-01-05T09:00:00.000Z',
        Scheme: 'Chaps',
        Account: { IBAN: account.iban, BBAN: account.bban },
        CounterpartAccount: { IBAN: 'GB71CPBK08929969687998', BBAN: 'CPBK08929969687998' },
        TransactionAmount: 1001,
        PaymentReference: 'Reference17',
        EndToEndTransactionId: '12345678TEST12345678100',
      },
    });
    expect(w.balance(account.id)).toBe('1000000.00');
    const { payments } = (await (await w.admin('GET', '/__sim/chaps/held')).json()) as {
      payments: { paymentId: string }[];
    };
    const paymentId = payments[0]?.paymentId as string;

    expect((await w.admin('POST', `/__sim/chaps/held/${paymentId}/release`)).status).toBe(200);
    const [settled] = await w.webhooks();
    expect(settled?.Payload).toMatchObject({
      TransactionId: paymentId,
      EndToEndTransactionId: '12345678TEST12345678100',
      DebitCreditCode: 'Credit',
    });
    expect(w.balance(account.id)).toBe('1001001.00');
  });

  it('held by an inbound rule and declined, goes back to the sender without a webhook', async () => {
    await w.admin('POST', '/__sim/chaps/rules', { direction: 'inbound', amount: 1001, action: 'hold' });
    await uetrOf(await w.send(PATHS.inboundCustomer, inboundCustomerPayment(account.iban)));
    expect((await w.webhooks()).map((webhook) => webhook.Type)).toEqual(['InboundHeldTransaction']);
    const { payments } = (await (await w.admin('GET', '/__sim/chaps/held')).json()) as {
      payments: { paymentId: string }[];
    };
    const declined = await w.admin('POST', `/__sim/chaps/held/${payments[0]?.paymentId}/reject`);
    expect(await declined.json()).toMatchObject({ status: 'Rejected' });
    expect(await w.webhooks()).toEqual([]);
    expect(w.balance(account.id)).toBe('1000000.00');
  });
});

describe('an inbound CHAPS institution payment (simulation)', () => {
  it('credits the account, with the pacs.009 and its MT 202 fields', async () => {
    await uetrOf(await w.send(PATHS.inboundInstitution, inboundInstitutionPayment(account.iban)));
    expect(w.balance(account.id)).toBe('1250000.00');
    const [settled] = await w.webhooks();
    expect(settled?.Payload).toMatchObject({
      EndToEndTransactionId: 'E2E-INBOUND-INST-001',
      Reference: 'Defund',
      CounterpartAccount: {
        BBAN: '20000055779911',
        OwnerName: 'Barclays Bank plc',
        InstitutionName: 'BARCGB22XXX',
      },
      SupplementaryData: [
        { Name: '20', Value: 'INBOUND-INST-001' },
        { Name: '32A', Value: '2026-01-05\r\n250000.00' },
        { Name: '21', Value: 'E2E-INBOUND-INST-001' },
        { Name: '52A', Value: 'BARCGB22XXX' },
        { Name: '58A', Value: `CLRBGB22XXX\r\n${account.iban}` },
      ],
    });
    const xml = settled?.Payload.Iso20022XmlDocument as string;
    expect(xml).toContain('pacs.009.001.08"><FICdtTrf>');
    expect(xml).toContain(
      '<Dbtr><FinInstnId><BICFI>BARCGB22XXX</BICFI><LEI>G5GSEF7VJP5I7OUK5573</LEI><Nm>Barclays Bank plc</Nm>',
    );
  });
});

describe('returning a received CHAPS payment', () => {
  it('is refused by Faster Payments: a CHAPS credit goes back by a CHAPS return, and nothing moves', async () => {
    const paymentId = await received();
    const before = w.balance(account.id);
    const fpsReturn = await w.send('/v3/payments/fps/return', {
      paymentReturnInstruction: { TransactionId: paymentId, ReasonForReturn: 'Other' },
    });
    expect(fpsReturn.status).toBe(422);
    expect(w.balance(account.id)).toBe(before);
  });

  it('debits the account and settles a return: IsReturn, its instruction id as end-to-end id, a pacs.004', async () => {
    const paymentId = await received();
    const returnId = await paymentIdOf(await w.send(PATHS.return, returnPayment(paymentId)));
    expect(returnId).not.toBe(paymentId);
    expect(w.balance(account.id)).toBe('1000000.00');
    await w.advance(DELAY);
    const [settled] = await w.webhooks();
    expect(settled?.Payload).toMatchObject({
      TransactionId: returnId,
      EndToEndTransactionId: 'RETURN-001',
      ActualEndToEndTransactionId: 'RETURN-001',
      DebitCreditCode: 'Debit',
      IsReturn: true,
      Amount: 1001,
      CounterpartAccount: { IBAN: 'GB71CPBK08929969687998', OwnerName: 'Name 1' },
    });
    const xml = settled?.Payload.Iso20022XmlDocument as string;
    expect(xml).toContain('pacs.004.001.09"><PmtRtr>');
    expect(xml).toContain(
      '<RtrId>RETURN-001</RtrId><OrgnlInstrId>12345678TEST1234567899100</OrgnlInstrId><OrgnlEndToEndId>12345678TEST12345678100</OrgnlEndToEndId>',
    );
    expect(xml).toContain('<RtrRsnInf><Rsn><Cd>AC04</Cd></Rsn></RtrRsnInf>');
  });

  it('refuses a payment id the institution never received with 404, and a second return with 400', async () => {
    const unknown = await w.send(PATHS.return, returnPayment('3fa85f64-5717-4562-b3fc-2c963f66afa6'));
    expect(unknown.status).toBe(404);
    expect((await problemOf(unknown)).title).toBe('Not Found');

    const paymentId = await received();
    await paymentIdOf(await w.send(PATHS.return, returnPayment(paymentId)));
    const again = await w.send(
      PATHS.return,
      returnPayment(paymentId, { instructionIdentification: 'RETURN-002' }),
    );
    expect(again.status).toBe(400);
    expect((await problemOf(again)).errors).toEqual({
      paymentId: [`Payment ${paymentId} has already been returned.`],
    });
  });

  it('refuses with 400 to return a payment the institution sent', async () => {
    const sent = await paymentIdOf(await w.send(PATHS.customer, customerPayment(account.iban)));
    await w.advance(DELAY);
    const refused = await w.send(PATHS.return, returnPayment(sent));
    expect(refused.status).toBe(400);
    expect((await problemOf(refused)).errors.paymentId?.[0]).toMatch(/is not a CHAPS payment received/);
  });

  it('refuses with 400 after the next working day, and outside the hours', async () => {
    const paymentId = await received(); // Monday 5 January
    await w.setClock('2026-01-06T16:59:59Z');
    await w.setClock('2026-01-06T17:30:00Z');
    const closed = await w.send(PATHS.return, returnPayment(paymentId));
    expect(closed.status).toBe(400);
    expect((await problemOf(closed)).errors.$?.[0]).toMatch(/08:00 to 17:00 UK time/);
    await w.setClock('2026-01-07T09:00:00Z');
    const late = await w.send(PATHS.return, returnPayment(paymentId));
    expect(late.status).toBe(400);
    expect((await problemOf(late)).detail).toMatch(
      /must be made by the next working day \(2026-01-06T17:00:00.000Z\)/,
    );
  });

  it('fails assessment when the account no longer holds the money, and the payment can be returned again', async () => {
    const paymentId = await received();
    moveMoney(w.sim.state, account.id, new MoneyDecimal('-1000500'), w.sim.clock.now());
    await paymentIdOf(await w.send(PATHS.return, returnPayment(paymentId)));
    await w.advance(DELAY);
    const [failed] = await w.webhooks();
    expect(failed?.Payload).toMatchObject({
      AssesmentFailure: [
        { EndToEndId: 'RETURN-001', Reasons: ['InsufficientFunds; The account has insufficient funds'] },
      ],
    });
    expect((await w.send(PATHS.return, returnPayment(paymentId))).status).toBe(202);
  });
});

describe('the other bank returning one of our payments (simulation)', () => {
  async function sentAndSettled(): Promise<string> {
    const paymentId = await paymentIdOf(await w.send(PATHS.customer, customerPayment(account.iban)));
    await w.advance(DELAY);
    await w.webhooks();
    return paymentId;
  }

  it('credits the account it was sent from: TransactionSettled credit, IsReturn, the original’s end-to-end id', async () => {
    const paymentId = await sentAndSettled();
    expect(w.balance(account.id)).toBe('998749.50');
    await uetrOf(await w.send(PATHS.inboundReturn, inboundReturnPayment(paymentId)));
    expect(w.balance(account.id)).toBe('1000000.00');
    const [settled] = await w.webhooks();
    expect(settled?.Payload).toMatchObject({
      DebitCreditCode: 'Credit',
      IsReturn: true,
      EndToEndTransactionId: 'E2E-CUST-001',
      ActualEndToEndTransactionId: 'THEIR-RETURN-001',
      Amount: 1250.5,
      Account: { IBAN: account.iban, TransactionOwnerName: 'Acme Ltd' },
      CounterpartAccount: { OwnerName: 'Jane Smith' },
    });
    expect(settled?.Payload.TransactionId).not.toBe(paymentId);
    expect(settled?.Payload.Iso20022XmlDocument).toContain('<RtrRsnInf><Rsn><Cd>AC01</Cd></Rsn></RtrRsnInf>');
  });

  it('returns part of the amount when the request names one', async () => {
    const paymentId = await sentAndSettled();
    const partial = { returnedInterBankSettlementAmount: { amount: 250.5, currency: 'GBP' } };
    await uetrOf(await w.send(PATHS.inboundReturn, inboundReturnPayment(paymentId, partial)));
    expect(w.balance(account.id)).toBe('999000.00');
  });

  it('is refused 400 for a payment that is not one of ours, twice, or for more than was sent', async () => {
    const unknown = await w.send(
      PATHS.inboundReturn,
      inboundReturnPayment('3fa85f64-5717-4562-b3fc-2c963f66afa6'),
    );
    expect(unknown.status).toBe(400);
    expect(Object.keys((await problemOf(unknown)).errors)).toEqual(['paymentId']);

    const paymentId = await sentAndSettled();
    const tooMuch = { returnedInterBankSettlementAmount: { amount: 1250.51, currency: 'GBP' } };
    const over = await w.send(PATHS.inboundReturn, inboundReturnPayment(paymentId, tooMuch));
    expect(over.status).toBe(400);
    expect(Object.keys((await problemOf(over)).errors)).toEqual(['returnedInterBankSettlementAmount.amount']);

    await uetrOf(await w.send(PATHS.inboundReturn, inboundReturnPayment(paymentId)));
    expect((await w.send(PATHS.inboundReturn, inboundReturnPayment(paymentId))).status).toBe(400);
    const received = await w.webhooks();
    expect(received.map((webhook) => webhook.Type)).toEqual(['TransactionSettled']);
  });

  it('refuses to return a payment still held', async () => {
    await w.admin('POST', '/__sim/chaps/rules', { action: 'hold' });
    const paymentId = await paymentIdOf(await w.send(PATHS.customer, customerPayment(account.iban)));
    await w.advance(DELAY);
    expect((await w.send(PATHS.inboundReturn, inboundReturnPayment(paymentId))).status).toBe(400);
  });
});

describe('another institution’s payments', () => {
  it('are not ours to return: 404 for its received payment, 400 for the other bank to return its sent one', async () => {
    const other = (method: string, path: string, body: unknown) =>
      call(w.sim, method, path, { body: JSON.stringify(body), token: OTHER_TOKEN });
    const opened = await other('POST', '/v3/Accounts', {
      accountName: 'Theirs',
      owner: { name: 'Other' },
      sortCode: '040004',
    });
    const { account: theirs } = (await opened.json()) as { account: { iban: string } };
    await uetrOf(await other('POST', PATHS.inboundCustomer, inboundCustomerPayment(theirs.iban)));
    await paymentIdOf(await other('POST', PATHS.customer, customerPayment(theirs.iban)));
    await w.advance(DELAY);
    const view = (await (await w.admin('GET', '/__sim/chaps')).json()) as {
      payments: { paymentId: string; kind: string; status: string }[];
    };
    const receivedByThem = view.payments.find((p) => p.kind === 'inbound-customer')?.paymentId as string;
    const sentByThem = view.payments.find((p) => p.kind === 'customer' && p.status === 'Settled')
      ?.paymentId as string;

    expect((await w.send(PATHS.return, returnPayment(receivedByThem))).status).toBe(404);
    expect((await w.send(PATHS.inboundReturn, inboundReturnPayment(sentByThem))).status).toBe(400);
    // Nor does an inbound payment to their account reach ours.
    await uetrOf(await w.send(PATHS.inboundCustomer, inboundCustomerPayment(theirs.iban)));
    expect(await w.webhooks()).toEqual([]);
  });
});

describe('an inbound payment the scheme cannot carry (simulation)', () => {
  it('in another currency than GBP is answered 202 and goes nowhere, without a webhook', async () => {
    const usd = { interBankSettlementAmount: { amount: 10, currency: 'USD' } };
    await uetrOf(await w.send(PATHS.inboundCustomer, inboundCustomerPayment(account.iban, usd)));
    expect(await w.webhooks()).toEqual([]);
    expect(w.balance(account.id)).toBe('1000000.00');
  });
});
