/**
 * The one route table. The CDK stack makes an HTTP API route and a Lambda function of each entry; the local
 * API Gateway emulator serves the same entries from the same handler modules.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** DynamoDB actions a handler performs; the stack grants each function exactly these on the table. */
export type TableAction =
  | 'dynamodb:GetItem'
  | 'dynamodb:Query'
  | 'dynamodb:PutItem'
  | 'dynamodb:UpdateItem'
  | 'dynamodb:DeleteItem'
  | 'dynamodb:BatchWriteItem'
  | 'dynamodb:ConditionCheckItem';

/** An outside service a function may call. */
export type OutsideService = 'stripe' | 'bedrock' | 'cognito' | 'webPush' | 'reminderQueue';

/**
 * What using each outside service takes besides the table: the stack grants these actions on the service's
 * own resources (the Stripe secret; the model and the coach's guardrail) and the local cloud allows no more.
 */
export const SERVICE_ACTIONS = {
  stripe: ['secretsmanager:GetSecretValue'],
  // Converse is authorised as bedrock:InvokeModel, and as bedrock:ApplyGuardrail when it names a guardrail.
  bedrock: ['bedrock:InvokeModel', 'bedrock:ApplyGuardrail'],
  // Deleting her sign-in when she deletes her account (docs/rules.md#deleting-an-account), on the user pool.
  // Its user is read first (is it still hers?), signed out everywhere, then deleted.
  cognito: ['cognito-idp:AdminGetUser', 'cognito-idp:AdminUserGlobalSignOut', 'cognito-idp:AdminDeleteUser'],
  // Reading the VAPID keys that sign pushes: their own secret, which only the reminder functions may read.
  webPush: ['secretsmanager:GetSecretValue'],
  // Handing a large bucket of due reminders to the reminder queue.
  reminderQueue: ['sqs:SendMessage'],
} as const satisfies Record<OutsideService, readonly string[]>;

/** A function's size and time limit, as Lambda takes them. */
export interface FunctionSettings {
  memoryMb: number;
  timeoutSeconds: number;
}

/**
 * What every function gets unless its entry in ROUTES or BACKGROUND_FUNCTIONS says otherwise: stated once, so an
 * entry names only its exceptions. The stack and the local cloud both read the entries with these applied.
 */
export const FUNCTION_DEFAULTS: Readonly<FunctionSettings> = { memoryMb: 512, timeoutSeconds: 10 };

/** An entry as the tables below state it: memory and timeout only where they differ from FUNCTION_DEFAULTS. */
type Entry<T extends FunctionSettings> = Omit<T, keyof FunctionSettings> & Partial<FunctionSettings>;

function withDefaults<T extends FunctionSettings>(entries: readonly Entry<T>[]): readonly T[] {
  return entries.map((entry) => ({ ...FUNCTION_DEFAULTS, ...entry }) as T);
}

export interface RouteDefinition extends FunctionSettings {
  method: HttpMethod;
  /** API Gateway path syntax, parameters in braces. */
  path: string;
  /** Module under functions/src/handlers exporting `handler`, without extension. */
  handler: string;
  /** 'jwt': the Cognito JWT authorizer guards it. 'none': the handler authenticates the caller itself. */
  auth: 'jwt' | 'none';
  tableActions: readonly TableAction[];
  /** Outside services the handler calls: the stack grants their secrets or model access, nothing more. */
  uses?: readonly OutsideService[];
  /** How hard API Gateway throttles the route; left out, `throttleClassOf` derives it from the entry. */
  throttle?: ThrottleClass;
  /**
   * Safe to repeat by itself, so it keeps no idempotency record: deleting her account empties the partition the
   * record would live in, and a record written after would outlive her (docs/rules.md#deleting-an-account).
   */
  repeatableByDesign?: true;
}

/**
 * Abuse-limit classes, from most to least generous (the stack's figures: infra/lib/throttles.ts). A read is
 * cheap and the SPA makes several per screen; a write changes data; a route that calls the model costs money per
 * request; a route without the JWT authorizer can be called by anyone on the internet and authenticates each
 * request itself (a Stripe webhook by its signature), so it gets the least.
 */
