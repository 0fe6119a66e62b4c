import { PutSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { parseTokenSecret } from '../bank/token-source.js';
import { type Command, parseOptions, UsageError } from '../cli/framework.js';

/** The bank issues tokens for at most a year (spec part 1, Authentication). */
const MAX_VALIDITY_MS = 366 * 24 * 60 * 60 * 1000;

/**
 * `clearway token`: stores the API token shown once by the bank's portal, with its expiry, in the secret the
 * functions read. The token comes from standard input so it never lands in shell history or a process list.
 */
export const tokenCommand: Command = {
  summary: 'store the API token from the portal (read from standard input) and its expiry in the secret',
  usage: `usage: clearway token --secret-id <arn> --expires-at <YYYY-MM-DD> < token.txt

Reads the token from standard input and writes {"token","expiresAt"} to the secret (stack output
ApiTokenSecretArn). Functions pick it up within 5 minutes. The token is never printed.

  --secret-id <arn>        the secret's ARN or name (required)
  --expires-at <date>      the expiry chosen in the portal, at most a year ahead (required)`,
  async run(args, context) {
    const options = parseOptions(args, { 'secret-id': { type: 'string' }, 'expires-at': { type: 'string' } });
    const secretId = options['secret-id']?.trim();
    if (!secretId) throw new UsageError('pass the secret with --secret-id (stack output ApiTokenSecretArn)');
    const expiresAt = options['expires-at'] ?? '';
    const expiry = Date.parse(expiresAt);
    if (!/^\d{4}-\d{2}-\d{2}/.test(expiresAt) || Number.isNaN(expiry)) {
      throw new UsageError('--expires-at must be the expiry date from the portal, as YYYY-MM-DD');
    }
    const now = Date.now();
    if (expiry <= now) throw new UsageError(`--expires-at ${expiresAt} is already past`);
    if (expiry > now + MAX_VALIDITY_MS)
      throw new UsageError('--expires-at is more than a year ahead; tokens last a year at most');
    const token = (await context.readStdin()).trim();
    if (token === '' || /\s/.test(token)) {
      throw new UsageError('standard input must hold the token alone (one line, no spaces)');
    }
    const secret = JSON.stringify({ token, expiresAt });
    parseTokenSecret(secret, 'the new secret value');
    await context
      .secretsManager()
      .send(new PutSecretValueCommand({ SecretId: secretId, SecretString: secret }));
    context.out(`stored the API token ending …${token.slice(-4)} in ${secretId}, expiring ${expiresAt}\n`);
  },
};
