import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MoneyDecimal } from '#shared/domain/money.js';
import { countBy, type Figures, faultedBankRequests } from '../support/fault-figures.js';
import {
  FAULTS,
  GATEWAY_TIMING,
  type KeyRun,
  runFaultSuite,
  unfinishedCallers,
  SUITE,
  type World,
} from '../support/fault-run.js';
import { testSandbox } from '../support/sandbox.js';

/**
 * The promise for payments under a faulty bank: keyed FPS sends retried by their callers (30% of
 * bank calls failing, webhooks duplicated and reordered) end each payment in exactly one final state, and
 * no payment is sent twice. `npm test` runs 40 payment requests; `npm run test:faults` runs more
 * (FAULT_SUITE_PAYMENTS, FAULT_SUITE_SEED).
 */
const PAYMENTS = Number(process.env.FAULT_SUITE_PAYMENTS ?? 40);
const PATH = '/v3/payments/fps';
const RICH_OPENING = '1000000.00';
const POOR_OPENING = '10.00';
const UNREACHABLE_SORT_CODE = '999999';

interface Account {
  id: string;
  iban: string;
  opening: string;
}
/** One credit transfer of the run and what the bank must end up doing with it. */
interface Transfer {
  /** The Idempotency-Key of the send that carries it. */
  key: string;
  endToEndId: string;
  debtor: Account;
  amount: string;
  expected: 'Settled' | 'Rejected' | 'InsufficientFunds';
}
interface StatusEvent {
  detailType: string;
  detail: { transitionId: string; endToEndId: string; from: string | null; to: string };
}
interface PaymentRecord {
  status: string;
  history: Array<{ transitionId: string; from: string | null; to: string }>;
}

let world: World;
let rich: Account[];
let poor: Account[];
let transfers: Transfer[];
let runs: KeyRun[];
let figures: Figures;
let bankDone: boolean;
let statusEvents: StatusEvent[];
let records: Map<string, PaymentRecord>;
let booked: Array<{ endToEndIdentifier: string; status: string }>;

beforeAll(
  async () => {
    world = await testSandbox({ seed: SUITE.seed, ...GATEWAY_TIMING });
    rich = [
      await openAccount(RICH_OPENING),
      await openAccount(RICH_OPENING),
      await openAccount(RICH_OPENING),
    ];
    poor = [await openAccount(POOR_OPENING), await openAccount(POOR_OPENING)];
    transfers = [];
    let events: Awaited<ReturnType<World['events']>>;
    ({ runs, bankDone, events, figures } = await runFaultSuite(world, {
      keys: PAYMENTS,
      writeOf: paymentSend,
      // The first webhooks are surely duplicated and reordered; the rates apply after them.
      faults: { ...FAULTS, nextWebhooks: ['duplicate', 'out-of-order', 'duplicate'] },
      // Settlement waits for the simulated clock.
      beforeDelivery: async () => world.simulator.advanceClock((await settlementDelayMs()) + 1_000),
    }));
    statusEvents = (events as unknown as StatusEvent[]).filter(
      (event) => event.detailType === 'PaymentStatusChanged',
    );
    console.log(`payments final states: ${JSON.stringify(countBy(transfers.map(finalStatusOf)))}`);
    records = new Map();
    for (const { endToEndId } of transfers)
      records.set(endToEndId, await get(`/gateway/payments/${endToEndId}`));
    booked = (await get<{ transactions: typeof booked }>('/v2/Transactions?pageSize=1000')).transactions;
  },
  Math.max(60_000, PAYMENTS * 500),
);
afterAll(() => world?.sandbox.close());

