import type { IncomingHttpHeaders } from 'node:http';
import type { HttpMethod } from '#shared/http/types.js';
import { isValidRequestId, REQUEST_ID_MESSAGES } from '#shared/domain/request-id.js';
import { INVALID_SIGNATURE_TITLE, MISSING_REQUEST_ID_TITLE } from '#shared/bank/errors.js';
import {
  checkRequestTime,
  pathAndQueryOf,
  pathSignatureBytes,
  REQUEST_TIME_HEADER,
} from '#shared/bank/path-signature.js';
import { JsonReadError, readJson, REQUEST_JSON_LIMITS } from '#shared/json/read-json.js';
import type { RequestRules } from '#shared/operations/operation.js';
import { validateRequest } from '#shared/operations/validate.js';
import type { ManualClock } from '#shared/ports/clock.js';
import type { Faults, RequestFaultPlan } from './faults.js';
import type { Institution, InstitutionRegistry } from './institutions.js';
import { jsonResponse, plainDetail, problemAnswer, TITLES } from './problems.js';
import type { RequestIdRegistry } from './request-ids.js';
import type { Router } from '#shared/http/router.js';
import type { SimState } from './state.js';
import type { RouteContext, RouteHandler, Schedule, SimResponse } from './types.js';
import type { TopLevelMembers } from './webhooks.js';

/** Methods that change state: they need `X-Request-Id` and take part in the duplicate check. */
export const WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface RouteEntry {
  handler: RouteHandler<unknown>;
  rules: RequestRules;
  /** The operation's record asks for the path-based signature (`Operation.pathSignature`). */
  pathSignature?: boolean;
  /** The operation's record says the bank requires `X-Request-Time` on it (`Operation.requestTime`). */
  requestTime?: boolean;
}

export interface PipelineDeps {
  router: Router<RouteEntry>;
  institutions: InstitutionRegistry;
  requestIds: RequestIdRegistry;
  faults: Faults;
  clock: ManualClock;
  state: SimState;
  emit: (
    institution: Institution,
    type: string,
    version: number,
    payload: unknown,
    topLevel?: TopLevelMembers,
  ) => void;
  schedule: Schedule;
  onError: (error: unknown, where: string) => void;
  /** The simulator's own base URL (known once it listens), for the absolute links the bank answers with. */
  baseUrl: () => string;
  /** Whether this bank entity checks the path-based signature where an operation asks for it. */
  pathSignature: boolean;
}

export interface BankRequest {
  method: string;
  /** The request target, parsed (see `parseTarget`). */
  url: URL;
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
  correlationId: string;
}

export type BankOutcome =
  | { kind: 'dropped'; fault: 'drop' }
  | {
      kind: 'answered';
      response: SimResponse;
      fault: string | null;
      institutionId: string | null;
      /** Sends the webhooks the handler emitted; call it once the response is written. */
      afterResponse: () => void;
    };

type Answered = Extract<BankOutcome, { kind: 'answered' }>;

const nothing = () => {};

/**
 * The bank's checks, in this order. Each refusal answers and stops, and none leaves state behind: the id
 * reserved at step 7 is released unless the handler answers 2xx. Also in local/bank-sim/README.md.
 *  1. faults (latency, dropped connection, 500 / 503 / 429, a slow answer), before the bank looks at the request
 *  2. route: 404 unknown path, 405 known path with another method
 *  3. `Authorization: Bearer <token>`, known and unexpired on the simulated clock: else 403
 *  4. `X-Request-Id` on POST, PUT, PATCH, DELETE: missing or invalid: 400 `Missing X-Request-Id Header`
 *  5. `DigitalSignature` over the exact body bytes, when there is a body: 400 `Invalid DigitalSignature Header`;
 *     on a path-signed operation (when this entity checks them) `X-Request-Id`, `X-Request-Time` at most 60 s
 *     late on the simulated clock and `DigitalSignature` over the request line (shared/bank/path-signature.ts):
 *     400 `Invalid DigitalSignature Header` (the reference gives no other title for a missing or late time)
 *  6. the body is UTF-8 JSON: else 400
 *  7. `X-Request-Id` not used in the last 24 hours: else 409 (the id is then reserved)
 *  8. the route's rules (shared with the gateway: path, query, body, institution rules): else 400 with `errors`
 *     (without `errors`, the properties named in `detail`, for a route whose record says `problemForm: 'plain'`)
 *  9. the handler; an answer other than 2xx releases the id, and its webhooks are not sent
 */
