import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type ChapsWorld,
  crossBorderPayment,
  customerPayment,
  DELAY,
  institutionPayment,
  membersOf,
  OTHER_BANK_IBAN,
  PATHS,
  paymentIdOf,
  startChapsWorld,
} from './chaps-helpers.js';
import { book } from '#sim/products/sterling-accounts/accounts.js';
import { call, problemOf } from './helpers.js';

/**
 * The simulated CHAPS scheme's payments out: CHAPS pacs.008 and pacs.009 and GBP cross-border. Answered 202
 * with the payment id inside the hours, 400 outside; the source account debited at once; after the settlement
 * delay `TransactionSettled`, or by the admin's rules `TransactionRejected` (money back), a validation or
 * assessment failure (nothing debited), or a hold (`OutboundHeldTransaction`) an admin call releases or declines.
 */

let w: ChapsWorld;
let account: { id: string; iban: string; bban: string };
beforeEach(async () => {
  w = await startChapsWorld();
  account = await w.openAccount();
});
afterEach(() => w.close());

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('a CHAPS customer payment', () => {
  it('is answered 202 with a payment id, debits the source account at once and settles after the delay', async () => {
    const paymentId = await paymentIdOf(await w.send(PATHS.customer, customerPayment(account.iban)));
    expect(paymentId).toMatch(GUID);
    expect(w.balance(account.id)).toBe('998749.50');
    expect(await w.webhooks()).toEqual([]);

    await w.advance(DELAY);
    const [settled, ...more] = await w.webhooks();
    expect(more).toEqual([]);
    expect(settled?.Type).toBe('TransactionSettled');
    expect(settled?.Version).toBe(6);
    expect(settled?.Payload).toMatchObject({
      TransactionId: paymentId,
      Status: 'Settled',
      Scheme: 'Chaps',
      EndToEndTransactionId: 'E2E-CUST-001',
      ActualEndToEndTransactionId: 'INSTR-CUST-001',
      Amount: 1250.5,
      TimestampCreated: '2026-01-05T09:00:00.000Z',
      TimestampSettled: '2026-01-05T09:00:05.000Z',
      CurrencyCode: 'GBP',
      DebitCreditCode: 'Debit',
      Reference: 'INV-2026-001',
      IsReturn: false,
      Account: {
        IBAN: account.iban,
        BBAN: account.bban,
        OwnerName: 'Acme Ltd',
        TransactionOwnerName: 'Acme Ltd',
        Balance: 998749.5,
      },
      CounterpartAccount: {
        IBAN: OTHER_BANK_IBAN,
        OwnerName: 'Jane Smith',
        TransactionOwnerName: 'Jane Smith',
      },
    });
  });

  it('sends TransactionSettled with the members of the page, the pacs.008 it sent as Iso20022XmlDocument', async () => {
    await paymentIdOf(await w.send(PATHS.customer, customerPayment(account.iban)));
    await w.advance(DELAY);
    const [settled] = await w.webhooks();
    const payload = settled?.Payload ?? {};
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
    const xml = payload.Iso20022XmlDocument as string;
    expect(xml).toMatch(/^<Document [^>]*xmlns="urn:iso:std:iso:20022:tech:xsd:pacs\.008\.001\.08">/);
    expect(xml).toContain(
      '<PmtId><InstrId>INSTR-CUST-001</InstrId><EndToEndId>E2E-CUST-001</EndToEndId><UETR>',
    );
    expect(xml).toContain(
      '<IntrBkSttlmAmt Ccy="GBP">1250.50</IntrBkSttlmAmt><IntrBkSttlmDt>2026-01-05</IntrBkSttlmDt>',
    );
    expect(xml).toContain(`<CdtrAcct><Id><IBAN>${OTHER_BANK_IBAN}</IBAN></Id></CdtrAcct>`);
    expect(xml).toContain(
      '<Purp><Cd>SUPP</Cd></Purp><RmtInf><Strd><CdtrRefInf><Ref>INV-2026-001</Ref></CdtrRefInf></Strd></RmtInf>',
    );
    expect(xml).toContain(
      '<Cdtr><Nm>Jane Smith</Nm><PstlAdr><StrtNm>Example Street</StrtNm><BldgNb>12</BldgNb>',
    );
    expect(xml).toContain('<Id><PrvtId><Othr><Id>AB123456C</Id></Othr></PrvtId></Id>');
    expect(xml.endsWith('</FIToFICstmrCdtTrf></Document>')).toBe(true);
  });

  it('escapes text in the ISO 20022 document', async () => {
    const creditor = {
      name: 'Smith & Sons <Ltd>',
      postalAddress: { townName: 'Leeds', country: 'GB', postCode: 'LS1 1AA' },
    };
    await paymentIdOf(await w.send(PATHS.customer, customerPayment(account.iban, { creditor })));
    await w.advance(DELAY);
    const [settled] = await w.webhooks();
    expect(settled?.Payload.Iso20022XmlDocument).toContain('<Nm>Smith &amp; Sons &lt;Ltd&gt;</Nm>');
  });

  it('debits the real account named by its BBAN or its sort code and account number', async () => {
    const bySortCode = {
      schemeName: 'SortcodeAccountNumber',
      identification: `${account.bban.slice(4, 10)}-${account.bban.slice(10)}`,
    };
    await paymentIdOf(
      await w.send(PATHS.customer, customerPayment(account.iban, { sourceAccount: bySortCode })),
    );
    await paymentIdOf(
      await w.send(
        PATHS.customer,
        customerPayment(account.iban, {
          sourceAccount: { schemeName: 'BBan', identification: account.bban },
        }),
      ),
    );
    expect(w.balance(account.id)).toBe('997499.00');
  });

  it('pays from a virtual account: its real account is debited and the webhook names the virtual one, without a balance', async () => {
    const virtual = await w.openVirtualAccount(account.id);
    await paymentIdOf(await w.send(PATHS.customer, customerPayment(virtual.iban)));
    expect(w.balance(account.id)).toBe('998749.50');
    await w.advance(DELAY);
    const [settled] = await w.webhooks();
    expect(settled?.Payload.Account).toEqual({
      IBAN: virtual.iban,
      BBAN: virtual.iban.slice(4),
      OwnerName: 'Jane Virtual',
      TransactionOwnerName: 'Acme Ltd',
      InstitutionName: 'Clearway Simulated Bank',
    });
  });

  it('is listed by the transaction reads as a CHAPS debit, pending then settled', async () => {
    const paymentId = await paymentIdOf(await w.send(PATHS.customer, customerPayment(account.iban)));
    const read = async () => {
      const response = await call(w.sim, 'GET', `/v2/Accounts/${account.id}/Transactions/${paymentId}`);
      expect(response.status).toBe(200);
      return ((await response.json()) as { transaction: unknown }).transaction;
    };
    expect(await read()).toMatchObject({
      endToEndIdentifier: 'E2E-CUST-001',
      debitCreditCode: 'DBIT',
      status: 'ACSP',
      amount: { instructedAmount: 1250.5, currency: 'GBP' },
    });
    await w.advance(DELAY);
    expect(await read()).toMatchObject({ status: 'ACSC' });
  });
});

