import { Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { synthesize } from './synth.js';

/** Every acknowledgement in the tree: construct path, rule id, reason. */
function acknowledgements(root: IConstruct): { path: string; id: string; reason: string }[] {
  return root.node.findAll().flatMap((construct) =>
    construct.node.metadata
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) =>
        Object.entries(entry.data as Record<string, string>).map(([id, reason]) => ({
          path: construct.node.path,
          id,
          reason,
        })),
      ),
  );
}

describe('cdk-nag AWS Solutions checks', () => {
  it.each([
    ['simulation', { env: 'simulation' }],
    [
      'production with every option on',
      {
        env: 'production',
        alarmEmail: 'treasury-ops@example.com',
        receiverProvisionedConcurrency: 2,
        internalApiEndpointType: 'PRIVATE',
        internalApiVpcEndpointIds: 'vpce-0a1b2c3d',
      },
    ],
  ])('report nothing unacknowledged for %s', (_name, context) => {
    // synthesize() runs the checks as a validation plugin: an unacknowledged finding makes synth throw.
    const { app } = synthesize(context);
    const report = new AwsSolutionsChecks().validateScope(app);
    expect(report.violations.map((violation) => `${violation.ruleName} ${violation.severity}`)).toEqual([]);
  });

  it('give every acknowledgement a specific reason', () => {
    const found = acknowledgements(synthesize().app);
    expect(found.length).toBeGreaterThan(0);
    for (const { id, reason } of found) {
      expect(id).toMatch(/AwsSolutions-[A-Z]+\d+/);
      expect(reason.length, `${id}: ${reason}`).toBeGreaterThan(80);
    }
  });

  it('need every acknowledgement: each one silences a finding that would otherwise be reported', () => {
    const { app } = synthesize();
    const unfiltered = new AwsSolutionsChecks();
    // The same checks with acknowledgements ignored.
    (unfiltered as unknown as { isAcknowledged: () => boolean }).isAcknowledged = () => false;
    const findings = unfiltered.validateScope(app).violations.flatMap((violation) =>
      violation.violatingResources.map((resource) => ({
        id: violation.ruleName,
        path: resource.constructPath,
      })),
    );
    for (const { path, id } of acknowledgements(app)) {
      const ruleId = id.replace(/^annotation::/i, '');
      expect(
        findings.some((finding) => finding.id === ruleId && finding.path?.startsWith(`${path}/`)),
        `${ruleId} acknowledged at ${path} matches no finding`,
      ).toBe(true);
    }
  });
});
