import type * as z from 'zod/mini';
import type { HttpMethod } from '../http/types.js';
import type { EnvironmentName } from '../config/function-environment.js';
import type { FieldErrors } from '../http/validation.js';

/** Facts about the institution and the moment that some rules depend on. */
export interface RuleContext {
  /** Whether the institution has an overdraft agreement (negative minimumBalance allowed). */
  overdraftAgreement: boolean;
  now: Date;
}

/**
 * A request as it arrives: path parameters and query as text, the body as the safe JSON reader gives it
 * (numbers as `JsonNumber`, undefined: none).
 */
export interface RequestInput {
  pathParams: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
}

/** A request that passed the schemas: each part as its schema outputs it (defaults applied). */
export interface ParsedRequest {
  pathParams: unknown;
  query: unknown;
  body: unknown;
}

/** The rules of one route; an `Operation` is one, and the simulator's ad-hoc routes use the same shape. */
export interface RequestRules {
  /** Without it, each path parameter must be one safe segment (`safeSegment`). */
  pathParams?: z.ZodMiniType;
  /** Without it, any query parameter is refused. */
  query?: z.ZodMiniType;
  /** Present for routes that take a JSON body; without it, a body is refused. */
  body?: z.ZodMiniType;
  /**
   * What the bank itself accepts, where the gateway's `body` is stricter on purpose (say why next to it);
   * the simulator answers as the bank and validates with this one.
   */
  bankBody?: z.ZodMiniType;
  /** Rules the schemas cannot say (they depend on the institution or the time); run only when the schemas pass. */
  check?: (request: ParsedRequest, context: RuleContext) => FieldErrors;
  /**
   * `plain`: the bank answers this route's 400 as a problem detail without an `errors` map (the multi-currency
   * families); the simulator writes its refusal that way. The gateway's own 400 always names the property.
   */
  problemForm?: 'plain';
}

/**
 * One bank operation, mirrored by the gateway at the same method and path. This record is the single
 * place a route's rules live: the gateway validates with it, the simulator reuses the same schemas,
 * and the CDK stack creates one API method per entry.
 */
export interface Operation extends RequestRules {
  /** Stable name, used in logs, metrics and the function it belongs to. */
  id: string;
  /**
   * The OpenAPI document's title of the operation, short and imperative ("Create a sterling account"), and
   * what it does at the bank in a sentence or two; the document adds what the gateway does (idempotency,
   * tracking) from the record. Every registry record has both (a test holds it).
   */
  summary?: string;
  description?: string;
  method: HttpMethod;
  /** The bank's path template, e.g. `/v3/Accounts/{accountId}`; API Gateway uses the same syntax. */
  path: string;
  /**
   * Other spellings of `path` the bank's reference also writes (`/v1/accounts/{accountId}` beside
   * `/v1/Accounts/{accountId}`), with the same parameters. Callers copy either, so each is served too; the
   * bank is always called at `path`.
   */
  aliases?: readonly string[];
  /** Which Lambda (file in `functions/`) serves it. */
  fn: string;
  /** Money-moving and other writes that must not happen twice require an `Idempotency-Key`. */
  requiresIdempotencyKey?: boolean;
  /**
   * Where the result of a write can be read back (a path template over the same parameters), given to the
   * caller when the bank reports that an earlier attempt was already processed.
   */
  readBack?: string;
  /**
   * Which tracker (by name, `ForwardDependencies.trackers`) keeps the gateway's own state for this write,
   * e.g. `payments`. A tracked operation requires an `Idempotency-Key`: the tracker claims its records inside
   * the key's single run.
   */
  tracker?: string;
  /**
   * A GET or DELETE the bank may want signed by its request line (`X-Request-Time` and the path-based
   * `DigitalSignature`, shared/bank/path-signature.ts). It is sent so only where the environment turns
   * the path signature on (`pathSignature` in lib/config.ts, `CLEARWAY_PATH_SIGNATURE` in the sandbox).
   */
  pathSignature?: boolean;
  /**
   * The bank requires `X-Request-Time` (UNIX seconds, refused when more than 60 seconds late) on this request in
   * every environment, e.g. `POST /customers/v2/non-account-holder/directors`. It is stamped afresh on each attempt.
   */
  requestTime?: boolean;
  /**
   * The bank environments that offer the operation (unset: all). Elsewhere the gateway answers 404 without
   * calling the bank, e.g. the simulated inbound payment in production.
   */
  environments?: readonly EnvironmentName[];
  /** The media type the bank documents for the body when it is not `application/json`; the bytes are the same JSON. */
  bodyContentType?: string;
}

/** Every spelling an operation is served at: its `path`, then its `aliases`. */
export function pathsOf(operation: Pick<Operation, 'path' | 'aliases'>): string[] {
  return [operation.path, ...(operation.aliases ?? [])];
}

/**
 * A request the gateway accepts, shown in the OpenAPI document beside the operation (`<domain>/examples.ts`);
 * a test passes each through `checkRequest`.
 */
export interface RequestExample {
  pathParams?: Record<string, string>;
  query?: Record<string, string>;
  /** The JSON body, its numbers written with the digits meant. */
  body?: unknown;
}

/** One example per operation record a domain module exports (by its export name, the record's id). */
export type ExamplesOf<Module> = {
  [Name in keyof Module as Module[Name] extends Operation ? Name : never]: RequestExample;
};