describe('the hours', () => {
  const refused = async (at: string) => {
    await w.setClock(at);
    const response = await w.send(PATHS.customer, customerPayment(account.iban));
    return {
      status: response.status,
      problem: response.status === 400 ? await problemOf(response) : undefined,
    };
  };

  it('takes payments from 08:00 to 16:59:59 UK time on business days, in winter and in summer', async () => {
    for (const at of [
      '2026-01-06T08:00:00Z',
      '2026-01-06T16:59:59Z',
      '2026-07-06T07:00:00Z',
      '2026-07-06T15:59:59Z',
    ]) {
      expect((await refused(at)).status, at).toBe(202);
    }
  });

  it('refuses with 400 before 08:00, from 17:00, at weekends and on bank holidays, debiting nothing', async () => {
    for (const at of [
      '2026-01-05T17:00:00Z', // Monday, at the close
      '2026-01-06T07:59:59Z', // Tuesday, before opening
      '2026-01-10T12:00:00Z', // Saturday
      '2026-04-06T12:00:00Z', // Easter Monday
      '2026-07-06T06:59:59Z', // 07:59:59 British Summer Time
      '2026-07-06T16:00:00Z', // 17:00 British Summer Time
      '2026-12-28T12:00:00Z', // Boxing Day's substitute
    ]) {
      const { status, problem } = await refused(at);
      expect(status, at).toBe(400);
      expect(problem?.errors.$?.[0], at).toMatch(/08:00 to 17:00 UK time on business days/);
    }
    expect(w.balance(account.id)).toBe('1000000.00');
    await w.advance(DELAY);
    expect(await w.webhooks()).toEqual([]);
  });

  it('refuses cross-border and institution payments outside the hours too', async () => {
    await w.setClock('2026-01-05T18:00:00Z');
    expect((await w.send(PATHS.crossBorder, crossBorderPayment(account.iban))).status).toBe(400);
    expect((await w.send(PATHS.institution, institutionPayment(account.iban))).status).toBe(400);
  });

  it('settles a payment taken just before the close the same day', async () => {
    await w.setClock('2026-01-05T16:59:58Z');
    const paymentId = await paymentIdOf(await w.send(PATHS.crossBorder, crossBorderPayment(account.iban)));
    await w.advance(DELAY);
    const [settled] = await w.webhooks();
    expect(settled?.Payload).toMatchObject({
      TransactionId: paymentId,
      TimestampSettled: '2026-01-05T17:00:03.000Z',
    });
  });
});

