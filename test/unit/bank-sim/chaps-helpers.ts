import { expect } from 'vitest';
import { webhookPayloads } from '#shared/webhooks/payloads/index.js';
import { balanceOf } from '#sim/core/ledger.js';
import type { BankSimulator } from '#sim/simulator.js';
import {
  admin,
  call,
  institutionKeys,
  startListener,
  startTestSimulator,
  TOKEN,
  type WebhookListener,
} from './helpers.js';

/**
 * A simulator with a webhook listener for the CHAPS product's tests: accounts to pay from and into, the
 * requests of the seven operations, and the webhooks received, each held to its documented payload schema
 * (`shared/webhooks/payloads/`) as it is taken.
 */

export const SECOND = 1000;
const LONG_LIVED = '2030-01-01T00:00:00.000Z';
/** The token of a second institution (no webhook URL): its payments are not the first one's. */
export const OTHER_TOKEN = 'other-institution-token';
/** The scheme's default settlement delay. */
export const DELAY = 5 * SECOND;

export const PATHS = {
  customer: '/payments/chaps/v6/customer-payments',
  institution: '/payments/chaps/v6/institution-payments',
  return: '/payments/chaps/v6/return-payments',
  crossBorder: '/payments/cross-border-sterling/v4/payments',
  inboundCustomer: '/inbound-payment-simulation/chaps/v3/customer-payments',
  inboundInstitution: '/inbound-payment-simulation/chaps/v3/institution-payments',
  inboundReturn: '/inbound-payment-simulation/chaps/v3/return-payments',
} as const;

export interface Webhook {
  Type: string;
  Version: number;
  Payload: Record<string, unknown> & {
    Account?: Record<string, unknown>;
    CounterpartAccount?: Record<string, unknown>;
  };
}

export interface ChapsWorld {
  sim: BankSimulator;
  listener: WebhookListener;
  close(): Promise<void>;
  /** A real account of the institution: its id, IBAN and BBAN. */
  openAccount(name?: string): Promise<{ id: string; iban: string; bban: string }>;
  /** A virtual account under `accountId`: its id and IBAN. */
  openVirtualAccount(accountId: string): Promise<{ id: string; iban: string }>;
  balance(accountId: string): string;
  send(path: string, body: unknown): Promise<Response>;
  /** Every webhook received since the last call, each checked against its documented schema. */
  webhooks(): Promise<Webhook[]>;
  advance(ms: number): Promise<void>;
  setClock(to: string): Promise<void>;
  admin(method: string, path: string, body?: unknown): Promise<Response>;
}

