import { createHash } from 'node:crypto';
import { BankError } from '../bank/errors.js';
import { CAMT053_MESSAGE_ID } from '../domain/camt053-rules.js';
import { gatewayEventKey } from '../gateway/tracker.js';
import { JsonNumber } from '../json/read-json.js';
import type { BankClient } from '../bank/client.js';
import type { Log } from '../ports/log.js';
import type { ObjectStore } from '../ports/object-store.js';
import type { EventPublisher, GatewayEvent } from '../ports/events.js';
import { type StateHook, WebhookQuarantineError } from '../webhooks/process.js';

/** What the camt.053 part of the statements hook uses (`StatementArchiveDependencies`, bounds resolved). */
export interface Camt053ArchiveDependencies {
  store: ObjectStore;
  events: EventPublisher;
  log: Log;
  bank?: () => Promise<Pick<BankClient, 'send'>>;
  maxBytes: number;
  timeoutMs: number;
}

/** A statement of more pages than this (5,000 entries a page) is not one the processor can keep in one run. */
export const MAX_CAMT053_PAGES = 100;

/** Where a camt.053 statement's pages are kept: one folder per MessageId, one object per page. */
export function camt053Prefix(messageId: string): string {
  return `camt053/${messageId}/`;
}

export function camt053PageKey(messageId: string, pageNumber: number): string {
  return `${camt053Prefix(messageId)}page-${String(pageNumber).padStart(3, '0')}.xml`;
}

interface ReadyForDownload {
  messageId: string;
  totalPages: number;
  startDateTime: string;
  endDateTime: string;
}

interface ArchivedPage {
  pageNumber: number;
  objectKey: string;
  location: string;
  bytes: number;
  sha256: string;
}

/**
 * `Statements.ReadyForDownload`: downloads every page of the statement from the bank
 * (`GET /v1/statements/{messageId}?pageNumber=n`, 1 to `TotalPages`, or until a page's `LastPgInd` is true)
 * while the bank keeps it (two weeks), stores each, then publishes one `StatementArchived` (kind `camt053`)
 * for the statement. A page the bank no longer has (404) quarantines the webhook: request the window again.
 * Any other failure throws, so the message is retried and then waits in the DLQ.
 */
export function camt053PagesHook(deps: Camt053ArchiveDependencies): StateHook {
  return async (webhook) => {
    const ready = readReadyForDownload(webhook.payload);
    if (deps.bank === undefined) throw new Error('camt.053 statement: the processor has no bank client');
    const bank = await deps.bank();
    const pages: ArchivedPage[] = [];
    const hash = createHash('sha256');
    for (let pageNumber = 1; pageNumber <= ready.totalPages; pageNumber++) {
      const path = `/v1/statements/${encodeURIComponent(ready.messageId)}?pageNumber=${pageNumber}`;
      let xml: string;
      try {
        const answer = await bank.send({
          method: 'GET',
          path,
          pathSignature: true,
          deadline: Date.now() + deps.timeoutMs,
        });
        xml = answer.rawBody;
      } catch (error) {
        if (error instanceof BankError && error.status === 404) {
          throw new WebhookQuarantineError(
            `camt.053 statement ${ready.messageId} page ${pageNumber} is no longer at the bank (it keeps statements two weeks); request the window again`,
          );
        }
        throw error;
      }
      const bytes = Buffer.from(xml, 'utf8');
      if (bytes.length > deps.maxBytes) {
        throw new WebhookQuarantineError(
          `camt.053 statement ${ready.messageId} page ${pageNumber} refused: larger than ${deps.maxBytes} bytes`,
        );
      }
      const objectKey = camt053PageKey(ready.messageId, pageNumber);
      const stored = await deps.store.put(objectKey, bytes, 'application/xml');
      hash.update(bytes);
      pages.push({
        pageNumber,
        objectKey,
        location: stored.location,
        bytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      });
      if (/<LastPgInd>\s*true\s*<\/LastPgInd>/i.test(xml)) break;
    }
    const first = pages[0] as ArchivedPage;
    const event: GatewayEvent = {
      source: 'clearway.gateway',
      detailType: 'StatementArchived',
      detail: {
        key: gatewayEventKey('StatementArchived', webhook.key),
        transitionId: webhook.key,
        kind: 'camt053',
        messageId: ready.messageId,
        startDateTime: ready.startDateTime,
        endDateTime: ready.endDateTime,
        totalPages: ready.totalPages,
        format: 'xml',
        objectKey: camt053Prefix(ready.messageId),
        // The folder (S3 prefix) the pages are in: the first page's location without its file name.
        location: first.location.slice(
          0,
          first.location.length - (first.objectKey.length - camt053Prefix(ready.messageId).length),
        ),
        bytes: pages.reduce((total, page) => total + page.bytes, 0),
        sha256: hash.digest('hex'),
        pages,
      },
    };
    await deps.events.publish(event);
    deps.log.info('camt.053 statement archived', {
      messageId: ready.messageId,
      pages: pages.length,
      webhookKey: webhook.key,
    });
  };
}

/** The payload's members as the webhook page requires them; anything else quarantines the webhook. */
export function readReadyForDownload(payload: unknown): ReadyForDownload {
  const members = (payload ?? {}) as Record<string, unknown>;
  const refuse = (problem: string) =>
    new WebhookQuarantineError(`statement webhook Statements.ReadyForDownload refused: ${problem}`);
  const messageId = members.MessageId;
  // Checked before it names a path at the bank or a key in the bucket.
  if (typeof messageId !== 'string' || !CAMT053_MESSAGE_ID.test(messageId))
    throw refuse('MessageId must be CAMT053_<8 digits>_<8 digits>_<8 letters or digits>');
  const raw = members.TotalPages;
  const totalPages = raw instanceof JsonNumber ? raw.toNumber() : raw;
  if (
    typeof totalPages !== 'number' ||
    !Number.isInteger(totalPages) ||
    totalPages < 1 ||
    totalPages > MAX_CAMT053_PAGES
  )
    throw refuse(`TotalPages must be a whole number from 1 to ${MAX_CAMT053_PAGES}`);
  const instant = (name: string) => {
    const value = members[name];
    if (typeof value !== 'string' || Number.isNaN(Date.parse(value)))
      throw refuse(`${name} must be a date and time`);
    return value;
  };
  return {
    messageId,
    totalPages,
    startDateTime: instant('StartDateTime'),
    endDateTime: instant('EndDateTime'),
  };
}
