import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import {
  BACKGROUND_FUNCTIONS,
  type BackgroundFunction,
  ROUTES,
  type RouteDefinition,
} from '../../functions/src/routes.ts';
import { Api } from './api.ts';
import { Auth, hostedUiDomainOf } from './auth.ts';
import { addBackgroundFunctions } from './background-functions.ts';
import { Billing } from './billing.ts';
import { Coach } from './coach.ts';
import type { BloomConfig } from './config.ts';
import { Data } from './data.ts';
import { Monitoring } from './monitoring.ts';
import { Reminders } from './reminders.ts';
import { Web } from './web.ts';

export interface BloomStackProps extends StackProps {
  config: BloomConfig;
  /** The shared route table; tests may pass another. */
  routes?: readonly RouteDefinition[];
  /** The shared background functions (routes.ts); tests may pass others. */
  backgroundFunctions?: readonly BackgroundFunction[];
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
  readonly reminders: Reminders;

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

    this.reminders = new Reminders(this, 'Reminders', { stage: config.stage });
    const resources = {
      stage: config.stage,
      table: this.data.table,
      billing,
      coach,
      reminders: this.reminders,
      userPool: this.auth.userPool,
    };
    this.api.addRouteTable({
      routes: props.routes ?? ROUTES,
      userPool: this.auth.userPool,
      userPoolClient: this.auth.client,
      resources,
    });
    const backgroundFunctions = addBackgroundFunctions(
      this.reminders,
      props.backgroundFunctions ?? BACKGROUND_FUNCTIONS,
      resources,
    );

    this.web.deploySite({
      region: this.region,
      userPoolId: this.auth.userPool.userPoolId,
      userPoolClientId: this.auth.client.userPoolClientId,
      oauthDomain: this.auth.hostedUiDomain,
      vapidPublicKey: config.vapidPublicKey,
      redirectSignIn: `${this.web.siteUrl}/`,
      redirectSignOut: `${this.web.siteUrl}/`,
    });

    this.monitoring = new Monitoring(this, 'Monitoring', {
      stage: config.stage,
      httpApi: this.api.httpApi,
      functions: [...this.api.functions, ...backgroundFunctions],
      table: this.data.table,
      alarmEmail: config.alarmEmail,
    });

    new CfnOutput(this, 'SiteUrl', { value: this.web.siteUrl });
    new CfnOutput(this, 'StripeWebhookUrl', { value: `${this.web.siteUrl}/api/billing/webhook` });
    new CfnOutput(this, 'StripeSecretArn', { value: billing.secret.secretArn });
    new CfnOutput(this, 'GoogleRedirectUri', {
      value: `https://${this.auth.hostedUiDomain}/oauth2/idpresponse`,
    });
    new CfnOutput(this, 'VapidSecretArn', { value: this.reminders.vapidSecret.secretArn });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
  }
}