describe('a CHAPS institution payment (pacs.009)', () => {
  it('settles with its unstructured reference and a pacs.009 document naming both institutions', async () => {
    const paymentId = await paymentIdOf(await w.send(PATHS.institution, institutionPayment(account.iban)));
    expect(w.balance(account.id)).toBe('900000.00');
    await w.advance(DELAY);
    const [settled] = await w.webhooks();
    expect(settled?.Payload).toMatchObject({
      TransactionId: paymentId,
      EndToEndTransactionId: 'E2E-INST-001',
      ActualEndToEndTransactionId: 'INSTR-INST-001',
      Reference: 'Liquidity transfer January',
      CounterpartAccount: { BBAN: '60161331926819', OwnerName: 'Other Bank plc' },
    });
    const xml = settled?.Payload.Iso20022XmlDocument as string;
    expect(xml).toContain('xmlns="urn:iso:std:iso:20022:tech:xsd:pacs.009.001.08"><FICdtTrf>');
    expect(xml).toContain('<Dbtr><FinInstnId><LEI>5493001KJH8B2Q3L5X79</LEI><Nm>Acme Bank Ltd</Nm>');
    expect(xml).toContain('<CdtrAcct><Id><Othr><Id>601613-31926819</Id></Othr></Id></CdtrAcct>');
    expect(xml).toContain('<RmtInf><Ustrd>Liquidity transfer January</Ustrd></RmtInf>');
  });
});