describe(`payments with 30% of bank calls failing and webhooks duplicated and reordered (${PAYMENTS} sends)`, () => {
  it('gives every caller a definitive answer, retrying with its key within bounded attempts', () => {
    expect(unfinishedCallers(runs)).toEqual([]);
  });

  it('sends no payment twice: each accepted end-to-end id is booked once at the bank, a refused one never', () => {
    expect(bankDone).toBe(true);
    const bookings = countBy(booked.map((transaction) => transaction.endToEndIdentifier));

    const wrong = transfers.filter(
      (t) => (bookings[t.endToEndId] ?? 0) !== (t.expected === 'InsufficientFunds' ? 0 : 1),
    );
    expect(wrong.map((t) => [t.endToEndId, t.expected, bookings[t.endToEndId] ?? 0])).toEqual([]);
    expect(booked).toHaveLength(transfers.filter((t) => t.expected !== 'InsufficientFunds').length);
  });

  it('ends every payment record in the one final state the bank gave it, none left Submitted or Accepted', () => {
    const bankStatus = new Map(booked.map((t) => [t.endToEndIdentifier, t.status]));
    const wrong = transfers.filter((t) => records.get(t.endToEndId)?.status !== finalStatusOf(t));

    expect(wrong.map((t) => [t.endToEndId, finalStatusOf(t), records.get(t.endToEndId)?.status])).toEqual([]);
    for (const t of transfers) {
      const atBank = { Settled: 'ACSC', Rejected: 'RJCT', InsufficientFunds: undefined }[t.expected];
      expect(bankStatus.get(t.endToEndId), t.endToEndId).toBe(atBank);
    }
  });

  it('leaves no record with an unknown outcome once the webhooks arrived, but a refusal no read could place, each raised (issue 27)', async () => {
    const unknown = transfers.filter((t) => records.get(t.endToEndId)?.status === 'OutcomeUnknown');
    const { items } = await get<{ items: Array<{ kind: string; id: string }> }>('/gateway/local/attention');
    console.log(`payments left OutcomeUnknown: ${unknown.length}`);

    expect(unknown.filter((t) => finalStatusOf(t) !== 'OutcomeUnknown').map((t) => t.endToEndId)).toEqual([]);
    expect(unknown.every((t) => t.expected === 'InsufficientFunds')).toBe(true);
    const raised = items.filter((item) => item.kind === 'payment').map((item) => item.id);
    expect(raised.sort()).toEqual(unknown.map((t) => t.endToEndId).sort());
  });

  it('publishes each transition of a payment, one path from Submitted to its final state', () => {
    const byTransition = new Map<string, StatusEvent['detail']>();
    for (const { detail } of statusEvents) {
      const seen = byTransition.get(detail.transitionId);
      // A redelivered transition is the same transition: same payment, same move.
      if (seen)
        expect([seen.endToEndId, seen.from, seen.to]).toEqual([detail.endToEndId, detail.from, detail.to]);
      byTransition.set(detail.transitionId, detail);
    }
    const unique = [...byTransition.values()];

    for (const transfer of transfers) {
      const { endToEndId } = transfer;
      const history = records.get(endToEndId)?.history ?? [];
      const published = unique.filter((detail) => detail.endToEndId === endToEndId);
      expect(published.map((d) => d.transitionId).sort(), endToEndId).toEqual(
        history.map((h) => h.transitionId).sort(),
      );
      // One path: it starts from nothing at Submitted, each move starts where the last ended, one final state.
      expect(history[0]?.from, endToEndId).toBeNull();
      expect(history[0]?.to, endToEndId).toBe('Submitted');
      history.slice(1).forEach((h, i) => expect(h.from, endToEndId).toBe(history[i]?.to));
      expect(history.at(-1)?.to, endToEndId).toBe(finalStatusOf(transfer));
      expect(
        history.filter((h) => FINAL.has(h.to)),
        endToEndId,
      ).toHaveLength(FINAL.has(finalStatusOf(transfer)) ? 1 : 0);
    }
  });

  it('leaves every balance at its opening less the settled debits (rejected money returned)', async () => {
    for (const account of [...rich, ...poor]) {
      const settled = transfers.filter((t) => t.debtor === account && t.expected === 'Settled');
      const expected = settled.reduce((sum, t) => sum.minus(t.amount), new MoneyDecimal(account.opening));
      const { account: read } = await get<{ account: { balances: Array<{ amount: number }> } }>(
        `/v3/Accounts/${account.id}`,
      );

      expect(String(read.balances[0]?.amount), account.id).toBe(expected.toString());
    }
  });

  it('really met the faults: bank calls failed and webhooks were duplicated and reordered', () => {
    const faulted = faultedBankRequests(figures);

    expect(faulted).toBeGreaterThan(0);
    expect(figures.webhooks.duplicated).toBeGreaterThan(0);
    expect(figures.webhooks.outOfOrder).toBeGreaterThan(0);
    expect(figures.deadLetters).toBe(0);
  });
});

const FINAL = new Set(['Settled', 'Rejected', 'InsufficientFunds', 'Refused']);