export const THROTTLE_CLASSES = ['read', 'write', 'model', 'unauthenticated'] as const;
export type ThrottleClass = (typeof THROTTLE_CLASSES)[number];

/** The route's own `throttle`, else: no authorizer → unauthenticated, calls Bedrock → model, GET → read, else write. */
export function throttleClassOf(
  route: Pick<RouteDefinition, 'method' | 'auth' | 'uses' | 'throttle'>,
): ThrottleClass {
  if (route.throttle !== undefined) return route.throttle;
  if (route.auth === 'none') return 'unauthenticated';
  if (route.uses?.includes('bedrock')) return 'model';
  return route.method === 'GET' ? 'read' : 'write';
}

/** Requests per second, steady and burst, as API Gateway's route settings take them. */
export interface ThrottleLimits {
  rateLimit: number;
  burstLimit: number;
}

/**
 * API Gateway's per-route limits. They count every caller of the route together, not each person: they cap
 * what a script or a flood can cost, while each person's own limits (free edits, coach messages) are enforced by
 * the handlers. The stack sets them on the HTTP API (infra/lib/throttles.ts) and the local API Gateway answers
 * 429 over them, as the real one does. Sized with `npm run bench:cost`'s morning peak (docs/performance.md "Scale on paper"):
 * a million monthly users, a tenth of them in one hour, make about 490 requests a second, the busiest route
 * (ticks) about 175; each class leaves that peak about three times its figure.
 *
 * - read: the SPA makes a few GETs per screen; generous.
 * - write: a person taps a few times a minute; under half the reads.
 * - model: each request is a paid Bedrock call of several seconds; kept under the account's Bedrock quota.
 * - unauthenticated: no JWT authorizer, anyone can call it; Stripe sends a few events per checkout, and every
 *   request still costs a function invocation before its signature check. A public route that many clients
 *   poll (a calendar feed) declares its own `throttle`.
 */
export const THROTTLE_LIMITS: Readonly<Record<ThrottleClass, ThrottleLimits>> = {
  read: { rateLimit: 1000, burstLimit: 2000 },
  write: { rateLimit: 500, burstLimit: 1000 },
  model: { rateLimit: 20, burstLimit: 40 },
  unauthenticated: { rateLimit: 20, burstLimit: 40 },
};

export function throttleOf(
  route: Pick<RouteDefinition, 'method' | 'auth' | 'uses' | 'throttle'>,
): ThrottleLimits {
  return THROTTLE_LIMITS[throttleClassOf(route)];
}

/**
 * A function no HTTP route invokes: run on a schedule (EventBridge Scheduler) or by a queue (SQS). It is
 * granted the same way as a route, and the local cloud runs it under the same IAM guard.
 */
export interface BackgroundFunction extends FunctionSettings {
  /** Module under functions/src/handlers exporting `handler`, without extension; also the function's name. */
  handler: string;
  trigger: { schedule: { everyMinutes: number } } | { queue: 'reminders' };
  tableActions: readonly TableAction[];
  uses?: readonly OutsideService[];
}

/** How a background function is named where a route would give its method and path (grant records, logs). */
export const backgroundKeyOf = (fn: Pick<BackgroundFunction, 'handler' | 'trigger'>) =>
  `${'schedule' in fn.trigger ? 'SCHEDULE' : 'QUEUE'} ${fn.handler}`;

/**
 * Every write a signed-in person makes is applied once per `Idempotency-Key` (docs/rules.md#idempotent-writes):
 * every route but GET, except those called by a third party (the Stripe webhook claims each event by its own id).
 * Routes added later get it, and its grant, from this rule alone.
 */
export function takesIdempotencyKey(
  route: Pick<RouteDefinition, 'method' | 'auth' | 'repeatableByDesign'>,
): boolean {
  return route.method !== 'GET' && route.auth === 'jwt' && route.repeatableByDesign !== true;
}

