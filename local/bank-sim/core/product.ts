import type { HttpMethod } from '#shared/http/types.js';
import type { Operation, RequestRules } from '#shared/operations/operation.js';
import type { Institution } from './institutions.js';
import type { BodyOf, Emit, PathParams, RouteHandler, SimHost, SimResponse } from './types.js';

/**
 * A product of the simulated bank (sterling accounts, Faster Payments, FX...): its bank routes and, when it
 * has any, its admin endpoints. The simulator's entry point hands the core the list (`products/index.ts`);
 * the core never imports a product.
 */
export interface Product {
  /** Unique; names the product in registration errors. */
  readonly name: string;
  /** Registers the product's operations on the bank API. */
  bankRoutes(bank: BankApi): void;
  /** Registers its endpoints under `/__sim/` (tests and the sandbox drive the product through them). */
  adminRoutes?(admin: AdminApi): void;
}

/**
 * What a product registers its bank routes on. Every route goes through the bank's common checks first
 * (README, "Order of checks"), then its rules (`validateRequest`, the gateway's function), then its handler.
 */
export interface BankApi extends SimHost {
  /**
   * Registers an operation from `shared/operations/` at its method, its path and each alias, with its rules;
   * the handler's `params` are typed from the path template.
   */
  operation<O extends Operation>(operation: O, handler: RouteHandler<BodyOf<O>, PathParams<O['path']>>): void;
  /** A route of the simulator's own (tests): `rules` are checked as an operation's (none: no query, no body). */
  route<Path extends string, R extends RequestRules>(
    method: HttpMethod,
    path: Path,
    handler: RouteHandler<BodyOf<R>, PathParams<Path>>,
    rules?: R,
  ): void;
}

export type AdminMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One request to an admin endpoint, and the answers it gives. */
export interface AdminContext<TParams = Readonly<Record<string, string>>> {
  /** The path without the query. */
  path: string;
  /** Path template parameters, percent-decoded. */
  params: TParams;
  query: URLSearchParams;
  rawBody: Buffer;
  /** The body as JSON, `{}` when there is none; a body that is not JSON is answered 400. */
  body(): unknown;
  json(status: number, body: unknown, headers?: Record<string, string>): SimResponse;
  /** A refusal about this endpoint (`instance` its path, `errors` empty). */
  problem(status: number, title: string, detail: string): SimResponse;
}

export type AdminHandler<TParams = Readonly<Record<string, string>>> = (
  context: AdminContext<TParams>,
) => SimResponse | Promise<SimResponse>;

/**
 * What a product registers its admin endpoints on: no authentication, never in the request log. A handler
 * that throws a zod error (a schema's `parse`) is answered 400 with the `errors` map, and a `RangeError`
 * 400 with its message, so handlers parse their input with the schemas and nothing else.
 */
export interface AdminApi extends SimHost {
  /** The first institution: whom an admin request acts for unless it names another. */
  readonly institution: Institution;
  /** Resolves once the webhooks sent so far (and the work they start) settle. */
  idle(): Promise<void>;
  add<Path extends `/__sim/${string}`>(
    method: AdminMethod,
    path: Path,
    handler: AdminHandler<PathParams<Path>>,
  ): void;
}

/** Sends at once to the institution: what scheduled work (no request to answer) emits through. */
export function emitterFor(host: Pick<SimHost, 'emitWebhook'>, institutionId: string): Emit {
  return (type, version, payload, topLevel) =>
    void host.emitWebhook(type, version, payload, { institutionId, ...(topLevel && { topLevel }) });
}
