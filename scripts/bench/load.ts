/**
 * Load benchmark (`npm run bench:load [-- --users=50 --writes=20]`): a report, not a test. Starts the local cloud
 * (DynamoDB Local in memory, the real handlers behind the API Gateway emulator), signs in that many free users,
 * and has each load her week and make that many adds, each with its own Idempotency-Key; a fifth of them are
 * sent a second time with the same key, as a client does whose answer was lost, and any 503 or network failure
 * is sent again with the same key. Prints throughput, p50/p99 latency and the errors, then checks every week:
 * each answered add planned exactly once, the edit counter equal to what was added (0 lost, 0 doubled). Exits
 * non-zero only when something was lost or doubled.
 */
import { randomUUID } from 'node:crypto';
import { ACTIVITY_CATALOGUE } from '../../shared/src/catalogue/activities.ts';
import { IDEMPOTENCY_KEY_HEADER } from '../../shared/src/errors/catalogue.ts';
import { SLOTS } from '../../shared/src/planner/types.ts';
import { addWeeks, todayIn, weekStartOf } from '../../shared/src/week/week.ts';
import { startLocalCloud } from '../local-cloud/cloud.ts';
import { signIn } from '../local-cloud/testing/sign-in.ts';
import { measureFloor } from './load/floor.ts';

const argument = (name: string, fallback: number) => {
  const raw = process.argv.find((entry) => entry.startsWith(`--${name}=`))?.slice(name.length + 3);
  const value = Number(raw ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer`);
  return value;
};
const users = argument('users', 50);
const writes = argument('writes', 20);
const RESEND_RATE = 0.2;

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const cloud = await startLocalCloud({ port: 0, https: false, web: 'none', stripe: false, bedrock: false });

interface Sample {
  ms: number;
  status: number | 'network';
}
const samples: Sample[] = [];

async function request(token: string, method: string, path: string, body?: unknown, key?: string) {
  const started = performance.now();
  try {
    const response = await fetch(`${cloud.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(key ? { [IDEMPOTENCY_KEY_HEADER]: key } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    samples.push({ ms: performance.now() - started, status: response.status });
    return {
      status: response.status,
      replayed: response.headers.get('idempotent-replayed') === 'true',
      body: text ? JSON.parse(text) : undefined,
    };
  } catch (error) {
    samples.push({ ms: performance.now() - started, status: 'network' });
    throw error;
  }
}

/** The web's write queue: the same request and key until it is answered with anything but 503. */
async function write(token: string, path: string, body: unknown, key: string) {
  for (let attempt = 1; ; attempt++) {
    const answer = await request(token, 'POST', path, body, key).catch(() => undefined);
    if (answer && answer.status !== 503) return answer;
    if (attempt >= 30) throw new Error(`${path} was not answered in 30 attempts`);
    await new Promise((resolve) => setTimeout(resolve, Math.min(200 * attempt, 2000)));
  }
}

const week = addWeeks(weekStartOf(todayIn('UTC', new Date())), -3);
const accounts = await Promise.all(
  Array.from({ length: users }, (_, index) =>
    signIn(cloud, { email: `load-${index}-${randomUUID()}@example.com`, name: `Load ${index}` }),
  ),
);

let replays = 0;
const started = performance.now();
const outcomes = await Promise.all(
  accounts.map(async (account) => {
    const token = account.idToken;
    await request(token, 'GET', `/api/weeks/${week}`);
    const added: string[] = [];
    for (let index = 0; index < writes; index++) {
      const activity = ACTIVITY_CATALOGUE[index % ACTIVITY_CATALOGUE.length];
      const path = `/api/weeks/${week}/days/${index % 7}/activities`;
      const body = { slot: SLOTS[index % SLOTS.length], activityIds: [activity?.id] };
      const key = randomUUID();
      const answer = await write(token, path, body, key);
      if (Math.random() < RESEND_RATE) {
        const again = await write(token, path, body, key);
        if (again.replayed) replays++;
        if (again.status !== answer.status)
          throw new Error(`A resent add answered ${again.status} after ${answer.status}`);
      }
      if (answer.status === 201) added.push(...answer.body.added.map((item: { id: string }) => item.id));
    }
    return { token, added };
  }),
);
const seconds = (performance.now() - started) / 1000;
const timedSamples = samples.length;

let lost = 0;
let doubled = 0;
let appliedAnsweredOtherwise = 0;
for (const { token, added } of outcomes) {
  const view = await request(token, 'GET', `/api/weeks/${week}`);
  const planned: { id: string; day: number; slot: string; activityId: string }[] = view.body.days.flatMap(
    (day: { activities: { id: string; day: number; slot: string; activityId: string }[] }) => day.activities,
  );
  const ids = new Set(planned.map((activity) => activity.id));
  lost += added.filter((id) => !ids.has(id)).length;
  // Doubled: one add planned twice, or an edit counted with no activity to show for it.
  const placements = new Set(planned.map((a) => `${a.day} ${a.slot} ${a.activityId}`));
  doubled += planned.length - placements.size + Math.max(0, view.body.edits.used - planned.length);
  // Applied once, but her last answer was not its 201: a write that landed after its 503 and whose claim had
  // lapsed when it was sent again (docs/rules.md#idempotent-writes, known limit); the slot's guard answered 409.
  appliedAnsweredOtherwise += planned.length - added.length;
}
// The same DynamoDB requests at the same concurrency, straight to the same DynamoDB Local (scripts/bench/load/floor.ts).
const floor = await measureFloor(cloud.dynamodbEndpoint, { users, writes, week, resendRate: RESEND_RATE });
await cloud.stop();

const percentileOf = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const latencies = samples.slice(0, timedSamples).map((sample) => sample.ms);
const percentile = (p: number) => percentileOf(latencies, p);
const throughput = timedSamples / seconds;
const floorThroughput = floor.latenciesMs.length / floor.seconds;
const floorP50 = percentileOf(floor.latenciesMs, 50);
const count = (predicate: (sample: Sample) => boolean) => samples.filter(predicate).length;
console.log(`
  bench:load  ${users} users x (1 week load + ${writes} adds, ${RESEND_RATE * 100}% resent with the same key)
  requests      ${timedSamples} in ${seconds.toFixed(1)} s  (${throughput.toFixed(1)} req/s)
  latency       p50 ${percentile(50).toFixed(0)} ms   p99 ${percentile(99).toFixed(0)} ms   max ${percentile(100).toFixed(0)} ms
  floor         the same DynamoDB requests straight to DynamoDB Local: ${floorThroughput.toFixed(1)} req/s, p50 ${floorP50.toFixed(0)} ms, p99 ${percentileOf(floor.latenciesMs, 99).toFixed(0)} ms
  over floor    throughput ${(throughput / floorThroughput).toFixed(2)}x the floor's, p50 ${(percentile(50) / floorP50).toFixed(1)}x: what the gateway, token check and handlers add
  answers       201: ${count((s) => s.status === 201)}  403 (edit limit): ${count((s) => s.status === 403)}  200: ${count((s) => s.status === 200)}
  errors        503: ${count((s) => s.status === 503)}  other 5xx: ${count((s) => typeof s.status === 'number' && s.status >= 500 && s.status !== 503)}  network: ${count((s) => s.status === 'network')}  other: ${count((s) => typeof s.status === 'number' && ![200, 201, 403].includes(s.status) && s.status < 500)}
  replayed      ${replays} resent adds answered from their key's record
  weeks         lost ${lost}, doubled ${doubled}; applied once but answered 409 after a 503: ${appliedAnsweredOtherwise}
`);
process.exit(lost + doubled === 0 ? 0 : 1);
