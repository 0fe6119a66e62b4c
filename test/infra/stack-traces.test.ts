import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleLambda } from '../support/lambda-bundle.js';

const root = join(import.meta.dirname, '..', '..');
const outdir = mkdtempSync(join(tmpdir(), 'clearway-stack-traces-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

/** The stack of an error thrown in decimal.js, called from the fixture, in a bundle run as the Lambda runs it. */
async function stackOfBundledError(): Promise<string[]> {
  await bundleLambda({ root, entry: 'test/fixtures/bundles/throws-in-a-dependency.ts', outdir });
  const index = pathToFileURL(join(outdir, 'index.mjs')).href;
  const code = `const { parseOrThrow } = await import(${JSON.stringify(index)}); try { parseOrThrow('not a number'); } catch (error) { console.log(error.stack); }`;
  // No --enable-source-maps: the Lambda runs without it.
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', code], {
    env: { PATH: process.env.PATH ?? '' },
    timeout: 20_000,
  });
  return stdout.trimEnd().split('\n');
}

describe('stack traces of a deployed function', () => {
  it('name the project’s source and the dependency’s, read from the maps only when the stack is', async () => {
    const [header, ...frames] = await stackOfBundledError();
    expect(header).toBe('Error: [DecimalError] Invalid argument: not a number');
    expect(frames.every((frame) => frame.startsWith('    at '))).toBe(true);
    expect(frames[0]).toMatch(/node_modules\/decimal\.js\/decimal\.mjs:\d+:\d+\)$/);
    expect(
      frames.some((frame) => /test\/fixtures\/bundles\/throws-in-a-dependency\.ts:5:10\)$/.test(frame)),
    ).toBe(true);
    // A frame outside the bundle is V8's own text.
    expect(frames[frames.length - 1]).toMatch(/\[eval1\]:1:\d+$/);
  });
});
