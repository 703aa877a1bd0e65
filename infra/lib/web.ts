import * as fs from 'node:fs';
import { Annotations, Duration, RemovalPolicy, Stack, Token, Validations } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
  Function as CloudFrontFunction,
  Distribution,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  type CfnBucket,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import type { WebConfig } from '../../shared/src/config/web-config.ts';
import type { BloomConfig } from './config.ts';
import { NOT_FOUND_OBJECT, SITE_REQUEST_FUNCTION, SITE_RESPONSE_FUNCTION } from './site-routing.ts';

export interface WebProps {
  config: BloomConfig;
  /** Host name of the HTTP API, served under `/api/*`. */
  apiDomainName: string;
  /** Cognito hosted UI host name, which the SPA calls for tokens. */
  hostedUiDomain: string;
  /** ARN of the web ACL in front of the distribution (infra/lib/firewall.ts); none in dev. */
  webAclArn?: string | undefined;
}

/** Hosts the browser may talk to besides the site itself. */
export interface ContentSecurityPolicyHosts {
  /** Cognito hosted UI (token exchange) without scheme. */
  hostedUiDomain: string;
  region: string;
}

/**
 * The policy the SPA runs under. Scripts only from the site; styles also inline, because index.html paints the
 * background with an inline <style> before the bundle loads (a hash would break with every edit of it); images may be
 * Google profile pictures; the SPA calls its own `/api`, the hosted UI's token endpoint and the Cognito
 * user-pool API (token refresh, sign-out).
 */
export function contentSecurityPolicy(hosts: ContentSecurityPolicyHosts): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https://*.googleusercontent.com",
    "font-src 'self'",
    `connect-src 'self' https://${hosts.hostedUiDomain} https://cognito-idp.${hosts.region}.amazonaws.com`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    'upgrade-insecure-requests',
  ].join('; ');
}

/** Vite writes content-hashed files under `assets/`; everything else (index.html, config.json…) may change in place. */
const HASHED_ASSETS = 'assets/*';

/** Source maps stay on the machine that built the site (web/vite.config.ts builds them hidden): never uploaded. */
const NOT_PUBLISHED = ['*.map'];

/**
 * The site: a private bucket behind CloudFront (origin access control), `/api/*` forwarded to the HTTP API on
 * the same origin, security headers on every response.
 */
