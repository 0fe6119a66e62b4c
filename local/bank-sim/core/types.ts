import type { IncomingHttpHeaders } from 'node:http';
import type * as z from 'zod/mini';
import type { HttpMethod } from '#shared/http/types.js';
import type { RequestRules } from '#shared/operations/operation.js';
import type { ManualClock } from '#shared/ports/clock.js';
import type { EmitWebhook } from '#shared/webhooks/payloads/index.js';
import type { Institution } from './institutions.js';
import type { SimState } from './state.js';
import type { TopLevelMembers, WebhookRecord } from './webhooks.js';

export type { HttpMethod };

/** What a route answers. A string body is sent byte for byte; anything else is serialised as JSON. */
export interface SimResponse {
  status: number;
  headers?: Record<string, string>;
  body?: string | object;
}

/** The names of a path template's parameters: `/v2/Accounts/{accountId}/Virtual/{virtualAccountId}` gives both. */
export type ParamNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParamNames<Rest>
  : never;

/**
 * The parameters of a route registered at the path template `Path`, every one present as percent-decoded
 * text. A union of templates (one handler for several operations) gives a union of parameter sets; a path
 * known only as `string` gives any names, each possibly missing.
 */
export type PathParams<Path extends string> = string extends Path
  ? Readonly<Record<string, string>>
  : Path extends string
    ? { readonly [Name in ParamNames<Path>]: string }
    : never;

/** Any route's parameters: what a helper shared by routes of different templates may rely on. */
export type AnyParams = Readonly<Record<string, string>>;

/** Everything a product's handler sees of one request that passed the bank's common checks. */
export interface RouteContext<TBody = unknown, TParams = AnyParams> {
  method: HttpMethod;
  /** The path without the query, as received. */
  path: string;
  /** The simulator's base URL (`http://127.0.0.1:<port>`): the bank's HAL links are absolute. */
  baseUrl: string;
  /** Path template parameters, percent-decoded: `{accountId}` -> `params.accountId`. */
  params: TParams;
  query: URLSearchParams;
  /** The query as the route's schema outputs it (numbers, defaults applied). */
  queryValues: unknown;
  /** Lower-cased header names, as node:http gives them. */
  headers: IncomingHttpHeaders;
  /** The exact bytes received (what the signature covers). */
  rawBody: Buffer;
  /** The body as UTF-8 text ('' when there is none). */
  bodyText: string;
  /** The parsed JSON body, checked against the route's `body` schema when it has one. */
  body: TBody;
  requestId: string | undefined;
  correlationId: string;
  /** The institution whose token authorised the request. */
  institution: Institution;
  clock: ManualClock;
  now(): Date;
  /** This simulator's state, shared by every product; see `defineState`. */
  state: SimState;
  /** A refusal about this request (`instance` its path); `detail` defaults to the title, `errors` to none. */
  problem(status: number, title: string, detail?: string, errors?: Record<string, string[]>): SimResponse;
  json(status: number, body: unknown, headers?: Record<string, string>): SimResponse;
  /** Queues a webhook to the calling institution; it is sent after the response is written. */
  emit: Emit;
  /** Runs `task` once the simulated clock reaches `at` (for outcomes that arrive later, e.g. settlement). */
  schedule: Schedule;
}

export type RouteHandler<TBody = unknown, TParams = AnyParams> = (
  context: RouteContext<TBody, TParams>,
) => SimResponse | Promise<SimResponse>;

/** The body type a route's schema produces (`undefined` for routes without a body). */
export type BodyOf<R extends RequestRules> = R extends { body: z.ZodMiniType<infer T> } ? T : undefined;

/**
 * Work that happens later on the simulated clock (a settlement, a retry), named so that what is waiting can
 * be saved as data with the state and rebuilt (the sandbox's snapshot): made once per module by
 * `defineTask`, and given only the host and its arguments, which are saved too (state objects, ids,
 * Decimals, Dates; no functions).
 */
export interface SimTask<Args extends unknown[]> {
  readonly name: string;
  run(host: SimHost, ...args: Args): void;
}

/** Runs `task` with `args` once the simulated clock reaches `at`. */
export type Schedule = <Args extends unknown[]>(
  at: Date,
  label: string,
  task: SimTask<Args>,
  ...args: Args
) => void;

/**
 * What product code reaches of the simulator outside a request (its models, scheduled work, admin routes):
 * the state, the simulated clock, work on that clock and webhooks sent at once.
 */
export interface SimHost {
  readonly state: SimState;
  readonly clock: ManualClock;
  schedule: Schedule;
  /** A webhook of a registered type, its payload checked by the compiler against that version's schema. */
  emitWebhook: EmitWebhook<[options?: EmitOptions], WebhookRecord>;
}

/**
 * Where a webhook goes: a route handler passes `ctx.emit` (sent after its answer, dropped on a refusal);
 * work on the clock sends at once through `emitterFor`. Typed by the records (`shared/webhooks/payloads/`).
 */
export type Emit = EmitWebhook<[topLevel?: TopLevelMembers]>;

export interface EmitOptions {
  /** Defaults to the first institution of the registry. */
  institutionId?: string;
  /** Digits to use as the Nonce instead of a random one (tests of nonces beyond 2^53). */
  nonce?: string;
  /** Members beside Type, Version, Payload and Nonce (a top-level `InstitutionId`). */
  topLevel?: TopLevelMembers;
}
