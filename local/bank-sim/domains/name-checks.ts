import { jaroWinkler } from '@skyra/jaro-winkler';
import * as z from 'zod/mini';
import { type LegalOwnerType, parseOwnerName } from '#shared/domain/name-check-rules.js';
import { parseUkBban } from '#shared/domain/iban.js';
import {
  optOutAccountNameChecks,
  optOutVirtualAccountNameChecks,
  validateSrd,
  verifyPayeeName,
} from '#shared/operations/name-checks/operations.js';
import {
  NAME_CHECK_REASON_CODES,
  type NameCheckReasonCode,
} from '#shared/operations/name-checks/reason-codes.js';
import type { NameCheckSettingBody } from '#shared/operations/name-checks/schemas.js';
import type { AdminHandler, AdminRequest } from '../admin.js';
import { jsonResponse, problemResponse, TITLES } from '../problem.js';
import { defineState, type SimState } from '../state.js';
import type { Domain, RouteContext, SimResponse, SimulatorApi } from '../types.js';
import { book } from './sterling-accounts.js';

/** The name the simulated bank answers with when it is the responder (`MatchedBank`). */
export const SIMULATED_BANK_NAME = 'Clearway Simulated Bank';

export interface NameCheckConfig {
  /** Jaro-Winkler similarity (0 to 1) from which a name that is not equal is a close match. */
  closeMatchThreshold: number;
}

/** A bank that answers name checks for its sort code. */
export interface Participant {
  name: string;
  registrationId: string;
  /** false: the call to it fails (424). */
  available: boolean;
  /** true: it answers after the scheme's time limit (`ResponseWithinSla` false). */
  answersLate: boolean;
}

export type PayeeStatus = 'Active' | 'OptedOut' | 'Switched' | 'NotSupported';

/** An account at another bank, as that bank would answer for it. */
export interface Payee {
  name: string;
  legalOwnerType: LegalOwnerType;
  status: PayeeStatus;
  /** The secondary reference (e.g. a roll number) without which the account cannot be identified. */
  secondaryReference?: string;
}

export interface NameCheckRequest {
  Identification: string;
  LegalOwnerType: LegalOwnerType;
  OwnerName: string;
  SecondaryIdentification?: string | null;
}

export interface VerificationReport {
  Matched: boolean;
  Name?: string;
  ReasonCode?: NameCheckReasonCode;
  ReasonCodeDescription?: string;
  MatchedBank: string;
  ResponseWithinSla: boolean;
  LegalOwnerType?: LegalOwnerType;
  ResponderRegistrationId?: string;
}

/** The scheme's defaults; `PATCH /__sim/name-checks/config` changes them per simulator. */
export const DEFAULT_NAME_CHECK_CONFIG: NameCheckConfig = { closeMatchThreshold: 0.9 };

const seedParticipants: Record<string, Participant> = {
  '200000': { name: 'Northgate Bank', registrationId: 'NGB-0001', available: true, answersLate: false },
  '300000': {
    name: 'Lakeside Building Society',
    registrationId: 'LBS-0001',
    available: true,
    answersLate: true,
  },
  '400000': { name: 'Harbour Bank', registrationId: 'HBR-0001', available: false, answersLate: false },
};

const seedPayees: Record<string, Payee> = {
  '20000012345678': { name: 'Jane Smith', legalOwnerType: 'Personal', status: 'Active' },
  '20000087654321': { name: 'Acme Widgets Ltd', legalOwnerType: 'Business', status: 'Active' },
  '20000011112222': {
    name: 'Robert Brown',
    legalOwnerType: 'Personal',
    status: 'Active',
    secondaryReference: 'ROLL-42',
  },
  '20000033334444': { name: 'Alice Green', legalOwnerType: 'Personal', status: 'OptedOut' },
  '20000055556666': { name: 'Tom White', legalOwnerType: 'Personal', status: 'Switched' },
  '20000077778888': { name: 'Pooled Savings Ltd', legalOwnerType: 'Business', status: 'NotSupported' },
  '30000012345678': { name: 'Sam Taylor', legalOwnerType: 'Personal', status: 'Active' },
};

/** The scheme as the simulator sees it: other banks by sort code, their accounts, and this bank's opt-outs. */
export const nameCheckState = defineState('name-checks', () => ({
  config: { ...DEFAULT_NAME_CHECK_CONFIG },
  participants: new Map(Object.entries(seedParticipants).map(([code, p]) => [code, { ...p }])),
  payees: new Map(Object.entries(seedPayees).map(([id, p]) => [id, { ...p }])),
  /** This bank's own accounts (real or virtual, by id) opted out of answering checks, with the reason. */
  optOuts: new Map<string, string>(),
}));

