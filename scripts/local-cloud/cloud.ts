import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createSecureServer } from 'node:http2';
import type { AddressInfo, Socket } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROUTES, type RouteDefinition, type ThrottleLimits } from '@bloom/functions/routes';
import type { WebConfig } from '@bloom/shared/config/web-config';
import { createLocalJWKSet } from 'jose';
import { type Background, startBackground } from './background/background';
import { localCertificate } from './certificate';
import type { Clock } from './clock';
import { type CognitoEmulator, createCognitoEmulator } from './cognito/emulator';
import { LOCAL_CLIENT_ID, LOCAL_USER_POOL_ID } from './cognito/pool';
import { ensureTable, LOCAL_CREDENTIALS, LOCAL_REGION, startSupervisedDynamoDbLocal } from './dynamodb';
import { createApiGateway, HANDLERS_DIR, type HandlerLoader, moduleHandlerLoader } from './gateway/gateway';
import { pathOf, redirect, sendJson, sendText } from './http';
import type { GrantUse } from './iam/grant-usage';
import { type LocalPushService, startLocalPushService } from './push/push-service';
import { type LocalVapidKeys, localVapidKeys } from './push/vapid';
import { type SecretsManagerEmulator, startSecretsManagerEmulator } from './secrets-manager/emulator';
import { createStaticFiles } from './web/static-files';
import { createViteWeb } from './web/vite-dev';

export const REPOSITORY_ROOT = resolve(fileURLToPath(import.meta.url), '../../..');
export const DEFAULT_TABLE_NAME = 'bloom-local';
export const DEFAULT_TOKEN_LIFETIME_SECONDS = 60 * 60;

export interface LocalCloudOptions {
  /** 0 picks a free port. */
  port: number;
  /** Interface to listen on; 127.0.0.1 by default. */
  host?: string;
  https: boolean;
  /** Keys, accounts, sessions, certificate and DynamoDB data; everything in memory when absent. */
  dataDir?: string;
  /** An existing DynamoDB; when absent DynamoDB Local is started (persisted under dataDir when given). */
  dynamodbEndpoint?: string;
  tableName?: string;
  /** The app: Vite's dev server, the production build in web/dist, or nothing (API and sign-in only). */
  web: 'vite' | 'dist' | 'none';
  /** With `web: 'dist'`, the built app to serve; web/dist by default (test runs build their own copy). */
  webDist?: string;
  tokenLifetimeSeconds?: number;
  /**
   * The time of Cognito and API Gateway's token checks (the machine's by default): a test moves it on to see a
   * token expire instead of waiting.
   */
  clock?: Clock;
  /**
   * Each route's throttle, by default the stack's own (`throttleOf` in the route table); a test sending a whole
   * message set at once lifts it rather than pacing itself.
   */
  throttleOf?: (route: RouteDefinition) => ThrottleLimits;
  /**
   * How long a request may wait on the table (the functions' TABLE_WAIT_BUDGET_MS); AWS's 2 s when absent. Tests
   * on a busy machine give DynamoDB Local longer, except those about the budget itself.
   */
  tableWaitBudgetMs?: number;
  /** Test seams: another route table and handler loader than functions/src. */
  routes?: readonly RouteDefinition[];
  loadHandler?: HandlerLoader;
  /** Start the Stripe emulator (own loopback port, webhooks to /api/billing/webhook); on by default. */
  stripe?: boolean;
  /** Start the Bedrock Converse emulator for the coach; on by default. */
  bedrock?: boolean;
  /**
   * Run the reminder sender every 5 minutes, as its schedule does in AWS (`npm start`); tests run it with
   * `background.runSchedule` instead. The queue, the push service and the VAPID keys are always there.
   */
  scheduleTimers?: boolean;
  /** Receives one line per API request. */
  log?: (line: string) => void;
  /** Told of every AWS action a route's function asks for, and whether its grant allowed it. */
  recordGrantUse?: (use: GrantUse) => void;
}

