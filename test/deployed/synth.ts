import { readFileSync } from 'node:fs';
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { createClearway } from '#lib/clearway.js';
import { loadConfig } from '#lib/config.js';
import type { EnvironmentName } from '#shared/config/function-environment.js';
import { type CfnTemplate, cdkJsonContext } from '../infra/synth.js';

export interface SynthesizedAssembly {
  readonly envName: EnvironmentName;
  /** The cloud assembly folder: templates, and one `asset.<hash>` folder per bundle. */
  readonly outdir: string;
  readonly stateful: { stackName: string; templateFile: string };
  readonly stateless: { stackName: string; templateFile: string };
  readonly api: { stackName: string; templateFile: string };
}

/**
 * `cdk synth -c env=<envName>` into `outdir`, as bin/app.ts builds the app: real bundling (every function's
 * esbuild bundle staged in the assembly, exactly what `cdk deploy` uploads) and cdk-nag's checks.
 */
export function synthesizeForDeployment(envName: EnvironmentName, outdir: string): SynthesizedAssembly {
  const app = new App({
    outdir,
    // What the CLI adds to every synth: asset and construct-path metadata in the templates.
    context: {
      ...cdkJsonContext,
      env: envName,
      // Production synthesizes only with someone its alarms reach.
      ...(envName === 'production' && { alarmEmail: 'treasury-ops@example.com' }),
      'aws:cdk:enable-asset-metadata': true,
      'aws:cdk:enable-path-metadata': true,
    },
  });
  const { stateful, stateless, api } = createClearway(
    app,
    loadConfig((key) => app.node.tryGetContext(key)),
  );
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  const assembly = app.synth();
  const stack = (name: string) => {
    const artifact = assembly.getStackByName(name);
    return { stackName: name, templateFile: artifact.templateFullPath };
  };
  return {
    envName,
    outdir,
    stateful: stack(stateful.stackName),
    stateless: stack(stateless.stackName),
    api: stack(api.stackName),
  };
}

export function readTemplate(file: string): CfnTemplate {
  return JSON.parse(readFileSync(file, 'utf8')) as CfnTemplate;
}
