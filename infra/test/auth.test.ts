import { beforeAll, describe, expect, it } from 'vitest';
import { type Synthesized, synthesized } from './support/synthesized.ts';
import { onlyResourceOfType, type TemplateJson } from './support/template-queries.ts';

let synth: Synthesized;
let dev: TemplateJson;

beforeAll(async () => {
  synth = await synthesized();
  dev = synth.json('dev');
});

describe('Cognito', () => {
  it('takes Google as the only identity provider, with its client secret from Secrets Manager', () => {
    const [, provider] = onlyResourceOfType(dev, 'AWS::Cognito::UserPoolIdentityProvider');
    expect(provider.Properties).toMatchObject({
      ProviderName: 'Google',
      ProviderType: 'Google',
      AttributeMapping: { email: 'email', name: 'name', picture: 'picture' },
      ProviderDetails: {
        authorize_scopes: 'openid email profile',
        client_secret: '{{resolve:secretsmanager:bloom/dev/google:SecretString:clientSecret::}}',
      },
    });
  });

  it('lets nobody sign up with a password', () => {
    synth.template('dev').hasResourceProperties('AWS::Cognito::UserPool', {
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
    });
  });

  it('gives the SPA a public client: authorization code with PKCE, Google only, no secret, no password flows', () => {
    const [, client] = onlyResourceOfType(dev, 'AWS::Cognito::UserPoolClient');
    expect(client.Properties).toMatchObject({
      GenerateSecret: false,
      AllowedOAuthFlows: ['code'],
      AllowedOAuthFlowsUserPoolClient: true,
      AllowedOAuthScopes: ['openid', 'email', 'profile'],
      SupportedIdentityProviders: ['Google'],
      ExplicitAuthFlows: ['ALLOW_REFRESH_TOKEN_AUTH'],
      EnableTokenRevocation: true,
      PreventUserExistenceErrors: 'ENABLED',
    });
  });

  it('uses short access and ID tokens and a month-long refresh token', () => {
    synth.template('dev').hasResourceProperties('AWS::Cognito::UserPoolClient', {
      AccessTokenValidity: 30,
      IdTokenValidity: 30,
      RefreshTokenValidity: 30 * 24 * 60,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'minutes' },
    });
  });

  it('redirects back to the site root after sign-in and sign-out', () => {
    const [distributionId] = onlyResourceOfType(dev, 'AWS::CloudFront::Distribution');
    const siteRoot = {
      'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distributionId, 'DomainName'] }, '/']],
    };
    synth.template('dev').hasResourceProperties('AWS::Cognito::UserPoolClient', {
      CallbackURLs: [siteRoot],
      LogoutURLs: [siteRoot],
    });
  });

  it('has a hosted UI domain named after the stage', () => {
    synth.template('dev').hasResourceProperties('AWS::Cognito::UserPoolDomain', {
      Domain: { 'Fn::Join': ['', ['bloom-dev-', { Ref: 'AWS::AccountId' }]] },
    });
  });
});
