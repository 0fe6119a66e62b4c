import { parseUkBban } from '#shared/domain/iban.js';
import {
  amendMandate,
  amendVirtualMandate,
  cancelMandate,
  cancelVirtualMandate,
  createMandate,
  createVirtualMandate,
  listAccountUnpaidDirectDebits,
  listMandateCollections,
  listMandates,
  listUnappliedDirectCredits,
  listUnpaidDirectDebits,
  listVirtualAccountUnpaidDirectDebits,
  listVirtualMandateCollections,
  listVirtualMandates,
  returnMandate,
  returnTransactions,
  returnVirtualMandate,
  returnVirtualTransactions,
} from '#shared/operations/direct-debits/operations.js';
import type {
  AccountUnpaidQuery,
  AmendMandateBody,
  CollectionsQuery,
  CounterpartAccount,
  CreateMandateBody,
  ReturnItemsBody,
  ReturnMandateBody,
  SortCodeItemsQuery,
} from '#shared/operations/direct-debits/schemas.js';
import type { Paging } from '#shared/operations/paging.js';
import { link, page } from '#sim/core/hal.js';
import { TITLES } from '#sim/core/problems.js';
import type { Product } from '#sim/core/product.js';
import type { RouteContext, SimHost, SimResponse } from '#sim/core/types.js';
import type { BacsParty } from './payloads.js';
import {
  amendInstruction,
  bacs,
  type BacsItem,
  cancelInstruction,
  createInstruction,
  findAccountByIdentification,
  findPayerAccount,
  instructionFacts,
  lookupInstruction,
  type Mandate,
  type PayerAccount,
  returnInstruction,
} from './scheme.js';
import { book } from '../sterling-accounts/accounts.js';
import { directDebitAdminRoutes } from './admin.js';
import { checkReturns, returnItems } from './items.js';

/**
 * Spec part 1, "Direct debit instructions", and the direct-debit reads of "Payment data", on the simulated
 * Bacs scheme (`scheme.ts`). Every write answers 202 `{halLinks}`; what happened arrives as a
 * webhook after the answer: a create that reaches the scheme sends `BacsMandateInitiated` (or
 * `BacsMandateInitiationFailed`), a repeat of a live instruction (same service user number and reference)
 * is the same instruction and sends nothing; a cancel sends `BacsMandateCancelled`, or
 * `BacsMandateCancellationFailed` when the instruction no longer exists (not an error); a return sends
 * `BacsMandateReturned` or `BacsMandateReturnFailed`; an item return (`items.ts`) sends a return-created webhook per
 * item. An instruction of another account is not found (404)
 * by an amend or cancel; a return of one conflicts (409, the status the reference lists for a return).
 */
export const directDebitsProduct: Product = {
  name: 'direct-debits',
  bankRoutes(bank) {
    for (const operation of [createMandate, createVirtualMandate]) {
      bank.operation(operation, (ctx) => create(bank, ctx, ctx.body));
    }
    for (const operation of [listMandates, listVirtualMandates]) {
      bank.operation(operation, (ctx) =>
        withPayer(ctx, (payer) => {
          const all = mandatesOf(ctx, payer);
          const { items, halLinks } = page(ctx, ctx.path, all, ctx.queryValues as Paging);
          return ctx.json(200, { directDebitMandates: items.map((m) => representMandate(ctx, m)), halLinks });
        }),
      );
    }
    for (const operation of [amendMandate, amendVirtualMandate]) {
      bank.operation(operation, (ctx) => amend(ctx, ctx.body));
    }
    for (const operation of [returnMandate, returnVirtualMandate]) {
      bank.operation(operation, (ctx) => returnOne(bank, ctx, ctx.body));
    }
    for (const operation of [cancelMandate, cancelVirtualMandate]) {
      bank.operation(operation, (ctx) => cancel(bank, ctx));
    }
    for (const operation of [listMandateCollections, listVirtualMandateCollections]) {
      bank.operation(operation, (ctx) => collections(ctx, ctx.queryValues as CollectionsQuery));
    }
    for (const operation of [listAccountUnpaidDirectDebits, listVirtualAccountUnpaidDirectDebits]) {
      bank.operation(operation, (ctx) => accountUnpaid(ctx, ctx.queryValues as AccountUnpaidQuery));
    }
    for (const operation of [returnTransactions, returnVirtualTransactions]) {
      bank.operation(operation, (ctx) => returnTransactionItems(bank, ctx, ctx.body));
    }
    bank.operation(listUnpaidDirectDebits, (ctx) =>
      sortCodeItems(ctx, 'UnpaidDirectDebit', 'unpaidTransactions', ctx.queryValues as SortCodeItemsQuery),
    );
    bank.operation(listUnappliedDirectCredits, (ctx) =>
      sortCodeItems(ctx, 'UnappliedCredit', 'unappliedTransactions', ctx.queryValues as SortCodeItemsQuery),
    );
  },
  adminRoutes: directDebitAdminRoutes,
};