export async function handleBankRequest(deps: PipelineDeps, request: BankRequest): Promise<BankOutcome> {
  const url = request.url;
  const instance = url.pathname;
  const plan = deps.faults.nextRequest();
  // A slow request is still processed; the log names the fault so its late answer can be told apart.
  const slow = plan.slow ? 'slow' : null;
  const answer = (response: SimResponse, institutionId: string | null = null): Answered => ({
    kind: 'answered',
    response,
    fault: slow,
    institutionId,
    afterResponse: nothing,
  });

  if (plan.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, plan.latencyMs));
  if (plan.drop) return { kind: 'dropped', fault: 'drop' };
  if (plan.answer)
    return { ...answer(faultResponse(plan.answer, instance)), fault: String(plan.answer.status) };

  const match = deps.router.match(request.method, url.pathname);
  if (match.kind === 'not-found') {
    const detail = `no operation at ${instance}`;
    return answer(problemAnswer({ status: 404, title: TITLES.notFound, detail, instance }));
  }
  if (match.kind === 'method-not-allowed') {
    const detail = `${instance} does not support ${request.method}`;
    const allow = { allow: match.allow.join(', ') };
    return answer(problemAnswer({ status: 405, title: TITLES.methodNotAllowed, detail, instance }, allow));
  }
  const method = request.method as HttpMethod;

  const auth = deps.institutions.authenticate(header(request.headers, 'authorization'), deps.clock.now());
  if (!auth.ok) {
    const detail = `the API token is ${auth.reason}`;
    return answer(problemAnswer({ status: 403, title: TITLES.forbidden, detail, instance }));
  }
  const institution = auth.institution;
  const refuse = (status: number, title: string, detail: string) =>
    answer(problemAnswer({ status, title, detail, instance }), institution.id);

  const requestId = header(request.headers, 'x-request-id');
  const isWrite = WRITE_METHODS.has(method);
  if (isWrite && !isValidRequestId(requestId)) {
    const detail = requestId ? REQUEST_ID_MESSAGES.xRequestId : 'X-Request-Id is required';
    return refuse(400, MISSING_REQUEST_ID_TITLE, detail);
  }

  if (deps.pathSignature && match.value.pathSignature === true && request.rawBody.length === 0) {
    const refused = checkPathSignature(request, institution, deps.clock.now());
    if (refused !== undefined) return refuse(400, refused.title, refused.detail);
  }

  if (match.value.requestTime === true) {
    const time = checkRequestTime(header(request.headers, REQUEST_TIME_HEADER), deps.clock.now());
    if (!time.ok) return refuse(400, TITLES.validation, time.detail);
  }

  if (request.rawBody.length > 0) {
    const signature = header(request.headers, 'digitalsignature');
    if (!institution.verifier.isValid(request.rawBody, signature)) {
      const detail = signature ? 'the signature does not match the body' : 'DigitalSignature is required';
      return refuse(400, INVALID_SIGNATURE_TITLE, detail);
    }
  }

  const parsed = parseBody(request.rawBody);
  if (!parsed.ok) return refuse(400, TITLES.badJson, parsed.detail);

  if (isWrite && requestId && !deps.requestIds.reserve(institution.id, requestId, deps.clock.now())) {
    return refuse(409, TITLES.duplicateRequestId, `X-Request-Id ${requestId} was used in the last 24 hours`);
  }

  const emitted: [string, number, unknown, TopLevelMembers | undefined][] = [];
  let response: SimResponse;
  try {
    response = await runRoute(match.value, {
      method,
      path: url.pathname,
      baseUrl: deps.baseUrl(),
      params: match.params,
      query: url.searchParams,
      queryValues: undefined,
      headers: request.headers,
      rawBody: request.rawBody,
      bodyText: parsed.text,
      body: parsed.value,
      requestId,
      correlationId: request.correlationId,
      institution,
      clock: deps.clock,
      now: () => deps.clock.now(),
      state: deps.state,
      problem: (status, title, detail = title, errors = {}) =>
        // A route whose record says `problemForm: 'plain'` answers every error without `errors`.
        match.value.rules.problemForm === 'plain'
          ? problemAnswer({ status, title, detail: plainDetail(detail, errors), instance, errors: null })
          : problemAnswer({ status, title, detail, instance, errors }),
      json: jsonResponse,
      emit: (type, version, payload, topLevel) => void emitted.push([type, version, payload, topLevel]),
      schedule: deps.schedule,
    });
  } catch (error) {
    deps.onError(error, `${method} ${match.template}`);
    const detail = 'the simulator failed on this request';
    response = problemAnswer({ status: 500, title: TITLES.internal, detail, instance });
  }

  const succeeded = response.status >= 200 && response.status < 300;
  if (isWrite && requestId && !succeeded) deps.requestIds.release(institution.id, requestId);
  const afterResponse = () => {
    if (!succeeded) return;
    for (const [type, version, payload, topLevel] of emitted) {
      deps.emit(institution, type, version, payload, topLevel);
    }
  };
  return { kind: 'answered', response, fault: slow, institutionId: institution.id, afterResponse };
}

