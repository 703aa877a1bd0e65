import { ROUTES, throttleOf } from '@bloom/functions/routes';
import { PRICES, QUOTAS } from './prices';
import type { MonthCounts } from './typical-month';
import type { RouteUsage } from './usage';

/**
 * Assumptions the measurements cannot give, stated once. A cold start pays Lambda's INIT phase, billed like the
 * invocation since August 2025: the bundle's import (npm run bench:bundles) plus the Node runtime's own start.
 */
export const ASSUMPTIONS = {
  coldStartShare: 0.05,
  coldStartInitMs: 250,
  /** START, END and REPORT lines Lambda writes per invocation; the functions log only warnings and errors. */
  logBytesPerInvocation: 350,
  /** Response headers through CloudFront, per request. */
  headerBytes: 400,
  /** Full downloads of the app's assets a month (after each deploy; hashed files stay cached in between). */
  assetDownloadsPerMonth: 4,
} as const;

/** The web app's files as CloudFront serves them (gzip), from a production build. */
export interface StaticSite {
  indexHtmlBytes: number;
  configBytes: number;
  assetBytes: number;
  assetFiles: number;
}

export interface ServiceCosts {
  lambdaRequests: number;
  lambdaCompute: number;
  apiGateway: number;
  cloudFrontRequests: number;
  cloudFrontData: number;
  dynamodbReads: number;
  dynamodbWrites: number;
  cloudWatchLogs: number;
  bedrockTokens: number;
  bedrockGuardrails: number;
  cognito: number;
}

export const SERVICE_LABELS: Record<keyof ServiceCosts, string> = {
  lambdaRequests: 'Lambda requests',
  lambdaCompute: 'Lambda compute (GB-s, Arm)',
  apiGateway: 'API Gateway (HTTP API)',
  cloudFrontRequests: 'CloudFront requests',
  cloudFrontData: 'CloudFront data out',
  dynamodbReads: 'DynamoDB reads (on-demand)',
  dynamodbWrites: 'DynamoDB writes (on-demand)',
  cloudWatchLogs: 'CloudWatch Logs ingestion',
  bedrockTokens: 'Bedrock tokens (coach)',
  bedrockGuardrails: 'Bedrock Guardrails (coach)',
  cognito: 'Cognito (Essentials MAU)',
};

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Billed ms of an invocation: its measured duration rounded up to the ms, plus the cold-start share of INIT. */
export function billedMs(usage: RouteUsage): number {
  const warm = usage.durationsMs.reduce((sum, ms) => sum + Math.ceil(ms), 0);
  return warm + usage.invocations * ASSUMPTIONS.coldStartShare * ASSUMPTIONS.coldStartInitMs;
}

/** One user's month in dollars, per service. */
export function monthCost(
  routes: readonly RouteUsage[],
  counts: MonthCounts,
  site: StaticSite,
): ServiceCosts {
  const sum = (pick: (usage: RouteUsage) => number) =>
    routes.reduce((total, usage) => total + pick(usage), 0);
  const invocations = sum((usage) => usage.invocations);
  const gbSeconds = sum((usage) => (billedMs(usage) / 1000) * (usage.memoryMb / 1024));
  const staticRequests = counts.appOpens * 2 + ASSUMPTIONS.assetDownloadsPerMonth * site.assetFiles;
  const staticBytes =
    counts.appOpens * (site.indexHtmlBytes + site.configBytes) +
    ASSUMPTIONS.assetDownloadsPerMonth * site.assetBytes +
    staticRequests * ASSUMPTIONS.headerBytes;
  const apiBytes = sum((usage) => usage.responseBytes) + invocations * ASSUMPTIONS.headerBytes;
  const guardrailUnits = sum((usage) => Math.ceil(usage.guardedChars / 1000));
  return {
    lambdaRequests: invocations * PRICES.lambda.request,
    lambdaCompute: gbSeconds * PRICES.lambda.gbSecondArm,
    apiGateway: invocations * PRICES.httpApiRequest,
    cloudFrontRequests: (invocations + staticRequests) * PRICES.cloudFront.httpsRequest,
    cloudFrontData: ((apiBytes + staticBytes) / 1024 ** 3) * PRICES.cloudFront.perGbOut,
    dynamodbReads: sum((usage) => usage.readUnits) * PRICES.dynamodb.readRequestUnit,
    dynamodbWrites: sum((usage) => usage.writeUnits) * PRICES.dynamodb.writeRequestUnit,
    cloudWatchLogs: ((invocations * ASSUMPTIONS.logBytesPerInvocation) / 1024 ** 3) * PRICES.logsPerGb,
    bedrockTokens:
      sum((usage) => usage.inputTokens) * PRICES.bedrock.inputToken +
      sum((usage) => usage.outputTokens) * PRICES.bedrock.outputToken,
    bedrockGuardrails: guardrailUnits * PRICES.bedrock.guardrailTextUnit,
    cognito: PRICES.cognitoMau,
  };
}

