import { Duration, RemovalPolicy, SecretValue, Stack, Validations } from 'aws-cdk-lib';
import {
  AccountRecovery,
  type CfnUserPoolClient,
  FeaturePlan,
  OAuthScope,
  ProviderAttribute,
  UserPool,
  type UserPoolClient,
  UserPoolClientIdentityProvider,
  UserPoolDomain,
  UserPoolIdentityProviderGoogle,
} from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { TOKEN_LIFETIME_MINUTES } from '../../functions/src/account/token-lifetime.ts';
import type { BloomConfig } from './config.ts';

/**
 * The hosted UI's host name. Prefixes are global per region, so the account id keeps two deployers of Bloom
 * apart. Known before the pool exists, which lets the site's CSP name it without a dependency cycle.
 */
export function hostedUiDomainOf(scope: Construct, stage: string): { prefix: string; domain: string } {
  const stack = Stack.of(scope);
  const prefix = `bloom-${stage}-${stack.account}`;
  return { prefix, domain: `${prefix}.auth.${stack.region}.amazoncognito.com` };
}

export interface AuthProps {
  config: BloomConfig;
  /** `https://…/` of the site; always an allowed callback and logout URL. */
  siteUrl: string;
}

/** Cognito user pool where Google is the only way in, its hosted UI domain and the SPA's app client. */
export class Auth extends Construct {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;
  /** Hosted UI host name without scheme, as the SPA's `oauthDomain` expects. */
  readonly hostedUiDomain: string;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);
    const { config } = props;
    const production = config.stage === 'prod';

    this.userPool = new UserPool(this, 'UserPool', {
      userPoolName: `bloom-${config.stage}`,
      // Accounts come only from Google sign-in, which Cognito creates on first federation; nobody signs up
      // with a password.
      selfSignUpEnabled: false,
      signInAliases: { email: true },
      standardAttributes: {
        // Federated attributes are rewritten at every sign-in, so they must stay mutable.
        email: { required: true, mutable: true },
        fullname: { required: false, mutable: true },
        profilePicture: { required: false, mutable: true },
      },
      accountRecovery: AccountRecovery.NONE,
      featurePlan: FeaturePlan.ESSENTIALS,
      passwordPolicy: {
        minLength: 12,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
      },
      deletionProtection: production,
      removalPolicy: production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions::AwsSolutions-COG2',
      reason:
        'Users sign in only through Google federation; there are no Cognito passwords to protect with MFA, and Google enforces its own second factor.',
    });
    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions::AwsSolutions-COG8',
      reason:
        'The Plus plan adds threat protection, which scores password sign-ins; with Google as the only identity provider there are none, so Essentials suffices.',
    });

    const google = new UserPoolIdentityProviderGoogle(this, 'Google', {
      userPool: this.userPool,
      clientId: config.googleClientId,
      // A dynamic reference resolved by CloudFormation at deploy time: the value never enters the template.
      clientSecretValue: SecretValue.secretsManager(config.googleClientSecretName, {
        jsonField: 'clientSecret',
      }),
      scopes: ['openid', 'email', 'profile'],
      attributeMapping: {
        email: ProviderAttribute.GOOGLE_EMAIL,
        emailVerified: ProviderAttribute.GOOGLE_EMAIL_VERIFIED,
        fullname: ProviderAttribute.GOOGLE_NAME,
        profilePicture: ProviderAttribute.GOOGLE_PICTURE,
      },
    });

    const hostedUi = hostedUiDomainOf(this, config.stage);
    new UserPoolDomain(this, 'Domain', {
      userPool: this.userPool,
      cognitoDomain: { domainPrefix: hostedUi.prefix },
    });
    this.hostedUiDomain = hostedUi.domain;

    const authUrls = [props.siteUrl, ...config.extraAuthUrls];
    this.client = this.userPool.addClient('WebClient', {
      userPoolClientName: `bloom-${config.stage}-web`,
      // A browser cannot keep a secret: authorization code with PKCE instead.
      generateSecret: false,
      supportedIdentityProviders: [UserPoolClientIdentityProvider.GOOGLE],
      oAuth: {
        flows: { authorizationCodeGrant: true, implicitCodeGrant: false },
        scopes: [OAuthScope.OPENID, OAuthScope.EMAIL, OAuthScope.PROFILE],
        callbackUrls: authUrls,
        logoutUrls: authUrls,
      },
      // Short-lived access and ID tokens limit what a leaked token can do; Amplify refreshes them silently. A
      // deleted account's mark outlives them (functions/src/account/closed-account.ts).
      accessTokenValidity: Duration.minutes(TOKEN_LIFETIME_MINUTES),
      idTokenValidity: Duration.minutes(TOKEN_LIFETIME_MINUTES),
      // A weekly planner: people come back about once a week, so a month-long session spares repeated sign-ins.
      refreshTokenValidity: Duration.days(30),
      enableTokenRevocation: true,
      preventUserExistenceErrors: true,
    });
    this.client.node.addDependency(google);
    // No password, SRP or custom flows: only the hosted UI's code exchange and refresh tokens issue sessions.
    // (The L2 leaves ExplicitAuthFlows unset when no flow is chosen, and Cognito then enables SRP and custom.)
    (this.client.node.defaultChild as CfnUserPoolClient).explicitAuthFlows = ['ALLOW_REFRESH_TOKEN_AUTH'];
  }
}
