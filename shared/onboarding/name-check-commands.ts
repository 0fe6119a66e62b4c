import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { nameCheckOnboardingResponses } from '../operations/name-check-onboarding/responses.js';
import { csrPathParams, pemWithoutLineBreaks } from '../operations/name-check-onboarding/schemas.js';
import { type CliContext, type Command, parseOptions, UsageError } from '../cli/framework.js';

/**
 * `clearway name-check-csr` and `clearway name-check-pem`: hosted name-check onboarding (spec part 1) through
 * the gateway. The bank issues the CSR; the directory signs it; the certificate goes back as a PEM with its
 * line breaks removed.
 */

const TARGET_OPTIONS = {
  'software-statement-id': { type: 'string' },
  'certificate-type': { type: 'string' },
  gateway: { type: 'string' },
} as const;

const TARGET_USAGE = `  --software-statement-id <id>  the name-check software statement in the directory (required)
  --certificate-type <type>     Transport or Signing (required)
  --gateway <url>               the gateway's base URL; default $CLEARWAY_GATEWAY_URL, else the local
                                sandbox (http://127.0.0.1:$CLEARWAY_PORT, port 3000 by default)`;

export const nameCheckCsrCommand: Command = {
  summary: 'fetch the bank-issued CSR of a name-check certificate through the gateway, line breaks kept',
  usage: `usage: clearway name-check-csr --software-statement-id <id> --certificate-type <Transport|Signing> [--out <file>] [--gateway <url>]

Calls GET /v1/softwarestatements/{id}/csr/{type} and writes the CSR exactly as received, with its
line breaks, for the directory to sign.

${TARGET_USAGE}
  --out <file>                  write the CSR to this file instead of standard output`,
  async run(args, context) {
    const options = parseOptions(args, { ...TARGET_OPTIONS, out: { type: 'string' } });
    const target = targetOf(options, context);
    if (options.out !== undefined && options.out.trim() === '')
      throw new UsageError('--out needs a file name');
    const path = `/v1/softwarestatements/${encodeURIComponent(target.softwareStatementId)}/csr/${target.certificateType}`;
    const response = await callGateway(context, `${target.gateway}${path}`, { method: 'GET' });
    const text = await response.text();
    if (!response.ok) throw new Error(failure('GET', path, response.status, text));
    const csr = csrFromAnswer(text);
    if (csr === undefined) throw new Error(`GET ${path} answered 200 without a PEM certificate request`);
    if (options.out === undefined) {
      context.out(csr);
      return;
    }
    await writeOut(options.out, csr);
    context.err(
      `wrote the ${target.certificateType} CSR of ${target.softwareStatementId} to ${options.out}\n`,
    );
  },
};

export const nameCheckPemCommand: Command = {
  summary: 'upload a signed name-check certificate (PEM file) through the gateway, line breaks removed',
  usage: `usage: clearway name-check-pem --software-statement-id <id> --certificate-type <Transport|Signing> --kid <kid> --pem-file <file> [--gateway <url>]

Reads the certificate the directory signed and calls POST /v1/softwarestatements/{id}/pem with
{"pem", "kid", "certificateType"}, the PEM's line breaks removed as the bank asks.

${TARGET_USAGE}
  --kid <kid>                   the certificate's key id in the directory (required)
  --pem-file <file>             the signed certificate, one PEM CERTIFICATE block (required)`,
  async run(args, context) {
    const options = parseOptions(args, {
      ...TARGET_OPTIONS,
      kid: { type: 'string' },
      'pem-file': { type: 'string' },
    });
    const target = targetOf(options, context);
    const kid = options.kid?.trim();
    if (!kid) throw new UsageError('pass the key id with --kid');
    const file = options['pem-file'];
    if (!file?.trim()) throw new UsageError('pass the certificate with --pem-file <file>');
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      throw new UsageError(`cannot read ${file}: ${(error as Error).message}`);
    }
    const blocks = text.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g) ?? [];
    if (blocks.length !== 1 || !blocks[0]) {
      throw new UsageError(`${file} must hold exactly one PEM CERTIFICATE block (found ${blocks.length})`);
    }
    const body = JSON.stringify({
      pem: pemWithoutLineBreaks(blocks[0]),
      kid,
      certificateType: target.certificateType,
    });
    const path = `/v1/softwarestatements/${encodeURIComponent(target.softwareStatementId)}/pem`;
    const response = await callGateway(context, `${target.gateway}${path}`, {
      method: 'POST',
      // One key per upload: a retry of this command is a new upload, which the bank takes again.
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body,
    });
    const answer = await response.text();
    if (!response.ok) throw new Error(failure('POST', path, response.status, answer));
    context.out(
      `uploaded the ${target.certificateType} certificate (kid ${kid}) of ${target.softwareStatementId}: ${response.status}\n`,
    );
  },
};

/** The statement and type, checked by the operation's own path rules, and the gateway to call. */
function targetOf(
  options: { 'software-statement-id'?: string; 'certificate-type'?: string; gateway?: string },
  context: CliContext,
) {
  if (options['software-statement-id'] === undefined)
    throw new UsageError('pass the software statement with --software-statement-id');
  if (options['certificate-type'] === undefined)
    throw new UsageError('pass --certificate-type Transport or Signing');
  const params = csrPathParams.safeParse({
    softwareStatementId: options['software-statement-id'],
    certificateType: options['certificate-type'],
  });
  if (!params.success) throw new UsageError(params.error.issues.map((issue) => issue.message).join(' '));
  const gateway = (
    options.gateway ??
    context.env.CLEARWAY_GATEWAY_URL ??
    `http://127.0.0.1:${context.env.CLEARWAY_PORT ?? '3000'}`
  ).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+/.test(gateway)) throw new UsageError(`--gateway ${gateway} is not an http(s) URL`);
  return { ...params.data, gateway };
}

/**
 * The CSR from a 200 answer: the PEM text itself (the simulator's form), or that text as a JSON string, since
 * the reference shows no body for this answer; undefined when it is neither.
 */
function csrFromAnswer(text: string): string | undefined {
  let candidate = text;
  if (text.trimStart().startsWith('"')) {
    try {
      candidate = JSON.parse(text) as string;
    } catch {
      return undefined;
    }
  }
  return nameCheckOnboardingResponses.getSoftwareStatementCsr.safeParse(candidate).success
    ? candidate
    : undefined;
}

/** The gateway's answer; an unreachable gateway is one line naming its URL and the cause. */
async function callGateway(context: CliContext, url: string, init: RequestInit): Promise<Response> {
  try {
    return await context.fetch(url, init);
  } catch (error) {
    const cause = (error as Error & { cause?: Error }).cause?.message ?? (error as Error).message;
    throw new Error(`cannot reach the gateway at ${new URL(url).origin}: ${cause}`, { cause: error });
  }
}

function failure(method: string, path: string, status: number, body: string): string {
  let detail = body.slice(0, 300);
  try {
    const problem = JSON.parse(body) as { title?: string; detail?: string; errors?: unknown };
    detail = [problem.title, problem.detail, problem.errors && JSON.stringify(problem.errors)]
      .filter(Boolean)
      .join(': ');
  } catch {
    // not JSON: the text as it came
  }
  return `${method} ${path} answered ${status}${detail ? `: ${detail}` : ''}`;
}

async function writeOut(file: string, text: string): Promise<void> {
  try {
    await writeFile(file, text);
  } catch (error) {
    throw new UsageError(`cannot write ${file}: ${(error as Error).message}`);
  }
}