/** Started at `START` (Monday 5 January 2026, 09:00 UK), with a token valid for years so the clock can move far. */
export async function startChapsWorld(): Promise<ChapsWorld> {
  const listener = await startListener();
  const sim = await startTestSimulator(
    {
      otherInstitutions: [
        { tokens: [{ value: OTHER_TOKEN, expiresAt: LONG_LIVED }], publicKeyPem: institutionKeys.publicKey },
      ],
    },
    { webhookUrl: listener.url, tokens: [{ value: TOKEN, expiresAt: LONG_LIVED }] },
  );
  const world: ChapsWorld = {
    sim,
    listener,
    close: async () => {
      await sim.close();
      await listener.close();
    },
    openAccount: async (name = 'Ops') => {
      const body = JSON.stringify({ accountName: name, owner: { name: 'Acme Ltd' }, sortCode: '040004' });
      const response = await call(sim, 'POST', '/v3/Accounts', { body });
      expect(response.status).toBe(201);
      const { account } = (await response.json()) as { account: { id: string; iban: string; bban: string } };
      await world.webhooks();
      return { id: account.id, iban: account.iban, bban: account.bban };
    },
    openVirtualAccount: async (accountId) => {
      const body = JSON.stringify({
        virtualAccounts: [{ ownerName: 'Jane Virtual', accountIdentifier: { externalIdentifier: 'v-1' } }],
      });
      const response = await call(sim, 'POST', `/v2/Accounts/${accountId}/Virtual`, { body });
      expect(response.status).toBe(202);
      const [created] = await world.webhooks();
      const payload = created?.Payload as
        { VirtualAccountId: string; AccountIdentifier: { Iban: string } } | undefined;
      if (!payload) throw new Error('no VirtualAccountCreated');
      return { id: payload.VirtualAccountId, iban: payload.AccountIdentifier.Iban };
    },
    balance: (accountId) => balanceOf(sim.state, accountId).amount.toFixed(2),
    send: (path, body) => call(sim, 'POST', path, { body: JSON.stringify(body) }),
    webhooks: async () => {
      await sim.idle();
      const taken = listener.received.splice(0).map((webhook) => {
        const { Type, Version, Payload } = JSON.parse(webhook.body) as Webhook;
        return { Type, Version, Payload };
      });
      for (const webhook of taken) {
        const schema = webhookPayloads[webhook.Type]?.[webhook.Version];
        expect(schema, `documented payload for ${webhook.Type} v${webhook.Version}`).toBeDefined();
        const issues = schema?.safeParse(webhook.Payload).error?.issues ?? [];
        expect(issues, `${webhook.Type} v${webhook.Version}`).toEqual([]);
      }
      return taken;
    },
    advance: async (ms) => {
      await sim.advanceClock(ms);
      await sim.idle();
    },
    setClock: async (to) => {
      expect((await admin(sim, 'POST', '/__sim/clock/set', { to })).status).toBe(200);
    },
    admin: (method, path, body) => admin(sim, method, path, body),
  };
  return world;
}

// --- Bodies ----------------------------------------------------------------------------------------------------

const address = {
  streetName: 'Example Street',
  buildingNumber: '12',
  townName: 'London',
  country: 'GB',
  postCode: 'EC2V 8RT',
};
const lei = '5493001KJH8B2Q3L5X79';
/** A creditor account at another UK bank (the reference's example IBAN). */
export const OTHER_BANK_IBAN = 'GB29NWBK60161331926819';

export function customerPayment(sourceIban: string, over: Record<string, unknown> = {}) {
  return {
    instructionIdentification: 'INSTR-CUST-001',
    endToEndIdentification: 'E2E-CUST-001',
    interBankSettlementAmount: { amount: 1250.5, currency: 'GBP' },
    sourceAccount: { iban: sourceIban },
    debtorAccount: { iban: sourceIban },
    debtor: { name: 'Acme Ltd', postalAddress: address, organisationIdentifier: { lei } },
    creditorAccount: { iban: OTHER_BANK_IBAN },
    creditor: {
      name: 'Jane Smith',
      postalAddress: address,
      privateIdentifier: { otherIdentification: 'AB123456C' },
    },
    purpose: 'SUPP',
    categoryPurpose: 'SUPP',
    remittanceInformation: { creditorReferenceInformation: 'INV-2026-001' },
    ...over,
  };
}

export function institutionPayment(sourceIban: string, over: Record<string, unknown> = {}) {
  return {
    instructionIdentification: 'INSTR-INST-001',
    endToEndIdentification: 'E2E-INST-001',
    interBankSettlementAmount: { amount: 100000, currency: 'GBP' },
    sourceAccount: { iban: sourceIban },
    debtor: { name: 'Acme Bank Ltd', postalAddress: address, lei },
    creditorAccount: { schemeName: 'SortcodeAccountNumber', identification: '601613-31926819' },
    creditor: { name: 'Other Bank plc', postalAddress: address, lei: '213800ABCDEFGHIJKL12' },
    purpose: 'INTC',
    categoryPurpose: 'INTC',
    remittanceInformation: { unstructured: 'Liquidity transfer January' },
    ...over,
  };
}