export interface LocalCloud {
  url: string;
  issuer: string;
  clientId: string;
  userPoolId: string;
  region: string;
  tableName: string;
  dynamodbEndpoint: string;
  config: WebConfig;
  /** The Stripe emulator's origin (hosted Checkout, dashboard), when started. */
  stripeUrl?: string;
  /** The Bedrock emulator's origin, when started. */
  bedrockUrl?: string;
  /** The Cognito emulator's user-pool API on its own origin (what the functions call), and its outages. */
  cognito: Pick<CognitoEmulator, 'failNext'> & { apiUrl: string };
  /** Where the functions' secrets are kept (the Stripe keys, when Stripe is started). */
  secretsManager: Pick<SecretsManagerEmulator, 'url' | 'putSecretValue'>;
  /** The functions no route invokes: the reminder schedule and queue. */
  background: Background;
  /** The local Web Push service (tests subscribe to it and read what was sent). */
  push: LocalPushService;
  stop(): Promise<void>;
}

/**
 * Bloom's cloud on one local origin: the web app, `/config.json`, the API Gateway emulator in front of the
 * real handlers (`/api`), the Cognito emulator (`/cognito`, `/cognito-idp`) and DynamoDB.
 */
export async function startLocalCloud(options: LocalCloudOptions): Promise<LocalCloud> {
  const tableName = options.tableName ?? DEFAULT_TABLE_NAME;
  const dataDir = options.dataDir ? resolve(options.dataDir) : undefined;
  const cleanups = new Cleanups();
  // DynamoDB Local's JVM takes the longest to start: everything else gets ready meanwhile.
  const dynamodbReady = startTable(options, tableName, dataDir, cleanups);
  try {
    const origin = await listen(options, dataDir, cleanups);
    const { url } = origin;
    const cognito = await startCognito(options, url, dataDir, cleanups);
    const loadHandler = options.loadHandler ?? moduleHandlerLoader(HANDLERS_DIR);
    const gateway = startGateway(options, loadHandler, cognito.emulator);
    const vapid = localVapidKeys(dataDir);
    const config = webConfigOf(url, origin.port, cognito.emulator, vapid.publicKey);
    // In memory: the only secret, Stripe's keys, is stored again from the Stripe emulator on every start.
    const secretsManager = await startSecretsManagerEmulator(options.log ? { log: options.log } : {});
    cleanups.add(() => secretsManager.stop());
    const dynamodbEndpoint = await dynamodbReady;
    configureHandlerEnvironment({
      dynamodbEndpoint,
      tableName,
      tableWaitBudgetMs: options.tableWaitBudgetMs,
      secretsManager,
      url,
      cognito,
      vapid,
    });
    const { push, background } = await startReminderServices(options, loadHandler, cleanups);
    const thirdParties = { url, dataDir, ca: origin.certificate?.cert, secretsManager };
    const third = await startThirdParties(options, thirdParties, cleanups);
    const web = webHandler(options.web, origin.server, localFilesDir(dataDir), options.webDist);
    cleanups.add(() => web.close());
    origin.serve(frontDoor({ mode: options.web, url, gateway, config, cognito: cognito.emulator, web }));

    return {
      url,
      issuer: cognito.emulator.issuer,
      clientId: cognito.emulator.clientId,
      userPoolId: cognito.emulator.userPoolId,
      region: LOCAL_REGION,
      tableName,
      dynamodbEndpoint,
      config,
      ...(third.stripeUrl ? { stripeUrl: third.stripeUrl } : {}),
      ...(third.bedrockUrl ? { bedrockUrl: third.bedrockUrl } : {}),
      cognito: {
        apiUrl: cognito.apiUrl,
        failNext: (operation, times) => cognito.emulator.failNext(operation, times),
      },
      secretsManager,
      background,
      push,
      stop: cleanups.stopAll,
    };
  } catch (error) {
    // Let DynamoDB Local finish starting (or failing), so stopAll stops it too.
    await dynamodbReady.catch(() => {});
    await cleanups.stopAll();
    throw error;
  }
}

type RequestHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** What to stop when the cloud stops: last started, first stopped; once, however often it is called. */
class Cleanups {
  private readonly cleanups: (() => Promise<void>)[] = [];
  private stopping: Promise<void> | undefined;

  add(cleanup: () => Promise<void>): void {
    this.cleanups.push(cleanup);
  }

  readonly stopAll = (): Promise<void> => {
    this.stopping ??= (async () => {
      for (const cleanup of [...this.cleanups].reverse())
        await cleanup().catch((error) => console.error(error));
    })();
    return this.stopping;
  };
}

