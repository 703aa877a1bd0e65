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
export declare const REPO_ROOT: string;
/** Values that let `cdk synth` run offline in a fresh clone; `deploying` refuses them. */
export declare const SYNTH_DEFAULTS: {
  readonly googleClientId: 'synth-only.apps.googleusercontent.com';
  readonly stripePriceMonthly: 'price_synth_only_monthly';
  readonly stripePriceYearly: 'price_synth_only_yearly';
};
/** Claude Haiku 4.5 through the EU cross-region inference profile (Bloom prices in euros, so EU regions). */
export declare const DEFAULT_BEDROCK_MODEL_ID = 'eu.anthropic.claude-haiku-4-5-20251001-v1:0';
export declare function readConfig(node: Node): BloomConfig;