export const total = (costs: ServiceCosts, without: ReadonlyArray<keyof ServiceCosts> = []) =>
  (Object.keys(costs) as Array<keyof ServiceCosts>)
    .filter((service) => !without.includes(service))
    .reduce((sum, service) => sum + costs[service], 0);

/** The morning peak of the issue: 1 million monthly active users, 10% of them within one hour. */
export const PEAK = {
  monthlyActiveUsers: 1_000_000,
  shareInPeakHour: 0.1,
  /** Share of users on Pro (the coach); an assumption for the estimate. */
  proShare: 0.05,
  /** Within the hour, the busiest minutes see twice the hour's mean rate. */
  burstFactor: 2,
  /** A fast user's requests per second against her own partition (the web sends at most 3 at once). */
  oneUserRequestsPerSecond: 5,
  /** The coach's maxTokens (functions/src/coach/bedrock.ts): Bedrock reserves it against the quota per call. */
  coachMaxTokens: 400,
} as const;

export interface PeakRoute {
  route: string;
  requestsPerSecond: number;
  /** The stack's API Gateway throttle on the route (steady rate, functions/src/routes.ts THROTTLE_LIMITS). */
  throttleRate: number;
  concurrency: number;
  readUnitsPerSecond: number;
  writeUnitsPerSecond: number;
  /** Capacity units of one request (the heaviest the scripted month made on this route). */
  readUnitsPerRequest: number;
  writeUnitsPerRequest: number;
}

/**
 * Each peak-hour user opens the app once: one sign-in day's share of her month (every route's calls divided by
 * the month's sign-in days); Pro users add their share of coach messages.
 */
export function peakRoutes(
  free: readonly RouteUsage[],
  pro: readonly RouteUsage[],
  signInDays: number,
): PeakRoute[] {
  const usersPerSecond = (PEAK.monthlyActiveUsers * PEAK.shareInPeakHour * PEAK.burstFactor) / 3600;
  const routes = new Set([...free, ...pro].map((usage) => usage.route));
  return [...routes].map((route) => {
    const of = (usages: readonly RouteUsage[]) => usages.find((usage) => usage.route === route);
    const perSession = (usage: RouteUsage | undefined) => (usage ? usage.invocations / signInDays : 0);
    const perUser = (1 - PEAK.proShare) * perSession(of(free)) + PEAK.proShare * perSession(of(pro));
    const requestsPerSecond = usersPerSecond * perUser;
    const sample = of(pro) ?? of(free);
    const invocations = sample?.invocations || 1;
    const definition = ROUTES.find((candidate) => `${candidate.method} ${candidate.path}` === route);
    return {
      route,
      requestsPerSecond,
      throttleRate: definition ? throttleOf(definition).rateLimit : Number.POSITIVE_INFINITY,
      concurrency: requestsPerSecond * ((sample ? median(sample.durationsMs) : 0) / 1000),
      readUnitsPerSecond: requestsPerSecond * ((sample?.readUnits ?? 0) / invocations),
      writeUnitsPerSecond: requestsPerSecond * ((sample?.writeUnits ?? 0) / invocations),
      readUnitsPerRequest: (sample?.readUnits ?? 0) / invocations,
      writeUnitsPerRequest: (sample?.writeUnits ?? 0) / invocations,
    };
  });
}

export interface PeakLimits {
  lambdaConcurrency: number;
  tableReadUnitsPerSecond: number;
  tableWriteUnitsPerSecond: number;
  busiestPartitionReadUnitsPerSecond: number;
  busiestPartitionWriteUnitsPerSecond: number;
  cognitoRefreshesPerSecond: number;
  cognitoSignInsPerSecond: number;
  bedrockRequestsPerMinute: number;
  /** Tokens reserved per minute: each call's input plus its maxTokens. */
  bedrockTokensPerMinute: number;
  apiRequestsPerSecond: number;
}

