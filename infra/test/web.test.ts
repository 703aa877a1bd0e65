import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Synthesized, synthesized } from './support/synthesized.ts';
import { onlyResourceOfType, resourcesOfType, type TemplateJson } from './support/template-queries.ts';

let synth: Synthesized;
let dev: TemplateJson;

beforeAll(async () => {
  synth = await synthesized();
  dev = synth.json('dev');
});

interface DistributionConfig {
  DefaultCacheBehavior: Record<string, unknown>;
  CacheBehaviors: Record<string, unknown>[];
  Origins: { Id: string; DomainName: unknown; S3OriginConfig?: unknown; OriginAccessControlId?: unknown }[];
  DefaultRootObject: string;
  CustomErrorResponses?: unknown;
  Logging?: unknown;
}

function distribution(): DistributionConfig {
  const [, resource] = onlyResourceOfType(dev, 'AWS::CloudFront::Distribution');
  return resource.Properties.DistributionConfig as DistributionConfig;
}

function securityHeaders(): Record<string, unknown> {
  const [, policy] = onlyResourceOfType(dev, 'AWS::CloudFront::ResponseHeadersPolicy');
  return (policy.Properties.ResponseHeadersPolicyConfig as Record<string, unknown>)
    .SecurityHeadersConfig as Record<string, unknown>;
}

/** The CSP with tokens replaced by their names, for reading. */
function contentSecurityPolicy(): string {
  const csp = (securityHeaders().ContentSecurityPolicy as { ContentSecurityPolicy: unknown })
    .ContentSecurityPolicy;
  const join = (csp as { 'Fn::Join': [string, unknown[]] })['Fn::Join'];
  return join[1].map((part) => (typeof part === 'string' ? part : `<${JSON.stringify(part)}>`)).join('');
}

describe('buckets', () => {
  it('block every form of public access, encrypt and require TLS', () => {
    const buckets = resourcesOfType(dev, 'AWS::S3::Bucket');
    expect(buckets.length).toBe(2);
    for (const [, bucket] of buckets) {
      expect(bucket.Properties).toMatchObject({
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        BucketEncryption: {
          ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
        },
      });
      expect(bucket.Properties.WebsiteConfiguration).toBeUndefined();
    }
    for (const [, policy] of resourcesOfType(dev, 'AWS::S3::BucketPolicy')) {
      const statements = (policy.Properties.PolicyDocument as { Statement: Record<string, unknown>[] })
        .Statement;
      expect(statements).toContainEqual(
        expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
      );
      for (const statement of statements.filter((s) => s.Effect === 'Allow')) {
        expect(statement.Principal, 'no anonymous reader').not.toBe('*');
        expect(statement.Principal).not.toEqual({ AWS: '*' });
      }
    }
  });

  it('let only this CloudFront distribution read the site, through origin access control', () => {
    const [oacId] = onlyResourceOfType(dev, 'AWS::CloudFront::OriginAccessControl');
    synth.template('dev').hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: {
        OriginAccessControlOriginType: 's3',
        SigningBehavior: 'always',
        SigningProtocol: 'sigv4',
      },
    });
    const s3Origin = distribution().Origins.find((origin) => origin.S3OriginConfig !== undefined);
    expect(s3Origin?.OriginAccessControlId).toEqual({ 'Fn::GetAtt': [oacId, 'Id'] });

    const [distributionId] = onlyResourceOfType(dev, 'AWS::CloudFront::Distribution');
    synth.template('dev').hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: Match.stringLikeRegexp('^WebSite') },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Allow',
            Action: 's3:GetObject',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Condition: {
              StringEquals: {
                'AWS:SourceArn': {
                  'Fn::Join': Match.arrayWith([Match.arrayWith([{ Ref: distributionId }])]),
                },
              },
            },
          }),
        ]),
      },
    });
  });
});

