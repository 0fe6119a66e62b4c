import { createHash } from 'node:crypto';
import type { Log } from '../ports/log.js';
import { gatewayEventKey } from '../gateway/tracker.js';
import { ISO_CODE_PATTERN } from '../domain/currencies.js';
import { isValidIban } from '../domain/iban.js';
import { JsonNumber } from '../json/read-json.js';
import type { Clock } from '../ports/clock.js';
import type { ObjectStore } from '../ports/object-store.js';
import type { EventPublisher, GatewayEvent } from '../ports/events.js';
import { type ClaimedWebhook, type StateHook, WebhookQuarantineError } from '../webhooks/process.js';
import type { BankClient } from '../bank/client.js';
import { camt053PagesHook } from './camt053.js';

export const STATEMENT_ARCHIVED = 'StatementArchived';

/** The bank's statement webhooks (webhooks.md) and the kind of statement each delivers. */
export const STATEMENT_WEBHOOKS = {
  'MCCY.Statements.InstitutionStatement': 'institution',
  'MCCY.Statements.AccountStatement': 'account',
} as const;

/** The camt.053 statement webhook: its pages are downloaded from the bank's API (`camt053.ts`). */
export const CAMT053_WEBHOOK = 'Statements.ReadyForDownload';

/** Every kind of statement `StatementArchived` reports: the multi-currency CSVs and the camt.053 statements. */
export const STATEMENT_KINDS = ['institution', 'account', 'camt053'] as const;

export type StatementKind = (typeof STATEMENT_WEBHOOKS)[keyof typeof STATEMENT_WEBHOOKS];

/** A statement webhook's payload, checked: every member the object key and the event are made of. */
export interface StatementLink {
  kind: StatementKind;
  uri: URL;
  validUntil: Date;
  year: number;
  month: number;
  currency: string;
  /** As the bank writes it (`csv`); the object key uses it in lower case. */
  format: string;
  accountIban?: string;
}

/**
 * Where the bank keeps statement files: both statement pages show the link on Azure blob storage
 * (`https://<account>.blob.core.windows.net/...`), not on the API's host.
 */
export const STATEMENT_LINK_HOSTS: readonly string[] = ['*.blob.core.windows.net'];

/**
 * Whether a statement link may be followed: to the bank's own host with its protocol, or over https to a
 * host of `hosts` (`*.example.net` covers its subdomains). Anything else could send the processor's
 * request anywhere the payload names.
 */
export function statementLinkAllowed(uri: URL, bank: URL, hosts: readonly string[]): boolean {
  if (uri.protocol === bank.protocol && uri.hostname === bank.hostname) return true;
  return (
    uri.protocol === 'https:' &&
    hosts.some((host) =>
      host.startsWith('*.') ? uri.hostname.endsWith(host.slice(1)) : uri.hostname === host,
    )
  );
}

/** A month's institution statement is a few megabytes; far above that is not a statement. */
export const DEFAULT_MAX_STATEMENT_BYTES = 32 * 1024 * 1024;
/** Well within the processor's 30 s, leaving time for the store and the event. */
export const DEFAULT_DOWNLOAD_TIMEOUT_MS = 10_000;

export interface StatementArchiveDependencies {
  store: ObjectStore;
  events: EventPublisher;
  /** The bank's base URL: a link is followed to its host name, with its protocol... */
  bankBaseUrl: string;
  /** ...or over https to these hosts (default `STATEMENT_LINK_HOSTS`). */
  linkHosts?: readonly string[];
  /** The bank's time, which `ValidUntilDate` is written in (the simulator's clock in the sandbox). */
  clock: Clock;
  log: Log;
  maxBytes?: number;
  timeoutMs?: number;
  /**
   * The bank client, loaded on first use: camt.053 pages are downloaded from the bank's API
   * (`GET /v1/statements/{messageId}`), not from a link. Without it a camt.053 webhook fails (and is retried).
   */
  bank?: () => Promise<Pick<BankClient, 'send'>>;
}

/**
 * The state hook that keeps the bank's statements: the link in a statement webhook is valid only until
 * `ValidUntilDate`, so the CSV is downloaded while the webhook is processed, stored, and announced by one
 * `StatementArchived` event (at least once, `transitionId` the webhook's key).
 *
 * A download that fails (network, timeout, an error status) throws: the message is retried and, after the
 * queue's retries, waits in the alarmed DLQ. What no retry can help is quarantined at once with its reason:
 * an expired link, a link to another host than the bank's or its statement storage, a redirect, a file over `maxBytes`, a payload
 * without the members the reference requires.
 */
