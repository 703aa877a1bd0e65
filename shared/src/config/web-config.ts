/**
 * What the web app needs to know about where it runs. Served as `/config.json`: by the local cloud in
 * development, and written next to the SPA by the CDK deployment in the cloud. Nothing else differs.
 */
export interface WebConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Hosted UI domain without scheme, e.g. `auth.bloom.example` or `localhost:5173/cognito` locally. */
  oauthDomain: string;
  /** Cognito user-pool API endpoint override; only the local emulator sets it. */
  userPoolEndpoint?: string;
  /** The VAPID public key (base64url) push subscriptions are made with (docs/rules.md#reminders). */
  vapidPublicKey: string;
  redirectSignIn: string;
  redirectSignOut: string;
}
