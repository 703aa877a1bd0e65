import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Node } from 'constructs';

export type Stage = 'dev' | 'prod';

/** Everything a deployment may vary, read from CDK context (`--context key=value` or cdk.json). */
export interface BloomConfig {
  stage: Stage;
  /** Google OAuth web client id (public). */
  googleClientId: string;
  /** Secrets Manager secret (name) whose JSON field `clientSecret` holds the Google OAuth client secret. */
  googleClientSecretName: string;
  /** Model id or cross-region inference profile id the coach sends to Bedrock Converse. */
  bedrockModelId: string;
  /** Extra OAuth callback/logout URLs besides the site's own (for example a custom domain). */
  extraAuthUrls: string[];
  /** Address that receives alarm notifications; none subscribed when empty. */
  alarmEmail: string | undefined;
  /**
   * The VAPID public key (base64url) browsers subscribe with; its private half lives in the `bloom/<stage>/vapid`
   * secret (infra/README.md). `npx web-push generate-vapid-keys` makes a pair.
   */
  vapidPublicKey: string;
  /** Absolute path of the built SPA (`vite build` output). */
  webDistPath: string;
  /**
   * Set by `npm run deploy`: a deployment must not fall back on synth defaults (a missing web build or Google
   * client id would ship a broken site), so they become errors.
   */
  deploying: boolean;
}

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Values that let `cdk synth` run offline in a fresh clone; `deploying` refuses them. */
export const SYNTH_DEFAULTS = {
  googleClientId: 'synth-only.apps.googleusercontent.com',
  vapidPublicKey: 'synth-only-vapid-public-key',
} as const;

/** Claude Haiku 4.5 through the EU cross-region inference profile (Bloom prices in euros, so EU regions). */
export const DEFAULT_BEDROCK_MODEL_ID = 'eu.anthropic.claude-haiku-4-5-20251001-v1:0';

export function readConfig(node: Node): BloomConfig {
  const text = (key: string): string | undefined => {
    const value: unknown = node.tryGetContext(key);
    if (value === undefined || value === null || value === '') return undefined;
    return String(value);
  };

  const stage = text('stage') ?? 'dev';
  if (stage !== 'dev' && stage !== 'prod') {
    throw new Error(`Context "stage" must be "dev" or "prod", got "${stage}".`);
  }
  const deploying = text('deploying') === 'true';
  // Price ids were configuration once; now Stripe's lookup keys name the prices. Ignoring them silently would
  // let someone believe their ids are in use.
  const retired = ['stripePriceMonthly', 'stripePriceYearly'].filter((key) => text(key) !== undefined);
  if (retired.length > 0) {
    throw new Error(
      `Context ${retired.join(', ')} is no longer read: Bloom finds its prices by the lookup keys bloom_pro_monthly and bloom_pro_yearly. See infra/README.md.`,
    );
  }

  const config: BloomConfig = {
    stage,
    googleClientId: text('googleClientId') ?? SYNTH_DEFAULTS.googleClientId,
    googleClientSecretName: text('googleClientSecretName') ?? `bloom/${stage}/google`,
    bedrockModelId: text('bedrockModelId') ?? DEFAULT_BEDROCK_MODEL_ID,
    extraAuthUrls: (text('extraAuthUrls') ?? '')
      .split(',')
      .map((url) => url.trim())
      .filter((url) => url.length > 0),
    alarmEmail: text('alarmEmail'),
    vapidPublicKey: text('vapidPublicKey') ?? SYNTH_DEFAULTS.vapidPublicKey,
    webDistPath: path.resolve(REPO_ROOT, text('webDist') ?? 'web/dist'),
    deploying,
  };

  if (deploying) assertDeployable(config);
  return config;
}

function assertDeployable(config: BloomConfig): void {
  const problems: string[] = [];
  if (config.googleClientId === SYNTH_DEFAULTS.googleClientId) {
    problems.push('--context googleClientId=<your Google OAuth web client id>');
  }
  if (config.vapidPublicKey === SYNTH_DEFAULTS.vapidPublicKey) {
    problems.push('--context vapidPublicKey=<the public half of the VAPID key pair in bloom/<stage>/vapid>');
  }
  if (problems.length > 0) {
    throw new Error(`Deploying Bloom needs:\n  ${problems.join('\n  ')}\nSee infra/README.md.`);
  }
}
