import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A saved simulator finds its state slots and scheduled tasks again by name (`npm start` resumes it), so two
 * slots or two tasks of the same name would take each other's data.
 */
const simulatorFolder = join(import.meta.dirname, '..', '..', '..', 'local', 'bank-sim');

function namesDefinedBy(kind: 'defineState' | 'defineTask'): string[] {
  const pattern = new RegExp(`${kind}\\(\\s*'([^']+)'`, 'g');
  return readdirSync(simulatorFolder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .flatMap((file) => [...readFileSync(join(simulatorFolder, file), 'utf8').matchAll(pattern)])
    .map((match) => match[1] as string);
}

describe("the simulator's saved names", () => {
  it.each(['defineState', 'defineTask'] as const)('are each given once by %s', (kind) => {
    const names = namesDefinedBy(kind);

    expect(names.length).toBeGreaterThan(5);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });
});