// --- Writes --------------------------------------------------------------------------------------------------

/** The path of a route on a payer's account: a real account, or a virtual account under it. */
type PayerParams = { accountId: string; virtualAccountId?: string };
/** The path of a route on one instruction of a payer's account. */
type InstructionParams = PayerParams & { mandateId: string };

function create(sim: SimHost, ctx: RouteContext<unknown, PayerParams>, body: CreateMandateBody): SimResponse {
  const originatorAccount = body.counterpartAccount && ukAccountOf(body.counterpartAccount);
  const outcome = createInstruction(
    sim,
    {
      institutionId: ctx.institution.id,
      accountId: ctx.params.accountId,
      ...(ctx.params.virtualAccountId && { virtualAccountId: ctx.params.virtualAccountId }),
      serviceUserNumber: body.serviceUserNumber,
      reference: body.reference,
      ...(body.originatorName !== undefined && { originatorName: body.originatorName }),
      ...(body.payerName !== undefined && { payerName: body.payerName }),
      ...(body.mandateType && { mandateType: body.mandateType }),
      ...(originatorAccount && { originatorAccount }),
      // The create is for a validated paper instruction (spec): it may be collected from the next day.
      channel: 'Paper',
      source: 'Api',
    },
    ctx.emit,
  );
  if (outcome.kind === 'missing') return ctx.problem(404, TITLES.notFound, outcome.detail);
  if (outcome.kind === 'refused') {
    return ctx.problem(400, TITLES.validation, 'the request is not valid', { accountId: [outcome.detail] });
  }
  return accepted(ctx);
}

function amend(ctx: RouteContext<unknown, InstructionParams>, body: AmendMandateBody): SimResponse {
  return withInstruction(ctx, 404, (mandate) => {
    const to = findAccountByIdentification(
      ctx.state,
      ctx.institution.id,
      identificationOf(body.newDebtorAccount),
    );
    if (!to) {
      return ctx.problem(400, TITLES.validation, 'the request is not valid', {
        newDebtorAccount: ['no account of the institution has this identification'],
      });
    }
    const outcome = amendInstruction(mandate, to);
    if (outcome.kind === 'not-live') {
      return ctx.problem(404, TITLES.notFound, `instruction ${mandate.id} is ${mandate.state}`);
    }
    if (outcome.kind === 'refused') {
      return ctx.problem(400, TITLES.validation, 'the request is not valid', {
        newDebtorAccount: [outcome.detail],
      });
    }
    return accepted(ctx);
  });
}

function returnOne(
  sim: SimHost,
  ctx: RouteContext<unknown, InstructionParams>,
  body: ReturnMandateBody,
): SimResponse {
  return withInstruction(ctx, 409, (mandate) => {
    returnInstruction(sim, mandate, body.rejectionReason, ctx.emit);
    return accepted(ctx);
  });
}

/**
 * Bacs item returns: every item checked first (unknown or another account's: 404; not settled, already returned,
 * named twice or a reason not of its kind: 400 on the member), then each sent back with its webhook.
 */
