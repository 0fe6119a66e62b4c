import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  ClearwayApiError,
  type ClearwayResponse,
  createClearwayClient,
  type OperationRequest,
  type Problem,
} from '#client/index.js';
import { addDays, nextBusinessDay, ukDateOf, ukInstant } from '#shared/domain/calendar.js';
import { MoneyDecimal } from '#shared/domain/money.js';
import { customerV2Examples } from '#shared/operations/customers-v2/examples.js';

type Instruction = OperationRequest<'sendFpsPayments'>['body']['paymentInstructions'][number];
type Transfer = Instruction['creditTransfers'][number];

/**
 * `npm run demo`: a walk through Clearway against a running sandbox (`npm start`), calling the gateway as
 * an internal workload would, with the typed client (`client/`: checked, SigV4-signed, a key on every
 * write); where the bank's counterparties act (a service user collecting a direct debit) it asks the
 * simulator's admin routes, and moves the sandbox clock instead of waiting.
 * It finds the sandbox from the variables `npm start` reads: CLEARWAY_PORT (default 3000) and
 * CLEARWAY_SIM_PORT (default 3001); CLEARWAY_GATEWAY_URL points it at another gateway (signed with the
 * default AWS credential chain and AWS_REGION there; the sandbox checks only a signature's shape).
 */
const gatewayUrl = (
  process.env.CLEARWAY_GATEWAY_URL ?? `http://127.0.0.1:${process.env.CLEARWAY_PORT ?? '3000'}`
).replace(/\/$/, '');
const simulatorUrl = `http://127.0.0.1:${process.env.CLEARWAY_SIM_PORT ?? '3001'}`;

/** The sandbox's clock: the bank's time, which the client's time rules are judged at. */
const sandboxNow = async () =>
  new Date(((await (await fetch(`${simulatorUrl}/__sim/clock`)).json()) as { now: string }).now);

const clearway = createClearwayClient({
  baseUrl: gatewayUrl,
  region: process.env.AWS_REGION ?? 'eu-west-2',
  ...(process.env.CLEARWAY_GATEWAY_URL === undefined && {
    credentials: { accessKeyId: 'SANDBOXDEMO', secretAccessKey: 'sandbox-demo' },
  }),
  rules: { now: sandboxNow },
});

interface BankEvent {
  detailType: string;
  detail: { key: string; payload: unknown };
}

let stepNumber = 0;
async function step<T>(title: string, run: () => Promise<T>): Promise<T> {
  stepNumber += 1;
  console.log(`\n${stepNumber}. ${title}`);
  return run();
}

const show = (label: string, value: unknown) => console.log(`   ${label}: ${JSON.stringify(value)}`);

/** One call through the client, printed as `METHOD path -> status`; a refusal is an answer here, not a failure. */
async function call<T>(
  request: Promise<ClearwayResponse<T>>,
): Promise<{ status: number; body: T | Problem }> {
  try {
    const answer = await request;
    console.log(`   ${answer.method} ${answer.path} -> ${answer.status}`);
    return answer;
  } catch (error) {
    if (!(error instanceof ClearwayApiError)) throw error;
    console.log(`   ${error.method} ${error.path} -> ${error.status}`);
    return { status: error.status, body: error.problem };
  }
}

