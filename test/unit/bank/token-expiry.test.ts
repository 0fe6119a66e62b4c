import { describe, expect, it } from 'vitest';
import { API_TOKEN_EXPIRING, checkTokenExpiry } from '#shared/bank/token-expiry.js';
import type { ClearwayEvent } from '#shared/ports/events.js';

const now = new Date('2026-03-02T06:00:00Z');
const DAY_MS = 86_400_000;

async function check(expiresAt: string) {
  const published: ClearwayEvent[] = [];
  const recorded: number[] = [];
  const outcome = await checkTokenExpiry({
    readSecret: async () => JSON.stringify({ token: 'secret-token', expiresAt }),
    now: () => now,
    recordDaysLeft: (days) => recorded.push(days),
    events: {
      publish: async (event) => {
        published.push(event);
      },
    },
  });
  return { outcome, published, recorded };
}

/** An expiry this many days (and a few hours) after now, as the portal's end date would fall. */
const inDays = (days: number) => new Date(now.getTime() + days * DAY_MS + 3 * 3_600_000).toISOString();

describe('the daily token-expiry check warns at 30, 14 and 3 days left, then every day', () => {
  it.each([
    [31, false],
    [30, true],
    [29, false],
    [15, false],
    [14, true],
    [13, false],
    [4, false],
    [3, true],
    [2, true],
    [1, true],
    [0, true],
  ])('with %i days left records them and warns: %s', async (days, warns) => {
    const { outcome, published, recorded } = await check(inDays(days));

    expect(recorded).toEqual([days]);
    expect(outcome).toMatchObject({ daysLeft: days, expired: false, warned: warns });
    expect(published).toHaveLength(warns ? 1 : 0);
  });

  it('publishes ApiTokenExpiring with the expiry, the days left and a key for the day', async () => {
    const expiresAt = inDays(14);
    const { published } = await check(expiresAt);

    expect(published[0]).toEqual({
      source: 'clearway.gateway',
      detailType: API_TOKEN_EXPIRING,
      detail: {
        key: `ApiTokenExpiring:${expiresAt}:2026-03-02`,
        transitionId: `${expiresAt}:2026-03-02`,
        expiresAt,
        daysLeft: 14,
        expired: false,
      },
    });
  });

  it.each([
    ['an hour ago', new Date(now.getTime() - 3_600_000).toISOString(), -1],
    ['ten days ago', new Date(now.getTime() - 10 * DAY_MS).toISOString(), -10],
    ['at this instant', now.toISOString(), 0],
    ['the placeholder the stack writes', '1970-01-01T00:00:00Z', Math.floor(-now.getTime() / DAY_MS)],
  ])('warns every day once expired (%s)', async (_when, expiresAt, days) => {
    const { outcome, published, recorded } = await check(expiresAt);

    expect(outcome).toMatchObject({ expired: true, warned: true, daysLeft: days });
    expect(recorded).toEqual([days]);
    expect(published[0]?.detail).toMatchObject({ expired: true });
  });

  it('fails, naming the secret, when it has no valid expiry', async () => {
    await expect(check('soon')).rejects.toThrow('the API token secret has no valid expiresAt date');
  });
});