// --- Matching (pure) -------------------------------------------------------------------------------------------

const SALUTATIONS = new Set(['mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'prof', 'sir', 'dame', 'rev']);

/** Lower case, accents and punctuation removed, spaces collapsed, a leading salutation dropped. */
export function normaliseName(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter((word) => word !== '');
  if (words.length > 1 && SALUTATIONS.has(words[0] ?? '')) words.shift();
  return words.join(' ');
}

/** The name a check asks about: the full name, or the forenames and surname of the structured form. */
function askedName(request: NameCheckRequest): string {
  const owner = parseOwnerName(request.OwnerName, request.LegalOwnerType);
  return owner.form === 'unstructured' ? owner.fullName : `${owner.forenames} ${owner.surname}`;
}

export type NameSimilarity = 'equal' | 'close' | 'different';

export function compareNames(asked: string, registered: string, threshold: number): NameSimilarity {
  const a = normaliseName(asked);
  const b = normaliseName(registered);
  if (a === b) return 'equal';
  return jaroWinkler(a, b) >= threshold ? 'close' : 'different';
}

/** The outcome for an account found and able to answer: the name and the legal owner type compared. */
export function matchOutcome(
  request: NameCheckRequest,
  payee: Pick<Payee, 'name' | 'legalOwnerType'>,
  threshold: number,
): Pick<VerificationReport, 'Matched' | 'Name' | 'ReasonCode' | 'LegalOwnerType'> {
  const similarity = compareNames(askedName(request), payee.name, threshold);
  if (similarity === 'different') return { Matched: false, ReasonCode: 'ANNM' };
  const sameType = request.LegalOwnerType === payee.legalOwnerType;
  if (similarity === 'equal' && sameType) return { Matched: true };
  const code: NameCheckReasonCode = sameType
    ? 'MBAM'
    : payee.legalOwnerType === 'Business'
      ? similarity === 'equal'
        ? 'BANM'
        : 'BAMM'
      : similarity === 'equal'
        ? 'PANM'
        : 'PAMM';
  return {
    Matched: false,
    ReasonCode: code,
    // The registered name is given back on a close match only: on an equal one the payer has it already.
    ...(similarity === 'close' && { Name: payee.name }),
    ...(!sameType && { LegalOwnerType: payee.legalOwnerType }),
  };
}

/** What the responding bank answers for one of its accounts (found or not), before the bank names are added. */
export function answerFor(
  request: NameCheckRequest,
  payee: Payee | undefined,
  threshold: number,
): Pick<VerificationReport, 'Matched' | 'Name' | 'ReasonCode' | 'LegalOwnerType'> {
  if (payee === undefined) return { Matched: false, ReasonCode: 'AC01' };
  if (payee.status === 'Switched') return { Matched: false, ReasonCode: 'CASS' };
  if (payee.status === 'OptedOut') return { Matched: false, ReasonCode: 'OPTO' };
  if (payee.status === 'NotSupported') return { Matched: false, ReasonCode: 'ACNS' };
  if (
    payee.secondaryReference !== undefined &&
    (request.SecondaryIdentification ?? '').trim() !== payee.secondaryReference
  ) {
    return { Matched: false, ReasonCode: 'IVCR' };
  }
  return matchOutcome(request, payee, threshold);
}

function report(
  outcome: ReturnType<typeof answerFor>,
  bank: { name: string; registrationId?: string; answersLate?: boolean },
): VerificationReport {
  return {
    ...outcome,
    ...(outcome.ReasonCode !== undefined && {
      ReasonCodeDescription: NAME_CHECK_REASON_CODES[outcome.ReasonCode],
    }),
    MatchedBank: bank.name,
    ResponseWithinSla: !bank.answersLate,
    ...(bank.registrationId !== undefined && { ResponderRegistrationId: bank.registrationId }),
  };
}

// --- This bank as the responder ----------------------------------------------------------------------------------

/**
 * One of this bank's own accounts (real, or enabled virtual) as a payee: its owner name and legal owner type;
 * `NotSupported` until the owner name, legal owner type and relationship type are all set (spec part 1,
 * "Name-check responder settings"); `OptedOut` when its holder opted out; undefined when no account has this
 * identification.
 */
export function ownPayee(state: SimState, identification: string): Payee | undefined {
  const accounts = state.get(book);
  const optOuts = state.get(nameCheckState).optOuts;
  const matches = (bban: string) => {
    const parsed = parseUkBban(bban);
    return parsed !== undefined && parsed.sortCode + parsed.accountNumber === identification;
  };
  const asPayee = (
    id: string,
    name: string,
    owner: { legalOwnerType?: LegalOwnerType; relationshipType?: string },
  ): Payee => ({
    name,
    legalOwnerType: owner.legalOwnerType ?? 'Personal',
    status: optOuts.has(id)
      ? 'OptedOut'
      : owner.legalOwnerType === undefined || owner.relationshipType === undefined || name === ''
        ? 'NotSupported'
        : 'Active',
  });
  for (const account of accounts.real.values()) {
    if (account.status !== 'Closed' && matches(account.bban))
      return asPayee(account.id, account.label, account);
  }
  for (const virtual of accounts.virtual.values()) {
    if (virtual.status === 'Enabled' && matches(virtual.bban))
      return asPayee(virtual.id, virtual.name, virtual);
  }
  return undefined;
}

// --- Routes ---------------------------------------------------------------------------------------------------

const errorBody = (reason: string, participantName: string | null) => ({
  Error: { Reason: reason, ParticipantName: participantName },
});

/**
 * Spec part 1, "Payee name checks (outbound)" and "Name-check responder settings". An outbound check goes to
 * the participant holding the sort code (none: 422; unavailable: 424), which answers for its account with the
 * scheme's outcomes; a check of one of this bank's own accounts is answered here. Opt-outs apply to this
 * bank's accounts when other banks check them (`POST /__sim/name-checks/inbound`).
 */
export const nameChecksDomain: Domain = (sim) => {
  sim.operation(verifyPayeeName, (ctx) => {
    const state = ctx.state.get(nameCheckState);
    const threshold = state.config.closeMatchThreshold;
    const own = ownPayee(ctx.state, ctx.body.Identification);
    if (own !== undefined) {
      return ctx.json(200, {
        Data: {
          VerificationReport: report(answerFor(ctx.body, own, threshold), { name: SIMULATED_BANK_NAME }),
        },
      });
    }
    const participant = state.participants.get(ctx.body.Identification.slice(0, 6));
    if (participant === undefined) {
      return ctx.json(422, errorBody('No participant is registered for this sort code.', null));
    }
    if (!participant.available) {
      return ctx.json(424, errorBody('The call to the participant failed.', participant.name));
    }
    const payee = state.payees.get(ctx.body.Identification);
    return ctx.json(200, {
      Data: { VerificationReport: report(answerFor(ctx.body, payee, threshold), participant) },
    });
  });

  sim.operation(validateSrd, (ctx) => {
    const { Identification } = ctx.body;
    const state = ctx.state.get(nameCheckState);
    const own = ownPayee(ctx.state, Identification);
    const participant = state.participants.get(Identification.slice(0, 6));
    const bankName = own !== undefined ? SIMULATED_BANK_NAME : (participant?.name ?? null);
    const payee = own ?? (participant === undefined ? undefined : state.payees.get(Identification));
    return ctx.json(200, {
      Data: { Required: payee?.secondaryReference !== undefined, BankName: bankName, Identification },
    });
  });

  sim.operation(optOutAccountNameChecks, (ctx) => {
    const account = ctx.state.get(book).real.get(ctx.params.accountId?.toLowerCase() ?? '');
    if (!account || account.institutionId !== ctx.institution.id) {
      return ctx.problem(404, TITLES.notFound, `no account ${ctx.params.accountId}`);
    }
    return applySetting(ctx, account.id, ctx.body);
  });

  sim.operation(optOutVirtualAccountNameChecks, (ctx) => {
    const accounts = ctx.state.get(book);
    const account = accounts.real.get(ctx.params.accountId?.toLowerCase() ?? '');
    const virtual = accounts.virtual.get(ctx.params.virtualAccountId?.toLowerCase() ?? '');
    if (!account || account.institutionId !== ctx.institution.id || virtual?.accountId !== account.id) {
      return ctx.problem(
        404,
        TITLES.notFound,
        `no virtual account ${ctx.params.virtualAccountId} under account ${ctx.params.accountId}`,
      );
    }
    return applySetting(ctx, virtual.id, ctx.body);
  });
};

/**
 * Opt out (with its reason) or back in: 204; 200 when the account was already opted out and a different
 * reason is recorded (the reference's 200 answer).
 */
function applySetting(ctx: RouteContext<unknown>, id: string, body: NameCheckSettingBody): SimResponse {
  const optOuts = ctx.state.get(nameCheckState).optOuts;
  if (!body.optOut) {
    optOuts.delete(id);
    return { status: 204 };
  }
  const reason = (body.optOutReason ?? '').trim();
  const previous = optOuts.get(id);
  optOuts.set(id, reason);
  if (previous !== undefined && previous !== reason) {
    return ctx.json(200, {
      data: id,
      verificationReport: 'The account was already opted out of name checks; the new reason is recorded.',
    });
  }
  return { status: 204 };
}

// --- Admin (/__sim/name-checks/...) -----------------------------------------------------------------------------

const sortCode = z.string().check(z.regex(/^\d{6}$/));
const identification = z.string().check(z.regex(/^\d{14}$/));
const legalOwner = z.enum(['Personal', 'Business']);
const configSchema = z.strictObject({
  closeMatchThreshold: z.optional(z.number().check(z.gte(0), z.lte(1))),
});
const participantSchema = z.strictObject({
  name: z.string().check(z.minLength(1), z.maxLength(140)),
  registrationId: z.optional(z.string().check(z.minLength(1))),
  available: z.optional(z.boolean()),
  answersLate: z.optional(z.boolean()),
});
const payeeSchema = z.strictObject({
  name: z.string().check(z.minLength(1), z.maxLength(140)),
  legalOwnerType: legalOwner,
  status: z.optional(z.enum(['Active', 'OptedOut', 'Switched', 'NotSupported'])),
  secondaryReference: z.optional(z.string().check(z.minLength(1), z.maxLength(140))),
});
const inboundSchema = z.strictObject({
  Identification: identification,
  LegalOwnerType: legalOwner,
  OwnerName: z.string().check(z.minLength(1), z.maxLength(140)),
  SecondaryIdentification: z.optional(z.nullable(z.string().check(z.maxLength(140)))),
});

type AddAdminRoute = (method: 'GET' | 'PUT' | 'PATCH' | 'POST', path: string, handler: AdminHandler) => void;

/**
 * The scheme's admin: `GET /__sim/name-checks` (config, participants, payees, opt-outs), `PATCH .../config`,
 * `PUT .../participants/{sortCode}`, `PUT .../payees/{identification}`, and `POST .../inbound`: another bank
 * checks one of this bank's accounts (`OPTO` when opted out, else the account's owner name and type matched).
 */
export function nameCheckAdminRoutes(
  add: AddAdminRoute,
  sim: Pick<SimulatorApi, 'state'>,
  bodyOf: (request: AdminRequest) => unknown,
): void {
  const state = () => sim.state.get(nameCheckState);
  add('GET', '/__sim/name-checks', () =>
    jsonResponse(200, {
      config: state().config,
      participants: Object.fromEntries(state().participants),
      payees: Object.fromEntries(state().payees),
      optOuts: Object.fromEntries(state().optOuts),
    }),
  );
  add('PATCH', '/__sim/name-checks/config', (request) => {
    const changes = configSchema.parse(bodyOf(request));
    if (changes.closeMatchThreshold !== undefined)
      state().config.closeMatchThreshold = changes.closeMatchThreshold;
    return jsonResponse(200, state().config);
  });
  add('PUT', '/__sim/name-checks/participants/{sortCode}', (request) => {
    const code = sortCode.parse(request.params.sortCode);
    const body = participantSchema.parse(bodyOf(request));
    const participant: Participant = {
      name: body.name,
      registrationId: body.registrationId ?? `SIM-${code}`,
      available: body.available ?? true,
      answersLate: body.answersLate ?? false,
    };
    state().participants.set(code, participant);
    return jsonResponse(200, participant);
  });
  add('PUT', '/__sim/name-checks/payees/{identification}', (request) => {
    const id = identification.parse(request.params.identification);
    const body = payeeSchema.parse(bodyOf(request));
    if (!state().participants.has(id.slice(0, 6))) {
      return problemResponse(
        404,
        TITLES.notFound,
        `no participant for sort code ${id.slice(0, 6)}`,
        request.path,
      );
    }
    const payee: Payee = { ...body, status: body.status ?? 'Active' };
    state().payees.set(id, payee);
    return jsonResponse(200, payee);
  });
  add('POST', '/__sim/name-checks/inbound', (request) => {
    const body = inboundSchema.parse(bodyOf(request));
    try {
      parseOwnerName(body.OwnerName, body.LegalOwnerType);
    } catch (error) {
      throw new RangeError((error as Error).message, { cause: error });
    }
    const outcome = answerFor(
      body,
      ownPayee(sim.state, body.Identification),
      state().config.closeMatchThreshold,
    );
    return jsonResponse(200, {
      Data: { VerificationReport: report(outcome, { name: SIMULATED_BANK_NAME }) },
    });
  });
}
