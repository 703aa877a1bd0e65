import { App, type AppProps, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ROUTES } from '../../functions/src/routes.ts';
import { BloomStack } from './bloom-stack.ts';
import { readConfig } from './config.ts';
import { EdgeStack } from './edge-stack.ts';
import { deploymentRegion } from './region.ts';

export interface BloomApp {
  app: App;
  stack: BloomStack;
  /** The us-east-1 stack of the site's web ACL; prod only (infra/README.md "Decisions worth knowing"). */
  edge: EdgeStack | undefined;
}

/**
 * The CDK app: one Bloom stack for the stage in context, in an EU region, and in prod the web ACL's stack in
 * us-east-1, all checked by cdk-nag's AWS Solutions rules.
 */
export function createApp(props?: AppProps): BloomApp {
  const app = new App(props);
  const config = readConfig(app.node);
  const region = deploymentRegion(app.node);
  const production = config.stage === 'prod';
  const edge = production
    ? new EdgeStack(app, `Bloom-${config.stage}-edge`, {
        stage: config.stage,
        routes: ROUTES,
        description: `Bloom web application firewall for CloudFront (${config.stage})`,
        terminationProtection: true,
      })
    : undefined;
  const stack = new BloomStack(app, `Bloom-${config.stage}`, {
    config,
    env: { region },
    description: `Bloom self-care planner (${config.stage})`,
    terminationProtection: production,
    webAclArn: edge?.firewall.webAclArn,
    crossRegionReferences: edge !== undefined,
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stack, edge };
}
