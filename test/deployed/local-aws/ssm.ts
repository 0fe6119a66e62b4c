import type { Account } from './iam.js';
import { jsonError, jsonReply, jsonService, requiredString, type Service } from './service.js';

export interface ParameterDefinition {
  readonly name: string;
  readonly value: string;
}

export interface ParameterStore {
  readonly service: Service;
  /** Replaces a parameter's value with a new version (the operator's step). */
  putParameter(name: string, value: string): void;
}

interface Parameter {
  value: string;
  version: number;
  modified: number;
}

/** SSM Parameter Store's `GetParameter` of a String parameter named by its name. */
export function parameterStore(
  definitions: readonly ParameterDefinition[],
  account: Account,
): ParameterStore {
  const parameters = new Map(
    definitions.map(({ name, value }): [string, Parameter] => [
      name,
      { value, version: 1, modified: Date.now() / 1000 },
    ]),
  );
  /** The ARN drops the name's leading slash: `parameter/clearway/...` for `/clearway/...`. */
  const arnOf = (name: string) =>
    `arn:${account.partition}:ssm:${account.region}:${account.account}:parameter/${name.replace(/^\//, '')}`;

  return {
    service: jsonService('ssm', {
      GetParameter: (input) => {
        const name = requiredString(input, 'Name', 'ssm:GetParameter');
        return {
          authorizations: [{ action: 'ssm:GetParameter', resource: arnOf(name) }],
          perform: () => {
            const parameter = parameters.get(name);
            if (parameter === undefined)
              return jsonError('ParameterNotFound', `Parameter ${name} not found.`);
            return jsonReply({
              Parameter: {
                Name: name,
                Type: 'String',
                Value: parameter.value,
                Version: parameter.version,
                LastModifiedDate: parameter.modified,
                ARN: arnOf(name),
                DataType: 'text',
              },
            });
          },
        };
      },
    }),
    putParameter: (name, value) => {
      const parameter = parameters.get(name);
      if (parameter === undefined) throw new Error(`no parameter ${name}`);
      Object.assign(parameter, { value, version: parameter.version + 1, modified: Date.now() / 1000 });
    },
  };
}
