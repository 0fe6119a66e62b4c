import type { Clock } from '../ports/clock.js';
import { randomUUID } from 'node:crypto';
import type { EnvironmentName } from '../config/function-environment.js';
import type { BankClient, BankRequest, BankResponse } from '../bank/client.js';
import type { Log } from '../ports/log.js';
import { BankError, BankUnreachableError } from '../bank/errors.js';
import { isRetryableStatus } from '../bank/retry.js';
import { type HttpResult, json, problem } from '../http/problem.js';
import { readJson, REQUEST_JSON_LIMITS } from '../json/read-json.js';
import type { Operation } from '../operations/operation.js';
import { type AttemptLog, RESEND_LIMIT_MS, type SendRecord } from './attempt-log.js';
import { maskDigitRuns } from '../domain/account-mask.js';
import { linksToGateway } from './hal-links.js';
import {
  fingerprintOf,
  idempotencyScope,
  IdempotencyKeyInProgressError,
  IdempotencyKeyReusedError,
  type RunOnce,
  requestIdFor,
  type StoredAnswer,
  storableAnswer,
} from './idempotency.js';
import {
  bankPath,
  checkRequest,
  type GatewayRequest,
  isValidIdempotencyKey,
  OUTCOME_HEADER,
  refusalProblem,
  type RequestProblem,
} from './request.js';
import {
  isUnknownOutcome,
  type OperationTracker,
  type TrackedAnswer,
  type TrackedCall,
  TransientRefusal,
  type UnknownOutcome,
} from './tracker.js';

export interface ForwardDependencies {
  bank: BankClient;
  runOnce: RunOnce;
  attempts: AttemptLog;
  log: Log;
  /** What the institution's contract allows (configuration on AWS, the simulator's registry locally). */
  institution: { overdraftAgreement: boolean };
  /** The bank environment the gateway is deployed against: operations offered only elsewhere answer 404. */
  environment: EnvironmentName;
  /** Trackers by name (`Operation.tracker`): the gateway's own state of tracked writes, e.g. `payments`. */
  trackers?: Record<string, OperationTracker>;
  now?: () => number;
  /**
   * The bank's time, which the spec's time rules are judged at (a statement's month, a cut-off): the
   * system clock on AWS, the simulated clock in the sandbox. Deadlines and logs keep `now`.
   */
  bankClock?: Clock;
  /** How to move the bank's time, said in a refusal that depends on it (the sandbox's clock routes). */
  clockHint?: string;
}

export { OUTCOME_HEADER };

/**
 * The gateway's one use case for a mirrored operation: check the spec's rules, then send it to the bank
 * once (per Idempotency-Key) and answer with the bank's status and body, its links pointed at the gateway.
 * Once the bank has answered, that answer reaches the caller whatever fails afterwards (storing it, for one).
 */
export async function forwardOperation(
  operation: Operation,
  request: GatewayRequest,
  deps: ForwardDependencies,
): Promise<HttpResult> {
  const answer = await answerOperation(operation, request, deps);
  // On the way out, fresh or replayed: the key keeps the bank's bytes, and each caller gets links to the
  // gateway address it used.
  if (request.gatewayBaseUrl === undefined) return answer;
  return { ...answer, body: linksToGateway(answer.body, deps.bank.baseUrl, request.gatewayBaseUrl) };
}

