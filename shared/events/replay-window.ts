const DAY_MS = 24 * 60 * 60 * 1000;

export interface ReplayWindow {
  readonly from: Date;
  readonly to: Date;
}

/** An ISO 8601 time with a date, a time and an offset (`2026-03-02T10:00:00Z`); undefined otherwise. */
export function parseReplayTime(text: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) return undefined;
  const time = new Date(text);
  // Date accepts 2026-02-30 by rolling over; a real calendar date reads back the same day.
  if (Number.isNaN(time.getTime()) || !sameCalendarDay(text, time)) return undefined;
  return time;
}

/**
 * What is wrong with a replay window, in one sentence, or undefined when it can be replayed: both ends in
 * the past, `from` before `to`, and `from` within the archive's retention (older events are gone).
 */
export function replayWindowProblem(
  window: ReplayWindow,
  now: Date,
  retentionDays: number,
): string | undefined {
  const { from, to } = window;
  if (from.getTime() >= to.getTime()) {
    return `the window is reversed or empty: --from ${from.toISOString()} is not before --to ${to.toISOString()}`;
  }
  if (to.getTime() > now.getTime()) {
    return `the window ends in the future (--to ${to.toISOString()}, now ${now.toISOString()}): only past events can be replayed`;
  }
  const oldest = new Date(now.getTime() - retentionDays * DAY_MS);
  if (from.getTime() < oldest.getTime()) {
    return `the window starts before the archive's retention of ${retentionDays} days (--from ${from.toISOString()}, oldest ${oldest.toISOString()})`;
  }
  return undefined;
}

function sameCalendarDay(text: string, time: Date): boolean {
  const offset = /([+-])(\d{2}):(\d{2})$/.exec(text);
  const minutes = offset ? (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) : 0;
  const local = new Date(time.getTime() + minutes * 60_000);
  return local.toISOString().slice(0, 10) === text.slice(0, 10);
}
