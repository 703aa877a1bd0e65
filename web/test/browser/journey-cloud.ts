import { type LocalCloud, startLocalCloud } from '@bloom/scripts/local-cloud/cloud';

/**
 * The local cloud journeys run against: real handlers, the run's DynamoDB Local, the Cognito, Stripe and Bedrock
 * emulators, serving the run's production build of the SPA. The global setup starts one for the run; a file
 * that needs a cloud to itself starts another (harness.ts `setUpBloom({ ownCloud: true })`).
 */
export function startJourneyCloud(webDist: string, dynamodbEndpoint: string): Promise<LocalCloud> {
  return startLocalCloud({
    port: 0,
    // Amplify always sends the browser to https://{oauth domain}, so the local cloud serves https here too.
    https: true,
    web: 'dist',
    webDist,
    dynamodbEndpoint,
  });
}

/** The cloud's origin without a trailing slash, as journeys join paths to it. */
export function originOf(cloud: LocalCloud): string {
  return cloud.url.replace(/\/$/, '');
}