/** The idempotency record in the caller's partition: put in progress, overwritten when done, deleted on refusal. */
export const IDEMPOTENCY_TABLE_ACTIONS: readonly TableAction[] = ['dynamodb:PutItem', 'dynamodb:DeleteItem'];

/** Every signed-in request reads whether the caller's account was closed (docs/rules.md#closed-accounts). */
export const CLOSED_ACCOUNT_TABLE_ACTIONS: readonly TableAction[] = ['dynamodb:GetItem'];

/**
 * The table actions a route's function is granted: its own, the closed-account check's for a signed-in route,
 * and its idempotency records' for a write.
 */
export function tableActionsOf(
  route: Pick<RouteDefinition, 'method' | 'auth' | 'tableActions' | 'repeatableByDesign'>,
): TableAction[] {
  const extra = [
    ...(route.auth === 'jwt' ? CLOSED_ACCOUNT_TABLE_ACTIONS : []),
    ...(takesIdempotencyKey(route) ? IDEMPOTENCY_TABLE_ACTIONS : []),
  ];
  return [...new Set([...route.tableActions, ...extra])];
}

/** Every IAM action a route's function may perform: its table actions and those of the services it uses. */
export function grantedActions(
  route:
    | Pick<RouteDefinition, 'method' | 'auth' | 'tableActions' | 'uses' | 'repeatableByDesign'>
    | Pick<BackgroundFunction, 'tableActions' | 'uses'>,
): string[] {
  // A background function takes no Idempotency-Key: its own writes are its whole grant.
  const table = 'method' in route ? tableActionsOf(route) : [...route.tableActions];
  return [...table, ...(route.uses ?? []).flatMap((service) => SERVICE_ACTIONS[service])];
}

/**
 * TransactWriteItems has no action of its own: IAM authorises each of its items as the single-item call it
 * stands for (Put as PutItem, ConditionCheck as ConditionCheckItem...), so transactional routes list those.
 */
const READ: readonly TableAction[] = ['dynamodb:GetItem', 'dynamodb:Query'];
/** A transaction that may put, update and delete items and check the day's mark (docs/rules.md#day-completion). */
const TRANSACT: readonly TableAction[] = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:ConditionCheckItem',
];