describe('a GBP cross-border payment', () => {
  it('settles with TransactionSource "Cross Border GBP" and the creditor agent as the counterpart institution', async () => {
    const paymentId = await paymentIdOf(await w.send(PATHS.crossBorder, crossBorderPayment(account.iban)));
    await w.advance(DELAY);
    const [settled] = await w.webhooks();
    expect(settled?.Payload).toMatchObject({
      TransactionId: paymentId,
      Scheme: 'Chaps',
      TransactionSource: 'Cross Border GBP',
      EndToEndTransactionId: 'XBE2E-001',
      CounterpartAccount: { IBAN: 'DE89370400440532013000', InstitutionName: 'DEUTDEDBXXX' },
    });
    const xml = settled?.Payload.Iso20022XmlDocument as string;
    expect(xml).toContain('<CdtrAgt><FinInstnId><BICFI>DEUTDEDBXXX</BICFI></FinInstnId></CdtrAgt>');
    expect(xml).toContain('<DbtrAcct><Id><Othr><Id>040004-12345678</Id></Othr></Id></DbtrAcct>');
  });

  it('is held by the page’s remittance information TSCHOLDESCALATE', async () => {
    const body = crossBorderPayment(account.iban, {
      remittanceInformation: { creditorReferenceInformation: 'TSCHOLDESCALATE' },
    });
    await paymentIdOf(await w.send(PATHS.crossBorder, body));
    await w.advance(DELAY);
    expect((await w.webhooks()).map((webhook) => webhook.Type)).toEqual(['OutboundHeldTransaction']);
  });
});

describe('failures after the 202', () => {
  it('fails assessment with "Account not found" for a source account that is not the institution’s, debiting nothing', async () => {
    const paymentId = await paymentIdOf(
      await w.send(PATHS.customer, customerPayment('GB94BARC10201530093459')),
    );
    await w.advance(DELAY);
    const [failed] = await w.webhooks();
    expect(failed).toEqual({
      Type: 'PaymentMessageAssesmentFailed',
      Version: 1,
      Payload: {
        MessageId: expect.any(String),
        PaymentMethodType: 'Chaps',
        AssesmentFailure: [{ EndToEndId: 'E2E-CUST-001', Reasons: ['Account not found'] }],
        AccountIdentification: {
          Debtor: { IBAN: 'GB94BARC10201530093459', BBAN: 'BARC10201530093459' },
          Creditors: [
            {
              Reference: 'INV-2026-001',
              Amount: 1250.5,
              CurrencyCode: 'GBP',
              IBAN: OTHER_BANK_IBAN,
              BBAN: 'NWBK60161331926819',
            },
          ],
        },
      },
    });
    const view = (await (await w.admin('GET', '/__sim/chaps')).json()) as {
      payments: { paymentId: string; status: string }[];
    };
    expect(view.payments).toEqual([expect.objectContaining({ paymentId, status: 'AssessmentFailed' })]);
  });

  it('names the request’s X-Request-Id as the failure’s MessageId', async () => {
    const response = await call(w.sim, 'POST', PATHS.customer, {
      body: JSON.stringify(customerPayment('GB94BARC10201530093459')),
      requestId: 'req-chaps-1',
    });
    expect(response.status).toBe(202);
    await w.advance(DELAY);
    expect((await w.webhooks())[0]?.Payload.MessageId).toBe('req-chaps-1');
  });

  it('fails assessment for a balance that does not cover the payment, debiting nothing', async () => {
    const body = customerPayment(account.iban, {
      interBankSettlementAmount: { amount: 1000000.01, currency: 'GBP' },
    });
    await paymentIdOf(await w.send(PATHS.customer, body));
    expect(w.balance(account.id)).toBe('1000000.00');
    await w.advance(DELAY);
    const [failed] = await w.webhooks();
    expect(failed?.Payload).toMatchObject({
      AssesmentFailure: [
        { EndToEndId: 'E2E-CUST-001', Reasons: ['InsufficientFunds; The account has insufficient funds'] },
      ],
    });
  });

  it('fails assessment for a creditor sort code CHAPS cannot route to (configurable)', async () => {
    const creditorAccount = { schemeName: 'SortcodeAccountNumber', identification: '999998-12345678' };
    await paymentIdOf(await w.send(PATHS.customer, customerPayment(account.iban, { creditorAccount })));
    await w.advance(DELAY);
    expect((await w.webhooks())[0]?.Payload).toMatchObject({
      AssesmentFailure: [
        { Reasons: ["Unable to find chaps routing bic for iban '999998-12345678' sort code"] },
      ],
    });
    expect((await w.admin('PATCH', '/__sim/chaps/config', { unroutableSortCodes: [] })).status).toBe(200);
    await paymentIdOf(await w.send(PATHS.customer, customerPayment(account.iban, { creditorAccount })));
    await w.advance(DELAY);
    expect((await w.webhooks()).map((webhook) => webhook.Type)).toEqual(['TransactionSettled']);
  });

  it('fails in validation a currency other than GBP, which the bank’s schema lets through (assessment for cross-border)', async () => {
    const usd = { interBankSettlementAmount: { amount: 10, currency: 'USD' } };
    await paymentIdOf(await w.send(PATHS.customer, customerPayment(account.iban, usd)));
    await paymentIdOf(await w.send(PATHS.crossBorder, crossBorderPayment(account.iban, usd)));
    await w.advance(DELAY);
    const failures = await w.webhooks();
    expect(failures.map((webhook) => webhook.Type).sort()).toEqual([
      'PaymentMessageAssesmentFailed',
      'PaymentMessageValidationFailed',
    ]);
    expect(w.balance(account.id)).toBe('1000000.00');
  });

  it('fails a payment from a disabled account with "Debit transactions disabled"', async () => {
    const real = w.sim.state.get(book).real.get(account.id);
    if (real) real.status = 'Closed';
    await paymentIdOf(await w.send(PATHS.customer, customerPayment(account.iban)));
    await w.advance(DELAY);
    expect((await w.webhooks())[0]?.Payload).toMatchObject({
      AssesmentFailure: [{ Reasons: ['Debit transactions disabled'] }],
    });
  });
});