export function statementsWebhookHook(deps: StatementArchiveDependencies): StateHook {
  const bank = new URL(deps.bankBaseUrl);
  const maxBytes = deps.maxBytes ?? DEFAULT_MAX_STATEMENT_BYTES;
  const timeoutMs = deps.timeoutMs ?? DEFAULT_DOWNLOAD_TIMEOUT_MS;
  const camt053 = camt053PagesHook({ ...deps, maxBytes, timeoutMs });
  return async (webhook) => {
    if (webhook.type === CAMT053_WEBHOOK) return camt053(webhook);
    if (!(webhook.type in STATEMENT_WEBHOOKS)) return;
    const link = readStatementLink(webhook);
    if (!statementLinkAllowed(link.uri, bank, deps.linkHosts ?? STATEMENT_LINK_HOSTS)) {
      throw new WebhookQuarantineError(
        `statement link refused: ${link.uri.protocol}//${link.uri.hostname} is not the bank's host (${bank.protocol}//${bank.hostname}) nor https to its statement storage`,
      );
    }
    const now = deps.clock.now();
    const validForMs = link.validUntil.getTime() - now.getTime();
    if (validForMs <= 0) {
      throw new WebhookQuarantineError(
        `statement link expired at ${link.validUntil.toISOString()} (now ${now.toISOString()}); request the statement again`,
      );
    }
    const bytes = await download(link.uri, { maxBytes, timeoutMs: Math.min(timeoutMs, validForMs) });
    const key = statementObjectKey(link);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const format = link.format.toLowerCase();
    const stored = await deps.store.put(
      key,
      bytes,
      format === 'csv' ? 'text/csv' : 'application/octet-stream',
    );
    const event: GatewayEvent = {
      source: 'clearway.gateway',
      detailType: STATEMENT_ARCHIVED,
      detail: {
        key: gatewayEventKey(STATEMENT_ARCHIVED, webhook.key),
        transitionId: webhook.key,
        kind: link.kind,
        ...(link.accountIban === undefined ? {} : { accountIban: link.accountIban }),
        year: link.year,
        month: link.month,
        currency: link.currency,
        format,
        objectKey: key,
        location: stored.location,
        bytes: bytes.length,
        sha256,
      },
    };
    await deps.events.publish(event);
    deps.log.info('statement archived', { key, bytes: bytes.length, webhookKey: webhook.key });
  };
}

/**
 * Where a statement is kept: one key per statement the bank can send, so a second delivery of the same
 * month writes the same key (a new version in the versioned bucket).
 */
export function statementObjectKey(link: StatementLink): string {
  const period = `${link.year}/${String(link.month).padStart(2, '0')}`;
  const file = `${link.currency}.${link.format.toLowerCase()}`;
  return link.kind === 'account'
    ? `accounts/${link.accountIban}/${period}/${file}`
    : `institution/${period}/${file}`;
}

/** The payload's members as the reference requires them; anything else quarantines the webhook. */
export function readStatementLink(webhook: Pick<ClaimedWebhook, 'type' | 'payload'>): StatementLink {
  const kind = STATEMENT_WEBHOOKS[webhook.type as keyof typeof STATEMENT_WEBHOOKS];
  const payload = (webhook.payload ?? {}) as Record<string, unknown>;
  const refuse = (problem: string) =>
    new WebhookQuarantineError(`statement webhook ${webhook.type} refused: ${problem}`);
  const text = (name: string) => {
    const value = payload[name];
    if (typeof value !== 'string' || value === '') throw refuse(`${name} must be a non-empty string`);
    return value;
  };
  const integer = (name: string, min: number, max: number) => {
    const value = payload[name];
    const number = value instanceof JsonNumber ? value.toNumber() : value;
    if (typeof number !== 'number' || !Number.isInteger(number) || number < min || number > max)
      throw refuse(`${name} must be a whole number from ${min} to ${max}`);
    return number;
  };
  let uri: URL;
  try {
    uri = new URL(text('Uri'));
  } catch {
    throw refuse('Uri must be an absolute URI');
  }
  const validUntil = new Date(text('ValidUntilDate'));
  if (Number.isNaN(validUntil.getTime())) throw refuse('ValidUntilDate must be a date and time');
  const currency = text('Currency');
  if (!ISO_CODE_PATTERN.test(currency)) throw refuse('Currency must be 3 upper-case letters');
  const format = text('Format');
  if (!/^[A-Za-z0-9]{3}$/.test(format)) throw refuse('Format must be 3 letters or digits');
  const link: StatementLink = {
    kind,
    uri,
    validUntil,
    year: integer('Year', 1000, 9999),
    month: integer('Month', 1, 12),
    currency,
    format,
  };
  if (kind === 'account') {
    const iban = text('AccountIban');
    if (!isValidIban(iban)) throw refuse('AccountIban must be an IBAN');
    link.accountIban = iban;
  }
  return link;
}

/**
 * The file behind a link, within `timeoutMs` and `maxBytes`. Redirects are not followed (they could lead to
 * another host); a too-large file is refused by its Content-Length or while it streams.
 */
async function download(uri: URL, limits: { maxBytes: number; timeoutMs: number }): Promise<Buffer> {
  const tooLarge = () =>
    new WebhookQuarantineError(`statement file refused: larger than ${limits.maxBytes} bytes`);
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let response: Response;
  try {
    response = await fetch(uri, { redirect: 'manual', signal });
  } catch (error) {
    throw new Error(`statement download failed: ${(error as Error).message}`, { cause: error });
  }
  if (response.status >= 300 && response.status < 400) {
    await response.body?.cancel();
    throw new WebhookQuarantineError(
      `statement link refused: it answered ${response.status}, a redirect, which is not followed`,
    );
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`statement download failed: HTTP ${response.status}`);
  }
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > limits.maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for await (const chunk of response.body ?? []) {
      total += chunk.length;
      if (total > limits.maxBytes) throw tooLarge();
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof WebhookQuarantineError) throw error;
    throw new Error(`statement download failed: ${(error as Error).message}`, { cause: error });
  }
  return Buffer.concat(chunks);
}