async function answerOperation(
  operation: Operation,
  request: GatewayRequest,
  deps: ForwardDependencies,
): Promise<HttpResult> {
  const now = deps.now ?? Date.now;
  const bankNow = () => deps.bankClock?.now() ?? new Date(now());
  if (operation.environments !== undefined && !operation.environments.includes(deps.environment)) {
    return problem(
      404,
      'Not Found',
      `${operation.method} ${operation.path} is offered only in the ${operation.environments.join(' or ')} environment; this gateway is deployed against ${deps.environment}, so the bank was not called.`,
    );
  }
  const checked = checkRequest(operation, request, {
    overdraftAgreement: deps.institution.overdraftAgreement,
    now: bankNow(),
  });
  if (!checked.ok) return refusal(operation, request, checked, deps);
  // A read changes nothing, so a key on it is ignored: its answer must never be a 24-hour-old copy.
  const key = operation.method === 'GET' ? undefined : request.idempotencyKey;
  const bankRequest: BankRequest = {
    method: operation.method,
    path: checked.bankPath,
    body: checked.body,
    deadline: request.deadline,
    ...(operation.pathSignature && { pathSignature: true }),
    ...(operation.requestTime && { requestTime: true }),
    ...(operation.bodyContentType === undefined
      ? {}
      : { headers: { 'content-type': operation.bodyContentType } }),
  };
  const readBack = readBackPath(operation, request);
  const tracker = trackerOf(operation, deps);
  if (key === undefined && tracker !== undefined && !tracker.settleOnly) {
    // checkRequest refuses a missing key where the operation requires one; a tracked write always does.
    return problem(
      400,
      'Validation failed',
      `${operation.method} ${request.path ?? operation.path}: an Idempotency-Key is required.`,
      { 'Idempotency-Key': ['header is required for this operation, so a retry can never act twice'] },
    );
  }
  if (key === undefined) {
    try {
      if (tracker === undefined) return await callBank(deps.bank, bankRequest, readBack);
      // A settle-only tracker learns the definitive answer; an unknown outcome leaves it nothing to record.
      const requestId = randomUUID();
      const answer = await callBank(deps.bank, { ...bankRequest, requestId }, readBack);
      await settleLogged(
        tracker,
        trackedCallOf(operation, request, checked.body, requestId, bankNow()),
        trackedAnswer(answer),
        deps.log,
      );
      return answer;
    } catch (error) {
      return failureResult(error, deps.log);
    }
  }

  const scope = idempotencyScope(request.caller);
  const requestId = requestIdFor(scope, key);
  let answer: HttpResult | undefined;
  let workError: unknown;
  // The tracker's outcome is written beside the key's stored answer; both are done before the caller hears.
  let settling: Promise<void> | undefined;
  const tracked: TrackedCall | undefined =
    tracker === undefined ? undefined : trackedCallOf(operation, request, checked.body, requestId, bankNow());
  if (tracked !== undefined) tracker?.prepare?.(tracked);
  const work = async (): Promise<StoredAnswer> => {
    try {
      const claimed = await claimBesideSend(tracker, tracked, requestId, deps, now);
      if ('refused' in claimed) {
        answer = claimed.refused;
        return storableAnswer(answer);
      }
      const { sentBefore, firstSentAt } = claimed.send;
      // The tracker judges schedules on the bank's clock (the simulator's in the sandbox): the same moment.
      const bankOffsetMs = (deps.bankClock?.now().getTime() ?? now()) - now();
      const settle = (outcome: TrackedAnswer | UnknownOutcome) => {
        if (tracker === undefined || tracked === undefined) return;
        tracked.firstSentAt = new Date(firstSentAt.getTime() + bankOffsetMs);
        settling = settleLogged(tracker, tracked, outcome, deps.log);
      };
      if (sentBefore && now() - firstSentAt.getTime() >= RESEND_LIMIT_MS) {
        // The bank would take it as new: a second payment. What the first send did is for the caller to read.
        answer = outsideDuplicateWindow(requestId, firstSentAt, readBack);
        settle({ unknown: 'no-answer' });
        return storableAnswer(answer);
      }
      try {
        answer = await callBank(deps.bank, { ...bankRequest, requestId, sentBefore }, readBack);
      } catch (error) {
        settle({ unknown: 'no-answer' });
        throw error;
      }
      settle(trackedAnswer(answer));
      return storableAnswer(answer);
    } catch (error) {
      workError = error;
      throw error;
    }
  };
  try {
    const fingerprint = fingerprintOf(operation.method, checked.bankPath, checked.body);
    const remainingMs = (request.invocationEndsAt ?? request.deadline) - now();
    const stored = await deps.runOnce({ scope, key, fingerprint, remainingMs }, work);
    return answer ?? replay(stored);
  } catch (error) {
    if (answer !== undefined) {
      deps.log.error('the bank answered but the answer could not be stored for the Idempotency-Key', {
        requestId,
        status: answer.status,
        reason: (error as Error).message,
      });
      return answer;
    }
    return failureResult(workError ?? error, deps.log, requestId);
  } finally {
    await settling; // settleLogged never throws
  }
}

type Claimed = { refused: HttpResult } | { send: SendRecord };

/**
 * The tracker's claim and the record of the send, side by side: neither depends on the other. When the
 * claim refuses (or fails), nothing is sent, so a send recorded just now as the first is taken back; one an
 * earlier attempt left stays, since that attempt may have reached the bank.
 */