function returnTransactionItems(
  sim: SimHost,
  ctx: RouteContext<unknown, PayerParams>,
  body: ReturnItemsBody,
): SimResponse {
  return withPayer(ctx, (payer) => {
    const where = {
      accountId: payer.account.id,
      ...(payer.virtual && { virtualAccountId: payer.virtual.id }),
    };
    const checked = checkReturns(ctx.state, ctx.institution.id, where, body.returns);
    if (!Array.isArray(checked)) {
      return checked.status === 404
        ? ctx.problem(404, TITLES.notFound, checked.detail)
        : ctx.problem(400, TITLES.validation, 'the request is not valid', checked.errors);
    }
    returnItems(sim, checked, body.returns, ctx.emit);
    return ctx.json(202, { halLinks: [link(ctx, 'self', ctx.path)] });
  });
}

/** A cancel of an instruction that cannot be found is accepted; the scheme answers with a webhook. */
function cancel(sim: SimHost, ctx: RouteContext<unknown, InstructionParams>): SimResponse {
  return withPayer(ctx, () => {
    const lookup = lookupFromPath(ctx);
    if (lookup.kind === 'other-account') return notOnThisAccount(ctx, 404);
    cancelInstruction(sim, lookup.kind === 'found' ? lookup.mandate : undefined, 'Api', ctx.emit);
    return accepted(ctx);
  });
}

