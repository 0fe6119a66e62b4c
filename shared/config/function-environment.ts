/** Names of the environment variables the CDK stack sets and the functions read: one list, two users. */
export const ENV = {
  bankBaseUrl: 'BANK_BASE_URL',
  apiTokenSecretId: 'API_TOKEN_SECRET_ID',
  signingKeyId: 'SIGNING_KEY_ID',
  idempotencyTable: 'IDEMPOTENCY_TABLE',
  inboxTable: 'WEBHOOK_INBOX_TABLE',
  webhookQueueUrl: 'WEBHOOK_QUEUE_URL',
  eventBusName: 'EVENT_BUS_NAME',
  /** SSM parameter holding one or more PEM public keys of the bank (several during a rotation). */
  bankPublicKeysParameter: 'BANK_PUBLIC_KEYS_PARAMETER',
  /** `true` when the institution has an overdraft agreement with the bank (negative minimumBalance allowed). */
  overdraftAgreement: 'OVERDRAFT_AGREEMENT',
} as const;

export type EnvName = (typeof ENV)[keyof typeof ENV];
