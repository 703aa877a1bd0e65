/**
 * Cost model (`npm run bench:cost`): runs a typical user's month (scripts/bench/cost/typical-month.ts) against
 * the local cloud, once as a free user and once as a Pro user with the coach, and measures what AWS bills:
 * Lambda invocations and their durations (each function's memory from the route table), DynamoDB read and write
 * request units (ConsumedCapacity as DynamoDB Local reports it, metered on the functions' own AWS clients by
 * scripts/local-cloud/metering), API Gateway and CloudFront requests and bytes, and Bedrock tokens (the
 * emulator's `usage`). It prints the monthly cost per 1,000 active users at list prices (cost/prices.ts states
 * the region and the date), split by service, with and without Cognito and the coach; then the same month at
 * 1 million monthly active users with a morning peak, against the quotas that would bind first.
 *
 * A report, not a test: it exits non-zero only if the scripted month fails. Durations are measured on this
 * machine against DynamoDB Local (slower than DynamoDB), so Lambda compute is an upper bound.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { DynamoDBClient, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { startLocalCloud } from '../local-cloud/cloud';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../local-cloud/dynamodb';
import { HANDLERS_DIR, moduleHandlerLoader } from '../local-cloud/gateway/gateway';
import { installUsageMeter } from '../local-cloud/metering/usage-meter';
import {
  ASSUMPTIONS,
  billedMs,
  median,
  monthCost,
  PEAK,
  peakLimits,
  peakRoutes,
  quotaUse,
  SERVICE_LABELS,
  type ServiceCosts,
  type StaticSite,
  total,
} from './cost/model';
import { PRICE_DATE, PRICE_REGION } from './cost/prices';
import { MONTH, runTypicalMonth } from './cost/typical-month';
import { type RouteUsage, UsageLedger } from './cost/usage';

const WEB_ROOT = resolve(fileURLToPath(import.meta.url), '../../../web');
const USERS = 1000;

/** The production build's files as CloudFront sends them (gzip -9). */
async function staticSite(): Promise<StaticSite> {
  const { build } = await import('vite');
  const dist = await mkdtemp(join(tmpdir(), 'bloom-bench-cost-'));
  try {
    await build({
      root: WEB_ROOT,
      logLevel: 'warn',
      configFile: join(WEB_ROOT, 'vite.config.ts'),
      build: { outDir: dist, emptyOutDir: true, sourcemap: false },
    });
    const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
    const assets = readdirSync(join(dist, 'assets')).filter((name) => /\.(js|css|svg|woff2?)$/.test(name));
    return {
      indexHtmlBytes: gz(join(dist, 'index.html')),
      configBytes: 400,
      assetBytes: assets.reduce((sum, name) => sum + gz(join(dist, 'assets', name)), 0),
      assetFiles: assets.length,
    };
  } finally {
    await rm(dist, { recursive: true, force: true });
  }
}

const dollars = (value: number) => `$${value.toFixed(2)}`;
const round = (value: number, digits = 1) => value.toFixed(digits);

function printUsage(title: string, routes: readonly RouteUsage[]): void {
  console.log(`\n${title}: per user per month (durations measured here; billed adds the cold-start share)`);
  console.log(
    `  ${'route'.padEnd(52)} ${'calls'.padStart(5)} ${'p50 ms'.padStart(7)} ${'billed ms'.padStart(9)} ${'RRU'.padStart(6)} ${'WRU'.padStart(6)} ${'tokens in/out'.padStart(14)}`,
  );
  for (const usage of routes) {
    console.log(
      `  ${usage.route.padEnd(52)} ${String(usage.invocations).padStart(5)} ${round(median(usage.durationsMs)).padStart(7)} ${round(billedMs(usage), 0).padStart(9)} ${round(usage.readUnits).padStart(6)} ${round(usage.writeUnits).padStart(6)} ${`${usage.inputTokens}/${usage.outputTokens}`.padStart(14)}`,
    );
  }
}

function printCosts(free: ServiceCosts, pro: ServiceCosts): void {
  console.log(
    `\nMonthly cost per ${USERS.toLocaleString('en')} active users, ${PRICE_REGION} list prices (${PRICE_DATE}), no free tiers:`,
  );
  console.log(`  ${'service'.padEnd(30)} ${'free users'.padStart(11)} ${'Pro + coach'.padStart(12)}`);
  for (const service of Object.keys(SERVICE_LABELS) as Array<keyof ServiceCosts>) {
    console.log(
      `  ${SERVICE_LABELS[service].padEnd(30)} ${dollars(free[service] * USERS).padStart(11)} ${dollars(pro[service] * USERS).padStart(12)}`,
    );
  }
  const coach: Array<keyof ServiceCosts> = ['bedrockTokens', 'bedrockGuardrails'];
  const rows: Array<[string, number, number]> = [
    ['total', total(free), total(pro)],
    ['total without Cognito', total(free, ['cognito']), total(pro, ['cognito'])],
    ['total without the coach', total(free, coach), total(pro, coach)],
    ['total without Cognito or coach', total(free, ['cognito', ...coach]), total(pro, ['cognito', ...coach])],
  ];
  for (const [label, forFree, forPro] of rows) {
    console.log(
      `  ${label.padEnd(30)} ${dollars(forFree * USERS).padStart(11)} ${dollars(forPro * USERS).padStart(12)}`,
    );
  }
  console.log(
    `Assumptions: ${ASSUMPTIONS.coldStartShare * 100}% of invocations cold, each adding a billed INIT of ${ASSUMPTIONS.coldStartInitMs} ms;` +
      ` ${ASSUMPTIONS.logBytesPerInvocation} B of logs per invocation; the app's assets downloaded in full ${ASSUMPTIONS.assetDownloadsPerMonth} times a month` +
      ' (after deploys), index.html and config.json on every open; DynamoDB storage (a few KB per user) left out.',
  );
}