function accepted(ctx: RouteContext<unknown>): SimResponse {
  const mandates = ctx.path.replace(/^\/v1\//, '/v2/').replace(/\/Mandates(\/.*)?$/, '/Mandates');
  return ctx.json(202, { halLinks: [link(ctx, 'self', ctx.path), link(ctx, 'Mandates', mandates)] });
}

// --- Reads ---------------------------------------------------------------------------------------------------

/** The account's instructions, oldest first; a real account's list leaves out its virtual accounts'. */
function mandatesOf(ctx: RouteContext<unknown>, payer: PayerAccount): Mandate[] {
  return [...ctx.state.get(bacs).mandates.values()].filter(
    (m) =>
      m.institutionId === ctx.institution.id &&
      m.accountId === payer.account.id &&
      m.virtualAccountId === payer.virtual?.id,
  );
}

function representMandate(ctx: RouteContext<unknown>, mandate: Mandate) {
  const { payer } = instructionFacts(ctx.state, mandate);
  const account = findPayerAccount(
    ctx.state,
    mandate.institutionId,
    mandate.accountId,
    mandate.virtualAccountId,
  );
  const bban = 'missing' in account ? '' : (account.virtual?.bban ?? account.account.bban);
  return {
    mandateId: mandate.id,
    payerName: payer.name,
    payerBban: bban,
    payerAccountNumber: payer.accountNumber,
    payerSortCode: payer.sortCode,
    reference: mandate.reference,
    serviceUserNumber: mandate.serviceUserNumber,
    originatorName: mandate.originatorName,
    mandateType: mandate.mandateType,
    state: mandate.state,
  };
}

function collections(ctx: RouteContext<unknown, InstructionParams>, query: CollectionsQuery): SimResponse {
  return withInstruction(ctx, 404, (mandate) => {
    const all = ctx.state
      .get(bacs)
      .collections.filter(
        (c) => c.mandateId === mandate.id && within(`${c.date}T00:00:00Z`, query.startDate, query.endDate),
      );
    const { items, halLinks } = page(ctx, ctx.path, all, query);
    const mandateTransactions = items.map((c) => ({
      transactionId: c.id,
      date: `${c.date}T00:00:00Z`,
      amount: { instructedAmount: c.amount.toNumber(), currency: 'GBP' },
      status: c.status,
      reference: c.reference,
      debtorBban: bbanOf(ctx, c.accountId, c.virtualAccountId),
      debtorAccountName: c.payer.name,
      debtorSortCode: c.payer.sortCode,
      debtorAccountNumber: c.payer.accountNumber,
    }));
    return ctx.json(202, { mandateTransactions, halLinks });
  });
}

function accountUnpaid(ctx: RouteContext<unknown, PayerParams>, query: AccountUnpaidQuery): SimResponse {
  return withPayer(ctx, (payer) => {
    const all = itemsOf(ctx, 'UnpaidDirectDebit').filter(
      (item) =>
        item.accountId === payer.account.id &&
        (payer.virtual === undefined || item.virtualAccountId === payer.virtual.id) &&
        within(`${item.processingDate}T00:00:00Z`, query.startDate, query.endDate) &&
        (query.sun === undefined || item.serviceUserNumber === query.sun) &&
        (query.reference === undefined || item.reference === query.reference),
    );
    const { items, halLinks } = page(ctx, ctx.path, all, query);
    const unpaidTransactions = items.map((item) => {
      const { creditorAccountName: _c, debtorAccountName: _d, ...fields } = representItem(ctx, item);
      return {
        ...fields,
        creditorAccount: accountLevel(fields.creditorAccount, item.creditor),
        debtorAccount: accountLevel(fields.debtorAccount, item.debtor, item.reference),
      };
    });
    return ctx.json(200, { unpaidTransactions, halLinks });
  });
}

/** The items of the institution's accounts on the path's sort code, with the reads' filters. */
function sortCodeItems(
  ctx: RouteContext<unknown, { sortCode: string }>,
  kind: BacsItem['kind'],
  member: 'unpaidTransactions' | 'unappliedTransactions',
  query: SortCodeItemsQuery,
): SimResponse {
  const all = itemsOf(ctx, kind).filter(
    (item) =>
      item.sortCode === ctx.params.sortCode &&
      (query.reasonCode === undefined || item.reasonCode === query.reasonCode) &&
      (query.sun === undefined || item.serviceUserNumber === query.sun) &&
      (query.paymentReference === undefined || item.reference === query.paymentReference) &&
      within(`${item.processingDate}T00:00:00Z`, query.processingDateFrom, query.processingDateTo) &&
      (query.amount === undefined || item.amount.eq(query.amount)) &&
      (query.transactionCodes === undefined || item.transactionCode === query.transactionCodes),
  );
  const { items, halLinks } = page(ctx, ctx.path, all, query);
  return ctx.json(200, { [member]: items.map((item) => representItem(ctx, item)), halLinks });
}

function itemsOf(ctx: RouteContext<unknown>, kind: BacsItem['kind']): BacsItem[] {
  return ctx.state
    .get(bacs)
    .items.filter((item) => item.kind === kind && item.institutionId === ctx.institution.id);
}

/** An item as the sort-code reads answer it: our side by IBAN, the other bank's by its BBAN. */
function representItem(ctx: RouteContext<unknown>, item: BacsItem) {
  const ours = { identification: { iban: ibanOf(ctx, item.accountId, item.virtualAccountId) } };
  const theirs = (party: BacsParty) => ({
    identification: {
      other: {
        identification: `${party.sortCode}${party.accountNumber}`,
        schemeName: { code: 'BBAN' as const },
      },
    },
  });
  const debit = item.kind === 'UnpaidDirectDebit';
  return {
    pendingTransactionId: item.bacsTransactionId,
    transactionType: debit ? ('DirectDebit' as const) : ('DirectCredit' as const),
    transactionStatus: 'Pending' as const,
    amount: item.amount.toNumber(),
    paymentReference: item.reference,
    processingDate: `${item.processingDate}T00:00:00Z`,
    settlementDate: `${item.settlementDate}T00:00:00Z`,
    transferredDate: item.createdAt,
    serviceUserNumber: item.serviceUserNumber,
    transactionCode: item.transactionCode,
    isReturn: true,
    hasReturn: false,
    reasonCode: item.reasonCode,
    collectionReference: item.collectionId ?? item.bacsTransactionId,
    // An unpaid debit's debtor is our account; an unapplied credit's creditor is.
    creditorAccount: debit ? theirs(item.creditor) : ours,
    debtorAccount: debit ? ours : theirs(item.debtor),
    creditorAccountName: item.creditor.name,
    debtorAccountName: item.debtor.name,
  };
}

type ItemAccount = ReturnType<typeof representItem>['creditorAccount'];

/** The account-level reads add name, sort code, number (and the payer's reference) to each account. */
function accountLevel(account: ItemAccount, party: BacsParty, reference?: string) {
  return {
    identification: {
      ...account.identification,
      accountName: party.name,
      sortCode: party.sortCode,
      accountNumber: party.accountNumber,
      ...(reference !== undefined && { reference }),
    },
  };
}

// --- Lookups -------------------------------------------------------------------------------------------------

function withPayer(
  ctx: RouteContext<unknown, PayerParams>,
  then: (payer: PayerAccount) => SimResponse,
): SimResponse {
  const payer = findPayerAccount(
    ctx.state,
    ctx.institution.id,
    ctx.params.accountId,
    ctx.params.virtualAccountId,
  );
  if ('missing' in payer) return ctx.problem(404, TITLES.notFound, payer.missing);
  return then(payer);
}

function lookupFromPath(ctx: RouteContext<unknown, InstructionParams>) {
  const { accountId, virtualAccountId, mandateId } = ctx.params;
  return lookupInstruction(ctx.state, ctx.institution.id, accountId, virtualAccountId, mandateId);
}

/** The instruction of the path's account, or `status` when it is unknown or another account's. */
function withInstruction(
  ctx: RouteContext<unknown, InstructionParams>,
  status: 404 | 409,
  then: (mandate: Mandate) => SimResponse,
): SimResponse {
  return withPayer(ctx, () => {
    const lookup = lookupFromPath(ctx);
    if (lookup.kind !== 'found') return notOnThisAccount(ctx, status);
    return then(lookup.mandate);
  });
}

function notOnThisAccount(ctx: RouteContext<unknown, InstructionParams>, status: 404 | 409): SimResponse {
  const where = ctx.params.virtualAccountId
    ? `virtual account ${ctx.params.virtualAccountId}`
    : `account ${ctx.params.accountId}`;
  return ctx.problem(
    status,
    status === 404 ? TITLES.notFound : TITLES.conflict,
    `no instruction ${ctx.params.mandateId} on ${where}`,
  );
}

function ibanOf(ctx: RouteContext<unknown>, accountId: string, virtualAccountId?: string): string {
  const accounts = ctx.state.get(book);
  return (
    (virtualAccountId ? accounts.virtual.get(virtualAccountId) : accounts.real.get(accountId))?.iban ?? ''
  );
}

function bbanOf(ctx: RouteContext<unknown>, accountId: string, virtualAccountId?: string): string {
  const accounts = ctx.state.get(book);
  return (
    (virtualAccountId ? accounts.virtual.get(virtualAccountId) : accounts.real.get(accountId))?.bban ?? ''
  );
}

/** The `iban` or BBAN `other.identification` of a counterpart, as the scheme looks accounts up. */
function identificationOf(account: CounterpartAccount): { iban?: string; bban?: string } {
  const { iban, other } = account.identification;
  return {
    ...(iban !== undefined && { iban }),
    ...(other !== undefined &&
      other.schemeName.code !== 'CUID' &&
      other.schemeName.code !== 'UPIC' && {
        bban: other.identification,
      }),
  };
}

/** A UK account from an IBAN or BBAN (with or without its bank code), or undefined. */
function ukAccountOf(account: CounterpartAccount): { sortCode: string; accountNumber: string } | undefined {
  const { iban, bban } = identificationOf(account);
  const text = (iban?.toUpperCase().startsWith('GB') ? iban.slice(4) : bban)?.replaceAll(' ', '');
  if (!text) return undefined;
  const digits = /^(\d{6})(\d{8})$/.exec(text);
  if (digits) return { sortCode: digits[1] ?? '', accountNumber: digits[2] ?? '' };
  const parsed = parseUkBban(text.toUpperCase());
  return parsed && { sortCode: parsed.sortCode, accountNumber: parsed.accountNumber };
}

/** Whether an instant lies within optional bounds; a date bound alone covers its whole day. */
function within(at: string, start: string | undefined, end: string | undefined): boolean {
  const time = Date.parse(at);
  const endOf = (bound: string) => Date.parse(bound) + (bound.length === 10 ? 86_399_999 : 0);
  return (start === undefined || time >= Date.parse(start)) && (end === undefined || time <= endOf(end));
}
