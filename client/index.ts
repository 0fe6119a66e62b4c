import { randomUUID } from 'node:crypto';
import type * as z from 'zod/mini';
import { backoffDelay, isRetryableStatus, parseRetryAfter } from '../shared/bank/retry.js';
import { checkRequest, OUTCOME_HEADER, refusalProblem } from '../shared/gateway/request.js';
import { gatewayRoutes } from '../shared/gateway/routes.js';
import type { JsonNumber } from '../shared/json/read-json.js';
import { operations, type OperationsById } from '../shared/operations/index.js';
import type { Operation } from '../shared/operations/operation.js';
import type { operationResponses } from '../shared/operations/responses.js';
import { ClearwayConnectionError, clearwayError, type Problem } from './errors.js';
import type { ClearwayClientOptions } from './options.js';
import { requestSigner } from './signing.js';

export * from './errors.js';
export type { ClearwayClientOptions } from './options.js';
export { sandboxOptions } from './sandbox.js';
export type { Credentials } from './signing.js';

/**
 * The typed client of Clearway's internal API, for the institution's other workloads: one method per mirrored
 * operation (`client.createAccount({ body })`, typed from the operation registry's schemas and the bank's
 * documented answers) and one per `/gateway/` read (`client.gateway.getPayment({ pathParams })`). Each
 * request is checked by the gateway's own rules before it is signed (a `ClearwayValidationError` with the
 * gateway's problem body otherwise), signed with SigV4, given an `Idempotency-Key` when it writes, and
 * retried with the same key and bytes on network errors, 429 and 5xx (except 501).
 */

/** An answer with a success status. */
export interface ClearwayResponse<Body> {
  method: string;
  /** The path sent, with its query. */
  path: string;
  status: number;
  body: Body;
  /** `Clearway-Outcome`: `already-processed` when the bank had processed an earlier attempt of this request. */
  outcome: string | undefined;
  /** The `X-Request-Id` the bank saw. */
  requestId: string | undefined;
  /** The `Idempotency-Key` the request carried (generated unless given), to repeat it safely later. */
  idempotencyKey: string | undefined;
  /** How many attempts the client made. */
  attempts: number;
  headers: Headers;
}

// --- Types from the registry -------------------------------------------------------------------------------

/** What a caller writes where the gateway reads a JSON number: a number (the gateway keeps its digits). */
export type Wire<T> = T extends JsonNumber
  ? number
  : T extends readonly (infer Item)[]
    ? Wire<Item>[]
    : T extends object
      ? { [Key in keyof T]: Wire<T[Key]> }
      : T;

type Input<Schema> = Schema extends z.ZodMiniType ? Wire<z.input<Schema>> : never;
type Empty = Record<never, never>;

/** One operation's request: path parameters, query and body as its schemas take them, and an optional key. */
export type OperationRequest<Id extends OperationId> = (OperationsById[Id] extends { pathParams: infer P }
  ? { pathParams: Input<P> }
  : Empty) &
  (OperationsById[Id] extends { query: infer Q }
    ? Empty extends Input<Q>
      ? { query?: Input<Q> }
      : { query: Input<Q> }
    : Empty) &
  (OperationsById[Id] extends { body: infer B } ? { body: Input<B> } : Empty) & {
    /** Default: a new UUID on every write, reused by the client's own retries. */
    idempotencyKey?: string;
  };

type Responses = typeof operationResponses;

/** One operation's success body as the bank documents it (`unknown` where it documents none). */
export type OperationAnswer<Id extends OperationId> = Id extends keyof Responses
  ? z.input<Responses[Id]>
  : unknown;

export type OperationId = keyof OperationsById & string;

type Method<Request, Answer> = Empty extends Request
  ? (request?: Request) => Promise<ClearwayResponse<Answer>>
  : (request: Request) => Promise<ClearwayResponse<Answer>>;

export type OperationMethods = {
  [Id in OperationId]: Method<OperationRequest<Id>, OperationAnswer<Id>>;
};