async function main() {
  const ledger = new UsageLedger();
  installUsageMeter(ledger.recordAws);
  console.log('Building web/ (for the bytes CloudFront serves) and starting the local cloud...');
  const site = await staticSite();
  const cloud = await startLocalCloud({
    port: 0,
    https: false,
    web: 'none',
    stripe: false,
    // An already running DynamoDB (e.g. `npm start`'s) when given, as for the local cloud itself.
    ...(process.env.DYNAMODB_ENDPOINT ? { dynamodbEndpoint: process.env.DYNAMODB_ENDPOINT } : {}),
    tableName: `bloom-cost-${Date.now()}`,
    loadHandler: ledger.timing(moduleHandlerLoader(HANDLERS_DIR)),
  });
  const table = new DynamoDBClient({
    endpoint: cloud.dynamodbEndpoint,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
  });
  // What a completed Stripe subscription does to her profile; written outside any function, so not metered.
  const makePro = async (sub: string) => {
    await table.send(
      new UpdateItemCommand({
        TableName: cloud.tableName,
        Key: { pk: { S: `USER#${sub}` }, sk: { S: 'PROFILE' } },
        UpdateExpression: 'SET tier = :pro',
        ExpressionAttributeValues: { ':pro': { S: 'pro' } },
      }),
    );
  };
  try {
    const run = Date.now();
    // A warm-up user first, so module loading and first-call costs do not count as a month's durations.
    await runTypicalMonth(cloud, `cost-warmup-${run}@example.com`, { pro: true, makePro });
    ledger.take();
    const counts = await runTypicalMonth(cloud, `cost-free-${run}@example.com`, { pro: false, makePro });
    const free = ledger.take();
    await runTypicalMonth(cloud, `cost-pro-${run}@example.com`, { pro: true, makePro });
    const pro = ledger.take();

    console.log(
      `\nA typical month: sign in on ${MONTH.signInDays} days, load the week ${MONTH.weekLoads} times, ${MONTH.ticks} ticks,` +
        ` ${MONTH.edits} edits, ${MONTH.customActivities} custom activities; Pro adds ${MONTH.coachMessages} coach messages.`,
    );
    printUsage('Free user', free);
    printUsage('Pro user', pro);
    console.log(
      `\nStatic site (gzip): index.html ${site.indexHtmlBytes} B, ${site.assetFiles} asset files ${(site.assetBytes / 1024).toFixed(0)} KB.`,
    );
    printCosts(monthCost(free, counts, site), monthCost(pro, counts, site));

    const routes = peakRoutes(free, pro, MONTH.signInDays);
    const limits = peakLimits(routes, counts, pro, MONTH.signInDays);
    console.log(
      `\nScale on paper: ${PEAK.monthlyActiveUsers.toLocaleString('en')} monthly active users, ${PEAK.shareInPeakHour * 100}% of them` +
        ` opening the app between 07:00 and 08:00 in one time zone (${PEAK.proShare * 100}% Pro; busiest minutes at` +
        ` ${PEAK.burstFactor}x the hour's mean). Each opens it once: one sign-in day's share of her month.`,
    );
    console.log(
      `  ${'route'.padEnd(52)} ${'req/s'.padStart(7)} ${'throttle'.padStart(8)} ${'concurrency'.padStart(11)} ${'RRU/s'.padStart(8)} ${'WRU/s'.padStart(8)}`,
    );
    for (const route of [...routes].sort((a, b) => b.requestsPerSecond - a.requestsPerSecond)) {
      console.log(
        `  ${route.route.padEnd(52)} ${round(route.requestsPerSecond).padStart(7)} ${String(route.throttleRate).padStart(8)} ${round(route.concurrency).padStart(11)} ${round(route.readUnitsPerSecond, 0).padStart(8)} ${round(route.writeUnitsPerSecond, 0).padStart(8)}`,
      );
    }
    console.log(
      `\nPeak against quotas and the stack's route throttles (busiest partition: one user making her heaviest request ${PEAK.oneUserRequestsPerSecond} times a second; every key is hers):`,
    );
    console.log(
      `  (the coach at peak: ${round(limits.bedrockRequestsPerMinute, 0)} messages a minute; Cognito: ${round(limits.cognitoRefreshesPerSecond)} token refreshes and ${round(limits.cognitoSignInsPerSecond)} Google sign-ins a second)`,
    );
    for (const use of quotaUse(limits, routes)) {
      console.log(
        `  ${use.what.padEnd(50)} ${round(use.peak).padStart(9)} of ${String(use.quota).padStart(9)}  ${round((use.peak / use.quota) * 100, 0).padStart(4)}%`,
      );
    }
  } finally {
    table.destroy();
    await cloud.stop();
  }
}

await main();
// The local cloud's servers are closed; anything the handlers' SDK clients keep open must not hold the report.
process.exit(process.exitCode ?? 0);