describe('the admin’s rules', () => {
  const rule = async (body: unknown) => {
    const response = await w.admin('POST', '/__sim/chaps/rules', body);
    expect(response.status).toBe(201);
    return (await response.json()) as { id: string };
  };

  it('reject a payment by end-to-end id: debited, then TransactionRejected and the money back', async () => {
    await rule({ endToEndId: 'E2E-CUST-001', action: 'reject' });
    const paymentId = await paymentIdOf(await w.send(PATHS.customer, customerPayment(account.iban)));
    expect(w.balance(account.id)).toBe('998749.50');
    await w.advance(DELAY);
    const [rejected] = await w.webhooks();
    expect(rejected).toEqual({
      Type: 'TransactionRejected',
      Version: 2,
      Payload: {
        TransactionId: paymentId,
        Status: 'Rejected',
        Scheme: 'Chaps',
        EndToEndTransactionId: 'E2E-CUST-001',
        Amount: 1250.5,
        TimestampModified: '2026-01-05T09:00:05.000Z',
        CurrencyCode: 'GBP',
        DebitCreditCode: 'Debit',
        Reference: 'INV-2026-001',
        IsReturn: false,
        CancellationReason: 'Creditor account number invalid or not reachable',
        CancellationCode: 'AC03',
        Account: { IBAN: account.iban, BBAN: account.bban },
        CounterpartAccount: { IBAN: OTHER_BANK_IBAN, BBAN: 'NWBK60161331926819' },
      },
    });
    expect(w.balance(account.id)).toBe('1000000.00');
  });

  it('reject by amount and creditor with the code and reason they name, only as many times as they say', async () => {
    await rule({
      amount: '1250.50',
      creditorName: 'jane smith',
      action: 'reject',
      cancellationCode: 'CB_CancelledByChapsMember',
      cancellationReason: 'Cancelled by the receiving member',
      times: 1,
    });
    await paymentIdOf(await w.send(PATHS.customer, customerPayment(account.iban)));
    await paymentIdOf(
      await w.send(PATHS.customer, customerPayment(account.iban, { endToEndIdentification: 'E2E-2' })),
    );
    await w.advance(DELAY);
    const outcomes = await w.webhooks();
    expect(outcomes.map((webhook) => [webhook.Type, webhook.Payload.CancellationCode])).toEqual([
      ['TransactionRejected', 'CB_CancelledByChapsMember'],
      ['TransactionSettled', undefined],
    ]);
    expect((await (await w.admin('GET', '/__sim/chaps/rules')).json()) as unknown).toEqual({ rules: [] });
  });

  it('fail validation with the reasons they name, debiting nothing', async () => {
    await rule({
      creditorAccount: OTHER_BANK_IBAN,
      action: 'validation-failed',
      reasons: ['Creditor name contains invalid characters'],
    });
    await paymentIdOf(await w.send(PATHS.customer, customerPayment(account.iban)));
    expect(w.balance(account.id)).toBe('1000000.00');
    await w.advance(DELAY);
    const [failed] = await w.webhooks();
    expect(failed).toEqual({
      Type: 'PaymentMessageValidationFailed',
      Version: 1,
      Payload: {
        MessageId: expect.any(String),
        PaymentMethodType: 'Chaps',
        ValidationFailure: [
          { EndToEndId: 'E2E-CUST-001', Reasons: ['Creditor name contains invalid characters'] },
        ],
        AccountIdentification: {
          Debtor: {
            IBAN: account.iban,
            BBAN: account.bban,
            CUID: null,
            UPIC: null,
            AccountName: 'Ops',
            AccountHolderLabel: 'Acme Ltd',
            InstitutionName: 'Clearway Simulated Bank',
          },
          Creditors: [
            {
              Reference: 'INV-2026-001',
              Amount: 1250.5,
              CurrencyCode: 'GBP',
              IBAN: OTHER_BANK_IBAN,
              CUID: null,
              UPIC: null,
              AccountName: 'Jane Smith',
              AccountHolderLabel: 'Jane Smith',
            },
          ],
        },
      },
    });
  });

  it('fail assessment with the reasons they name', async () => {
    await rule({
      action: 'assessment-failed',
      reasons: ['Creditor account number and sort code combination is invalid'],
    });
    await paymentIdOf(await w.send(PATHS.institution, institutionPayment(account.iban)));
    await w.advance(DELAY);
    expect((await w.webhooks())[0]?.Payload).toMatchObject({
      AssesmentFailure: [
        {
          EndToEndId: 'E2E-INST-001',
          Reasons: ['Creditor account number and sort code combination is invalid'],
        },
      ],
    });
  });

  it('are refused when they cannot be played: an inbound rule that does more than hold, validation of cross-border', async () => {
    expect(
      (await w.admin('POST', '/__sim/chaps/rules', { direction: 'inbound', action: 'reject' })).status,
    ).toBe(400);
    expect(
      (await w.admin('POST', '/__sim/chaps/rules', { kinds: ['cross-border'], action: 'validation-failed' }))
        .status,
    ).toBe(400);
    expect((await w.admin('POST', '/__sim/chaps/rules', { action: 'explode' })).status).toBe(400);
    expect(
      (await w.admin('POST', '/__sim/chaps/rules', { action: 'reject', cancellationCode: 'NOPE' })).status,
    ).toBe(400);
  });

  it('are listed, deleted one by one and cleared', async () => {
    const first = await rule({ endToEndId: 'A', action: 'hold' });
    await rule({ endToEndId: 'B', action: 'reject' });
    expect((await w.admin('DELETE', `/__sim/chaps/rules/${first.id}`)).status).toBe(200);
    const listed = (await (await w.admin('GET', '/__sim/chaps/rules')).json()) as {
      rules: { endToEndId: string }[];
    };
    expect(listed.rules.map((r) => r.endToEndId)).toEqual(['B']);
    expect((await w.admin('DELETE', `/__sim/chaps/rules/${first.id}`)).status).toBe(404);
    expect((await w.admin('DELETE', '/__sim/chaps/rules')).status).toBe(200);
    expect(await (await w.admin('GET', '/__sim/chaps/rules')).json()).toEqual({ rules: [] });
  });
});

