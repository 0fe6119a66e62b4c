import type { Account } from './iam.js';
import { jsonError, jsonReply, jsonService, requiredString, type Service } from './service.js';

export interface ParameterDefinition {
  readonly name: string;
  readonly value: string;
}

/** SSM Parameter Store's `GetParameter` of a String parameter named by its name. */
export function parameterStore(definitions: readonly ParameterDefinition[], account: Account): Service {
  const created = Date.now() / 1000;
  const values = new Map(definitions.map(({ name, value }) => [name, value]));
  /** The ARN drops the name's leading slash: `parameter/clearway/...` for `/clearway/...`. */
  const arnOf = (name: string) =>
    `arn:${account.partition}:ssm:${account.region}:${account.account}:parameter/${name.replace(/^\//, '')}`;

  return jsonService('ssm', {
    GetParameter: (input, _, action) => {
      const name = requiredString(input, 'Name', action);
      return {
        authorizations: [{ action, resource: arnOf(name) }],
        perform: () => {
          const value = values.get(name);
          if (value === undefined) return jsonError('ParameterNotFound', `Parameter ${name} not found.`);
          return jsonReply({
            Parameter: {
              Name: name,
              Type: 'String',
              Value: value,
              Version: 1,
              LastModifiedDate: created,
              ARN: arnOf(name),
              DataType: 'text',
            },
          });
        },
      };
    },
  });
}
