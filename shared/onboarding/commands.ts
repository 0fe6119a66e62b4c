import { writeFile } from 'node:fs/promises';
import { type Command, parseOptions, UsageError } from '../cli/framework.js';
import { createCsr, parseSubject } from './csr.js';
import { KEY_OPTIONS, KEY_OPTIONS_USAGE, signerFromOptions } from './key-source.js';

/** `clearway csr`: the PKCS #10 request to upload to the bank's portal. */
export const csrCommand: Command = {
  summary: 'write a PKCS #10 CSR for the signing key (KMS or PEM), for the portal upload',
  usage: `usage: clearway csr --subject "CN=..." [--key-file <path> | --kms-key-id <id>] [--out <file>]

Writes a certificate signing request whose public key is the signing key and whose signature the
signing key made (sha256WithRSAEncryption). With KMS the private key never leaves KMS.

  --subject <dn>        the subject, e.g. "CN=Acme Payments, O=Acme Ltd, C=GB" (required)
${KEY_OPTIONS_USAGE}
  --out <file>          write the PEM to this file instead of standard output`,
  async run(args, context) {
    const options = parseOptions(args, {
      subject: { type: 'string' },
      out: { type: 'string' },
      ...KEY_OPTIONS,
    });
    if (options.subject === undefined)
      throw new UsageError('the subject is missing: pass --subject "CN=..."');
    parseSubject(options.subject);
    if (options.out !== undefined && options.out.trim() === '')
      throw new UsageError('--out needs a file name');
    const signer = signerFromOptions(options, context);
    const pem = await createCsr(signer, options.subject);
    if (options.out === undefined) {
      context.out(pem);
      return;
    }
    try {
      await writeFile(options.out, pem);
    } catch (error) {
      throw new UsageError(`cannot write ${options.out}: ${(error as Error).message}`);
    }
    context.err(`wrote the CSR for "${options.subject}" to ${options.out}\n`);
  },
};

/** `clearway keys`: the public signing key, as the bank and `GET /gateway/...` publish it. */
export const keysCommand: Command = {
  summary: 'print the public signing key (SPKI PEM)',
  usage: `usage: clearway keys [--key-file <path> | --kms-key-id <id>]

Prints the public half of the signing key as a PEM "PUBLIC KEY" block.

${KEY_OPTIONS_USAGE}`,
  async run(args, context) {
    const options = parseOptions(args, { ...KEY_OPTIONS });
    context.out(await signerFromOptions(options, context).publicKeyPem());
  },
};
