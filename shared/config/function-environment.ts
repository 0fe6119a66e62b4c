/** The bank environments a stack is deployed against (`lib/config.ts`); the sandbox is `simulation`. */
export const ENVIRONMENT_NAMES = ['simulation', 'production'] as const;
export type EnvironmentName = (typeof ENVIRONMENT_NAMES)[number];

/** Names of the environment variables the CDK stack sets and the functions read: one list, two users. */
export const ENV = {
  bankBaseUrl: 'BANK_BASE_URL',
  apiTokenSecretId: 'API_TOKEN_SECRET_ID',
  signingKeyId: 'SIGNING_KEY_ID',
  idempotencyTable: 'IDEMPOTENCY_TABLE',
  inboxTable: 'WEBHOOK_INBOX_TABLE',
  /** The payment records (end-to-end id to status and history); where it is set, payments are tracked. */
  paymentsTable: 'PAYMENTS_TABLE',
  fxTable: 'FX_TABLE',
  mccyBatchesTable: 'MCCY_BATCHES_TABLE',
  /** What needs a person's attention (shared/gateway/attention.ts): raised by trackers, read by the sweep. */
  attentionTable: 'ATTENTION_TABLE',
  /** Minutes an attention item may stay before the sweep counts it as overdue (an alarm on AWS). */
  attentionAfterMinutes: 'ATTENTION_AFTER_MINUTES',
  /** Minutes after the processing time before a batch with open transactions is overdue (default 240). */
  mccyOverdueAfterMinutes: 'MCCY_OVERDUE_AFTER_MINUTES',
  /** The Step Functions state machine of scheduled multi-currency batches (one execution per batch). */
  mccyBatchWorkflowArn: 'MCCY_BATCH_WORKFLOW_ARN',
  /** The payee name-check outcomes by end-to-end id. */
  nameChecksTable: 'NAME_CHECKS_TABLE',
  /** The account closures the gateway follows, by account id (shared/account-closures/). */
  accountClosuresTable: 'ACCOUNT_CLOSURES_TABLE',
  /** How many hours a name-check outcome is kept (whole hours). */
  nameCheckTtlHours: 'NAME_CHECK_TTL_HOURS',
  /** `off` or `refuse-no-match`: what the payments function does with a payment's name-check outcome. */
  nameCheckPolicy: 'NAME_CHECK_POLICY',
  /** With `refuse-no-match`: payments above this amount need a name check (decimal text; unset: none). */
  nameCheckRequireAbove: 'NAME_CHECK_REQUIRE_ABOVE',
  webhookQueueUrl: 'WEBHOOK_QUEUE_URL',
  /** The webhook dead-letter queue, also the quarantine of webhooks that can never be processed. */
  webhookDeadLetterQueueUrl: 'WEBHOOK_DEAD_LETTER_QUEUE_URL',
  /** S3 bucket of the webhook bodies too large for a queue message. */
  webhookBodyBucket: 'WEBHOOK_BODY_BUCKET',
  /** S3 bucket of the bank's statements; where it is set, the processor downloads and keeps them. */
  statementBucket: 'STATEMENT_BUCKET',
  eventBusName: 'EVENT_BUS_NAME',
  /** SSM parameter holding one or more PEM public keys of the bank (several during a rotation). */
  bankPublicKeysParameter: 'BANK_PUBLIC_KEYS_PARAMETER',
  /** That parameter's value as CloudFormation resolved it at the last deploy: verifies without an SSM client. */
  bankPublicKeys: 'BANK_PUBLIC_KEYS',
  /** `true` when the institution has an overdraft agreement with the bank (negative minimumBalance allowed). */
  overdraftAgreement: 'OVERDRAFT_AGREEMENT',
  /** `true` when the bank entity wants the path-based signature on the operations that ask for it. */
  pathSignature: 'PATH_SIGNATURE',
  /** `simulation` or `production`: operations the bank offers only in simulation are refused elsewhere. */
  environment: 'CLEARWAY_ENVIRONMENT',
} as const;

export type EnvName = (typeof ENV)[keyof typeof ENV];

/**
 * The names of `ENV` a function may find unset, because unset has a meaning the code gives it. Every other
 * name a function reads at cold start must be set by its template (`test/deployed/artifacts.test.ts`): an
 * unset table or bucket is not a default but a part switched off without a word (the processor once
 * followed payments only where `PAYMENTS_TABLE` was set).
 */
export const ENV_WITH_DEFAULTS: readonly EnvName[] = [
  // 240 minutes after the processing time before a batch with open transactions is overdue.
  ENV.mccyOverdueAfterMinutes,
  // `off`: a payment's name-check outcome is only recorded on it, never a reason to refuse it.
  ENV.nameCheckPolicy,
  // No threshold: with `refuse-no-match`, only a "no match" check refuses a payment; an unchecked one goes.
  ENV.nameCheckRequireAbove,
  // 24 hours: how long a name-check outcome counts for the payment with its end-to-end id.
  ENV.nameCheckTtlHours,
  // No overdraft agreement: a negative minimumBalance is refused before the bank is called.
  ENV.overdraftAgreement,
  // Off, as the UK entity: reads and closes carry no path-based signature.
  ENV.pathSignature,
  // No keys from the deploy: the receiver reads them from the SSM parameter on its first webhook.
  ENV.bankPublicKeys,
];
