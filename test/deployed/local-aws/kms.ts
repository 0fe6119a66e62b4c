import {
  constants,
  createPrivateKey,
  createPublicKey,
  type KeyObject,
  privateEncrypt,
  sign,
} from 'node:crypto';
import type { Account } from './iam.js';
import {
  type Authorization,
  jsonError,
  jsonErrorOf,
  jsonReply,
  jsonService,
  Refusal,
  requiredString,
  type Service,
} from './service.js';

export interface KmsKeyDefinition {
  readonly keyId: string;
  readonly arn: string;
  /** `alias/<name>`. */
  readonly aliases?: readonly string[];
  /** RSA, PKCS #8 PEM. */
  readonly privateKeyPem: string;
  /** The key policy; absent, the one KMS gives a key created without one (the account may delegate to IAM). */
  readonly policy?: unknown;
}

interface Key {
  readonly definition: KmsKeyDefinition;
  readonly privateKey: KeyObject;
  readonly policy: unknown;
}

/** SHA-256's DigestInfo header (RFC 8017, 9.2): prefixed to a digest, PKCS #1 v1.5 signs it as it signs a message. */
const SHA256_DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex');
const SIGNS_WITH = 'RSASSA_PKCS1_V1_5_SHA_256';
/** What KMS lists for an RSA signing key. */
const RSA_SIGNING_ALGORITHMS = ['PSS', 'PKCS1_V1_5'].flatMap((scheme) =>
  ['256', '384', '512'].map((bits) => `RSASSA_${scheme}_SHA_${bits}`),
);

/**
 * KMS for asymmetric RSA signing keys: `Sign` (RSASSA_PKCS1_V1_5_SHA_256, RAW or DIGEST) and `GetPublicKey`.
 * A key is named by id, ARN or alias; the key policy is checked with the caller's own policies.
 */
export function kmsService(definitions: readonly KmsKeyDefinition[], account: Account): Service {
  const keys = definitions.map((definition): Key => ({
    definition,
    privateKey: createPrivateKey(definition.privateKeyPem),
    policy: definition.policy ?? defaultKeyPolicy(account),
  }));
  const find = (input: Record<string, unknown>, action: string) => {
    const keyId = requiredString(input, 'KeyId', action);
    const alias = /(^|:)(alias\/.+)$/.exec(keyId)?.[2];
    const key = keys.find(({ definition }) =>
      alias === undefined
        ? definition.keyId === keyId || definition.arn === keyId
        : definition.aliases?.includes(alias),
    );
    if (key === undefined)
      throw new Refusal(action, `Key '${keyId}' does not exist`, jsonErrorOf('NotFoundException'));
    const authorization = (context: Record<string, string>): Authorization => ({
      action,
      resource: key.definition.arn,
      resourcePolicy: key.policy,
      context: alias === undefined ? context : { ...context, 'kms:RequestAlias': alias },
    });
    return { key, authorization };
  };

  return jsonService('kms', {
    Sign: (input, _, action) => {
      const { key, authorization } = find(input, action);
      const algorithm = requiredString(input, 'SigningAlgorithm', action);
      const messageType = typeof input.MessageType === 'string' ? input.MessageType : 'RAW';
      const message = Buffer.from(requiredString(input, 'Message', action), 'base64');
      return {
        authorizations: [
          authorization({ 'kms:SigningAlgorithm': algorithm, 'kms:MessageType': messageType }),
        ],
        perform: () => {
          if (algorithm !== SIGNS_WITH)
            return jsonError(
              'UnsupportedOperationException',
              `the local cloud signs only with ${SIGNS_WITH}`,
            );
          if (messageType === 'DIGEST' && message.length !== 32)
            return jsonError(
              'ValidationException',
              'Digest is invalid length for algorithm RSASSA_PKCS1_V1_5_SHA_256.',
            );
          const signature =
            messageType === 'DIGEST'
              ? privateEncrypt(
                  { key: key.privateKey, padding: constants.RSA_PKCS1_PADDING },
                  Buffer.concat([SHA256_DIGEST_INFO, message]),
                )
              : sign('sha256', message, key.privateKey);
          return jsonReply({
            KeyId: key.definition.arn,
            Signature: signature.toString('base64'),
            SigningAlgorithm: algorithm,
          });
        },
      };
    },
    GetPublicKey: (input, _, action) => {
      const { key, authorization } = find(input, action);
      return {
        authorizations: [authorization({})],
        perform: () => {
          const keySpec = `RSA_${key.privateKey.asymmetricKeyDetails?.modulusLength}`;
          return jsonReply({
            KeyId: key.definition.arn,
            PublicKey: createPublicKey(key.privateKey)
              .export({ type: 'spki', format: 'der' })
              .toString('base64'),
            KeySpec: keySpec,
            CustomerMasterKeySpec: keySpec,
            KeyUsage: 'SIGN_VERIFY',
            SigningAlgorithms: RSA_SIGNING_ALGORITHMS,
          });
        },
      };
    },
  });
}

/** The key policy KMS gives a key created without one: the account's IAM policies decide. */
function defaultKeyPolicy({ partition, account }: Account): unknown {
  return {
    Version: '2012-10-17',
    Statement: [
      {
        Sid: 'Enable IAM User Permissions',
        Effect: 'Allow',
        Principal: { AWS: `arn:${partition}:iam::${account}:root` },
        Action: 'kms:*',
        Resource: '*',
      },
    ],
  };
}