/** The table, in the DynamoDB given or in a DynamoDB Local started for it (kept under dataDir when given). */
function startTable(
  options: LocalCloudOptions,
  tableName: string,
  dataDir: string | undefined,
  cleanups: Cleanups,
): Promise<string> {
  const ready = (async () => {
    let endpoint = options.dynamodbEndpoint;
    if (!endpoint) {
      const dynamodb = await startSupervisedDynamoDbLocal({
        ...(dataDir ? { dataDir: join(dataDir, 'dynamodb') } : {}),
        log: (line) => (options.log ?? console.log)(line),
      });
      cleanups.add(() => dynamodb.stop());
      endpoint = dynamodb.endpoint;
    }
    await ensureTable(endpoint, tableName);
    return endpoint;
  })();
  // Its failure is reported where it is awaited, not as an unhandled rejection while the rest starts.
  ready.catch(() => {});
  return ready;
}

/**
 * The cloud's one origin, over https with the local certificate or plain http: it answers 503 until `serve`
 * hands it the app, so the port is known before everything behind it has started.
 *
 * Over https it speaks HTTP/2, as CloudFront does for the site (infra/lib/web.ts, `HTTP2_AND_3`), and HTTP/1.1
 * to a client that asks for it (a WebSocket, Node's fetch). A browser then loads the app's many chunks over one
 * connection, as it will in production; over HTTP/1.1 they queued six at a time, which Lighthouse's slow-network
 * model turns into seconds the real site does not have (docs/performance.md).
 */
async function listen(options: LocalCloudOptions, dataDir: string | undefined, cleanups: Cleanups) {
  let app: RequestHandler | undefined;
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    if (!app) return sendText(res, 503, 'Starting');
    app(withHost(req), res).catch((error) => {
      console.error('[local-cloud]', error);
      if (!res.headersSent) sendText(res, 500, 'Internal Server Error');
      else res.end();
    });
  };
  const certificate = options.https ? await localCertificate(localFilesDir(dataDir)) : undefined;
  // Node's HTTP/2 compatibility API gives the listener request and response objects that behave as HTTP/1's do
  // for everything the cloud uses (url, headers, body streams, writeHead, setHeader, end); `server` is what
  // Vite's HMR attaches its WebSocket upgrades to, which an HTTP/2 server with HTTP/1.1 allowed emits alike.
  const server = (
    certificate
      ? createSecureServer({ ...certificate, allowHTTP1: true }, listener as never)
      : createHttpServer(listener)
  ) as Server;
  // An HTTP/2 server has no closeAllConnections: the cloud closes its connections itself when it stops.
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port, options.host ?? '127.0.0.1', () => done());
  });
  cleanups.add(() => closeServer(server, sockets));
  const port = (server.address() as AddressInfo).port;
  return {
    server,
    port,
    url: `${options.https ? 'https' : 'http'}://localhost:${port}`,
    certificate,
    serve: (handler: RequestHandler) => {
      app = handler;
    },
  };
}

/**
 * An HTTP/2 request names its host in the `:authority` pseudo-header, never in `Host`; the cloud's parts (and
 * Vite's host check) read `Host`, as CloudFront hands it to an origin, so it is filled in from `:authority`.
 */
function withHost(req: IncomingMessage): IncomingMessage {
  const authority = req.headers[':authority'];
  if (req.headers.host === undefined && typeof authority === 'string') req.headers.host = authority;
  return req;
}

/**
 * The Cognito emulator: its hosted UI and issuer on the app's origin, and its user-pool API, which the functions
 * reach as AWS's own origin (cognito-idp.{region}.amazonaws.com), on a loopback port of its own, over http, so no
 * function needs to trust the local certificate.
 */
async function startCognito(
  options: LocalCloudOptions,
  url: string,
  dataDir: string | undefined,
  cleanups: Cleanups,
): Promise<{ emulator: CognitoEmulator; apiUrl: string }> {
  const emulator = await createCognitoEmulator({
    origin: url,
    userPoolId: LOCAL_USER_POOL_ID,
    clientId: LOCAL_CLIENT_ID,
    callbackUrls: [`${url}/`],
    logoutUrls: [`${url}/`],
    tokenLifetimeSeconds: options.tokenLifetimeSeconds ?? DEFAULT_TOKEN_LIFETIME_SECONDS,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(dataDir ? { dataDir: join(dataDir, 'cognito') } : {}),
  });
  const api = createHttpServer((req, res) => {
    emulator.handleUserPoolApi(req, res).catch((error) => {
      console.error('[local-cloud]', error);
      if (!res.headersSent) sendText(res, 500, 'Internal Server Error');
    });
  });
  await new Promise<void>((done) => api.listen(0, '127.0.0.1', () => done()));
  cleanups.add(() => closeServer(api));
  return { emulator, apiUrl: `http://127.0.0.1:${(api.address() as AddressInfo).port}` };
}

