import { type ParseArgsConfig, parseArgs } from 'node:util';
import type { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import type { KMSClient } from '@aws-sdk/client-kms';
import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { SQSClient } from '@aws-sdk/client-sqs';
import { SignerConfigurationError } from '../signing/signer.js';
import { CsrSubjectError } from '../onboarding/csr.js';

/** What a subcommand may touch; `bin/clearway.ts` wires it to the process, tests to fakes. */
export interface CliContext {
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Writes to standard output (results: PEM blocks). */
  out(text: string): void;
  /** Writes to standard error (notes and errors). */
  err(text: string): void;
  /** The KMS client, created only when a command uses KMS. */
  kms(): KMSClient;
  /** The SQS client, created only when a command uses SQS. */
  sqs(): SQSClient;
  /** The Secrets Manager client, created only when a command uses it. */
  secretsManager(): SecretsManagerClient;
  /** The EventBridge client, created only when a command uses it. */
  eventBridge(): EventBridgeClient;
  /** The time now (tests fix it). */
  now(): Date;
  /** Waits between polls (tests do not wait). */
  sleep(ms: number): Promise<void>;
  /** Standard input, whole (secrets are read from it, never from the command line). */
  readStdin(): Promise<string>;
  /** HTTP to the gateway (commands that call it). */
  fetch(url: string, init: RequestInit): Promise<Response>;
}

export interface Command {
  /** One line for `clearway help`. */
  readonly summary: string;
  /** The full usage text for `clearway help <command>` and `clearway <command> --help`. */
  readonly usage: string;
  run(args: string[], context: CliContext): Promise<void>;
}

export type Commands = Readonly<Record<string, Command>>;

/** Bad input from the person at the keyboard (missing option, unreadable file, bad subject): exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

/**
 * Runs `clearway <command> [options]` and returns the exit code. Errors become one line on standard error:
 * bad input exits 2, anything else (KMS refused, network) exits 1; never a stack trace.
 */
export async function runCli(
  commands: Commands,
  argv: readonly string[],
  context: CliContext,
): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    const topic = name === 'help' ? args[0] : undefined;
    if (topic === undefined) {
      if (name === undefined) {
        context.err(overview(commands));
        return EXIT_USAGE;
      }
      context.out(overview(commands));
      return EXIT_OK;
    }
    const command = Object.hasOwn(commands, topic) ? commands[topic] : undefined;
    if (!command) return fail(context, 'help', `unknown command "${topic}"; ${known(commands)}`, EXIT_USAGE);
    context.out(`${command.usage.trimEnd()}\n`);
    return EXIT_OK;
  }
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!command) return fail(context, undefined, `unknown command "${name}"; ${known(commands)}`, EXIT_USAGE);
  if (args.includes('--help') || args.includes('-h')) {
    context.out(`${command.usage.trimEnd()}\n`);
    return EXIT_OK;
  }
  try {
    await command.run(args, context);
    return EXIT_OK;
  } catch (error) {
    if (isUsageError(error)) return fail(context, name, error.message, EXIT_USAGE);
    return fail(context, name, describe(error), EXIT_FAILURE);
  }
}

/** `node:util` parseArgs in strict mode, its errors turned into a `UsageError`. */
export function parseOptions<T extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: T) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0] ?? 'invalid options');
  }
}

function isUsageError(error: unknown): error is Error {
  return (
    error instanceof UsageError ||
    error instanceof CsrSubjectError ||
    error instanceof SignerConfigurationError
  );
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const message = error.message.split('\n')[0] ?? '';
  return error.name && error.name !== 'Error' && !message.includes(error.name)
    ? `${error.name}: ${message}`
    : message;
}

function fail(context: CliContext, command: string | undefined, message: string, code: number): number {
  context.err(`${command ? `clearway ${command}` : 'clearway'}: ${message}\n`);
  return code;
}

function known(commands: Commands): string {
  return `commands: ${[...Object.keys(commands), 'help'].join(', ')}`;
}

function overview(commands: Commands): string {
  const names = [...Object.keys(commands), 'help'];
  const width = Math.max(...names.map((n) => n.length));
  const lines = Object.entries(commands).map(([n, c]) => `  ${n.padEnd(width)}  ${c.summary}`);
  lines.push(`  ${'help'.padEnd(width)}  show this list, or one command's options: clearway help <command>`);
  return `usage: clearway <command> [options]\n\n${lines.join('\n')}\n`;
}
