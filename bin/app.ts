/**
 * The CDK app: `cdk synth -c env=simulation|production` (default simulation). cdk-nag's AWS Solutions
 * checks run on every synth; a violation that is not acknowledged (with its reason, next to the resource)
 * fails it.
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { createClearway } from '#lib/clearway.js';
import { ConfigError, loadConfig } from '#lib/config.js';

const app = new App();
try {
  createClearway(
    app,
    loadConfig((key) => app.node.tryGetContext(key)),
  );
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`Clearway: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
