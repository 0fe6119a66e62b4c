import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resumedTime } from '#local/sandbox-state.js';

/** Where a kept sandbox's clock resumes, from the sandbox time and the real time of the last save. */
const SAVED = '2026-03-02T10:00:00.000Z';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-27T12:00:00.000Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the sandbox clock of a kept sandbox', () => {
  it('resumes where it was when only tests move it', () => {
    expect(resumedTime(SAVED, '2026-11-27T11:00:00.000Z', false)).toEqual(new Date(SAVED));
  });

  it('keeps its lead over real time when it runs with real time: the hour it was stopped has passed', () => {
    expect(resumedTime(SAVED, '2026-11-27T11:00:00.000Z', true)).toEqual(
      new Date('2026-03-02T11:00:00.000Z'),
    );
  });

  it('never resumes earlier than it was, even when the machine clock went back', () => {
    expect(resumedTime(SAVED, '2026-11-27T13:00:00.000Z', true)).toEqual(new Date(SAVED));
  });
});