/** The path-based signature of a GET or DELETE, checked as the bank's reference describes it; a refusal or nothing. */
function checkPathSignature(
  request: BankRequest,
  institution: Institution,
  now: Date,
): { title: string; detail: string } | undefined {
  const requestId = header(request.headers, 'x-request-id');
  if (!isValidRequestId(requestId)) {
    const detail = requestId ? REQUEST_ID_MESSAGES.xRequestId : 'X-Request-Id is required';
    return { title: MISSING_REQUEST_ID_TITLE, detail };
  }
  const requestTime = header(request.headers, REQUEST_TIME_HEADER);
  const time = checkRequestTime(requestTime, now);
  if (!time.ok) return { title: INVALID_SIGNATURE_TITLE, detail: time.detail };
  const signature = header(request.headers, 'digitalsignature');
  const signed = pathSignatureBytes({
    method: request.method,
    pathAndQuery: pathAndQueryOf(request.url),
    requestId,
    requestTime: requestTime as string,
  });
  if (!institution.verifier.isValid(signed, signature)) {
    const detail = signature
      ? 'the signature does not match the method, path and query, X-Request-Id and X-Request-Time'
      : 'DigitalSignature is required';
    return { title: INVALID_SIGNATURE_TITLE, detail };
  }
  return undefined;
}

/** The route's rules, the same function the gateway applies (shared/operations/validate.ts), then its handler. */
async function runRoute(route: RouteEntry, context: RouteContext): Promise<SimResponse> {
  // The bank's own body rules where the gateway is stricter on purpose (`bankBody`).
  const rules = route.rules.bankBody ? { ...route.rules, body: route.rules.bankBody } : route.rules;
  const validation = validateRequest(
    rules,
    { pathParams: context.params, query: Object.fromEntries(context.query), body: context.body },
    { overdraftAgreement: context.institution.overdraftAgreement, now: context.now() },
  );
  if (!validation.ok) {
    if (route.rules.problemForm === 'plain') {
      // The plain form has no `errors` map: the properties and their messages go in the detail.
      const detail = Object.entries(validation.errors)
        .map(([property, messages]) => `${property}: ${messages.join(' ')}`)
        .join('; ');
      return problemAnswer({
        status: 400,
        title: TITLES.validation,
        detail,
        instance: context.path,
        errors: null,
      });
    }
    return context.problem(400, TITLES.validation, 'the request is not valid', validation.errors);
  }
  context.body = validation.request.body;
  context.queryValues = validation.request.query;
  return route.handler(context);
}

function faultResponse(fault: NonNullable<RequestFaultPlan['answer']>, instance: string): SimResponse {
  const headers: Record<string, string> =
    fault.retryAfter === undefined ? {} : { 'retry-after': String(fault.retryAfter) };
  const title = { 500: TITLES.internal, 503: TITLES.unavailable, 429: TITLES.rateLimited }[fault.status];
  const detail = 'fault injected by the simulator';
  return problemAnswer({ status: fault.status, title, detail, instance }, headers);
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

type ParsedBody = { ok: true; text: string; value: unknown } | { ok: false; detail: string };

/** The body read by the gateway's own reader, so both judge the same bytes the same way. */
function parseBody(raw: Buffer): ParsedBody {
  if (raw.length === 0) return { ok: true, text: '', value: undefined };
  try {
    const value = readJson(raw, { maxBytes: raw.length, maxDepth: REQUEST_JSON_LIMITS.maxDepth });
    return { ok: true, text: raw.toString('utf8'), value };
  } catch (error) {
    if (!(error instanceof JsonReadError)) throw error;
    return { ok: false, detail: error.message };
  }
}
