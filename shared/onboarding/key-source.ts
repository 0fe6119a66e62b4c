import { ENV } from '../config/function-environment.js';
import { KmsSigner } from '../signing/kms-signer.js';
import { PemSigner } from '../signing/pem-signer.js';
import type { Signer } from '../signing/signer.js';
import { type CliContext, UsageError } from '../cli/framework.js';

/** The options every key-using command accepts. */
export const KEY_OPTIONS = {
  'key-file': { type: 'string' },
  'kms-key-id': { type: 'string' },
} as const;

export const KEY_OPTIONS_USAGE = `  --key-file <path>     a PKCS #8 PEM private key (sandbox and simulation)
  --kms-key-id <id>     a KMS key id, ARN or alias (default: $${ENV.signingKeyId})`;

/**
 * The signer the options name: `--key-file` is a PEM file, `--kms-key-id` (or `SIGNING_KEY_ID`) a KMS key.
 * A PEM file is read and checked here, so a bad file fails before anything else happens.
 */
export function signerFromOptions(
  options: { 'key-file'?: string | undefined; 'kms-key-id'?: string | undefined },
  context: CliContext,
): Signer {
  const keyFile = options['key-file'];
  const kmsKeyId = options['kms-key-id'];
  if (keyFile !== undefined && kmsKeyId !== undefined) {
    throw new UsageError('give either --key-file or --kms-key-id, not both');
  }
  if (keyFile !== undefined) {
    if (keyFile.trim() === '') throw new UsageError('--key-file needs a path to a PEM private key');
    return PemSigner.fromFile(keyFile);
  }
  const keyId = kmsKeyId ?? context.env[ENV.signingKeyId];
  if (keyId === undefined || keyId.trim() === '') {
    throw new UsageError(
      `no signing key: pass --key-file <pem> or --kms-key-id <id>, or set ${ENV.signingKeyId}`,
    );
  }
  return namingKmsFailures(new KmsSigner(context.kms(), keyId.trim()), keyId.trim());
}

/** KMS and network errors say which key was being used ("KMS key alias/x: AccessDeniedException: ..."). */
function namingKmsFailures(signer: Signer, keyId: string): Signer {
  const named = (error: unknown): Error => {
    const { name, message } = error instanceof Error ? error : new Error(String(error));
    return new Error(`KMS key ${keyId}: ${name === 'Error' ? '' : `${name}: `}${message}`, { cause: error });
  };
  return {
    sign: (bytes) => signer.sign(bytes).catch((error) => Promise.reject(named(error))),
    publicKeyPem: () => signer.publicKeyPem().catch((error) => Promise.reject(named(error))),
  };
}