export class Web extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  readonly siteUrl: string;
  private readonly config: BloomConfig;
  private readonly headers: ResponseHeadersPolicy;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    this.config = props.config;
    const production = props.config.stage === 'prod';
    const removal = {
      removalPolicy: production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      autoDeleteObjects: !production,
    };

    const logs = new Bucket(this, 'Logs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront standard logging delivers through bucket ACLs.
      objectOwnership: ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      ...removal,
    });
    const logsReason =
      'CloudFront standard logging delivers only through bucket ACLs, so this bucket keeps them; aws-cdk-lib grants S3 server access logging with the LogDeliveryWrite canned ACL.';
    (logs.node.defaultChild as CfnBucket).addMetadata('cfn-lint', {
      config: { ignore_checks: ['W3045'], ignore_reasons: { W3045: logsReason } },
    });
    Validations.of(logs).acknowledge({
      id: 'AwsSolutions::AwsSolutions-S1',
      reason:
        'This bucket receives the access logs of the site bucket and of CloudFront; logging it would log the logs.',
    });

    this.bucket = new Bucket(this, 'Site', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: logs,
      serverAccessLogsPrefix: 's3/',
      ...removal,
    });

    const region = Stack.of(this).region;
    this.headers = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      responseHeadersPolicyName: `bloom-${props.config.stage}-security-headers`,
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy({ hostedUiDomain: props.hostedUiDomain, region }),
          override: true,
        },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(730),
          includeSubdomains: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        referrerPolicy: {
          referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
      },
      customHeadersBehavior: {
        customHeaders: [
          {
            header: 'Permissions-Policy',
            value: 'camera=(), microphone=(), geolocation=(), payment=()',
            override: true,
          },
        ],
      },
    });

    const siteRequest = new CloudFrontFunction(this, 'SpaFallback', {
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(SITE_REQUEST_FUNCTION),
      comment: 'Serves the SPA shell for page paths: index.html for site pages, 404.html for others',
    });
    const siteResponse = new CloudFrontFunction(this, 'NotFoundStatus', {
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(SITE_RESPONSE_FUNCTION),
      comment: 'Answers status 404 for page paths that are not site pages',
    });

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `Bloom ${props.config.stage}`,
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
      ...(props.webAclArn === undefined ? {} : { webAclId: props.webAclArn }),
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: this.headers,
        compress: true,
        functionAssociations: [
          { function: siteRequest, eventType: FunctionEventType.VIEWER_REQUEST },
          { function: siteResponse, eventType: FunctionEventType.VIEWER_RESPONSE },
        ],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new HttpOrigin(props.apiDomainName, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [OriginSslPolicy.TLS_V1_2],
          }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // Every viewer header (Authorization, Stripe-Signature…) except Host, which API Gateway must see as its own.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: this.headers,
        },
      },
    });
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions::AwsSolutions-CFR1',
      reason:
        'Bloom is a self-care planner offered worldwide with no export or licensing limits; there is no country to block.',
    });
    if (props.webAclArn === undefined) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions::AwsSolutions-CFR2',
        reason:
          'Dev has no WAF web ACL (a fixed monthly cost, and a us-east-1 stack to bootstrap): its API is protected by the JWT authorizer, per-route throttles and per-user limits in the handlers; prod has the web ACL.',
      });
    }
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions::AwsSolutions-CFR4',
      reason:
        'The distribution uses the default *.cloudfront.net certificate, whose security policy CloudFront fixes; a minimum of TLSv1.2_2021 can only be set together with a custom domain certificate.',
    });

    this.siteUrl = `https://${this.distribution.distributionDomainName}`;
  }

  /**
   * Uploads the built SPA and its runtime `/config.json`. Hashed assets are cached for a year and kept across
   * deployments (open tabs may still request them); the shell and config are revalidated on every load.
   */
  deploySite(webConfig: WebConfig): void {
    const configJson = Source.jsonData('config.json', webConfig);
    const built = fs.existsSync(`${this.config.webDistPath}/index.html`);

    if (!built) {
      const message = `${this.config.webDistPath} has no index.html: build the web app first (npm run build --workspace web).`;
      if (this.config.deploying) throw new Error(message);
      Annotations.of(this).addWarningV2('bloom:web-dist-missing', `${message} Only config.json is deployed.`);
      const configOnly = new BucketDeployment(this, 'DeployConfig', {
        sources: [configJson],
        destinationBucket: this.bucket,
        cacheControl: [CacheControl.noCache()],
        prune: false,
        distribution: this.distribution,
        distributionPaths: ['/config.json'],
      });
      this.acknowledgeDeploymentHandler(configOnly);
      return;
    }

    const assets = new BucketDeployment(this, 'DeployAssets', {
      sources: [Source.asset(this.config.webDistPath, { exclude: NOT_PUBLISHED })],
      destinationBucket: this.bucket,
      exclude: ['*'],
      include: [HASHED_ASSETS],
      cacheControl: [
        CacheControl.setPublic(),
        CacheControl.maxAge(Duration.days(365)),
        CacheControl.immutable(),
      ],
      prune: false,
    });
    // The not-found page is the SPA shell under a second name (infra/lib/site-routing.ts).
    const notFoundPage = Source.data(
      NOT_FOUND_OBJECT,
      fs.readFileSync(`${this.config.webDistPath}/index.html`, 'utf8'),
    );
    const shell = new BucketDeployment(this, 'DeployShell', {
      sources: [Source.asset(this.config.webDistPath, { exclude: NOT_PUBLISHED }), configJson, notFoundPage],
      destinationBucket: this.bucket,
      exclude: [HASHED_ASSETS],
      cacheControl: [CacheControl.noCache()],
      prune: true,
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    // The new index.html must not go live before the assets it references.
    shell.node.addDependency(assets);
    this.acknowledgeDeploymentHandler(shell);
  }

  /** The upload function is CDK's own singleton (Python, awscli layer); these findings are about its design. */
  private acknowledgeDeploymentHandler(deployment: BucketDeployment): void {
    const stack = Stack.of(this);
    const handler = stack.node.children.find((child) =>
      child.node.id.startsWith('Custom::CDKBucketDeployment'),
    );
    if (handler) {
      Validations.of(handler).acknowledge({
        id: 'AwsSolutions::AwsSolutions-L1',
        reason: 'The BucketDeployment handler runtime is chosen and updated by aws-cdk-lib, not by this app.',
      });
    }
    const role = deployment.handlerRole;
    Validations.of(role).acknowledge({
      id: 'AwsSolutions::AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason:
        'CDK gives its BucketDeployment handler the basic execution policy for its own logs; it runs only during deployments.',
    });
    const siteBucket = stack.getLogicalId(this.bucket.node.defaultChild as CfnBucket);
    // cdk-nag writes the region as CloudFormation does: a pinned region literally, an open one as a reference.
    const region = Token.isUnresolved(stack.region) ? '<AWS::Region>' : stack.region;
    const scoped = [
      // Object and bucket action families of grantRead/grantReadWrite, on the CDK asset bucket and the site bucket only.
      'Action::s3:GetObject*',
      'Action::s3:GetBucket*',
      'Action::s3:List*',
      'Action::s3:DeleteObject*',
      'Action::s3:Abort*',
      `Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-${region}/*`,
      `Resource::<${siteBucket}.Arn>/*`,
    ];
    Validations.of(role).acknowledge({
      id: 'AwsSolutions::AwsSolutions-IAM5[Resource::*]',
      reason:
        "aws-cdk-lib grants the deployment handler cloudfront:CreateInvalidation/GetInvalidation on '*'; it only ever invalidates this site's distribution, whose id it is given.",
    });
    for (const finding of scoped) {
      Validations.of(role).acknowledge({
        id: `AwsSolutions::AwsSolutions-IAM5[${finding}]`,
        reason:
          'The deployment handler copies the built site from the CDK asset bucket into the site bucket: it needs every object of those two buckets and nothing else.',
      });
    }
  }
}
