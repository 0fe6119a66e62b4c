import { randomUUID } from 'node:crypto';
import type { Account } from './iam.js';
import { jsonError, jsonReply, jsonService, requiredString, type Service } from './service.js';

export interface SecretDefinition {
  readonly name: string;
  /** With the six-character suffix Secrets Manager adds. */
  readonly arn: string;
  readonly secretString: string;
}

export interface SecretsManager {
  readonly service: Service;
  /** Replaces a secret's value with a new current version (the operator's step). */
  putSecretValue(nameOrArn: string, secretString: string): void;
}

interface Secret {
  readonly name: string;
  readonly arn: string;
  readonly createdDate: number;
  secretString: string;
  versionId: string;
  changedDate: number;
}

/** Secrets Manager reads: `GetSecretValue` and `DescribeSecret` of a secret named by name or ARN. */
export function secretsManager(definitions: readonly SecretDefinition[], account: Account): SecretsManager {
  const now = () => Date.now() / 1000;
  const secrets = definitions.map((definition): Secret => ({
    ...definition,
    createdDate: now(),
    changedDate: now(),
    versionId: randomUUID(),
  }));
  const find = (id: string) => secrets.find((secret) => secret.name === id || secret.arn === id);
  /** A secret not found is authorized on the ARN its name would have (without the suffix), as AWS does. */
  const arnOf = (id: string) =>
    find(id)?.arn ??
    (id.startsWith('arn:')
      ? id
      : `arn:${account.partition}:secretsmanager:${account.region}:${account.account}:secret:${id}`);
  const notFound = () =>
    jsonError('ResourceNotFoundException', "Secrets Manager can't find the specified secret.");

  const read =
    (answer: (secret: Secret) => unknown) => (input: Record<string, unknown>, _: unknown, action: string) => {
      const id = requiredString(input, 'SecretId', action);
      return {
        authorizations: [{ action, resource: arnOf(id) }],
        perform: () => {
          const secret = find(id);
          return secret === undefined ? notFound() : jsonReply(answer(secret));
        },
      };
    };

  return {
    service: jsonService('secretsmanager', {
      GetSecretValue: read((secret) => ({
        ARN: secret.arn,
        Name: secret.name,
        VersionId: secret.versionId,
        SecretString: secret.secretString,
        VersionStages: ['AWSCURRENT'],
        CreatedDate: secret.changedDate,
      })),
      DescribeSecret: read((secret) => ({
        ARN: secret.arn,
        Name: secret.name,
        CreatedDate: secret.createdDate,
        LastChangedDate: secret.changedDate,
        VersionIdsToStages: { [secret.versionId]: ['AWSCURRENT'] },
      })),
    }),
    putSecretValue: (nameOrArn, secretString) => {
      const secret = find(nameOrArn);
      if (secret === undefined) throw new Error(`no secret ${nameOrArn}`);
      Object.assign(secret, { secretString, versionId: randomUUID(), changedDate: now() });
    },
  };
}
