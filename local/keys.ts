import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface KeyFiles {
  privateKeyPath: string;
  publicKeyPath: string;
}

/** An RSA-2048 pair in `home`, generated on first run and reused after (PKCS #8 and SPKI PEM). */
export function ensureKeyPair(home: string, name: string): KeyFiles {
  const privateKeyPath = join(home, `${name}.key.pem`);
  const publicKeyPath = join(home, `${name}.pub.pem`);
  if (!existsSync(privateKeyPath) || !existsSync(publicKeyPath)) {
    mkdirSync(home, { recursive: true });
    const { privateKey, publicKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    writeFileSync(privateKeyPath, privateKey, { mode: 0o600 });
    writeFileSync(publicKeyPath, publicKey);
  }
  return { privateKeyPath, publicKeyPath };
}

/** The sandbox's API token for the built-in simulator, generated once like a token from the bank's portal. */
export function ensureSandboxToken(home: string): string {
  const path = join(home, 'api-token');
  if (!existsSync(path)) {
    mkdirSync(home, { recursive: true });
    writeFileSync(path, `sandbox-${randomBytes(24).toString('base64url')}`, { mode: 0o600 });
  }
  return readFileSync(path, 'utf8').trim();
}

export class PemFileError extends Error {
  override readonly name = 'PemFileError';
}

export function readPem(path: string, variable: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new PemFileError(`${variable}: cannot read ${path}: ${(error as Error).message}`, { cause: error });
  }
}
