import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { ROUTES, type RouteDefinition } from '../../functions/src/routes.ts';
import { Api } from './api.ts';
import { Auth, hostedUiDomainOf } from './auth.ts';
import { Billing } from './billing.ts';
import { Coach } from './coach.ts';
import type { BloomConfig } from './config.ts';
import { Data } from './data.ts';
import { Monitoring } from './monitoring.ts';
import { Web } from './web.ts';

export interface BloomStackProps extends StackProps {
  config: BloomConfig;
  /** The shared route table; tests may pass another. */
  routes?: readonly RouteDefinition[];
  /** The web ACL (scope CLOUDFRONT, from us-east-1) the site's distribution is protected by; none in dev. */
  webAclArn?: string | undefined;
}

/**
 * The whole of Bloom in one stack, so nothing crosses stack boundaries but the web ACL's ARN in prod, which
 * CloudFront requires from us-east-1 (infra/lib/edge-stack.ts).
 */
export class BloomStack extends Stack {
  readonly data: Data;
  readonly api: Api;
  readonly web: Web;
  readonly auth: Auth;
  readonly monitoring: Monitoring;

  constructor(scope: Construct, id: string, props: BloomStackProps) {
    super(scope, id, props);
    const { config } = props;

    this.data = new Data(this, 'Data', { stage: config.stage });
    this.api = new Api(this, 'Api', { stage: config.stage });
    const hostedUi = hostedUiDomainOf(this, config.stage);
    this.web = new Web(this, 'Web', {
      config,
      apiDomainName: this.api.domainName,
      hostedUiDomain: hostedUi.domain,
      webAclArn: props.webAclArn,
    });
    this.auth = new Auth(this, 'Auth', { config, siteUrl: `${this.web.siteUrl}/` });
    const billing = new Billing(this, 'Billing', { config, appUrl: this.web.siteUrl });
    const coach = new Coach(this, 'Coach', { stage: config.stage, modelId: config.bedrockModelId });

    this.api.addRouteTable({
      routes: props.routes ?? ROUTES,
      userPool: this.auth.userPool,
      userPoolClient: this.auth.client,
      resources: {
        stage: config.stage,
        table: this.data.table,
        billing,
        coach,
        userPool: this.auth.userPool,
      },
    });

    this.web.deploySite({
      region: this.region,
      userPoolId: this.auth.userPool.userPoolId,
      userPoolClientId: this.auth.client.userPoolClientId,
      oauthDomain: this.auth.hostedUiDomain,
      redirectSignIn: `${this.web.siteUrl}/`,
      redirectSignOut: `${this.web.siteUrl}/`,
    });

    this.monitoring = new Monitoring(this, 'Monitoring', {
      stage: config.stage,
      httpApi: this.api.httpApi,
      functions: this.api.functions,
      table: this.data.table,
      alarmEmail: config.alarmEmail,
    });

    new CfnOutput(this, 'SiteUrl', { value: this.web.siteUrl });
    new CfnOutput(this, 'StripeWebhookUrl', { value: `${this.web.siteUrl}/api/billing/webhook` });
    new CfnOutput(this, 'StripeSecretArn', { value: billing.secret.secretArn });
    new CfnOutput(this, 'GoogleRedirectUri', {
      value: `https://${this.auth.hostedUiDomain}/oauth2/idpresponse`,
    });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
  }
}
