import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import {
  DEFAULT_TABLE_NAME,
  DEFAULT_TOKEN_LIFETIME_SECONDS,
  REPOSITORY_ROOT,
  startLocalCloud,
} from './cloud';
import { whenLauncherGone } from './launcher-watch';

/**
 * `npm start`: Bloom's whole cloud on https://localhost:5173. Configuration comes from the environment and
 * an optional .env file (see .env.example).
 */

const envFile = join(REPOSITORY_ROOT, '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);

function integer(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return value;
}

const startedAt = Date.now();
const dataDir = resolve(REPOSITORY_ROOT, process.env.DATA_DIR || '.local');
const dynamodbEndpoint = process.env.DYNAMODB_ENDPOINT || undefined;

const port = integer('PORT', 5173);
const cloud = await startLocalCloud({
  port,
  host: process.env.HOST || '127.0.0.1',
  https: true,
  dataDir,
  ...(dynamodbEndpoint ? { dynamodbEndpoint } : {}),
  tableName: process.env.TABLE_NAME || DEFAULT_TABLE_NAME,
  web: 'vite',
  scheduleTimers: true,
  tokenLifetimeSeconds: integer('TOKEN_LIFETIME_SECONDS', DEFAULT_TOKEN_LIFETIME_SECONDS),
  log: (line) => console.log(`  ${line}`),
}).catch((error: NodeJS.ErrnoException) => {
  // startLocalCloud has stopped whatever it started; say what to do about the usual causes.
  if (error.code === 'EADDRINUSE')
    console.error(`\n  Port ${port} is in use. Stop what uses it, or set PORT in .env.\n`);
  else if (/DynamoDB Local/.test(error.message))
    console.error(`\n  ${error.message}\n  Check that \`java -version\` says 17 or later.\n`);
  else console.error(error);
  process.exit(1);
});

/** Paths under the working folder relative to it, others in full. */
const shown = (path: string) => {
  const inside = relative(process.cwd(), path);
  return inside && !inside.startsWith('..') ? inside : path;
};
console.log(`
  Bloom is running at ${cloud.url}  (ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s)

  The first time, your browser warns about the local certificate: accept it once (it is made for
  localhost on this machine and kept in ${shown(join(dataDir, 'tls'))}).
  Sign in with any email and name: the local sign-in page stands in for Google.

  Payments go to the local Stripe: card 4242 4242 4242 4242, any future date and CVC. Its dashboard:
  ${cloud.stripeUrl ?? '(not started)'}/dashboard

  Data lives in ${shown(dataDir)} (table ${cloud.tableName} on ${cloud.dynamodbEndpoint}${dynamodbEndpoint ? '' : ', DynamoDB Local'}).
  Press Ctrl-C to stop.
`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n  ${signal}: stopping Bloom...`);
  const forced = setTimeout(() => process.exit(1), 10_000);
  forced.unref();
  await cloud.stop();
  console.log('  Stopped.');
  process.exit(signal === 'crash' ? 1 : 0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGHUP', () => void shutdown('SIGHUP'));
whenLauncherGone(() => void shutdown('npm start ended'));
// A crash must not leave DynamoDB Local behind either.
process.on('uncaughtException', (error) => {
  console.error(error);
  void shutdown('crash');
});
process.on('unhandledRejection', (error) => {
  console.error(error);
  void shutdown('crash');
});