export const ROUTES = withDefaults<RouteDefinition>([
  {
    method: 'GET',
    path: '/api/activities',
    handler: 'activities/list',
    auth: 'jwt',
    tableActions: ['dynamodb:Query'],
    timeoutSeconds: 5,
  },
  {
    method: 'POST',
    path: '/api/activities',
    handler: 'activities/create-custom',
    auth: 'jwt',
    tableActions: [...READ, ...TRANSACT],
  },
  {
    method: 'GET',
    path: '/api/me',
    handler: 'me/get',
    auth: 'jwt',
    // UpdateItem and Stripe only for a Pro profile past its period end, which is synced from Stripe first.
    tableActions: ['dynamodb:GetItem', 'dynamodb:UpdateItem'],
    uses: ['stripe'],
  },
  {
    method: 'PUT',
    path: '/api/me',
    handler: 'me/update',
    auth: 'jwt',
    // New quiz answers replan an untouched current week in the profile's transaction. Nothing in it is ticked or
    // marked, so the day-completion rule never writes or checks a mark there (replan-week.ts markMatters).
    tableActions: [...READ, 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
    timeoutSeconds: 5,
  },
  {
    method: 'GET',
    path: '/api/me/export',
    handler: 'me/export',
    auth: 'jwt',
    // One paginated Query over her partition reads everything (docs/rules.md#her-data).
    tableActions: ['dynamodb:Query'],
    memoryMb: 1024,
    timeoutSeconds: 29,
  },
  {
    method: 'DELETE',
    path: '/api/me',
    handler: 'me/delete',
    auth: 'jwt',
    // Marks the profile, then deletes her Stripe customer, her items (in batches, the lookups by key), her
    // sign-in and last the profile, putting the closed-account mark in its place; each step can be run again
    // (docs/rules.md#deleting-an-account).
    tableActions: [
      'dynamodb:Query',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
      'dynamodb:BatchWriteItem',
      'dynamodb:PutItem',
    ],
    timeoutSeconds: 29,
    uses: ['stripe', 'cognito'],
    repeatableByDesign: true,
  },
  {
    method: 'GET',
    path: '/api/weeks/{weekStart}',
    handler: 'weeks/get',
    auth: 'jwt',
    tableActions: [...READ, 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
  },
  {
    method: 'POST',
    path: '/api/weeks/{weekStart}/replan',
    handler: 'weeks/replan',
    auth: 'jwt',
    tableActions: [...READ, ...TRANSACT],
  },
  {
    method: 'POST',
    path: '/api/weeks/{weekStart}/days/{day}/activities',
    handler: 'weeks/add-activities',
    auth: 'jwt',
    tableActions: [...READ, ...TRANSACT],
  },
  {
    method: 'PATCH',
    path: '/api/weeks/{weekStart}/activities/{id}',
    handler: 'weeks/update-activity',
    auth: 'jwt',
    tableActions: [...READ, ...TRANSACT],
  },
  {
    method: 'DELETE',
    path: '/api/weeks/{weekStart}/activities/{id}',
    handler: 'weeks/remove-activity',
    auth: 'jwt',
    tableActions: [...READ, ...TRANSACT],
    timeoutSeconds: 5,
  },
  {
    method: 'POST',
    path: '/api/weeks/{weekStart}/days/{day}/slots/{slot}/complete',
    handler: 'weeks/complete-slot',
    auth: 'jwt',
    tableActions: [...READ, 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:ConditionCheckItem'],
  },
  {
    method: 'PUT',
    path: '/api/weeks/{weekStart}/days/{day}/completion',
    handler: 'weeks/set-day-completion',
    auth: 'jwt',
    tableActions: [...READ, 'dynamodb:PutItem', 'dynamodb:DeleteItem'],
    timeoutSeconds: 5,
  },
  {
    method: 'PUT',
    path: '/api/weeks/{weekStart}/days/{day}/rest',
    handler: 'weeks/set-rest-day',
    auth: 'jwt',
    // A transaction: Put (or Delete) the day's rest mark and Update the week item's restDay.
    tableActions: [...READ, 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
  },
  {
    method: 'GET',
    path: '/api/me/progress',
    handler: 'me/progress',
    auth: 'jwt',
    tableActions: READ,
    timeoutSeconds: 5,
  },
  {
    method: 'POST',
    path: '/api/me/calendar',
    handler: 'me/calendar-link',
    auth: 'jwt',
    // A transaction: Put the new token's lookup, Update the profile's hash, Delete the old lookup.
    tableActions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
    timeoutSeconds: 5,
  },
  {
    method: 'GET',
    path: '/api/calendar/{file}',
    handler: 'calendar/feed',
    // Her calendar app holds no Cognito token: the random token in `{file}` ({token}.ics) is the credential.
    auth: 'none',
    tableActions: READ,
  },

  {
    method: 'POST',
    path: '/api/billing/checkout',
    handler: 'billing/create-checkout',
    auth: 'jwt',
    // A first checkout records her customer (a transaction of a Put, an Update and a ConditionCheck of her
    // closed-account mark); a later one syncs first.
    tableActions: [
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:ConditionCheckItem',
    ],
    timeoutSeconds: 15,
    uses: ['stripe'],
  },
  {
    method: 'POST',
    path: '/api/billing/portal',
    handler: 'billing/create-portal',
    auth: 'jwt',
    tableActions: ['dynamodb:GetItem'],
    uses: ['stripe'],
  },
  {
    method: 'POST',
    path: '/api/billing/sync',
    handler: 'billing/sync',
    auth: 'jwt',
    tableActions: ['dynamodb:GetItem', 'dynamodb:UpdateItem'],
    timeoutSeconds: 15,
    uses: ['stripe'],
  },
  {
    method: 'POST',
    path: '/api/billing/refund',
    handler: 'billing/refund',
    auth: 'jwt',
    tableActions: ['dynamodb:GetItem', 'dynamodb:UpdateItem'],
    timeoutSeconds: 20,
    uses: ['stripe'],
  },
  {
    method: 'POST',
    path: '/api/billing/webhook',
    handler: 'billing/stripe-webhook',
    auth: 'none',
    // The event claim is a Put, marked processed with an Update and released with a Delete; the sync Updates.
    tableActions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
    timeoutSeconds: 15,
    uses: ['stripe'],
  },
  {
    method: 'POST',
    path: '/api/coach/messages',
    handler: 'coach/send-message',
    auth: 'jwt',
    // The profile (Get); the reply lock (Put, Delete); the daily cap (Update); the stored conversation (Query, a
    // transaction of Puts); this week, read and planned on first read like the planner does; and the planner's add
    // through the tool (its transaction: Put, Update, Delete of a day's mark, ConditionCheck of it).
    tableActions: [...READ, ...TRANSACT],
    // Bedrock gives up after 8 s an attempt (two attempts, 20 s in all): the function answers the fallback reply
    // well within this, and the browser waits 28 s (docs/rules.md#coach).
    timeoutSeconds: 25,
    uses: ['bedrock'],
  },
  {
    method: 'GET',
    path: '/api/coach/messages',
    handler: 'coach/list-messages',
    auth: 'jwt',
    tableActions: ['dynamodb:Query'],
    timeoutSeconds: 5,
  },
  {
    method: 'DELETE',
    path: '/api/coach/messages',
    handler: 'coach/clear-messages',
    auth: 'jwt',
    tableActions: ['dynamodb:Query', 'dynamodb:BatchWriteItem'],
  },
  {
    method: 'GET',
    path: '/api/me/reminders',
    handler: 'me/get-reminders',
    auth: 'jwt',
    // Her settings; before she saved any, the profile gives the defaults.
    tableActions: ['dynamodb:GetItem'],
    timeoutSeconds: 5,
  },
  {
    method: 'PUT',
    path: '/api/me/reminders',
    handler: 'me/put-reminders',
    auth: 'jwt',
    // One transaction: Put the settings, Put each bucket item they need, Delete each they no longer do.
    tableActions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:DeleteItem'],
    timeoutSeconds: 5,
  },
  {
    method: 'PUT',
    path: '/api/me/push-subscriptions',
    handler: 'me/put-push-subscription',
    auth: 'jwt',
    tableActions: ['dynamodb:Query', 'dynamodb:PutItem'],
    timeoutSeconds: 5,
  },
  {
    method: 'DELETE',
    path: '/api/me/push-subscriptions/{endpointHash}',
    handler: 'me/delete-push-subscription',
    auth: 'jwt',
    tableActions: ['dynamodb:DeleteItem'],
    timeoutSeconds: 5,
  },
]);

/**
 * What one reminder's delivery does (functions/src/reminders/deliver.ts): reads her day mark, week and devices,
 * claims the reminder, and forgets a device its push service says is gone.
 */
const DELIVER_REMINDERS: readonly TableAction[] = [
  'dynamodb:GetItem',
  'dynamodb:Query',
  'dynamodb:PutItem',
  'dynamodb:DeleteItem',
];

/** The functions no route invokes (docs/rules.md#reminders). */
export const BACKGROUND_FUNCTIONS = withDefaults<BackgroundFunction>([
  {
    handler: 'reminders/send',
    trigger: { schedule: { everyMinutes: 5 } },
    // Queries the run's bucket shards, then delivers (or queues) the due reminders.
    tableActions: DELIVER_REMINDERS,
    timeoutSeconds: 120,
    uses: ['webPush', 'reminderQueue'],
  },
  {
    handler: 'reminders/deliver',
    trigger: { queue: 'reminders' },
    tableActions: DELIVER_REMINDERS,
    timeoutSeconds: 60,
    uses: ['webPush'],
  },
]);
