import { App, type AppProps, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { BloomStack } from './bloom-stack.ts';
import { readConfig } from './config.ts';
import { deploymentRegion } from './region.ts';

/**
 * The CDK app: one Bloom stack for the stage in context, in an EU region, checked by cdk-nag's AWS Solutions
 * rules.
 */
export function createApp(props?: AppProps): { app: App; stack: BloomStack } {
  const app = new App(props);
  const config = readConfig(app.node);
  const stack = new BloomStack(app, `Bloom-${config.stage}`, {
    config,
    env: { region: deploymentRegion(app.node) },
    description: `Bloom self-care planner (${config.stage})`,
    terminationProtection: config.stage === 'prod',
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stack };
}
