import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { round } from './stats.js';

export interface MemorySample {
  /** Keyed writes done when the sample was taken. */
  writes: number;
  rssMB: number;
  heapUsedMB: number;
  arrayBuffersMB: number;
}

const retained = (sample: MemorySample) => sample.heapUsedMB + sample.arrayBuffersMB;

export interface MemoryOptions {
  warmup: number;
  writes: number;
  /** Samples taken during the writes, evenly spaced (the last one after the last write). */
  samples: number;
  concurrency: number;
  maxMs: number;
}

/**
 * Resident size of a sandbox under sustained keyed writes: `POST /v1/Test` through the gateway with a
 * distinct `Idempotency-Key` and body each time, so every write leaves an idempotency record, a webhook,
 * an inbox key and an event behind. The sandbox runs in a child process (memory-sandbox.ts), which
 * measures itself after a forced GC once its queue and deliveries have settled.
 */
export async function sandboxMemory(options: MemoryOptions) {
  const child = fork(fileURLToPath(new URL('./memory-sandbox.ts', import.meta.url)), [], {
    execArgv: [...process.execArgv, '--expose-gc'],
  });
  const exited = once(child, 'exit').then(() => {
    throw new Error('the sandbox child exited');
  });
  exited.catch(() => undefined); // awaited only while a reply is due
  const reply = async <T>(message?: string): Promise<T> => {
    if (message) child.send(message);
    const [answer] = await Promise.race([once(child, 'message'), exited]);
    return answer as T;
  };
  try {
    const { gatewayUrl } = await reply<{ gatewayUrl: string }>();
    let done = 0;
    const measure = async () => ({ writes: done, ...(await reply<Omit<MemorySample, 'writes'>>('measure')) });
    const write = async () => {
      const n = done++;
      const response = await fetch(`${gatewayUrl}/v1/Test`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': `bench-memory-${n}` },
        body: JSON.stringify({ Message: `write ${n}` }),
      });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`write ${n} answered ${response.status}: ${text}`);
    };
    const deadline = performance.now() + options.maxMs;
    const writeUpTo = (total: number) =>
      Promise.all(
        Array.from({ length: options.concurrency }, async () => {
          while (done < total && performance.now() < deadline) await write();
        }),
      );

    const start = await measure();
    await writeUpTo(options.warmup);
    const afterWarmup = await measure();
    const started = performance.now();
    const during: MemorySample[] = [];
    for (let sample = 1; sample <= options.samples; sample++) {
      await writeUpTo(options.warmup + Math.round((options.writes * sample) / options.samples));
      during.push(await measure());
    }
    const seconds = (performance.now() - started) / 1000;
    const end = during.at(-1) ?? afterWarmup;
    const middle = during[Math.floor(during.length / 2) - 1] ?? afterWarmup;
    return {
      writes: end.writes - afterWarmup.writes,
      writesPerSecond: Math.round((end.writes - afterWarmup.writes) / seconds),
      start,
      afterWarmup,
      during,
      rssRatioToStart: round(end.rssMB / start.rssMB, 2),
      rssRatioToWarmup: round(end.rssMB / afterWarmup.rssMB, 2),
      rssGrowthSecondHalfMB: round(end.rssMB - middle.rssMB, 1),
      /** What the second half of the writes left on the JS heap and in array buffers, per write. */
      retainedKBPerWriteSecondHalf: round(
        ((retained(end) - retained(middle)) * 1024) / Math.max(1, end.writes - middle.writes),
        2,
      ),
    };
  } finally {
    if (child.connected) child.send('close');
    await exited.catch(() => undefined);
  }
}