export function crossBorderPayment(sourceIban: string, over: Record<string, unknown> = {}) {
  return {
    instructionIdentification: 'XBDR-001',
    endToEndIdentification: 'XBE2E-001',
    interBankSettlementAmount: { amount: 5000, currency: 'GBP' },
    sourceAccount: { iban: sourceIban },
    debtorAccount: { schemeName: 'SortcodeAccountNumber', identification: '040004-12345678' },
    debtor: { name: 'Acme Corporation Ltd', postalAddress: address },
    creditorAccount: { iban: 'DE89370400440532013000' },
    creditor: {
      name: 'Hans Mueller',
      postalAddress: {
        streetName: 'Gotthardstrasse',
        townName: 'Chemnitz',
        country: 'DE',
        postCode: '09052',
      },
    },
    creditorAgent: { bic: 'DEUTDEDBXXX' },
    purpose: 'TRAD',
    categoryPurpose: 'TRAD',
    remittanceInformation: { creditorReferenceInformation: 'ORDER-77' },
    ...over,
  };
}

export function inboundCustomerPayment(creditorIban: string, over: Record<string, unknown> = {}) {
  return {
    instructionIdentification: '12345678TEST1234567899100',
    endToEndIdentification: '12345678TEST12345678100',
    interBankSettlementAmount: { amount: 1001, currency: 'GBP' },
    instructingAgentBic: 'LOYDGB22XXX',
    debtorAccount: { iban: 'GB71CPBK08929969687998' },
    debtor: { name: 'Name 1', postalAddress: address, organisationIdentifier: null, privateIdentifier: null },
    creditorAccount: { iban: creditorIban },
    creditor: {
      name: 'Name 2',
      postalAddress: address,
      organisationIdentifier: null,
      privateIdentifier: null,
    },
    purpose: 'CASH',
    categoryPurpose: 'CASH',
    remittanceInformation: { creditorReferenceInformation: 'Reference17' },
    ...over,
  };
}

export function inboundInstitutionPayment(creditorIban: string, over: Record<string, unknown> = {}) {
  return {
    instructionIdentification: 'INBOUND-INST-001',
    endToEndIdentification: 'E2E-INBOUND-INST-001',
    interBankSettlementAmount: { amount: 250000, currency: 'GBP' },
    debtorAccount: { schemeName: 'SortCodeAccountNumber', identification: '20000055779911' },
    debtorBic: 'BARCGB22XXX',
    debtor: { name: 'Barclays Bank plc', postalAddress: address, lei: 'G5GSEF7VJP5I7OUK5573' },
    creditorBic: 'CLRBGB22XXX',
    creditorAccount: { iban: creditorIban },
    creditor: { name: 'Acme Bank Ltd', postalAddress: address, lei },
    purpose: 'LIMA',
    categoryPurpose: 'CASH',
    remittanceInformation: { unstructured: 'Defund' },
    ...over,
  };
}

export function returnPayment(paymentId: string, over: Record<string, unknown> = {}) {
  return { paymentId, reason: 'AC04', instructionIdentification: 'RETURN-001', ...over };
}

export function inboundReturnPayment(paymentId: string, over: Record<string, unknown> = {}) {
  return { paymentId, reason: 'AC01', instructionIdentification: 'THEIR-RETURN-001', ...over };
}

export async function paymentIdOf(response: Response): Promise<string> {
  expect(response.status).toBe(202);
  const body = (await response.json()) as { paymentId: string };
  expect(Object.keys(body)).toEqual(['paymentId']);
  return body.paymentId;
}

export async function uetrOf(response: Response): Promise<string> {
  expect(response.status).toBe(202);
  const body = (await response.json()) as { uetr: string };
  expect(Object.keys(body)).toEqual(['uetr']);
  expect(body.uetr).toMatch(/^[a-f0-9]{8}-[a-f0-9]{4}-4[a-f0-9]{3}-[89ab][a-f0-9]{3}-[a-f0-9]{12}$/);
  return body.uetr;
}

/** The members a payload has, sorted, with those of its nested account objects. */
export function membersOf(payload: Record<string, unknown>): Record<string, string[]> {
  const members: Record<string, string[]> = { $: Object.keys(payload).sort() };
  for (const [name, value] of Object.entries(payload)) {
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      members[name] = Object.keys(value).sort();
    }
  }
  return members;
}
