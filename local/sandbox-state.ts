import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, open, rename } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod/mini';
import { logger } from '#shared/observability.js';
import { type ManualClock, RealTimeClock } from '#shared/ports/clock.js';
import type { InMemoryEventBus, LocalEvent } from './adapters/in-memory-bus.js';
import type { BankSimulator } from './bank-sim/simulator.js';

/** What `npm start` keeps across restarts, under `$CLEARWAY_HOME`: the snapshot and dynalite's folder. */
export const STATE_FOLDER = 'state';
export const SNAPSHOT_FILE = 'sandbox.json';
/** Raised whenever the snapshot's shape changes: another version's snapshot is refused, never misread. */
export const SNAPSHOT_VERSION = 1;
/** How often a changed sandbox is saved: a crash loses at most this much. */
const SAVE_EVERY_MS = 1_000;

const snapshotSchema = z.object({
  version: z.literal(SNAPSHOT_VERSION),
  /** Real time of the save: a clock that runs with real time resumes with the time that passed since. */
  savedAt: z.iso.datetime(),
  /** The sandbox clock at the save; null in front of another bank, whose time is real time. */
  clock: z.nullable(z.iso.datetime()),
  /** The simulator's own `snapshot()`; null in front of another bank. */
  simulator: z.nullable(z.array(z.unknown())),
  /** The events the local bus kept, oldest first. */
  events: z.array(z.custom<LocalEvent>((event) => typeof (event as LocalEvent | null)?.time === 'string')),
});
export type Snapshot = z.infer<typeof snapshotSchema>;

/** A snapshot that cannot be resumed from: said in one line with the way out, without a stack trace. */
export class SnapshotError extends Error {
  override readonly name = 'SnapshotError';

  constructor(file: string, why: string) {
    super(`cannot resume the sandbox from ${file}: ${why}. Start afresh with: npm start -- --fresh`);
  }
}

/** Another sandbox runs on this home: a second one would share its files, or with --fresh delete them. */
export class HomeInUseError extends Error {
  override readonly name = 'HomeInUseError';
}

/**
 * Takes the home for this process (`$CLEARWAY_HOME/sandbox.pid`), and returns what releases it. A lock
 * whose process has ended is taken over.
 */
export function lockHome(home: string): () => void {
  mkdirSync(home, { recursive: true });
  const file = join(home, 'sandbox.pid');
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number(readFileSync(file, 'utf8'));
    if (isRunning(holder)) {
      throw new HomeInUseError(
        `another sandbox (process ${holder}) runs on ${home}: stop it, or give this one another CLEARWAY_HOME (if no such process runs, delete ${file})`,
      );
    }
    writeFileSync(file, String(process.pid));
  }
  return () => rmSync(file, { force: true });
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** `--fresh`: forgets the kept state and the files it refers to (statements, webhook bodies); keys and token stay. */
export function forgetState(home: string): void {
  for (const folder of [STATE_FOLDER, 'statements', 'webhook-bodies']) {
    rmSync(join(home, folder), { recursive: true, force: true });
  }
}

/** The snapshot in `folder`, or undefined when there is none yet; throws SnapshotError when it is unreadable. */
export function readSnapshot(folder: string): Snapshot | undefined {
  const file = join(folder, SNAPSHOT_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new SnapshotError(file, (error as Error).message);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new SnapshotError(file, 'it is not JSON');
  }
  const version = (json as { version?: unknown } | null)?.version;
  if (version !== SNAPSHOT_VERSION) {
    throw new SnapshotError(
      file,
      `it is version ${String(version)}, and this sandbox reads version ${SNAPSHOT_VERSION}`,
    );
  }
  const parsed = snapshotSchema.safeParse(json);
  if (!parsed.success) throw new SnapshotError(file, `it is damaged (${parsed.error.issues[0]?.message})`);
  return parsed.data;
}

/**
 * Where the sandbox clock resumes: where it was saved, plus, for a clock that runs with real time, the time
 * the sandbox was stopped (its lead over real time is kept); never earlier than where it was.
 */
export function resumedTime(saved: string, savedAt: string, runsWithRealTime: boolean): Date {
  const stopped = runsWithRealTime ? Math.max(0, Date.now() - Date.parse(savedAt)) : 0;
  return new Date(Date.parse(saved) + stopped);
}

/** What a kept sandbox saves: the simulator's book, the events and the clock. */
export interface KeptParts {
  clock: ManualClock | undefined;
  simulator: BankSimulator | undefined;
  bus: InMemoryEventBus;
}

/**
 * Saves the sandbox into `folder` every second when something changed (a slow save is skipped over, never
 * queued), and once more on `close`. Each save writes a temporary file, flushes it to disk and renames it
 * over the snapshot, so a crash loses at most the last second and never leaves half a file.
 */
export function keepState(folder: string, parts: KeptParts): { close(): Promise<void> } {
  let lastChange = '';
  const save = async (always: boolean) => {
    try {
      const simulator = parts.simulator?.snapshot() ?? null;
      const events = parts.bus.list();
      // A running clock's position is its lead over real time: it changes only when someone moves it.
      const clock =
        parts.clock instanceof RealTimeClock ? parts.clock.offsetMs : parts.clock?.now().getTime();
      const change = JSON.stringify([simulator, events, clock]);
      if (change === lastChange && !always) return;
      const snapshot: Snapshot = {
        version: SNAPSHOT_VERSION,
        savedAt: new Date().toISOString(),
        clock: parts.clock?.now().toISOString() ?? null,
        simulator,
        events,
      };
      await writeAtomically(folder, SNAPSHOT_FILE, JSON.stringify(snapshot));
      lastChange = change;
    } catch (error) {
      logger.warn('the sandbox state could not be saved', error as Error);
    }
  };
  let saving: Promise<void> | undefined;
  const timer = setInterval(() => {
    saving ??= save(false).finally(() => {
      saving = undefined;
    });
  }, SAVE_EVERY_MS);
  timer.unref();
  return {
    close: async () => {
      clearInterval(timer);
      await saving;
      await save(true);
    },
  };
}

/** node:fs's write, fsync and rename: the file is either the old one or the whole new one. */
async function writeAtomically(folder: string, name: string, text: string): Promise<void> {
  await mkdir(folder, { recursive: true });
  const temporary = join(folder, `${name}.tmp`);
  const handle = await open(temporary, 'w');
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, join(folder, name));
}
