import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { testSandbox } from '../support/sandbox.js';

/**
 * The child process of `memory.ts`: one sandbox and nothing else, so its resident size is the sandbox's.
 * Answers `measure` with its memory once the sandbox has settled and after a forced GC (run it with
 * --expose-gc), and `close` by closing the sandbox.
 */
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc || !process.send) throw new Error('run with --expose-gc as a child process with an IPC channel');
const send = process.send.bind(process);
const { sandbox } = await testSandbox();
const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

process.on('message', async (message) => {
  if (message === 'measure') {
    await sandbox.settle();
    // Twice, a turn apart: what the first collection's finalizers let go is collected by the second.
    gc();
    await new Promise((resolve) => setImmediate(resolve));
    gc();
    const usage = process.memoryUsage();
    send({
      rssMB: megabytes(usage.rss),
      heapUsedMB: megabytes(usage.heapUsed),
      arrayBuffersMB: megabytes(usage.arrayBuffers),
    });
  } else if (message === 'close') {
    await sandbox.close();
    rmSync(dirname(sandbox.signingKeyPath), { recursive: true, force: true });
    process.disconnect();
  }
});
send({ gatewayUrl: sandbox.gatewayUrl });
