import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Runs `openssl req` on a CSR PEM and returns standard output and error together. `openssl req -verify`
 * exits 0 whether or not the signature holds ("verify OK" / "verify failure"), so callers check the text.
 */
export function opensslReq(csrPem: string, ...args: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'clearway-csr-'));
  try {
    const file = join(dir, 'request.csr');
    writeFileSync(file, csrPem);
    const result = spawnSync('openssl', ['req', '-in', file, '-noout', ...args], { encoding: 'utf8' });
    if (result.error) throw result.error;
    return `${result.stdout}${result.stderr}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The DER inside a PEM block. */
export function pemToDer(pem: string): Buffer {
  return Buffer.from(pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, ''), 'base64');
}
