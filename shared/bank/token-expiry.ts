import { gatewayEventKey } from '../gateway/tracker.js';
import type { EventPublisher, GatewayEvent } from '../ports/events.js';
import { parseTokenSecret } from './token-source.js';

/** The detail-type of the warning published on the bus (source `clearway.gateway`). */
export const API_TOKEN_EXPIRING = 'ApiTokenExpiring';
/** Days left at which the check warns once each; at or below the last one it warns every day. */
export const TOKEN_WARNING_DAYS = [30, 14, 3] as const;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface TokenExpiryPorts {
  /** The API token secret's text, `{"token","expiresAt"}`. */
  readSecret(): Promise<string>;
  now(): Date;
  /** Records the days left (on AWS the `ApiTokenDaysLeft` metric, alarmed below 30). */
  recordDaysLeft(days: number): void;
  events: EventPublisher;
}

export interface TokenExpiryOutcome {
  readonly expiresAt: string;
  /** Whole days until the expiry, rounded down; negative once it has passed. */
  readonly daysLeft: number;
  readonly expired: boolean;
  readonly warned: boolean;
}

/**
 * The daily check of the API token's expiry (the bank's portal issues tokens with an end date, and a lapsed
 * token stops every call): records the days left and, at 30, 14 and 3 days left, then every day at or below 3
 * and once expired, publishes `ApiTokenExpiring` so someone renews it in time.
 */
export async function checkTokenExpiry(ports: TokenExpiryPorts): Promise<TokenExpiryOutcome> {
  const { expiresAt } = parseTokenSecret(await ports.readSecret(), 'the API token secret');
  const now = ports.now();
  const remainingMs = Date.parse(expiresAt) - now.getTime();
  const expired = remainingMs <= 0;
  const daysLeft = Math.floor(remainingMs / DAY_MS);
  ports.recordDaysLeft(daysLeft);
  const warned = expired || daysLeft <= 3 || (TOKEN_WARNING_DAYS as readonly number[]).includes(daysLeft);
  if (warned) await ports.events.publish(tokenExpiringEvent(expiresAt, daysLeft, expired, now));
  return { expiresAt, daysLeft, expired, warned };
}

function tokenExpiringEvent(expiresAt: string, daysLeft: number, expired: boolean, now: Date): GatewayEvent {
  const transitionId = `${expiresAt}:${now.toISOString().slice(0, 10)}`;
  return {
    source: 'clearway.gateway',
    detailType: API_TOKEN_EXPIRING,
    // One warning per token and day: a retried check is deduplicated by consumers.
    detail: {
      key: gatewayEventKey(API_TOKEN_EXPIRING, transitionId),
      transitionId,
      expiresAt,
      daysLeft,
      expired,
    },
  };
}