describe('a held payment out', () => {
  const held = async (
    body = customerPayment(account.iban, {
      creditor: {
        name: '6a41a29eafcf455493',
        postalAddress: { townName: 'London', country: 'GB', postCode: 'E1 8QS' },
      },
    }),
  ) => {
    const paymentId = await paymentIdOf(await w.send(PATHS.customer, body));
    await w.advance(DELAY);
    return paymentId;
  };

  it('is held by the page’s creditor name: OutboundHeldTransaction with the page’s members, its money kept', async () => {
    await held();
    const [webhook, ...more] = await w.webhooks();
    expect(more).toEqual([]);
    expect(webhook).toEqual({
      Type: 'OutboundHeldTransaction',
      Version: 1,
      Payload: {
        TimestampCreated: '2026-01-05T09:00:05.000Z',
        Scheme: 'Chaps',
        CounterpartAccount: { IBAN: OTHER_BANK_IBAN, BBAN: 'NWBK60161331926819' },
        Account: { IBAN: account.iban, BBAN: account.bban },
        TransactionAmount: 1250.5,
        PaymentReference: 'INV-2026-001',
        EndToEndTransactionId: 'E2E-CUST-001',
      },
    });
    expect(w.balance(account.id)).toBe('998749.50');
  });

  it('is held by a rule, and settles when an admin releases it', async () => {
    await w.admin('POST', '/__sim/chaps/rules', { endToEndId: 'E2E-INST-001', action: 'hold' });
    const paymentId = await paymentIdOf(await w.send(PATHS.institution, institutionPayment(account.iban)));
    await w.advance(DELAY);
    expect((await w.webhooks()).map((webhook) => webhook.Type)).toEqual(['OutboundHeldTransaction']);
    const listed = (await (await w.admin('GET', '/__sim/chaps/held')).json()) as {
      payments: { paymentId: string }[];
    };
    expect(listed.payments.map((p) => p.paymentId)).toEqual([paymentId]);

    const released = await w.admin('POST', `/__sim/chaps/held/${paymentId}/release`);
    expect(released.status).toBe(200);
    expect(await released.json()).toMatchObject({ paymentId, status: 'Settled' });
    const [settled] = await w.webhooks();
    expect(settled).toMatchObject({ Type: 'TransactionSettled', Payload: { TransactionId: paymentId } });
    expect(w.balance(account.id)).toBe('900000.00');
  });

  it('is rejected with HOPRJ and its money returned when an admin declines it', async () => {
    const paymentId = await held();
    await w.webhooks();
    expect((await w.admin('POST', `/__sim/chaps/held/${paymentId}/reject`)).status).toBe(200);
    const [rejected] = await w.webhooks();
    expect(rejected?.Type).toBe('TransactionRejected');
    expect(rejected?.Payload).toMatchObject({ TransactionId: paymentId, CancellationCode: 'HOPRJ' });
    expect(w.balance(account.id)).toBe('1000000.00');
    expect((await w.admin('POST', `/__sim/chaps/held/${paymentId}/reject`)).status).toBe(409);
    expect(
      (await w.admin('POST', '/__sim/chaps/held/00000000-0000-4000-8000-000000000000/release')).status,
    ).toBe(404);
  });

  it('released after the close, settles when CHAPS next opens', async () => {
    const paymentId = await held();
    await w.webhooks();
    await w.setClock('2026-01-09T18:00:00Z'); // a Friday evening
    expect(await (await w.admin('POST', `/__sim/chaps/held/${paymentId}/release`)).json()).toMatchObject({
      status: 'Queued',
    });
    expect(await w.webhooks()).toEqual([]);
    await w.setClock('2026-01-12T08:00:00Z'); // Monday's opening
    await w.sim.idle();
    const [settled] = await w.webhooks();
    expect(settled?.Payload).toMatchObject({
      TransactionId: paymentId,
      TimestampSettled: '2026-01-12T08:00:00.000Z',
    });
  });
});
