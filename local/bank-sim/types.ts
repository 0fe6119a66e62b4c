import type { IncomingHttpHeaders } from 'node:http';
import type * as z from 'zod/mini';
import type { HttpMethod } from '#shared/http/types.js';
import type { Operation, RequestRules } from '#shared/operations/operation.js';
import type { ManualClock } from '#shared/ports/clock.js';
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

/** Everything a domain handler sees of one request that passed the bank's common checks. */
export interface RouteContext<TBody = unknown> {
  method: HttpMethod;
  /** The path without the query, as received. */
  path: string;
  /** The simulator's base URL (`http://127.0.0.1:<port>`): the bank's HAL links are absolute. */
  baseUrl: string;
  /** Path template parameters, percent-decoded: `{accountId}` -> `params.accountId`. */
  params: Record<string, string>;
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
  /** This simulator's state, shared by every domain; see `defineState`. */
  state: SimState;
  problem(status: number, title: string, detail?: string, errors?: Record<string, string[]>): SimResponse;
  json(status: number, body: unknown, headers?: Record<string, string>): SimResponse;
  /** Queues a webhook to the calling institution; it is sent after the response is written. */
  emit(type: string, version: number, payload: unknown, topLevel?: TopLevelMembers): void;
  /** Runs `task` once the simulated clock reaches `at` (for outcomes that arrive later, e.g. settlement). */
  schedule(at: Date, label: string, task: () => void): void;
}

export type RouteHandler<TBody = unknown> = (
  context: RouteContext<TBody>,
) => SimResponse | Promise<SimResponse>;

/** The body type a route's schema produces (`undefined` for routes without a body). */
export type BodyOf<R extends RequestRules> = R extends { body: z.ZodMiniType<infer T> } ? T : undefined;

/** What a domain module gets to register its routes and reach the simulator. */
export interface SimulatorApi {
  route<R extends RequestRules>(
    method: HttpMethod,
    path: string,
    handler: RouteHandler<BodyOf<R>>,
    /** Checked before the handler by the same function as in the gateway; none: no query, no body. */
    rules?: R,
  ): void;
  /** Registers an operation from `shared/operations/` at its method and path, with its rules. */
  operation<O extends Operation>(operation: O, handler: RouteHandler<BodyOf<O>>): void;
  readonly clock: ManualClock;
  readonly state: SimState;
  emitWebhook(type: string, version: number, payload: unknown, options?: EmitOptions): WebhookRecord;
  schedule(at: Date, label: string, task: () => void): void;
  /** Takes the next queued fault of an FX quote execution (`nextFxExecutions`). */
  nextFxExecutionFault(): 'locked' | undefined;
}

/** A domain of the bank (test, accounts, payments...): one file that registers its routes. */
export type Domain = (sim: SimulatorApi) => void;

export interface EmitOptions {
  /** Defaults to the first institution of the registry. */
  institutionId?: string;
  /** Digits to use as the Nonce instead of a random one (tests of nonces beyond 2^53). */
  nonce?: string;
  /** Members beside Type, Version, Payload and Nonce (a top-level `InstitutionId`). */
  topLevel?: TopLevelMembers;
}
