import {
  IdempotencyAlreadyInProgressError,
  IdempotencyValidationError,
} from '@aws-lambda-powertools/idempotency';
import type { BankClient, BankRequest, BankResponse, Log } from '../bank/client.js';
import { BankError, BankUnreachableError } from '../bank/errors.js';
import { isRetryableStatus } from '../bank/retry.js';
import { type HttpResult, json, problem } from '../http/problem.js';
import type { Operation } from '../operations/operation.js';
import { fingerprintOf, type RunOnce, requestIdFor } from './idempotency.js';
import { checkRequest, type GatewayRequest } from './request.js';

export interface ForwardDependencies {
  bank: BankClient;
  runOnce: RunOnce;
  log: Log;
  /** What the institution's contract allows (configuration on AWS, the simulator's registry locally). */
  institution: { overdraftAgreement: boolean };
  now?: () => number;
}

/** Header telling the caller that the bank had already processed an earlier attempt of this request. */
export const OUTCOME_HEADER = 'clearway-outcome';

/**
 * The gateway's one use case for a mirrored operation: check the spec's rules, then send it to the bank
 * once (per Idempotency-Key) and answer with the bank's status and body.
 */
export async function forwardOperation(
  operation: Operation,
  request: GatewayRequest,
  deps: ForwardDependencies,
): Promise<HttpResult> {
  const now = deps.now ?? Date.now;
  const checked = checkRequest(operation, request, {
    overdraftAgreement: deps.institution.overdraftAgreement,
    now: new Date(now()),
  });
  if (!checked.ok) {
    return problem(
      400,
      'Validation failed',
      `The request breaks the rules of ${operation.id}.`,
      checked.errors,
    );
  }
  // A read changes nothing, so a key on it is ignored: its answer must never be a 24-hour-old copy.
  const key = operation.method === 'GET' ? undefined : request.idempotencyKey;
  const { caller } = request;
  const send = () =>
    callBank(deps.bank, {
      method: operation.method,
      path: checked.bankPath,
      body: request.body,
      requestId: key === undefined ? undefined : requestIdFor(caller, key),
      deadline: request.deadline,
    });
  try {
    if (key === undefined) return await send();
    const fingerprint = fingerprintOf(operation.method, checked.bankPath, request.body);
    const remainingMs = request.deadline - now();
    return await deps.runOnce({ caller, key, fingerprint, remainingMs }, send);
  } catch (error) {
    return failureResult(error, deps.log);
  }
}

/** Definitive answers are returned (and so stored under the key); retryable failures throw, so a repeat tries again. */
async function callBank(bank: BankClient, request: BankRequest): Promise<HttpResult> {
  try {
    const response = await bank.send(request);
    return response.outcome === 'already-processed' ? alreadyProcessed(response) : mirror(response);
  } catch (error) {
    if (error instanceof BankError && !isRetryableStatus(error.status)) return mirror(error);
    throw error;
  }
}

function traceHeaders(requestId: string, correlationId: string | undefined): Record<string, string> {
  return { 'x-request-id': requestId, ...(correlationId && { 'x-correlation-id': correlationId }) };
}

/** The bank's headers the caller needs besides its status and exact body. */
const MIRRORED_HEADERS = ['content-type', 'retry-after'];

/** The bank's answer, success or error, as the caller gets it. */
function mirror(
  answer: Pick<BankResponse, 'status' | 'headers' | 'rawBody' | 'requestId' | 'correlationId'>,
) {
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

function alreadyProcessed(response: BankResponse): HttpResult {
  return json(
    202,
    {
      outcome: 'already-processed',
      detail:
        'The bank answered 409 to a retry: an earlier attempt with this X-Request-Id was processed. Its result arrives by webhook or can be read back.',
      requestId: response.requestId,
    },
    { ...traceHeaders(response.requestId, response.correlationId), [OUTCOME_HEADER]: 'already-processed' },
  );
}

function failureResult(error: unknown, log: Log): HttpResult {
  if (error instanceof IdempotencyValidationError) {
    return problem(
      422,
      'Idempotency-Key reused',
      'This Idempotency-Key was already used with a different request.',
    );
  }
  if (error instanceof IdempotencyAlreadyInProgressError) {
    return problem(
      409,
      'Request in progress',
      'A request with this Idempotency-Key is still in progress; retry shortly.',
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