async function claimBesideSend(
  tracker: OperationTracker | undefined,
  tracked: TrackedCall | undefined,
  requestId: string,
  deps: ForwardDependencies,
  now: () => number,
): Promise<Claimed> {
  const [claim, send] = await Promise.allSettled([
    tracker === undefined || tracked === undefined ? undefined : tracker.claim(tracked),
    deps.attempts.recordSend(requestId, new Date(now())),
  ]);
  if (claim.status === 'fulfilled' && claim.value === undefined) {
    if (send.status === 'rejected') throw send.reason;
    return { send: send.value };
  }
  if (send.status === 'fulfilled' && !send.value.sentBefore) {
    await deps.attempts.forget(requestId, send.value.firstSentAt).catch((error: unknown) =>
      deps.log.warn('a send recorded beside a refused claim could not be taken back', {
        requestId,
        reason: (error as Error).message,
      }),
    );
  }
  if (claim.status === 'rejected') throw claim.reason;
  return { refused: claim.value as HttpResult };
}

function trackedCallOf(
  operation: Operation,
  request: GatewayRequest,
  body: Uint8Array | undefined,
  requestId: string,
  now: Date,
): TrackedCall {
  return {
    operationId: operation.id,
    body: body === undefined ? undefined : readJson(body, REQUEST_JSON_LIMITS),
    pathParams: request.pathParams,
    requestId,
    now,
    deadline: request.deadline,
  };
}

/** The tracker an operation names; one that is named but not wired is a deployment error, found before sending. */
function trackerOf(operation: Operation, deps: ForwardDependencies): OperationTracker | undefined {
  if (operation.tracker === undefined) return undefined;
  const tracker = deps.trackers?.[operation.tracker];
  if (tracker === undefined)
    throw new Error(
      `operation ${operation.id} is tracked by "${operation.tracker}", which is not wired here`,
    );
  return tracker;
}

/** The tracker learns the outcome; its failure is logged and never hides the bank's answer from the caller. */
async function settleLogged(
  tracker: OperationTracker,
  call: TrackedCall,
  answer: TrackedAnswer | UnknownOutcome,
  log: Log,
): Promise<void> {
  try {
    await tracker.settle(call, answer);
  } catch (error) {
    log.error('the tracker could not record the outcome; the answer is returned as it is', {
      operationId: call.operationId,
      requestId: call.requestId,
      status: isUnknownOutcome(answer) ? answer.unknown : answer.status,
      reason: (error as Error).message,
    });
  }
}

/**
 * A mirrored or gateway answer as the tracker reads it: its status and its JSON body, if it has one. The
 * bank's "an earlier attempt was processed" is no answer to what that attempt did, and a status the bank asks
 * to retry on (5xx, 429) none to what it did with the request: both are unknown outcomes, so no tracker reads
 * them as a refusal (`callBank` throws those today; this keeps the rule in one place).
 */
function trackedAnswer(answer: HttpResult): TrackedAnswer | UnknownOutcome {
  if (answer.headers[OUTCOME_HEADER] === 'already-processed') return { unknown: 'already-processed' };
  if (isRetryableStatus(answer.status)) return { unknown: 'no-answer' };
  let body: unknown;
  try {
    body = answer.body === '' ? undefined : readJson(Buffer.from(answer.body), REQUEST_JSON_LIMITS);
  } catch {
    body = undefined;
  }
  return { status: answer.status, body };
}

/** Definitive answers are returned (and so stored under the key); retryable failures throw, so a repeat tries again. */
async function callBank(
  bank: BankClient,
  request: BankRequest,
  readBack: string | undefined,
): Promise<HttpResult> {
  try {
    const response = await bank.send(request);
    return response.outcome === 'already-processed' ? alreadyProcessed(response, readBack) : mirror(response);
  } catch (error) {
    if (error instanceof BankError && !isRetryableStatus(error.status)) return mirror(error);
    throw error;
  }
}

/** Where the caller reads the result of an operation back, when it has such a place. */
function readBackPath(operation: Operation, request: GatewayRequest): string | undefined {
  if (!operation.readBack) return undefined;
  return bankPath(operation.readBack, request.pathParams, {});
}

function traceHeaders(requestId: string, correlationId: string | undefined): Record<string, string> {
  return { 'x-request-id': requestId, ...(correlationId && { 'x-correlation-id': correlationId }) };
}

/** The bank's headers the caller needs besides its status and exact body. */
const MIRRORED_HEADERS = ['content-type', 'retry-after'];

/** The bank's answer, success or error, as the caller gets it. */
function mirror(
  answer: Pick<BankResponse, 'status' | 'headers' | 'rawBody' | 'requestId' | 'correlationId'>,
): HttpResult {
  const passOn = MIRRORED_HEADERS.flatMap((name) => {
    const value = answer.headers[name];
    return value === undefined ? [] : [[name, value]];
  });
  return {
    status: answer.status,
    headers: { ...Object.fromEntries(passOn), ...traceHeaders(answer.requestId, answer.correlationId) },
    body: answer.rawBody,
  };
}