/** What the scheme does in the simulator (`/__sim/...`): not a call a workload makes. */
async function simulate(path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${simulatorUrl}${path}`, { method: 'POST', body: JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`simulator ${path}: ${response.status} ${text}`);
  console.log(`   (simulator) POST ${path} -> ${response.status}`);
  return JSON.parse(text);
}

/**
 * Polls the sandbox's event list until `count` events match (webhooks arrive after the answer), for at most 10 s;
 * prints each with `shown` (default: its payload).
 */
async function eventsWhere(
  count: number,
  match: (event: BankEvent) => boolean,
  shown: (event: BankEvent) => unknown = (event) => event.detail.payload ?? event.detail,
): Promise<BankEvent[]> {
  const until = Date.now() + 10_000;
  for (;;) {
    const response = await fetch(`${gatewayUrl}/gateway/local/events`);
    const events = ((await response.json()) as { events: BankEvent[] }).events.filter(match);
    if (events.length >= count || Date.now() > until) {
      for (const event of events) show(`event ${event.detailType}`, shown(event));
      if (events.length < count)
        throw new Error(`expected ${count} event(s), saw ${events.length} within 10 s`);
      return events;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Events of a type about one real account. */
const about = (type: string, accountId: string) => (event: BankEvent) =>
  event.detailType === type && (event.detail.payload as { AccountId?: string }).AccountId === accountId;

async function main(): Promise<void> {
  console.log(`Clearway demo against ${gatewayUrl}`);

  // A business-day morning of its own, after whatever the sandbox clock says: every step then runs in the
  // hours it needs whatever the real hour, and a second run starts after the first (the clock only moves on).
  const morning = ukInstant(nextBusinessDay(ukDateOf(await sandboxNow())), '09:00');
  await simulate('/__sim/clock/set', { to: morning.toISOString() });
  console.log(`   sandbox clock set to ${morning.toISOString()} (a business-day morning)`);

  const message = `demo ${new Date().toISOString()}`;
  await step('A signed POST /v1/Test through the gateway, and the FITestEvent it produces', async () => {
    show('answer', (await call(clearway.postTest({ body: { Message: message } }))).body);
    await eventsWhere(
      1,
      (event) => event.detailType === 'FITestEvent' && JSON.stringify(event).includes(message),
    );
  });

  const account = await step('Open a real sterling account (201, then an AccountCreated event)', async () => {
    const created = await call(
      clearway.createAccount({
        body: { accountName: 'Demo client money', owner: { name: 'Demo Ltd' }, sortCode: '040004' },
      }),
    );
    const { id, iban, status } = (created.body as { account: { id: string; iban: string; status: string } })
      .account;
    show('account', { id, iban, status });
    await eventsWhere(1, about('AccountCreated', id));
    return { id, iban };
  });

  const virtualIds = await step(
    'Add two virtual accounts (202; each outcome arrives as a webhook)',
    async () => {
      await call(
        clearway.createVirtualAccounts({
          pathParams: { accountId: account.id },
          body: {
            virtualAccounts: [
              { ownerName: 'Jane Doe', accountIdentifier: { externalIdentifier: `jane-${account.id}` } },
              { ownerName: 'John Roe', accountIdentifier: { externalIdentifier: `john-${account.id}` } },
            ],
          },
        }),
      );
      const events = await eventsWhere(2, about('VirtualAccountCreated', account.id));
      return events.map((event) => (event.detail.payload as { VirtualAccountId: string }).VirtualAccountId);
    },
  );

  const [first, second] = virtualIds;
  await step('Amend the first virtual account, disable the second', async () => {
    await call(
      clearway.amendVirtualAccount({
        pathParams: { accountId: account.id, virtualAccountId: first ?? '' },
        body: { ownerName: 'Jane Smith' },
      }),
    );
    await call(
      clearway.disableVirtualAccount({
        pathParams: { accountId: account.id, virtualAccountId: second ?? '' },
      }),
    );
  });

  await step('List the virtual accounts of the real account: the disabled one is still there', async () => {
    const listed = await call(clearway.listAccountVirtualAccounts({ pathParams: { accountId: account.id } }));
    for (const virtual of (listed.body as { accounts: { id: string; name: string; status: string }[] })
      .accounts) {
      show('virtual account', { id: virtual.id, name: virtual.name, status: virtual.status });
    }
  });

  await step(
    'Send a payment of three instructions: the third asks for more than the account holds (InsufficientFunds)',
    async () => {
      const run = Date.now().toString(36);
      const transfer = (n: number, amount: number): Transfer => ({
        paymentIdentification: {
          instructionIdentification: `demo-${run}-${n}`,
          endToEndIdentification: `demo-${run}-${n}`,
        },
        amount: { instructedAmount: amount, currency: 'GBP' },
        creditor: { name: `Supplier ${n} Ltd` },
        creditorAccount: {
          identification: { other: { identification: '20000055779911', schemeName: { code: 'BBAN' } } },
        },
        remittanceInformation: {
          structured: { creditorReferenceInformation: { reference: `Invoice ${n}` } },
        },
      });
      const instruction = (n: number, transfers: Transfer[]): Instruction => ({
        debtor: { address: '1 High Street, London' },
        paymentInstructionIdentification: `demo-${run}-pi${n}`,
        debtorAccount: { identification: { iban: account.iban } },
        creditTransfers: transfers,
      });
      const sent = await call(
        clearway.sendFpsPayments({
          body: {
            paymentInstructions: [
              instruction(1, [transfer(1, 125.5)]),
              instruction(2, [transfer(2, 74.5)]),
              instruction(3, [transfer(3, 999_999), transfer(4, 999_999)]),
            ],
          },
        }),
      );
      show('answer', sent.body);
      const ids = [1, 2].map((n) => `demo-${run}-${n}`);
      await eventsWhere(
        2,
        (event) =>
          event.detailType === 'TransactionSettled' &&
          ids.includes(
            (event.detail.payload as { EndToEndTransactionId?: string }).EndToEndTransactionId ?? '',
          ),
      );
      const record = await call(clearway.gateway.getPayment({ pathParams: { endToEndId: ids[0] ?? '' } }));
      const { status, history } = record.body as { status: string; history: { to: string; cause: string }[] };
      show('payment record', { status, history: history.map(({ to, cause }) => `${to} (${cause})`) });
      const refused = await call(
        clearway.gateway.getPayment({ pathParams: { endToEndId: `demo-${run}-3` } }),
      );
      show('refused instruction', (refused.body as { status: string }).status);
    },
  );

  await step(
    'CHAPS: another bank pays in GBP 2,500,000, we pay out 1,500,000 (above the FPS cap) the same day; a cross-border payment is held, then released',
    async () => {
      const run = Date.now().toString(36);
      const address = { townName: 'London', country: 'GB', postCode: 'EC2V 8RT' };
      await call(
        clearway.simulateInboundChapsCustomerPayment({
          body: {
            instructionIdentification: `demo-in-${run}`,
            endToEndIdentification: `demo-in-${run}`,
            interBankSettlementAmount: { amount: 2_500_000, currency: 'GBP' },
            instructingAgentBic: 'LOYDGB22XXX',
            debtorAccount: { iban: 'GB71CPBK08929969687998' },
            debtor: { name: 'Completion Solicitors LLP', postalAddress: address },
            creditorAccount: { iban: account.iban },
            creditor: { name: 'Demo Ltd', postalAddress: address },
            purpose: 'CASH',
            categoryPurpose: 'CASH',
          },
        }),
      );
      const settled = (endToEndId: string) => (event: BankEvent) =>
        event.detailType === 'TransactionSettled' &&
        (event.detail.payload as { EndToEndTransactionId?: string }).EndToEndTransactionId === endToEndId;
      await eventsWhere(1, settled(`demo-in-${run}`));
      const sender = { name: 'Demo Ltd', postalAddress: address };
      await call(
        clearway.createChapsCustomerPayment({
          body: {
            instructionIdentification: `demo-chaps-${run}`,
            endToEndIdentification: `demo-chaps-${run}`,
            interBankSettlementAmount: { amount: 1_500_000, currency: 'GBP' },
            sourceAccount: { iban: account.iban },
            debtorAccount: { iban: account.iban },
            debtor: sender,
            creditorAccount: { schemeName: 'SortcodeAccountNumber', identification: '200000-55779911' },
            creditor: { name: 'Property Vendor', postalAddress: address },
            purpose: 'GDSV',
            categoryPurpose: 'TRAD',
            remittanceInformation: { creditorReferenceInformation: 'Completion 14 Elm Road' },
          },
        }),
      );
      await eventsWhere(1, settled(`demo-chaps-${run}`));
      const record = async (endToEndId: string) => {
        const read = await call(clearway.gateway.getPayment({ pathParams: { endToEndId } }));
        const { scheme, status, history } = read.body as {
          scheme?: string;
          status: string;
          history: { to: string }[];
        };
        show('payment record', { scheme, status, history: history.map(({ to }) => to) });
      };
      await record(`demo-chaps-${run}`);

      // The simulator holds a cross-border payment whose reference asks for it, as the bank's test values do.
      const sent = await call(
        clearway.createCrossBorderPayment({
          body: {
            instructionIdentification: `demo-xb-${run}`,
            endToEndIdentification: `demo-xb-${run}`,
            interBankSettlementAmount: { amount: 5_000, currency: 'GBP' },
            sourceAccount: { iban: account.iban },
            debtorAccount: { iban: account.iban },
            debtor: sender,
            creditorAccount: { iban: 'DE89370400440532013000' },
            creditor: {
              name: 'Hans Mueller',
              postalAddress: { townName: 'Chemnitz', country: 'DE', postCode: '09052' },
            },
            creditorAgent: { bic: 'DEUTDEDB' },
            purpose: 'TRAD',
            categoryPurpose: 'TRAD',
            remittanceInformation: { creditorReferenceInformation: 'TSCHOLDESCALATE' },
          },
        }),
      );
      const { paymentId } = sent.body as { paymentId: string };
      await eventsWhere(
        1,
        (event) =>
          event.detailType === 'OutboundHeldTransaction' &&
          (event.detail.payload as { EndToEndTransactionId?: string }).EndToEndTransactionId ===
            `demo-xb-${run}`,
      );
      await record(`demo-xb-${run}`);
      await simulate(`/__sim/chaps/held/${paymentId}/release`, {});
      await eventsWhere(1, settled(`demo-xb-${run}`));
      await record(`demo-xb-${run}`);
    },
  );

  await step(
    "camt.053: today's statement so far of the sterling accounts requested, archived by the processor and read back",
    async () => {
      // A window in the past of at most 25 hours, to the second: from 00:00 UTC to a second ago.
      const now = await sandboxNow();
      const start = `${now.toISOString().slice(0, 10)}T00:00:00Z`;
      const end = `${new Date(now.getTime() - 1_000).toISOString().slice(0, 19)}Z`;
      await call(
        clearway.requestCamt053Statement({ body: { startDateTimeUtc: start, endDateTimeUtc: end } }),
      );
      const [archived] = await eventsWhere(
        1,
        (event) =>
          event.detailType === 'StatementArchived' &&
          (event.detail as unknown as { kind?: string; endDateTime?: string }).kind === 'camt053' &&
          Date.parse((event.detail as unknown as { endDateTime: string }).endDateTime) === Date.parse(end),
      );
      const { messageId } = archived?.detail as unknown as { messageId: string };
      const page = await call(
        clearway.getCamt053StatementPage({ pathParams: { messageId }, query: { pageNumber: '1' } }),
      );
      const xml = String(page.body);
      show('read back', {
        messageId,
        statements: xml.split('<Stmt>').length - 1,
        entries: xml.split('<Ntry>').length - 1,
      });
    },
  );

  await step(
    'Direct debit: an instruction created, collected twice (the second unpaid), then cancelled',
    async () => {
      const reference = `DEMO ${Date.now().toString(36).toUpperCase()}`;
      await call(
        clearway.createMandate({
          pathParams: { accountId: account.id },
          body: { serviceUserNumber: '123456', reference, originatorName: 'DEMO GYM LTD' },
        }),
      );
      const named = (type: string) => (event: BankEvent) =>
        event.detailType === type && (event.detail.payload as { Reference?: string }).Reference === reference;
      await eventsWhere(1, named('BacsMandateInitiated'));
      const listed = await call(clearway.listMandates({ pathParams: { accountId: account.id } }));
      const mandate = (
        listed.body as { directDebitMandates: { mandateId: string; reference: string }[] }
      ).directDebitMandates.find((m) => m.reference === reference);
      if (!mandate) throw new Error(`instruction ${reference} not listed`);
      // A paper instruction may be collected from the next day: move the sandbox clock a day.
      await simulate('/__sim/clock/advance', { days: 1 });
      await simulate('/__sim/direct-debits/collections', { mandateId: mandate.mandateId, amount: '25.00' });
      await simulate('/__sim/direct-debits/collections', {
        mandateId: mandate.mandateId,
        amount: '5000000.00',
      });
      await eventsWhere(1, named('BacsUnpaidDirectDebitReceived'));
      const collections = await call(
        clearway.listMandateCollections({
          pathParams: { accountId: account.id, mandateId: mandate.mandateId },
        }),
      );
      for (const c of (collections.body as { mandateTransactions: { status: string; amount: unknown }[] })
        .mandateTransactions) {
        show('collection', { status: c.status, amount: c.amount });
      }
      await call(
        clearway.cancelMandate({
          pathParams: { accountId: account.id, mandateId: mandate.mandateId },
          body: { reasonCode: '1' },
        }),
      );
      await eventsWhere(1, named('BacsMandateCancelled'));
    },
  );

  await step(
    "Multi-currency: a EUR/USD account with a virtual account, funded, money moved, last month's statement archived",
    async () => {
      const open = async (label: string, currencies: string[]) =>
        (
          await call(
            clearway.createMccyAccount({
              body: {
                label,
                owner: 'Demo Ltd',
                kind: 'YourFunds',
                currencies,
                bankIdentifierCode: null,
                routingCode: null,
              },
            }),
          )
        ).body as { id: string; identifiers: { identifier: string }[] };
      const treasury = await open('Demo treasury', ['EUR', 'USD']);
      const euros = await open('Demo euros', ['EUR']);
      const virtual = (
        await call(
          clearway.createMccyVirtualAccount({
            body: { accountId: treasury.id, virtualAccount: { owner: 'Demo client' } },
          }),
        )
      ).body as { id: string; identifiers: { identifier: string }[] };
      const run = Date.now().toString(36);
      await call(
        clearway.simulateMccyInboundPayment({
          pathParams: { accountUniqueId: treasury.id },
          body: {
            instructedCurrency: 'EUR',
            instructedAmount: 250,
            reference: 'Demo funding',
            endToEndId: `in-${run}`,
            ultimateCreditor: { iban: virtual.identifiers[0]?.identifier ?? '', name: 'Demo client' },
            ultimateDebtor: { identifier: 'DE89370400440532013000', name: 'Max Muster', address: 'Berlin' },
          },
        }),
      );
      await call(
        clearway.createMccyInternalTransfer({
          body: {
            debitAccountIban: treasury.identifiers[0]?.identifier,
            creditAccountOther: { kind: 'AccountId', identifier: euros.id },
            instructedAmount: 100,
            instructedCurrency: 'EUR',
            endToEndId: `tr-${run}`,
            reference: 'Demo rebalance',
          },
        }),
      );
      await eventsWhere(
        1,
        (event) =>
          event.detailType === 'Mccy.InternalTransfers.Settled' &&
          (event.detail.payload as { EndToEndId?: string }).EndToEndId === `tr-${run}`,
      );
      for (const [name, id] of [
        ['treasury', treasury.id],
        ['euros', euros.id],
      ] as const) {
        show(
          `${name} balances`,
          (await call(clearway.getMccyAccountBalances({ pathParams: { accountId: id } }))).body,
        );
      }
      const listed = await call(
        clearway.listMccyAccountTransactions({
          pathParams: { accountId: treasury.id },
          query: { Currency: 'EUR' },
        }),
      );
      for (const t of (
        listed.body as { transactions: { endToEndId: string; amount: number; kind: string }[] }
      ).transactions ?? []) {
        show('transaction', { endToEndId: t.endToEndId, amount: t.amount, kind: t.kind });
      }
      // Last month: the bank offers it from the 5th of this month (on the sandbox clock).
      const now = await sandboxNow();
      const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
      const period = {
        year: last.getUTCFullYear(),
        month: last.getUTCMonth() + 1,
        format: 'csv' as const,
        currency: 'EUR',
      };
      const requested = await call(clearway.requestMccyInstitutionStatement({ body: period }));
      if (requested.status !== 202) {
        show('statement', requested.body);
        return;
      }
      const [archived] = await eventsWhere(
        1,
        (event) =>
          event.detailType === 'StatementArchived' &&
          (event.detail as unknown as { year: number; month: number }).month === period.month,
      );
      const { location } = archived?.detail as unknown as { location: string };
      const csv = readFileSync(location, 'utf8').split('\n');
      show('archived statement', { location, lines: csv.length, header: csv[0] });
    },
  );

  await step(
    'FX: quote EUR to USD with a margin, execute once (a second is refused locally), settle at the value date',
    async () => {
      const account = (
        await call(
          clearway.createMccyAccount({
            body: {
              label: 'Demo FX',
              owner: 'Demo Ltd',
              kind: 'YourFunds',
              currencies: ['EUR', 'USD'],
              bankIdentifierCode: null,
              routingCode: null,
            },
          }),
        )
      ).body as { id: string; identifiers: { identifier: string }[] };
      const iban = account.identifiers[0]?.identifier;
      await call(
        clearway.simulateMccyInboundPayment({
          pathParams: { accountUniqueId: account.id },
          body: {
            instructedCurrency: 'EUR',
            instructedAmount: 5000,
            reference: 'Demo FX funding',
            ultimateCreditor: { iban: iban ?? '', name: 'Demo Ltd' },
          },
        }),
      );
      // The next weekday after today on the sandbox clock: a value date the desk books until 23:30 UK time.
      const quote = async () => {
        const day = await sandboxNow();
        for (let ahead = 1; ahead <= 4; ahead++) {
          const valueDate = new Date(day.getTime() + ahead * 86_400_000);
          if (valueDate.getUTCDay() === 0 || valueDate.getUTCDay() === 6) continue;
          const answer = await call(
            clearway.createFxQuote({
              body: {
                valueDate: `${valueDate.toISOString().slice(0, 10)}T00:00:00Z`,
                instructedAmount: 1000,
                fixedSide: 'sell',
                sellCurrency: 'EUR',
                buyCurrency: 'USD',
                margin: 0.01,
              },
            }),
          );
          if (answer.status === 200) return answer.body as { quoteId: string; valueDate: string };
          show('refused', answer.body);
        }
        throw new Error('no value date was quoted');
      };
      const execute = (quoteId: string) =>
        call(
          clearway.executeFxQuote({
            body: {
              quoteId,
              customerInformation: {
                sellAccount: { owner: 'Demo Ltd', iban: iban ?? '' },
                buyAccount: { owner: 'Demo Ltd', iban: iban ?? '' },
                attestation: 'Y',
              },
            },
          }),
        );
      const quoted = await quote();
      show('quote', quoted);
      await execute(quoted.quoteId);
      const second = await execute(quoted.quoteId);
      show('second execution', (second.body as { detail?: string }).detail);
      const endToEndId = quoted.quoteId.replaceAll('-', '');
      const about = (type: string) => (event: BankEvent) =>
        event.detailType === type &&
        (event.detail.payload as { EndToEndId?: string }).EndToEndId === endToEndId;
      await eventsWhere(1, about('Fx.Trade.Executed'));

      const stale = await quote();
      await simulate('/__sim/clock/advance', { seconds: 46 });
      show('after 46 s', ((await execute(stale.quoteId)).body as { detail?: string }).detail);

      await simulate('/__sim/clock/set', { to: quoted.valueDate });
      await eventsWhere(1, about('Fx.Trade.Settled'));
      const trade = await call(clearway.gateway.getFxTrade({ pathParams: { endToEndId } }));
      const { status, history } = trade.body as { status: string; history: { to: string }[] };
      show('trade record', { status, history: history.map(({ to }) => to) });
    },
  );

  await step(
    'Multi-currency batch: sent on a Friday evening, scheduled for Monday 08:30; cancels before and after the window',
    async () => {
      const account = (
        await call(
          clearway.createMccyAccount({
            body: {
              label: 'Demo batches',
              owner: 'Demo Ltd',
              kind: 'YourFunds',
              currencies: ['EUR'],
              bankIdentifierCode: null,
              routingCode: null,
            },
          }),
        )
      ).body as { id: string };
      await simulate('/__sim/mccy/inbound-payments', {
        account: account.id,
        currency: 'EUR',
        amount: 10_000,
      });
      // The next Friday on the sandbox clock, 18:00 UK time: after every currency's window.
      let friday = ukDateOf(await sandboxNow());
      for (let ahead = 0; ahead < 7 && new Date(`${friday}T12:00:00Z`).getUTCDay() !== 5; ahead++)
        friday = addDays(friday, 1);
      if (ukInstant(friday, '18:00') <= (await sandboxNow())) friday = addDays(friday, 7);
      await simulate('/__sim/clock/set', { to: ukInstant(friday, '18:00').toISOString() });

      const batchId = randomUUID();
      const run = Date.now().toString(36);
      const transaction = (n: number) => ({
        endToEndId: `batch-${run}-${n}`,
        reference: `Invoice ${n}`,
        amount: 250 * n,
        creditor: {
          name: `Lieferant ${n} GmbH`,
          address: {
            addressLine1: `Hauptstrasse ${n}`,
            addressLine2: 'Berlin',
            postCode: '10115',
            country: 'DE',
          },
          iban: 'DE89370400440532013000',
        },
        debtorName: 'Demo Ltd',
        debtorAddress: {
          addressLine1: '1 High Street',
          addressLine2: 'London',
          postCode: 'EC1A 1BB',
          country: 'GB',
        },
        accountIdentifier: { kind: 'AccountId' as const, identifier: account.id },
        debtorAccountCurrency: 'EUR' as const,
      });
      const sent = await call(
        clearway.createMccyPayments({
          body: { batchId, currencyCode: 'EUR', transactions: [1, 2, 3].map(transaction) },
        }),
      );
      show('answer', sent.body);
      const read = async () => {
        const { body } = await call(clearway.gateway.getMccyBatch({ pathParams: { batchId } }));
        return body as {
          status: string;
          processingAt: string;
          cancellationDeadline: string;
          transactions: Record<string, { status: string }>;
          history: { status: string; at: string }[];
        };
      };
      const scheduled = await read();
      show('batch', {
        status: scheduled.status,
        processingAt: scheduled.processingAt,
        cancellationDeadline: scheduled.cancellationDeadline,
      });

      const sunday = addDays(friday, 2);
      await simulate('/__sim/clock/set', { to: ukInstant(sunday, '12:00').toISOString() });
      await call(clearway.cancelMccyTransaction({ pathParams: { batchId, endToEndId: `batch-${run}-2` } }));

      // Past the deadline (Monday 07:30 unless Monday is not a business day), then past processing.
      const after = (iso: string) => new Date(Date.parse(iso) + 60_000).toISOString();
      await simulate('/__sim/clock/set', { to: after(scheduled.cancellationDeadline) });
      await eventsWhere(
        1,
        (event) =>
          event.detailType === 'MccyCancellationWindowClosed' && JSON.stringify(event).includes(batchId),
      );
      const late = await call(
        clearway.cancelMccyTransaction({ pathParams: { batchId, endToEndId: `batch-${run}-3` } }),
      );
      show('cancel after the deadline', (late.body as { detail?: string }).detail);

      await simulate('/__sim/clock/set', { to: after(scheduled.processingAt) });
      await eventsWhere(
        2,
        (event) =>
          event.detailType === 'Payments.Mccy.TransactionSettled' && JSON.stringify(event).includes(batchId),
      );
      const settled = await read();
      show(
        'transactions',
        Object.fromEntries(Object.entries(settled.transactions).map(([id, t]) => [id, t.status])),
      );
      show(
        'history',
        settled.history.map(({ status, at }) => `${status} ${at}`),
      );
    },
  );

  await step(
    'Bacs: a direct credit arrives, settles the next day, and is returned to its sender',
    async () => {
      const credit = (await simulate('/__sim/bacs/inbound-credits', {
        accountId: account.id,
        serviceUserNumber: '123456',
        reference: 'SALARY NOV',
        amount: '1250.00',
      })) as { id: string; settlementDate: string };
      // It settles at 00:00 UK time on its settlement day.
      await simulate('/__sim/clock/set', {
        to: ukInstant(addDays(ukDateOf(await sandboxNow()), 1), '06:00').toISOString(),
      });
      await eventsWhere(
        1,
        (event) =>
          event.detailType === 'BacsDirectCreditInboundPaymentCreated' &&
          (event.detail.payload as { BacsTransactionId?: string }).BacsTransactionId === credit.id,
      );
      await call(
        clearway.returnTransactions({
          pathParams: { accountId: account.id },
          body: { returns: [{ transactionId: credit.id, reasonCode: '3' }] },
        }),
      );
      await eventsWhere(
        1,
        (event) =>
          event.detailType === 'BacsDirectCreditReturnCreated' &&
          (event.detail.payload as { OriginalBacsTransactionId?: string }).OriginalBacsTransactionId ===
            credit.id,
      );
    },
  );

  await step(
    'A company with a director and a beneficial owner, an onboarding check that asks for more information then passes',
    async () => {
      const idOf = (answer: { body: unknown }) => (answer.body as { id: string }).id;
      // The company of the registry's example (`createLegalEntity`), as the OpenAPI document shows it.
      const company = idOf(
        await call(
          clearway.createLegalEntity({
            body: customerV2Examples.createLegalEntity.body as OperationRequest<'createLegalEntity'>['body'],
          }),
        ),
      );
      // Non-account holders: each create names the company, which links them to it as its related parties.
      const director = idOf(
        await call(
          clearway.createDirector({
            body: {
              customerId: company,
              personalDetails: { firstName: 'Jane', surname: 'Smith', countryOfResidence: 'GBR' },
            },
          }),
        ),
      );
      const owner = idOf(
        await call(
          clearway.createUbo({
            body: {
              customerId: company,
              ownershipPercentage: 60,
              uboType: 'NaturalPerson',
              personalDetails: {
                firstName: 'Omar',
                surname: 'Khan',
                countryOfResidence: 'GBR',
                dateOfBirth: '1970-11-05',
              },
            },
          }),
        ),
      );
      const related = await call(clearway.listRelatedParties({ pathParams: { customerId: company } }));
      const parties = JSON.stringify(related.body);
      show('related parties of the company', {
        director: parties.includes(director),
        ubo: parties.includes(owner),
      });

      // The simulation environment's surname "info" asks for documents; with emails off, by webhook.
      const applied = await call(
        clearway.onboardRetailCustomer({
          body: {
            customerData: {
              ...customerV2Examples.onboardRetailCustomer.body.customerData,
              name: { firstName: 'Ada', surname: 'info' },
              idvEmailsEnabled: false,
            },
          } as OperationRequest<'onboardRetailCustomer'>['body'],
        }),
      );
      const { applicationId } = applied.body as { applicationId: string };
      show('applicationId', applicationId);
      const ofApplication = (type: string) => (event: BankEvent) =>
        event.detailType === type &&
        (event.detail.payload as { ApplicationId?: string }).ApplicationId === applicationId;
      // The bank's checks take a few seconds of its clock.
      await simulate('/__sim/clock/advance', { seconds: 5 });
      await eventsWhere(1, ofApplication('RetailCustomer.AdditionalInfoRequired'), (event) =>
        // The actions only: each url is the customer's own upload session.
        (event.detail.payload as { RequiredActions: { action: string }[] }).RequiredActions.map(
          ({ action }) => action,
        ),
      );
      await simulate(`/__sim/due-diligence/applications/${applicationId}/uploads`, {
        document: 'DrivingLicence',
      });
      await simulate('/__sim/clock/advance', { seconds: 5 });
      await eventsWhere(1, ofApplication('RetailCustomer.ApplicationSuccessful'));
    },
  );

  await step(
    'Savings: a tiered account paid into, a month of interest (InterestPaid), a nominated account, then the account closed and followed to Complete',
    async () => {
      const customer = await call(
        clearway.createRetailCustomer({
          body: {
            firstName: 'Jane',
            surname: 'Saver',
            dateOfBirth: '1990-02-28',
            email: 'jane.saver@example.com',
            idCountryOfIssue: 'GBR',
            idType: 'Passport',
            idNumber: '123456789',
            idExpiryDate: '2030-01-01T00:00:00Z',
            currentAddress: {
              addressType: 'ResidentialAddress',
              countryCode: 'GBR',
              buildingNameNumber: '16',
              streetName: 'Sea Road',
              city: 'Enfield',
              postalCode: 'N12 4NS',
            },
          },
        }),
      );
      const customerId = (customer.body as { id: string }).id;
      // The simulator's seeded "Tiered Saver": 3% to £1,000, 4% to £5,000, 4.75% to £10,000, paid monthly.
      const tiered = '6b8e5d2f-3a4c-4d7e-9f0a-1b2c3d4e5f60';
      // A savings account opens empty, so it holds only what is paid in.
      const opened = await call(
        clearway.createSavingsAccount({
          body: {
            ownerName: 'Jane Saver',
            sortCode: '040004',
            productId: '1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d',
            customers: [{ customerId }],
            interestConfigurationId: tiered,
          },
        }),
      );
      const savings = (opened.body as { account: { accountId: string; iban: string } }).account;
      const configurations = await call(
        clearway.getAccountInterestConfigurations({ pathParams: { accountId: savings.accountId } }),
      );
      show('interest configuration', (configurations.body as { current?: unknown }).current);
      await simulate(`/__sim/accounts/${savings.accountId}/credit`, {
        amount: '8000.00',
        debtorName: 'Jane Saver',
        reference: 'Savings',
      });

      // A month on, past the month end: the month's interest is paid into the account.
      const later = ukInstant(addDays(ukDateOf(await sandboxNow()), 31), '09:00');
      await simulate('/__sim/clock/set', { to: later.toISOString() });
      const paid = await eventsWhere(
        1,
        (event) =>
          event.detailType === 'InterestPaid' &&
          (event.detail.payload as { DestinationAccountId?: string }).DestinationAccountId ===
            savings.accountId,
        (event) => {
          const { Amount, AccrualPeriod } = event.detail.payload as {
            Amount: number;
            AccrualPeriod?: unknown;
          };
          return { Amount, AccrualPeriod };
        },
      );
      const interest = paid.reduce(
        (sum, event) => sum.plus(String((event.detail.payload as { Amount: number }).Amount)),
        new MoneyDecimal(0),
      );

      // What accrues until the closure goes to the nominated account: the institution's sterling account.
      await call(
        clearway.setNominatedAccount({
          pathParams: { accountId: savings.accountId },
          body: { identifier: account.iban, identifierKind: 'IBAN', ownerName: 'Jane Saver' },
        }),
      );
      // The funds withdrawn first (a closure fails with money left in the account).
      const run = Date.now().toString(36);
      const balance = new MoneyDecimal('8000.00').plus(interest);
      await call(
        clearway.sendFpsPayments({
          body: {
            paymentInstructions: [
              {
                debtor: { address: '16 Sea Road, Enfield' },
                paymentInstructionIdentification: `demo-sv-${run}`,
                debtorAccount: { identification: { iban: savings.iban } },
                creditTransfers: [
                  {
                    paymentIdentification: {
                      instructionIdentification: `demo-sv-${run}`,
                      endToEndIdentification: `demo-sv-${run}`,
                    },
                    amount: { instructedAmount: balance.toNumber(), currency: 'GBP' },
                    creditor: { name: 'Jane Saver' },
                    creditorAccount: {
                      identification: {
                        other: { identification: '20000055779911', schemeName: { code: 'BBAN' } },
                      },
                    },
                    remittanceInformation: {
                      structured: { creditorReferenceInformation: { reference: 'Savings withdrawn' } },
                    },
                  },
                ],
              },
            ],
          },
        }),
      );
      await eventsWhere(
        1,
        (event) =>
          event.detailType === 'TransactionSettled' &&
          (event.detail.payload as { EndToEndTransactionId?: string }).EndToEndTransactionId ===
            `demo-sv-${run}`,
        (event) => ({ Amount: (event.detail.payload as { Amount?: number }).Amount }),
      );

      const closed = await call(
        clearway.closeAccount({
          pathParams: { accountId: savings.accountId },
          body: { closureReason: 'AccountSwitched' },
        }),
      );
      show('answer', closed.body);
      // The bank closes it asynchronously, a minute later on its clock.
      await simulate('/__sim/clock/advance', { seconds: 61 });
      await eventsWhere(
        1,
        (event) =>
          event.detailType === 'AccountClosureStatusChanged' &&
          (event.detail as unknown as { accountId?: string; to?: string }).accountId === savings.accountId &&
          (event.detail as unknown as { to?: string }).to === 'Complete',
        (event) => {
          const { from, to } = event.detail as unknown as { from: string; to: string };
          return { from, to };
        },
      );
      const record = await call(
        clearway.gateway.getAccountClosureRecord({ pathParams: { accountId: savings.accountId } }),
      );
      const { status, history } = record.body as { status: string; history: { to: string; cause: string }[] };
      show('closure record', { status, history: history.map(({ to }) => to) });
    },
  );

  console.log('\nDone.');
}

/** Whether anything answers HTTP at `url` (any status). */
const answers = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
    () => true,
    () => false,
  );

main().catch(async (error: unknown) => {
  const cause = (error as { cause?: { code?: string } }).cause;
  if (cause?.code === 'ECONNREFUSED') {
    // Say which of the two it cannot reach: the gateway may run while the simulator's port is another.
    const [gateway, simulator] = await Promise.all([answers(gatewayUrl), answers(simulatorUrl)]);
    console.error(
      gateway && !simulator
        ? `The gateway answers at ${gatewayUrl}, but no simulator at ${simulatorUrl}: give CLEARWAY_SIM_PORT the simulator's port \`npm start\` printed.`
        : !gateway && simulator
          ? `The simulator answers at ${simulatorUrl}, but no gateway at ${gatewayUrl}: give CLEARWAY_PORT the gateway's port \`npm start\` printed.`
          : `No sandbox at ${gatewayUrl}: start one with \`npm start\` (same CLEARWAY_PORT and CLEARWAY_SIM_PORT).`,
    );
  } else {
    console.error(`demo failed: ${(error as Error).message}`);
  }
  process.exit(1);
});
