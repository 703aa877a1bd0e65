import { App } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKGROUND_FUNCTIONS, ROUTES } from '../../functions/src/routes.ts';
import { functionNameOf } from '../lib/bloom-function.ts';
import { BloomStack } from '../lib/bloom-stack.ts';
import { readConfig } from '../lib/config.ts';
import { type Synthesized, synthesized, WEB_DIST_FIXTURE, WITHOUT_BUNDLING } from './support/synthesized.ts';
import { functionsByName, resourcesOfType } from './support/template-queries.ts';

let synth: Synthesized;

beforeAll(async () => {
  synth = await synthesized();
});

/** A stack without route functions by default: enough for configuration rules. Nothing is bundled. */
function stackWith(context: Record<string, string>, routes: typeof ROUTES = []): BloomStack {
  const app = new App({ context: { ...context, ...WITHOUT_BUNDLING } });
  return new BloomStack(app, 'Bloom-test', { config: readConfig(app.node), routes, backgroundFunctions: [] });
}

const DEPLOY_CONTEXT = {
  deploying: 'true',
  googleClientId: '1234-abc.apps.googleusercontent.com',
  vapidPublicKey: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
};

describe('dev and prod', () => {
  it('name resources after the stage', () => {
    for (const stage of ['dev', 'prod'] as const) {
      const names = [...functionsByName(synth.json(stage)).keys()].sort();
      expect(names).toEqual(
        [...ROUTES, ...BACKGROUND_FUNCTIONS].map((fn) => functionNameOf(stage, fn.handler)).sort(),
      );
      const template = synth.template(stage);
      template.hasResourceProperties('AWS::Cognito::UserPool', { UserPoolName: `bloom-${stage}` });
      template.hasResourceProperties('AWS::ApiGatewayV2::Api', { Name: `bloom-${stage}` });
      template.hasResourceProperties('AWS::SecretsManager::Secret', { Name: `bloom/${stage}/stripe` });
      template.hasResourceProperties('AWS::SecretsManager::Secret', { Name: `bloom/${stage}/vapid` });
      template.hasResourceProperties('AWS::Scheduler::Schedule', { Name: `bloom-${stage}-reminders-send` });
    }
  });

  it('retain and protect production data, and clean up dev', () => {
    const prod = synth.template('prod');
    prod.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      Properties: { DeletionProtection: 'ACTIVE' },
    });
    for (const type of ['AWS::S3::Bucket', 'AWS::Logs::LogGroup', 'AWS::SecretsManager::Secret']) {
      for (const [id, resource] of resourcesOfType(synth.json('prod'), type)) {
        expect(resource.DeletionPolicy, `prod ${id}`).toBe('Retain');
      }
      for (const [id, resource] of resourcesOfType(synth.json('dev'), type)) {
        expect(resource.DeletionPolicy, `dev ${id}`).toBe('Delete');
      }
    }
    expect(resourcesOfType(synth.json('prod'), 'Custom::S3AutoDeleteObjects')).toHaveLength(0);
    expect(resourcesOfType(synth.json('dev'), 'Custom::S3AutoDeleteObjects')).toHaveLength(2);
    synth.template('dev').hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Delete',
      Properties: { DeletionProtection: 'INACTIVE' },
    });
  });

  it('keep production logs longer and quieter', () => {
    synth.template('prod').hasResourceProperties('AWS::Logs::LogGroup', { RetentionInDays: 90 });
    for (const fn of functionsByName(synth.json('prod')).values()) {
      expect(fn.properties.LoggingConfig).toMatchObject({ LogFormat: 'JSON', ApplicationLogLevel: 'INFO' });
    }
  });
});

describe('context', () => {
  it('accepts only the dev and prod stages', () => {
    expect(() => stackWith({ stage: 'staging' })).toThrow(/"dev" or "prod"/);
  });

  it('refuses to deploy with the synth-only Google client', () => {
    expect(() => stackWith({ deploying: 'true', webDist: WEB_DIST_FIXTURE })).toThrow(/googleClientId/);
  });

  it('refuses the retired Stripe price id context: prices are found by lookup key', () => {
    expect(() => stackWith({ stripePriceMonthly: 'price_monthly' })).toThrow(
      /stripePriceMonthly is no longer read[\s\S]*bloom_pro_monthly/,
    );
  });

  it('refuses to deploy without a web build', () => {
    expect(() => stackWith({ ...DEPLOY_CONTEXT, webDist: 'infra/test/fixtures/no-such-build' })).toThrow(
      /build the web app first/,
    );
  });

  it('synthesizes without a web build, deploying only config.json and saying so', () => {
    const stack = stackWith({ webDist: 'infra/test/fixtures/no-such-build' });
    const deployments = Template.fromStack(stack).findResources('Custom::CDKBucketDeployment');
    expect(Object.keys(deployments)).toHaveLength(1);
    Annotations.fromStack(stack).hasWarning('/Bloom-test/Web', Match.stringLikeRegexp('no index\\.html'));
  });

  it('passes deployment inputs through: Google client id, extra auth URLs, model', () => {
    const outsideServices = ROUTES.filter((route) => route.uses !== undefined);
    const stack = stackWith(
      {
        ...DEPLOY_CONTEXT,
        webDist: WEB_DIST_FIXTURE,
        extraAuthUrls: 'https://bloom.example/, https://www.bloom.example/',
        bedrockModelId: 'anthropic.claude-3-haiku-20240307-v1:0',
      },
      outsideServices,
    );
    const template = Template.fromStack(stack);
    template.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderDetails: { client_id: DEPLOY_CONTEXT.googleClientId },
    });
    const [client] = Object.values(template.findResources('AWS::Cognito::UserPoolClient'));
    expect(client?.Properties.CallbackURLs).toEqual([
      expect.anything(),
      'https://bloom.example/',
      'https://www.bloom.example/',
    ]);
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: Match.objectLike({ BEDROCK_MODEL_ID: 'anthropic.claude-3-haiku-20240307-v1:0' }),
      },
    });
    // A model id without a geographic prefix is an in-region foundation model: no inference profile, no region wildcard.
    const policies = JSON.stringify(template.findResources('AWS::IAM::Policy'));
    expect(policies).toContain(
      ':bedrock:",{"Ref":"AWS::Region"},"::foundation-model/anthropic.claude-3-haiku-20240307-v1:0"',
    );
    expect(policies).not.toContain('inference-profile');
  });
});