/** API Gateway in front of the route table's handlers, checking the Cognito emulator's tokens. */
function startGateway(options: LocalCloudOptions, loadHandler: HandlerLoader, cognito: CognitoEmulator) {
  return createApiGateway({
    routes: options.routes ?? ROUTES,
    loadHandler,
    region: LOCAL_REGION,
    authorizer: {
      issuer: cognito.issuer,
      audience: [cognito.clientId],
      keySet: createLocalJWKSet(cognito.jwks()),
      ...(options.clock ? { clock: options.clock } : {}),
    },
    ...(options.throttleOf ? { throttleOf: options.throttleOf } : {}),
    ...(options.log ? { log: options.log } : {}),
    ...(options.recordGrantUse ? { recordGrantUse: options.recordGrantUse } : {}),
  });
}

/** `/config.json`: what the web app needs to find this cloud, as the stack writes it in AWS. */
function webConfigOf(url: string, port: number, cognito: CognitoEmulator, vapidPublicKey: string): WebConfig {
  return {
    vapidPublicKey,
    region: LOCAL_REGION,
    userPoolId: cognito.userPoolId,
    userPoolClientId: cognito.clientId,
    oauthDomain: `localhost:${port}/cognito`,
    userPoolEndpoint: `${url}/cognito-idp`,
    redirectSignIn: `${url}/`,
    redirectSignOut: `${url}/`,
  };
}

/**
 * The local Web Push service and the functions no route invokes (the reminder schedule and queue), with what
 * they put in the functions' environment.
 */
async function startReminderServices(
  options: LocalCloudOptions,
  loadHandler: HandlerLoader,
  cleanups: Cleanups,
) {
  const push = await startLocalPushService(options.log ? { log: options.log } : {});
  cleanups.add(() => push.stop());
  Object.assign(process.env, push.env);
  const background = await startBackground({
    loadHandler,
    region: LOCAL_REGION,
    timers: options.scheduleTimers ?? false,
    ...(options.log ? { log: options.log } : {}),
    ...(options.recordGrantUse ? { recordGrantUse: options.recordGrantUse } : {}),
  });
  cleanups.add(() => background.stop());
  Object.assign(process.env, background.env);
  return { push, background };
}

/** Which part of the cloud answers a request to the one origin. */
function frontDoor(parts: {
  mode: LocalCloudOptions['web'];
  url: string;
  gateway: RequestHandler;
  config: WebConfig;
  cognito: CognitoEmulator;
  web: { handle: RequestHandler };
}): RequestHandler {
  const { mode, url, gateway, config, cognito, web } = parts;
  const canonicalHost = new URL(url).host;
  return async (req, res) => {
    const path = pathOf(req);
    if (path === '/api' || path.startsWith('/api/')) return gateway(req, res);
    if (path === '/config.json') return sendJson(res, 200, config, { 'cache-control': 'no-store' });
    if (await cognito.handle(req, res)) return;
    if (path.startsWith('/cognito/') || path.startsWith('/cognito-idp'))
      return sendText(res, 404, 'Not Found');
    // Sign-in comes back to `localhost` (the registered callback URL), and the PKCE verifier lives in that
    // origin's storage: so pages opened on another name for this machine move to the canonical one.
    if (mode !== 'none' && req.headers.host !== canonicalHost)
      return redirect(res, `${url}${req.url ?? '/'}`);
    return web.handle(req, res);
  };
}

/**
 * Stripe and Bedrock stand-ins (scripts/local-cloud/stripe, bedrock) on their own loopback ports, as
 * api.stripe.com and Bedrock Runtime are origins of their own; the handlers find them through the environment,
 * and Stripe's keys in Secrets Manager. Loaded only when wanted, so a test cloud without them does not depend
 * on them.
 */