function alreadyProcessed(response: BankResponse, readBack: string | undefined): HttpResult {
  return json(
    202,
    {
      outcome: 'already-processed',
      detail:
        'The bank answered 409 Duplicate X-Request-Id: an earlier attempt of this request was processed. Its result arrives by webhook or can be read back.',
      requestId: response.requestId,
      ...(readBack && { readBack }),
    },
    {
      ...traceHeaders(response.requestId, response.correlationId),
      [OUTCOME_HEADER]: 'already-processed',
      ...(readBack && { location: readBack }),
    },
  );
}

/**
 * A request id first sent longer ago than the bank remembers it: sending it again could act twice, so it is
 * not sent, and its outcome, unknown here, is for the caller to read back.
 */
function outsideDuplicateWindow(
  requestId: string,
  firstSentAt: Date,
  readBack: string | undefined,
): HttpResult {
  return problem(
    409,
    'Outcome unknown',
    `This request (X-Request-Id ${requestId}) was first sent to the bank at ${firstSentAt.toISOString()}, and the bank recognizes a repeat only within 24 hours: it is not sent again, since the bank could act on it twice. Its outcome is unknown here; read it back${readBack ? ` at ${readBack}` : ' from the bank'} before sending a new request.`,
    undefined,
    { 'x-request-id': requestId, ...(readBack && { location: readBack }) },
  );
}

/**
 * A stored answer for a repeated key: as first given, with `Idempotent-Replayed: true`, or a note when its
 * body was too large to keep.
 */
/** Marks an answer given again from the store, not by the bank now (the name Stripe's API gives it). */
export const REPLAYED_HEADER = 'idempotent-replayed';

function replay(stored: StoredAnswer): HttpResult {
  const headers = { ...stored.headers, [REPLAYED_HEADER]: 'true' };
  if (stored.body !== undefined) return { status: stored.status, headers, body: stored.body };
  return json(
    stored.status,
    {
      outcome: 'stored-without-body',
      detail: `The bank answered ${stored.status} to this request; its body (${stored.omittedBodyBytes} bytes) was too large to keep for repeats. Read the result back from the bank.`,
    },
    { ...headers, 'content-type': 'application/json', [OUTCOME_HEADER]: 'stored-without-body' },
  );
}

function failureResult(error: unknown, log: Log, requestId?: string): HttpResult {
  const traced: Record<string, string> = requestId === undefined ? {} : { 'x-request-id': requestId };
  if (error instanceof TransientRefusal) return error.answer;
  if (error instanceof IdempotencyKeyReusedError) {
    return problem(
      422,
      'Idempotency-Key reused',
      'This Idempotency-Key was already used with a different request.',
      undefined,
      traced,
    );
  }
  if (error instanceof IdempotencyKeyInProgressError) {
    return problem(
      409,
      'Request in progress',
      'A request with this Idempotency-Key is still in progress; retry shortly.',
      undefined,
      traced,
    );
  }
  if (error instanceof BankError) return mirror(error);
  if (error instanceof BankUnreachableError) {
    log.warn('bank unreachable within the deadline', {
      requestId: error.requestId,
      attempts: error.attempts,
    });
    return problem(
      504,
      'Bank did not answer',
      `No answer from the bank after ${error.attempts} attempt(s). Retrying with the same Idempotency-Key is safe.`,
      undefined,
      traceHeaders(error.requestId, undefined),
    );
  }
  throw error;
}

/**
 * The gateway's own refusal, shaped and traced like a bank answer: the bank's problem members with the path
 * as `instance`, a detail naming the method and path, an X-Request-Id (the one the bank would have seen for
 * this key, else a fresh one) and a log line like the bank client's.
 */
function refusal(
  operation: Operation,
  request: GatewayRequest,
  problemFound: RequestProblem,
  { log, clockHint }: ForwardDependencies,
) {
  const { status, errors } = problemFound;
  const path = request.path ?? operation.path;
  const key = request.idempotencyKey;
  const requestId =
    key !== undefined && isValidIdempotencyKey(key)
      ? requestIdFor(idempotencyScope(request.caller), key)
      : randomUUID();
  log.warn('gateway refused the request', {
    method: operation.method,
    path,
    status,
    requestId,
    // What the caller is told: the properties and the rules they break, with any account number a message
    // echoes masked.
    errors: Object.fromEntries(
      Object.entries(errors).map(([property, messages]) => [property, messages.map(maskDigitRuns)]),
    ),
  });
  return refusalProblem(operation.method, path, problemFound, { 'x-request-id': requestId }, clockHint);
}