/**
 * The record's final state: what the bank did with the transfer. A refusal's reason comes only in the 202;
 * when every 202 of its key was lost (the bank acted on a request answered too late, and the retry heard
 * 409), the gateway reads the bank's payment data, finds nothing booked and records it `Refused`.
 */
function finalStatusOf(transfer: Transfer): string {
  // No webhook tells of a refusal: one whose 202 was lost and whose read-back failed stays OutcomeUnknown
  // (issue 27, row 2: it was Submitted, indistinguishable from a payment never sent), raised for attention.
  if (transfer.expected !== 'InsufficientFunds') return transfer.expected;
  const run = runs.find((r) => r.key === transfer.key);
  const heard202 = run?.callers.some((caller) => caller.answers.some((answer) => answer.label === '202'));
  if (heard202) return 'InsufficientFunds';
  // The read itself may meet the faults until the deadline: the outcome then stays unknown (logged). A slow
  // read is answered 200 after the gateway gave up on it (2.5 s against its 2 s): it read nothing.
  const read = world.simulator.requests.some(
    (request) =>
      request.path === `/v2/Transactions?endToEndIdentifier=${transfer.endToEndId}` &&
      request.status === 200 &&
      request.fault !== 'slow',
  );
  return read ? 'Refused' : 'OutcomeUnknown';
}

/**
 * Send `index`: most carry one transfer, every fifth two or three instructions; every fourth transfer is
 * from a poor account (refused: InsufficientFunds), every sixth goes to an unreachable sort code.
 */
function paymentSend(index: number, seed: number) {
  const instructions = index % 5 === 0 ? 2 + (index % 2) : 1;
  const paymentInstructions = Array.from({ length: instructions }, (_, n) => {
    const endToEndId = `pf-${seed}-${index}-${n}`;
    const number = index * 3 + n;
    // Odd for a poor debtor, even for an unreachable creditor: never both.
    const isPoor = (index + n) % 4 === 1;
    const debtor = (isPoor ? poor[number % poor.length] : rich[number % rich.length]) as Account;
    const unreachable = (index + n) % 6 === 2;
    // A poor account's payment is always above its whole balance; a rich one's, pounds and pence.
    const amount = isPoor ? '25.00' : `${1 + (number % 90)}.${String(number % 100).padStart(2, '0')}`;
    transfers.push({
      key: keyOf(index, seed),
      endToEndId,
      debtor,
      amount,
      expected: isPoor ? 'InsufficientFunds' : unreachable ? 'Rejected' : 'Settled',
    });
    return {
      debtor: { address: '1 High Street' },
      paymentInstructionIdentification: `pi-${index}-${n}`,
      debtorAccount: { identification: { iban: debtor.iban } },
      creditTransfers: [
        {
          paymentIdentification: {
            instructionIdentification: `i-${endToEndId}`,
            endToEndIdentification: endToEndId,
          },
          amount: { instructedAmount: Number(amount) },
          creditor: { name: 'Fault Suite Creditor' },
          creditorAccount: {
            identification: {
              other: {
                identification: `${unreachable ? UNREACHABLE_SORT_CODE : '200000'}12345678`,
                schemeName: { code: 'BBAN' },
              },
            },
          },
          remittanceInformation: {
            structured: { creditorReferenceInformation: { reference: `Invoice ${index}` } },
          },
        },
      ],
    };
  });
  return { path: PATH, key: keyOf(index, seed), body: JSON.stringify({ paymentInstructions }) };
}

const keyOf = (index: number, seed: number) => `fault-payments-${seed}-${index}`;

/** A real account opened with `opening` pounds (the simulator's opening balance set for it), faults off. */
async function openAccount(opening: string): Promise<Account> {
  const config = await world.bank('/__sim/payments/config', {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ openingBalance: opening }),
  });
  expect(config.status).toBe(200);
  const response = await world.gateway('/v3/Accounts', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({
      accountName: `Payer ${randomUUID()}`,
      owner: { name: 'Fault Suite Ltd' },
      sortCode: '040004',
    }),
  });
  expect(response.status).toBe(201);
  const { account } = (await response.json()) as { account: { id: string; iban: string } };
  return { id: account.id, iban: account.iban, opening };
}

async function settlementDelayMs(): Promise<number> {
  const config = await world.bank('/__sim/payments/config');
  return ((await config.json()) as { settlementDelayMs: number }).settlementDelayMs;
}

async function get<T>(path: string): Promise<T> {
  const response = await world.gateway(path);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}
