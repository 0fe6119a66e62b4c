import { accountIdentity } from '../payments/account-identity.js';
import { maskAccount } from '../domain/account-mask.js';
import { readPath } from '../families/definition.js';

/**
 * A payee name check's outcome as the gateway keeps it, pure: what the tracker reads from the request and
 * the bank's answer (structurally, the few members it needs), and how long it stays valid.
 */

/** What a payment record carries of the name check made with its end-to-end id. */
export interface NameCheckOutcome {
  /** `Matched`, or the scheme's reason code (`ANNM`, `MBAM`, ...); `NotMatched` when the bank gave none. */
  outcome: string;
  matched: boolean;
  reasonCode?: string;
  /** The name the payee's bank holds, returned on a close match. */
  name?: string;
  /** False when the payee's bank answered late. */
  responseWithinSla?: boolean;
  /** The checked account (`Identification`), `****` and its last four digits. */
  account: string;
  checkedAt: string;
}

/** One kept check, by the end-to-end id its request named. */
export interface NameCheckRecord extends NameCheckOutcome {
  endToEndId: string;
  /** The X-Request-Id of the check's request to the bank. */
  requestId: string;
  /** Epoch seconds after which the check no longer counts (DynamoDB TTL deletes it some time later). */
  expiresAt: number;
}

/** The scheme's reason code for "the name does not match the account". */
export const NO_MATCH_REASON = 'ANNM';

export const DEFAULT_NAME_CHECK_TTL_HOURS = 24;

/** Where the gateway serves a name check's outcome. */
export const NAME_CHECK_READ = '/gateway/name-checks/{endToEndId}';
export const nameCheckPath = (endToEndId: string) => readPath(NAME_CHECK_READ, endToEndId);

/** The request members the tracker reads (PascalCase, as the bank's reference writes them). */
interface NameVerificationBody {
  Identification?: unknown;
  EndToEndIdentification?: unknown;
}

/** The 200 answer's members the tracker reads. */
interface VerificationReport {
  Matched?: unknown;
  Name?: unknown;
  ReasonCode?: unknown;
  ResponseWithinSla?: unknown;
}

/**
 * The record of a check, or undefined when there is nothing to keep: the request named no end-to-end id,
 * or the bank gave no verification report (a 4xx, a 424 from the payee's bank, an unknown outcome).
 */
export function nameCheckRecordOf(
  body: unknown,
  answer: { status: number; body: unknown } | undefined,
  call: { requestId: string; now: Date; ttlHours: number },
): NameCheckRecord | undefined {
  if (!isObject(body) || answer?.status !== 200) return undefined;
  const request = body as NameVerificationBody;
  const endToEndId = text(request.EndToEndIdentification);
  const report = verificationReport(answer.body);
  if (endToEndId === undefined || report === undefined || typeof report.Matched !== 'boolean')
    return undefined;
  const reasonCode = text(report.ReasonCode);
  const name = text(report.Name);
  const account = maskAccount(text(request.Identification)) ?? '****';
  return {
    endToEndId,
    outcome: report.Matched ? 'Matched' : (reasonCode ?? 'NotMatched'),
    matched: report.Matched,
    ...(reasonCode !== undefined && { reasonCode }),
    // The bank returns the held name on a close match; on a full match it is the name the caller sent.
    ...(!report.Matched && name !== undefined && { name }),
    ...(typeof report.ResponseWithinSla === 'boolean' && { responseWithinSla: report.ResponseWithinSla }),
    account,
    checkedAt: call.now.toISOString(),
    requestId: call.requestId,
    expiresAt: Math.floor(call.now.getTime() / 1000) + call.ttlHours * 3600,
  };
}

/**
 * The account a check was made against (its `Identification`: sort code and account number), as
 * `accountIdentity` writes it, so that it compares with a payment's creditor account. The full account:
 * a store keeps it only to find the check by, never in what it serves or logs.
 */
export function checkedAccountOf(body: unknown): string | undefined {
  if (!isObject(body)) return undefined;
  return accountIdentity(text((body as NameVerificationBody).Identification));
}

/** The kept check while it counts; undefined once expired (TTL deletion is lazy, so the clock decides). */
export function liveCheck(record: NameCheckRecord | undefined, now: Date): NameCheckRecord | undefined {
  if (record === undefined) return undefined;
  return record.expiresAt * 1000 > now.getTime() ? record : undefined;
}

/** What a payment record carries of a check. */
export function outcomeOf(record: NameCheckRecord): NameCheckOutcome {
  const { endToEndId: _id, requestId: _request, expiresAt: _expires, ...outcome } = record;
  return outcome;
}

/** The check said the name does not match the account (not a close match, nor a type mismatch). */
export function isNoMatch(outcome: NameCheckOutcome): boolean {
  return !outcome.matched && outcome.reasonCode === NO_MATCH_REASON;
}

function verificationReport(body: unknown): VerificationReport | undefined {
  if (!isObject(body)) return undefined;
  const data = (body as { Data?: unknown }).Data;
  if (!isObject(data)) return undefined;
  const report = (data as { VerificationReport?: unknown }).VerificationReport;
  return isObject(report) ? (report as VerificationReport) : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
