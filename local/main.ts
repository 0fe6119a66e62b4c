import { logger } from '#shared/observability.js';
import { TokenConfigurationError } from '#shared/bank/token-source.js';
import { SignerConfigurationError } from '#shared/signing/signer.js';
import { VerifierConfigurationError } from '#shared/signing/verifier.js';
import { ConfigError, readConfig, readStartArguments } from './config.js';
import { PemFileError } from './keys.js';
import { prettyLogsInTerminal } from './pretty-log.js';
import { PortInUseError, startSandbox } from './sandbox.js';
import { HomeInUseError, SnapshotError } from './sandbox-state.js';

/** Mistakes in the settings: said in one line, without a stack trace. */
const configurationErrors = [
  ConfigError,
  PortInUseError,
  PemFileError,
  SnapshotError,
  HomeInUseError,
  SignerConfigurationError,
  TokenConfigurationError,
  VerifierConfigurationError,
];

/** `npm start`: the whole of Clearway on this machine, against the built-in bank simulator by default. */
async function main(): Promise<void> {
  prettyLogsInTerminal();
  const config = readConfig();
  const { fresh } = readStartArguments(process.argv.slice(2));
  const sandbox = await startSandbox(config, { state: fresh ? 'fresh' : 'resume' });
  const bank = sandbox.simulator
    ? `built-in simulator at ${sandbox.bankUrl} (admin: ${sandbox.bankUrl}/__sim/)`
    : sandbox.bankUrl;
  const { folder, resumedFrom } = sandbox.keptState ?? {};
  const state = resumedFrom
    ? `kept in ${folder} (resumed from ${resumedFrom}; npm start -- --fresh begins clean)`
    : `fresh (${folder})`;
  console.log(`
Clearway sandbox is running.

  gateway          ${sandbox.gatewayUrl}      (every mirrored operation at its bank path)
  webhooks         ${sandbox.gatewayUrl}/webhooks
  events           ${sandbox.gatewayUrl}/gateway/local/events
  signing key      ${sandbox.gatewayUrl}/gateway/signing-key   (private: ${sandbox.signingKeyPath})
  payments         ${sandbox.gatewayUrl}/gateway/payments/{endToEndId}
  bank public key  ${sandbox.bankPublicKeyPath}
  bank             ${bank}
  state            ${state}

Try it (a signed call through the gateway to the bank; its FITestEvent webhook becomes an event):

  curl -s -X POST ${sandbox.gatewayUrl}/v1/Test -H 'content-type: application/json' -H "Idempotency-Key: $(date +%s%N)" -d '{"Message":"Hello World"}'
  curl -s ${sandbox.gatewayUrl}/gateway/local/events

Walk-through: npm run demo        Stop: Ctrl-C
`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping the sandbox...');
    await sandbox.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  if (configurationErrors.some((type) => error instanceof type)) {
    console.error(`clearway sandbox: ${(error as Error).message}`);
  } else {
    logger.error('the sandbox could not start', error as Error);
  }
  process.exit(1);
});
