import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import { type IGrantable, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { SERVICE_ACTIONS } from '../../functions/src/routes.ts';
import type { BloomConfig } from './config.ts';

/**
 * Stripe configuration for the billing functions. The secret is created empty of Stripe values: its JSON
 * (`secretKey`, `webhookSecret`) is written after the first deploy, once the webhook endpoint exists
 * (infra/README.md), so no key ever passes through the template. Prices need no configuration: the functions
 * find them in Stripe by lookup key (functions/src/billing/prices.ts).
 */
export class Billing extends Construct {
  readonly secret: Secret;
  private readonly appUrl: string;

  constructor(scope: Construct, id: string, props: { config: BloomConfig; appUrl: string }) {
    super(scope, id);
    const production = props.config.stage === 'prod';
    this.appUrl = props.appUrl;

    this.secret = new Secret(this, 'StripeSecret', {
      secretName: `bloom/${props.config.stage}/stripe`,
      description: 'Stripe keys for Bloom: JSON {"secretKey": "sk_…", "webhookSecret": "whsec_…"}.',
      removalPolicy: production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    Validations.of(this.secret).acknowledge({
      id: 'AwsSolutions::AwsSolutions-SMG4',
      reason:
        'Stripe API keys and webhook signing secrets are rolled in the Stripe dashboard; Secrets Manager has no rotation function that can mint them.',
    });
  }

  get environment(): Record<string, string> {
    return {
      STRIPE_SECRET_ARN: this.secret.secretArn,
      APP_URL: this.appUrl,
    };
  }

  /**
   * Reading the keys, and no more: the route table's Stripe actions (SERVICE_ACTIONS, which the local cloud
   * enforces too) on this secret. Secret.grantRead would add DescribeSecret, which no function calls.
   */
  grantRead(grantee: IGrantable): void {
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({ actions: [...SERVICE_ACTIONS.stripe], resources: [this.secret.secretArn] }),
    );
  }
}