/**
 * Each `/gateway/` read's path by its id, as literals. Inferred from a call, so its declaration is the literal
 * object: the published types name none of the gateway's own (its stores and their AWS SDK clients).
 */
const gatewayPaths = pathsById(gatewayRoutes);
type GatewayPaths = typeof gatewayPaths;

function pathsById<Route extends { id: string; path: string }>(
  routes: readonly Route[],
): { [Each in Route as Each['id']]: Each['path'] } {
  return Object.fromEntries(routes.map((route) => [route.id, route.path])) as {
    [Each in Route as Each['id']]: Each['path'];
  };
}

/** `{name}` segments of a path template, each as text. */
type PathParamsOf<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? { [Key in Name | keyof PathParamsOf<Rest>]: string }
  : Empty;

export type GatewayRouteRequest<Path extends string> = keyof PathParamsOf<Path> extends never
  ? Empty
  : { pathParams: PathParamsOf<Path> };

/** The `/gateway/` reads: the records Clearway keeps (payments, name checks, FX quotes and trades...). */
export type GatewayMethods = {
  [Id in keyof GatewayPaths]: Method<GatewayRouteRequest<GatewayPaths[Id]>, unknown>;
};

export type ClearwayClient = OperationMethods & { gateway: GatewayMethods };

// --- Runtime -----------------------------------------------------------------------------------------------

interface AnyRequest {
  pathParams?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  idempotencyKey?: string;
}

interface Prepared {
  method: string;
  path: string;
  query: Record<string, string>;
  body: string | undefined;
  idempotencyKey: string | undefined;
}

export function createClearwayClient(options: ClearwayClientOptions): ClearwayClient {
  const region = options.region ?? process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION;
  if (!region) throw new Error('Clearway client: give `region` or set AWS_REGION (the API Gateway region).');
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const sign = requestSigner({ region, credentials: options.credentials });
  const send = sender(options, baseUrl, sign);
  const newKey = options.newIdempotencyKey ?? randomUUID;
  const overdraftAgreement = options.rules?.overdraftAgreement ?? true;
  const now = options.rules?.now ?? (() => new Date());

  const callOperation = async (operation: Operation, request: AnyRequest = {}) => {
    // Every write gets a key: the gateway answers a repeat once, so the client's retries are safe.
    const idempotencyKey = operation.method === 'GET' ? undefined : (request.idempotencyKey ?? newKey());
    const pathParams = texts(request.pathParams);
    const query = texts(request.query);
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    const path = fill(operation.path, pathParams);
    const checked = checkRequest(
      operation,
      {
        path,
        pathParams,
        query,
        body: body === undefined ? undefined : Buffer.from(body),
        contentType: 'application/json',
        idempotencyKey,
        caller: 'client',
        deadline: Number.POSITIVE_INFINITY,
      },
      { overdraftAgreement, now: await now() },
    );
    if (!checked.ok) {
      const refused = refusalProblem(operation.method, path, checked);
      throw clearwayError({
        status: refused.status,
        problem: JSON.parse(refused.body) as Problem,
        method: operation.method,
        path: search(path, query),
        ...(idempotencyKey !== undefined && { idempotencyKey }),
        sent: false,
      });
    }
    return send({ method: operation.method, path, query, body, idempotencyKey });
  };

  const methods = Object.fromEntries(
    operations.map((operation) => [
      operation.id,
      (request?: AnyRequest) => callOperation(operation, request),
    ]),
  );
  const gateway = Object.fromEntries(
    Object.entries(gatewayPaths).map(([id, path]) => [
      id,
      (request: AnyRequest = {}) =>
        send({
          method: 'GET', // every `/gateway/` route is a read (`GatewayRoute`)
          path: fill(path, texts(request.pathParams)),
          query: {},
          body: undefined,
          idempotencyKey: undefined,
        }),
    ]),
  );
  return { ...methods, gateway } as unknown as ClearwayClient;
}

