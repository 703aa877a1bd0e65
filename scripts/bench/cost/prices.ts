/**
 * AWS list prices the cost model uses: us-east-1 (N. Virginia), on-demand, without free tiers, in USD, as
 * published on the services' pricing pages in November 2025. The stack runs in an EU region
 * (infra/lib/region.ts, eu-west-1 by default), where DynamoDB, API Gateway and Bedrock's EU inference profile
 * list somewhat higher: read the figures as the order of magnitude, and check the pricing pages before a budget.
 */
export const PRICE_REGION = 'us-east-1';
export const PRICE_DATE = '2025-11';

export const PRICES = {
  lambda: {
    /** Per request. */
    request: 0.2 / 1e6,
    /** Per GB-second, Arm (infra/lib/bloom-function.ts runs every function on ARM_64). */
    gbSecondArm: 0.0000133334,
  },
  /** HTTP API, per request (first 300 million a month). */
  httpApiRequest: 1.0 / 1e6,
  cloudFront: {
    /** HTTPS requests, United States and Europe. */
    httpsRequest: 0.01 / 1e4,
    /** Data out to the internet, United States and Europe, first 10 TB. */
    perGbOut: 0.085,
  },
  dynamodb: {
    /** On-demand read request unit. */
    readRequestUnit: 0.125 / 1e6,
    /** On-demand write request unit. */
    writeRequestUnit: 0.625 / 1e6,
  },
  /** Cognito Essentials (the pool's feature plan, infra/lib/auth.ts), per monthly active user. */
  cognitoMau: 0.015,
  bedrock: {
    /** Claude Haiku 4.5, per token (on-demand). */
    inputToken: 1 / 1e6,
    outputToken: 5 / 1e6,
    /** Guardrails: content filters and denied topics, each per 1,000 text units (1 text unit = 1,000 characters). */
    guardrailTextUnit: (0.15 + 0.15) / 1000,
  },
  /** CloudWatch Logs ingestion per GB (Lambda's START/END/REPORT lines and the functions' own log lines). */
  logsPerGb: 0.5,
} as const;

/**
 * Quotas the scale estimate compares against: defaults of a new account, which AWS raises on request. Check the
 * account's Service Quotas console; Bedrock's in particular differ from account to account.
 */
export const QUOTAS = {
  /** Lambda concurrent executions per region. */
  lambdaConcurrency: 1000,
  /** DynamoDB's per-partition ceiling, whatever the table's mode. */
  partitionReadUnitsPerSecond: 3000,
  partitionWriteUnitsPerSecond: 1000,
  /** What a new on-demand table serves at once before it has scaled (its "warm throughput"). */
  newOnDemandTableReadUnitsPerSecond: 12000,
  newOnDemandTableWriteUnitsPerSecond: 4000,
  /** Cognito user-pool API, "UserAuthentication" category (token refresh, InitiateAuth), requests per second. */
  cognitoUserAuthenticationRps: 120,
  /** Cognito "UserFederation" category (sign-in through Google), requests per second. */
  cognitoUserFederationRps: 25,
  /** HTTP API: requests per second per account and region (throttling quota). */
  httpApiRps: 10000,
  /**
   * Bedrock's quota is tokens per minute per model (input and output together, "Cross-Region InvokeModel tokens
   * per minute"), reserved at the start of a call as its input plus its maxTokens. Defaults differ per account
   * and new accounts get less: an assumed figure, replace it with the account's own.
   */
  bedrockTokensPerMinute: 200_000,
} as const;