export function peakLimits(
  routes: readonly PeakRoute[],
  counts: MonthCounts,
  pro: readonly RouteUsage[],
  signInDays: number,
): PeakLimits {
  const usersPerSecond = (PEAK.monthlyActiveUsers * PEAK.shareInPeakHour * PEAK.burstFactor) / 3600;
  const sum = (pick: (route: PeakRoute) => number) => routes.reduce((total, route) => total + pick(route), 0);
  const coach = pro.find((usage) => usage.bedrockCalls > 0);
  const coachRate = routes.find((route) => route.route === coach?.route)?.requestsPerSecond ?? 0;
  const reservedPerMessage = coach ? coach.inputTokens / coach.bedrockCalls + PEAK.coachMaxTokens : 0;
  // Her partition: a fast user making her heaviest request again and again.
  const heaviestRead = Math.max(...routes.map((route) => route.readUnitsPerRequest));
  const heaviestWrite = Math.max(...routes.map((route) => route.writeUnitsPerRequest));
  return {
    lambdaConcurrency: sum((route) => route.concurrency),
    tableReadUnitsPerSecond: sum((route) => route.readUnitsPerSecond),
    tableWriteUnitsPerSecond: sum((route) => route.writeUnitsPerSecond),
    busiestPartitionReadUnitsPerSecond: heaviestRead * PEAK.oneUserRequestsPerSecond,
    busiestPartitionWriteUnitsPerSecond: heaviestWrite * PEAK.oneUserRequestsPerSecond,
    cognitoRefreshesPerSecond: (usersPerSecond * counts.cognitoRefreshes) / signInDays,
    cognitoSignInsPerSecond: (usersPerSecond * counts.cognitoSignIns) / signInDays,
    bedrockRequestsPerMinute: coachRate * 60,
    bedrockTokensPerMinute: coachRate * 60 * reservedPerMessage,
    apiRequestsPerSecond: sum((route) => route.requestsPerSecond),
  };
}

/** Each peak figure against its quota (and each route against its throttle): the share used, highest first. */
export function quotaUse(
  limits: PeakLimits,
  routes: readonly PeakRoute[],
): Array<{ what: string; peak: number; quota: number }> {
  return [
    ...routes.map((route) => ({
      what: `API Gateway throttle of ${route.route}`,
      peak: route.requestsPerSecond,
      quota: route.throttleRate,
    })),
    { what: 'Lambda concurrent executions', peak: limits.lambdaConcurrency, quota: QUOTAS.lambdaConcurrency },
    {
      what: 'DynamoDB table reads/s (new on-demand table)',
      peak: limits.tableReadUnitsPerSecond,
      quota: QUOTAS.newOnDemandTableReadUnitsPerSecond,
    },
    {
      what: 'DynamoDB table writes/s (new on-demand table)',
      peak: limits.tableWriteUnitsPerSecond,
      quota: QUOTAS.newOnDemandTableWriteUnitsPerSecond,
    },
    {
      what: 'DynamoDB busiest partition reads/s',
      peak: limits.busiestPartitionReadUnitsPerSecond,
      quota: QUOTAS.partitionReadUnitsPerSecond,
    },
    {
      what: 'DynamoDB busiest partition writes/s',
      peak: limits.busiestPartitionWriteUnitsPerSecond,
      quota: QUOTAS.partitionWriteUnitsPerSecond,
    },
    {
      what: 'Cognito UserAuthentication (token refresh) rps',
      peak: limits.cognitoRefreshesPerSecond,
      quota: QUOTAS.cognitoUserAuthenticationRps,
    },
    {
      what: 'Cognito UserFederation (Google sign-in) rps',
      peak: limits.cognitoSignInsPerSecond,
      quota: QUOTAS.cognitoUserFederationRps,
    },
    {
      what: 'Bedrock tokens per minute reserved (assumed quota)',
      peak: limits.bedrockTokensPerMinute,
      quota: QUOTAS.bedrockTokensPerMinute,
    },
    { what: 'HTTP API requests per second', peak: limits.apiRequestsPerSecond, quota: QUOTAS.httpApiRps },
  ].sort((a, b) => b.peak / b.quota - a.peak / a.quota);
}