/** Values as the text a URL carries; absent ones left out. */
function texts(values: Record<string, unknown> | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values ?? {}).flatMap(([name, value]) =>
      value === undefined ? [] : [[name, String(value)]],
    ),
  );
}

/** A path with its query, as sent. */
function search(path: string, query: Record<string, string>): string {
  const text = new URLSearchParams(query).toString();
  return text ? `${path}?${text}` : path;
}

/** The path template with each parameter as one encoded segment. */
function fill(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** Retried: network errors, 429 and 5xx except 501 (Not Implemented never changes). */
export function isRetryable(status: number): boolean {
  return isRetryableStatus(status) && status !== 501;
}

/** The longest `Retry-After` the client honours: a gateway asking for more is answered sooner. */
const MAX_ASKED_WAIT_MS = 30_000;

/**
 * Sends one request until a definitive answer or the last attempt, the same key and bytes each time, waiting
 * as the gateway's own bank client does (`shared/bank/retry.ts`: capped exponential backoff with full jitter,
 * never shorter than `Retry-After`).
 */
function sender(options: ClearwayClientOptions, baseUrl: string, sign: ReturnType<typeof requestSigner>) {
  const maxAttempts = Math.max(1, options.maxAttempts ?? 3);
  const backoff = { baseDelayMs: options.baseDelayMs ?? 250, maxDelayMs: options.maxDelayMs ?? 4_000 };
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const fetchOnce = options.fetch ?? fetch;
  const delay = (attempt: number, retryAfter: string | null) => {
    const asked = parseRetryAfter(retryAfter, new Date());
    return backoffDelay(
      backoff,
      attempt,
      asked === undefined ? undefined : Math.min(asked, MAX_ASKED_WAIT_MS),
      options.random,
    );
  };

  return async (request: Prepared): Promise<ClearwayResponse<unknown>> => {
    const target = search(request.path, request.query);
    const url = new URL(`${baseUrl}${target}`);
    const headers: Record<string, string> = {
      accept: 'application/json, application/problem+json',
      ...(request.body !== undefined && { 'content-type': 'application/json' }),
      ...(request.idempotencyKey !== undefined && { 'idempotency-key': request.idempotencyKey }),
    };
    for (let attempt = 1; ; attempt++) {
      const signed = await sign({ method: request.method, url, headers, body: request.body });
      const { host: _host, ...sent } = signed; // fetch writes Host from the URL: the same value
      let response: Response;
      try {
        response = await fetchOnce(url, { method: request.method, headers: sent, body: request.body });
      } catch (error) {
        if (attempt >= maxAttempts) {
          throw new ClearwayConnectionError(
            `${request.method} ${request.path}: the gateway could not be reached after ${attempt} attempt(s): ${(error as Error).message}`,
            attempt,
            { cause: error },
          );
        }
        await sleep(delay(attempt, null));
        continue;
      }
      if (isRetryable(response.status) && attempt < maxAttempts) {
        await response.body?.cancel();
        await sleep(delay(attempt, response.headers.get('retry-after')));
        continue;
      }
      const body = await bodyOf(response);
      if (response.status >= 400) {
        throw clearwayError({
          status: response.status,
          problem: isObject(body)
            ? (body as Problem)
            : { status: response.status, detail: String(body ?? '') },
          headers: response.headers,
          method: request.method,
          path: target,
          ...(request.idempotencyKey !== undefined && { idempotencyKey: request.idempotencyKey }),
        });
      }
      return {
        method: request.method,
        path: target,
        status: response.status,
        body,
        outcome: response.headers.get(OUTCOME_HEADER) ?? undefined,
        requestId: response.headers.get('x-request-id') ?? undefined,
        idempotencyKey: request.idempotencyKey,
        attempts: attempt,
        headers: response.headers,
      };
    }
  };
}

const isObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** JSON when the answer says so (and parses), its text otherwise, undefined when empty. */
async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  if (!/json/i.test(response.headers.get('content-type') ?? '')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