describe('CloudFront', () => {
  it('serves the SPA shell for page paths and status 404 for paths that are not site pages', () => {
    const config = distribution();
    expect(config.DefaultRootObject).toBe('index.html');
    expect(config.DefaultCacheBehavior).toMatchObject({
      ViewerProtocolPolicy: 'redirect-to-https',
      FunctionAssociations: [{ EventType: 'viewer-request' }, { EventType: 'viewer-response' }],
    });
    // Error-page rewrites would also turn the API's 403s and 404s into index.html.
    expect(config.CustomErrorResponses).toBeUndefined();
    const code = new Map(
      [...resourcesOfType(dev, 'AWS::CloudFront::Function')].map(([, fn]) => [
        (fn.Properties.FunctionConfig as { Comment: string }).Comment,
        fn.Properties.FunctionCode as string,
      ]),
    );
    const compile = <T>(comment: RegExp) => {
      const source = [...code].find(([text]) => comment.test(text))?.[1];
      if (!source) throw new Error(`no CloudFront Function commented ${comment}`);
      return new Function(`${source}; return handler;`)() as T;
    };
    const request = compile<(event: unknown) => { uri: string }>(/^Serves the SPA shell/);
    const response = compile<(event: unknown) => { statusCode: number }>(/^Answers status 404/);
    const uriFor = (uri: string) => request({ request: { uri } }).uri;
    expect(uriFor('/')).toBe('/index.html');
    expect(uriFor('/pricing')).toBe('/index.html');
    expect(uriFor('/blog/best-self-care-apps')).toBe('/index.html');
    expect(uriFor('/privacy-policy/')).toBe('/index.html');
    expect(uriFor('/no-such-page')).toBe('/404.html');
    expect(uriFor('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(uriFor('/config.json')).toBe('/config.json');

    // Each site page gets the shell in her language: her saved choice, else her browser's, else English.
    type Viewer = {
      cookies?: Record<string, { value: string }>;
      headers?: Record<string, { value: string }>;
    };
    const shellFor = (uri: string, viewer: Viewer) => request({ request: { uri, ...viewer } }).uri;
    const accepting = (value: string) => ({ headers: { 'accept-language': { value } } });
    expect(shellFor('/', accepting('de-DE,de;q=0.9,en;q=0.8'))).toBe('/index.de.html');
    expect(shellFor('/', accepting('fr-FR'))).toBe('/index.fr.html');
    expect(shellFor('/pricing', accepting('es-419,es;q=0.9'))).toBe('/index.es.html');
    expect(shellFor('/', accepting('it-IT,en;q=0.5,de;q=0.4'))).toBe('/index.html');
    expect(shellFor('/', accepting('de;q=0.2,fr;q=0.8'))).toBe('/index.fr.html');
    expect(shellFor('/', accepting('pt-BR,de;q=0'))).toBe('/index.html');
    const chose = (value: string) => ({ cookies: { 'bloom-locale': { value } }, ...accepting('de-DE') });
    expect(shellFor('/', chose('es'))).toBe('/index.es.html');
    expect(shellFor('/', chose('en'))).toBe('/index.html');
    expect(shellFor('/', chose('xx'))).toBe('/index.de.html');
    expect(shellFor('/no-such-page', accepting('de-DE'))).toBe('/404.html');

    // CloudFront may show the response function the path as sent or as rewritten: both must come out right.
    const statusFor = (uri: string) =>
      response({ request: { uri }, response: { statusCode: 200 } }).statusCode;
    for (const uri of ['/no-such-page', '/blog/unknown', '/404.html']) expect(statusFor(uri), uri).toBe(404);
    for (const uri of [
      '/',
      '/pricing',
      '/terms-of-service',
      '/index.html',
      '/index.de.html',
      '/assets/a.js',
      '/config.json',
    ]) {
      expect(statusFor(uri), uri).toBe(200);
    }
  });

  it('routes /api/* to the HTTP API uncached, with every viewer header but Host', () => {
    const api = distribution().CacheBehaviors.find((behavior) => behavior.PathPattern === '/api/*');
    expect(api).toMatchObject({
      AllowedMethods: expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
      ViewerProtocolPolicy: 'https-only',
    });
    const origin = distribution().Origins.find((candidate) => candidate.Id === api?.TargetOriginId);
    expect(JSON.stringify(origin?.DomainName)).toMatch(/ApiHttpApi.*execute-api/);
  });

  it('logs requests', () => {
    expect(distribution().Logging).toMatchObject({ Prefix: 'cloudfront/' });
  });

  it('sends the security headers on the site and the API', () => {
    const [policyId] = onlyResourceOfType(dev, 'AWS::CloudFront::ResponseHeadersPolicy');
    expect(distribution().DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    expect(distribution().CacheBehaviors[0]?.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    expect(securityHeaders()).toMatchObject({
      StrictTransportSecurity: {
        AccessControlMaxAgeSec: 63_072_000,
        IncludeSubdomains: true,
        Override: true,
      },
      ContentTypeOptions: { Override: true },
      ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
      FrameOptions: { FrameOption: 'DENY', Override: true },
    });
  });

  it('has a strict Content-Security-Policy', () => {
    const directives = new Map(
      contentSecurityPolicy()
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values.join(' ')]),
    );
    expect(directives.get('default-src')).toBe("'self'");
    expect(directives.get('script-src')).toBe("'self'");
    expect(directives.get('object-src')).toBe("'none'");
    expect(directives.get('base-uri')).toBe("'self'");
    expect(directives.get('frame-ancestors')).toBe("'none'");
    expect(directives.get('connect-src')).toMatch(
      /^'self' https:\/\/bloom-dev-.*\.amazoncognito\.com https:\/\/cognito-idp\./,
    );
    expect(contentSecurityPolicy()).not.toMatch(/unsafe-eval/);
  });
});

describe('site deployment', () => {
  function deployments() {
    return resourcesOfType(dev, 'Custom::CDKBucketDeployment').map(([, resource]) => resource.Properties);
  }

  it('caches hashed assets for a year and keeps old ones for open tabs', () => {
    expect(deployments()).toContainEqual(
      expect.objectContaining({
        Include: ['assets/*'],
        Exclude: ['*'],
        Prune: false,
        SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
      }),
    );
  });

  it('revalidates index.html and config.json on every load and invalidates CloudFront', () => {
    const shell = deployments().find((deployment) => JSON.stringify(deployment.Exclude) === '["assets/*"]');
    expect(shell).toMatchObject({
      SystemMetadata: { 'cache-control': 'no-cache' },
      Prune: true,
      DistributionPaths: ['/*'],
    });
  });

  it('writes config.json with the deployed user pool, client, hosted UI and site, and no local endpoint', () => {
    const markers = Object.assign(
      {},
      ...deployments().flatMap((deployment) => (deployment.SourceMarkers as Record<string, unknown>[]) ?? []),
    ) as Record<string, unknown>;
    /** Replaces each `<<marker:…>>` with the CloudFormation value it stands for. */
    const resolve = (value: unknown): string =>
      String(value).replace(/<<marker:0xbaba:\d+>>/g, (marker) => `{${JSON.stringify(markers[marker])}}`);

    const config = synth.webConfig('dev');
    expect(Object.keys(config).sort()).toEqual(
      [
        'oauthDomain',
        'redirectSignIn',
        'redirectSignOut',
        'region',
        'userPoolClientId',
        'userPoolId',
        'vapidPublicKey',
      ].sort(),
    );
    expect(config.region).toBe('eu-west-1');
    expect(resolve(config.userPoolId)).toMatch(/^\{\{"Ref":"AuthUserPool[0-9A-F]{8}"\}\}$/);
    expect(resolve(config.userPoolClientId)).toMatch(/^\{\{"Ref":"AuthUserPoolWebClient[0-9A-F]{8}"\}\}$/);
    expect(resolve(config.oauthDomain)).toMatch(
      /^bloom-dev-\{.*AccountId.*\}\.auth\.eu-west-1\.amazoncognito\.com$/,
    );
    expect(resolve(config.redirectSignIn)).toMatch(
      /^https:\/\/\{.*WebDistribution[0-9A-F]{8}","DomainName".*\}\/$/,
    );
    expect(resolve(config.redirectSignOut)).toBe(resolve(config.redirectSignIn));
  });
});
