import { Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { RouteDefinition } from '../../functions/src/routes.ts';
import type { Stage } from './config.ts';
import { SiteFirewall } from './firewall.ts';

/**
 * CloudFront reads its web ACL from us-east-1 only (WAF scope CLOUDFRONT), while Bloom lives in an EU region
 * (infra/lib/region.ts). So the web ACL gets this small stack of its own in us-east-1, and the Bloom stack takes
 * its ARN through CDK's cross-region references (an SSM parameter written into Bloom's region on deploy). It
 * holds rules and metrics only: no data, no logs, no sampled requests.
 */
export const EDGE_REGION = 'us-east-1';

export interface EdgeStackProps extends StackProps {
  stage: Stage;
  routes: readonly RouteDefinition[];
}

export class EdgeStack extends Stack {
  readonly firewall: SiteFirewall;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, { ...props, env: { ...props.env, region: EDGE_REGION }, crossRegionReferences: true });
    this.firewall = new SiteFirewall(this, 'Firewall', { stage: props.stage, routes: props.routes });
  }
}