async function startThirdParties(
  options: LocalCloudOptions,
  app: {
    url: string;
    dataDir: string | undefined;
    ca: string | undefined;
    secretsManager: SecretsManagerEmulator;
  },
  cleanups: Cleanups,
) {
  const result: { stripeUrl?: string; bedrockUrl?: string } = {};
  const log = options.log;
  if (options.stripe ?? true) {
    const [{ startStripeEmulator }, { billingEnvironment }] = await Promise.all([
      import('./stripe/emulator'),
      import('./stripe/billing-secret'),
    ]);
    const stripe = await startStripeEmulator({
      webhookUrl: `${app.url}/api/billing/webhook`,
      ...(app.ca ? { webhookCa: app.ca } : {}),
      ...(app.dataDir ? { dataDir: join(app.dataDir, 'stripe') } : {}),
      ...(log ? { log } : {}),
    });
    cleanups.add(() => stripe.stop());
    Object.assign(process.env, billingEnvironment(stripe, app.secretsManager));
    result.stripeUrl = stripe.url;
  }
  if (options.bedrock ?? true) {
    const { startBedrockEmulator } = await import('./bedrock/emulator');
    const bedrock = await startBedrockEmulator(log ? { log } : {});
    cleanups.add(() => bedrock.stop());
    Object.assign(process.env, bedrock.env);
    result.bedrockUrl = bedrock.url;
  }
  return result;
}

/** Handlers read their configuration from the environment, as they do in Lambda. */
function configureHandlerEnvironment(cloud: {
  dynamodbEndpoint: string;
  tableName: string;
  tableWaitBudgetMs: number | undefined;
  secretsManager: SecretsManagerEmulator;
  url: string;
  cognito: { emulator: CognitoEmulator; apiUrl: string };
  vapid: LocalVapidKeys;
}): void {
  // The AWS SDK's own endpoint setting (AWS_ENDPOINT_URL_SECRETS_MANAGER): the product code has none of its own.
  Object.assign(process.env, cloud.secretsManager.env);
  process.env.TABLE_NAME = cloud.tableName;
  process.env.DYNAMODB_ENDPOINT = cloud.dynamodbEndpoint;
  if (cloud.tableWaitBudgetMs) process.env.TABLE_WAIT_BUDGET_MS = String(cloud.tableWaitBudgetMs);
  else delete process.env.TABLE_WAIT_BUDGET_MS;
  process.env.AWS_REGION = LOCAL_REGION;
  process.env.AWS_ACCESS_KEY_ID ??= LOCAL_CREDENTIALS.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY ??= LOCAL_CREDENTIALS.secretAccessKey;
  // CloudWatch reads metrics from the logs; locally they would only bury the request lines.
  process.env.METRICS_DISABLED ??= 'true';
  process.env.APP_URL = cloud.url;
  // The AWS SDK's own endpoint setting for Cognito, and the pool the account deletion deletes users from.
  process.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER = cloud.cognito.apiUrl;
  process.env.USER_POOL_ID = cloud.cognito.emulator.userPoolId;
  // Only the reminder functions are granted this secret (routes.ts `webPush`), as in AWS.
  process.env.VAPID_SECRET_ARN = cloud.secretsManager.putSecretValue(
    'bloom/local/vapid',
    JSON.stringify(cloud.vapid),
  );
}

/** Where the files of this run are kept: the data folder, or .local for a run that keeps only its certificate. */
function localFilesDir(dataDir: string | undefined): string {
  return dataDir ?? join(REPOSITORY_ROOT, '.local');
}

function webHandler(mode: LocalCloudOptions['web'], server: Server, dataDir: string, webDist?: string) {
  const webRoot = join(REPOSITORY_ROOT, 'web');
  if (mode === 'vite') return createViteWeb(webRoot, server, dataDir);
  if (mode === 'dist') {
    const handle = createStaticFiles(webDist ?? join(webRoot, 'dist'));
    return {
      handle: async (req: IncomingMessage, res: ServerResponse) => handle(req, res),
      close: async () => {},
    };
  }
  return {
    handle: async (_req: IncomingMessage, res: ServerResponse) => sendText(res, 404, 'Not Found'),
    close: async () => {},
  };
}

function closeServer(server: Server, sockets?: Set<Socket>): Promise<void> {
  return new Promise((done) => {
    server.close(() => done());
    if (sockets) for (const socket of sockets) socket.destroy();
    else server.closeAllConnections();
  });
}
