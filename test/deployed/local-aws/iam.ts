import { getDenialReasons, runSimulation, type RequestDenial } from '@cloud-copilot/iam-simulate';
import type { Authorization } from './service.js';

export interface Identity {
  /** The function's name: the role session's name, as Lambda names it. */
  readonly name: string;
  readonly roleArn: string;
  readonly policies: readonly { name: string; document: unknown }[];
}

export interface Decision {
  readonly allowed: boolean;
  /** Why not, worded as AWS words an AccessDenied message. */
  readonly reason?: string;
}

export interface Account {
  readonly account: string;
  readonly region: string;
  readonly partition: string;
}

/** The assumed-role session ARN AWS reports as the caller of a Lambda function (the role's path dropped). */
function sessionArn(identity: Identity, { account, partition }: Account): string {
  const roleName = identity.roleArn.split('/').at(-1);
  return `arn:${partition}:sts::${account}:assumed-role/${roleName}/${identity.name}`;
}

/**
 * Decides one same-account request the way IAM would: the caller's identity policies and the resource's
 * policy, with the global context keys a Lambda function's HTTPS request carries.
 */
export async function authorize(
  identity: Identity,
  authorization: Authorization,
  account: Account,
): Promise<Decision> {
  const principal = sessionArn(identity, account);
  const now = new Date();
  const result = await runSimulation(
    {
      request: {
        principal,
        action: authorization.action,
        resource: { resource: authorization.resource, accountId: account.account },
        contextVariables: {
          'aws:PrincipalArn': identity.roleArn,
          'aws:PrincipalAccount': account.account,
          'aws:SecureTransport': 'true',
          'aws:RequestedRegion': account.region,
          'aws:CurrentTime': now.toISOString(),
          'aws:EpochTime': String(Math.floor(now.getTime() / 1000)),
          ...authorization.context,
        },
      },
      identityPolicies: identity.policies.map(({ name, document }) => ({ name, policy: document })),
      serviceControlPolicies: [],
      resourceControlPolicies: [],
      resourcePolicy: authorization.resourcePolicy,
    },
    {},
  );
  const denied = `User: ${principal} is not authorized to perform: ${authorization.action} on resource: ${authorization.resource}`;
  if (result.resultType === 'error')
    return { allowed: false, reason: `${denied} because the simulator refused: ${result.errors.message}` };
  if (result.overallResult === 'Allowed') return { allowed: true };
  const reasons = result.resultType === 'single' ? getDenialReasons(result.result.analysis) : [];
  return { allowed: false, reason: `${denied} ${because(reasons[0], authorization.action)}` };
}

function because(denial: RequestDenial | undefined, action: string): string {
  const policy = denial?.policyType === 'resource' ? 'resource-based' : 'identity-based';
  if (denial?.denialType === 'Explicit') return `with an explicit deny in a ${policy} policy`;
  if (denial === undefined) return `because no policy allows the ${action} action`;
  return `because no ${policy} policy allows the ${action} action`;
}
