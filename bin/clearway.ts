#!/usr/bin/env -S npx tsx
/**
 * The `clearway` command line: `npm run clearway -- <command> [options]`.
 * Add a subcommand by adding one entry below; its logic lives outside this file. `help` is built in.
 */
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { KMSClient } from '@aws-sdk/client-kms';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SQSClient } from '@aws-sdk/client-sqs';
import { text } from 'node:stream/consumers';
import { type CliContext, type Commands, runCli } from '#shared/cli/framework.js';
import { csrCommand, keysCommand } from '#shared/onboarding/commands.js';
import { nameCheckCsrCommand, nameCheckPemCommand } from '#shared/onboarding/name-check-commands.js';
import { tokenCommand } from '#shared/onboarding/token-command.js';
import { replayCommand } from '#shared/events/replay-command.js';
import { redriveDlqCommand } from '#shared/webhooks/redrive-command.js';
import { callCommand } from './call-command.js';

const commands: Commands = {
  csr: csrCommand,
  keys: keysCommand,
  token: tokenCommand,
  'name-check-csr': nameCheckCsrCommand,
  'name-check-pem': nameCheckPemCommand,
  'redrive-dlq': redriveDlqCommand,
  replay: replayCommand,
  call: callCommand,
};

let kms: KMSClient | undefined;
let sqs: SQSClient | undefined;
let secretsManager: SecretsManagerClient | undefined;
let eventBridge: EventBridgeClient | undefined;
const context: CliContext = {
  env: process.env,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  kms: () => {
    kms ??= new KMSClient({});
    return kms;
  },
  sqs: () => {
    sqs ??= new SQSClient({});
    return sqs;
  },
  secretsManager: () => {
    secretsManager ??= new SecretsManagerClient({});
    return secretsManager;
  },
  eventBridge: () => {
    eventBridge ??= new EventBridgeClient({});
    return eventBridge;
  },
  now: () => new Date(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  readStdin: () => text(process.stdin),
  fetch: (url, init) => fetch(url, init),
};

process.exitCode = await runCli(commands, process.argv.slice(2), context);
