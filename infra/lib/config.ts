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
  stripePriceMonthly: string;
  stripePriceYearly: string;
  /** Model id or cross-region inference profile id the coach sends to Bedrock Converse. */
  bedrockModelId: string;
  /** Extra OAuth callback/logout URLs besides the site's own (for example a custom domain). */
  extraAuthUrls: string[];
  /** Address that receives alarm notifications; none subscribed when empty. */
  alarmEmail: string | undefined;
  /** Absolute path of the built SPA (`vite build` output). */
  webDistPath: string;
  /**
   * Set by `npm run deploy`: a deployment must not fall back on synth defaults (missing web build, Google
   * client id or Stripe prices would ship a broken site), so they become errors.
   */
  deploying: boolean;
}

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Values that let `cdk synth` run offline in a fresh clone; `deploying` refuses them. */
export const SYNTH_DEFAULTS = {
  googleClientId: 'synth-only.apps.googleusercontent.com',
  stripePriceMonthly: 'price_synth_only_monthly',
  stripePriceYearly: 'price_synth_only_yearly',
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

  const config: BloomConfig = {
    stage,
    googleClientId: text('googleClientId') ?? SYNTH_DEFAULTS.googleClientId,
    googleClientSecretName: text('googleClientSecretName') ?? `bloom/${stage}/google`,
    stripePriceMonthly: text('stripePriceMonthly') ?? SYNTH_DEFAULTS.stripePriceMonthly,
    stripePriceYearly: text('stripePriceYearly') ?? SYNTH_DEFAULTS.stripePriceYearly,
    bedrockModelId: text('bedrockModelId') ?? DEFAULT_BEDROCK_MODEL_ID,
    extraAuthUrls: (text('extraAuthUrls') ?? '')
      .split(',')
      .map((url) => url.trim())
      .filter((url) => url.length > 0),
    alarmEmail: text('alarmEmail'),
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
  if (config.stripePriceMonthly === SYNTH_DEFAULTS.stripePriceMonthly) {
    problems.push('--context stripePriceMonthly=<Stripe price id of the monthly plan>');
  }
  if (config.stripePriceYearly === SYNTH_DEFAULTS.stripePriceYearly) {
    problems.push('--context stripePriceYearly=<Stripe price id of the yearly plan>');
  }
  if (problems.length > 0) {
    throw new Error(`Deploying Bloom needs:\n  ${problems.join('\n  ')}\nSee infra/README.md.`);
  }
}
