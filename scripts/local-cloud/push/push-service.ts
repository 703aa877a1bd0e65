import { createECDH, type ECDH, randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, globalAgent } from 'node:https';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { rootCertificates } from 'node:tls';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import { newLocalhostCertificate } from '../certificate';
import { readBody, sendText } from '../http';

/** http_ece (web-push's own RFC 8188 implementation, untyped): the decryption a browser does. */
const { decrypt } = createRequire(import.meta.url)('http_ece') as {
  decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer;
};

/** A subscription as a browser hands it to the page (PushSubscription.toJSON()). */
export interface LocalPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** One push as the service received it, decrypted with the subscription's keys. */
export interface ReceivedPush {
  subscriptionId: string;
  ttl: number;
  urgency: string | undefined;
  /** The VAPID public key (k=) it was signed with, and the JWT's subject. */
  vapidKey: string;
  subject: string;
  payload: string;
  receivedAt: Date;
}

export interface LocalPushService {
  url: string;
  /**
   * What Bloom's functions need to send here: this origin as a push service of the deployment's own
   * (functions/src/reminders/push-services.ts), as no browser vendor's service is on this machine.
   */
  env: { EXTRA_PUSH_SERVICE_ORIGINS: string };
  /** A new subscription on this service, as a browser's PushManager.subscribe() would give the page. */
  subscribe(): LocalPushSubscription;
  /** What was pushed to a subscription, oldest first. */
  received(endpoint: string): ReceivedPush[];
  /** Every push received, oldest first. */
  all(): ReceivedPush[];
  /** The subscription ends (she revoked permission, the browser expired it): its endpoint answers 410 Gone. */
  expire(endpoint: string): void;
  stop(): Promise<void>;
}

interface Subscription {
  id: string;
  ecdh: ECDH;
  auth: string;
  gone: boolean;
  messages: ReceivedPush[];
}

/** RFC 8030 §5.2's ceiling for the encrypted body a push service must accept. */
const MAX_PAYLOAD_BYTES = 4096;

/**
 * A push service on this machine, speaking the Web Push protocol as browsers' vendors' services do: RFC 8030
 * receive (`POST /push/{id}` with a TTL header, 201 Created), RFC 8292 VAPID (an ES256 JWT whose audience is
 * this origin, verified with the k= key) and RFC 8291 aes128gcm bodies, which it decrypts with the
 * subscription's own keys so tests can read what Bloom sent. Over https, as every push service is, with a
 * certificate of its own that this process trusts (as NODE_EXTRA_CA_CERTS would make it). Never kinder than the real ones: a missing TTL,
 * VAPID header or aes128gcm encoding, an oversized body or a bad signature is refused, and an expired
 * subscription answers 410 Gone. Real browsers subscribe at their vendor's service in the cloud, never here.
 */
export async function startLocalPushService(
  options: { log?: (line: string) => void } = {},
): Promise<LocalPushService> {
  const certificate = await newLocalhostCertificate();
  trust(certificate.cert);
  // Its URL is known once it listens, before any push can arrive.
  const state: PushServiceState = { url: '', subscriptions: new Map(), received: [], log: options.log };
  const server = createServer(certificate, (req, res) => {
    receive(req, res, state).catch((error: unknown) => {
      options.log?.(`[push] ${String(error)}`);
      if (!res.headersSent) sendText(res, 500, 'Internal Server Error');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  state.url = `https://localhost:${(server.address() as AddressInfo).port}`;
  const { url, subscriptions } = state;
  const idOf = (endpoint: string) => endpoint.slice(`${url}/push/`.length);
  return {
    url,
    env: { EXTRA_PUSH_SERVICE_ORIGINS: url },
    subscribe: () => subscribe(state),
    received: (endpoint) => [...(subscriptions.get(idOf(endpoint))?.messages ?? [])],
    all: () => [...state.received],
    expire(endpoint) {
      const subscription = subscriptions.get(idOf(endpoint));
      if (subscription) subscription.gone = true;
    },
    stop: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

interface PushServiceState {
  url: string;
  subscriptions: Map<string, Subscription>;
  received: ReceivedPush[];
  log: ((line: string) => void) | undefined;
}

/** A new subscription with keys of its own, as a browser's PushManager.subscribe() makes one. */
function subscribe(service: PushServiceState): LocalPushSubscription {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const subscription: Subscription = {
    id: randomUUID(),
    ecdh,
    auth: randomBytes(16).toString('base64url'),
    gone: false,
    messages: [],
  };
  service.subscriptions.set(subscription.id, subscription);
  return {
    endpoint: `${service.url}/push/${subscription.id}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: subscription.auth },
  };
}

/** RFC 8030 receive: a push to a live subscription, with a TTL, VAPID and an aes128gcm body it can decrypt. */
async function receive(req: IncomingMessage, res: ServerResponse, service: PushServiceState): Promise<void> {
  const match = /^\/push\/([\w-]+)$/.exec(req.url ?? '');
  if (req.method !== 'POST' || !match) return sendText(res, 404, 'Not Found');
  const subscription = service.subscriptions.get(match[1] ?? '');
  if (!subscription) return sendText(res, 404, 'No such subscription');
  if (subscription.gone) return sendText(res, 410, 'Subscription expired');
  const ttl = Number(req.headers.ttl);
  if (req.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0)
    return sendText(res, 400, 'TTL header required');
  if (req.headers['content-encoding'] !== 'aes128gcm')
    return sendText(res, 415, 'Content-Encoding must be aes128gcm');
  const vapid = await verifyVapid(String(req.headers.authorization ?? ''), service.url);
  if ('error' in vapid) return sendText(res, 403, vapid.error);
  const body = await readBody(req, MAX_PAYLOAD_BYTES + 1);
  if (body.length > MAX_PAYLOAD_BYTES) return sendText(res, 413, 'Payload Too Large');
  let payload: string;
  try {
    payload = decrypt(body, {
      version: 'aes128gcm',
      privateKey: subscription.ecdh,
      authSecret: subscription.auth,
    }).toString('utf8');
  } catch (error) {
    return sendText(res, 400, `Could not decrypt: ${String(error)}`);
  }
  const push: ReceivedPush = {
    subscriptionId: subscription.id,
    ttl,
    urgency: req.headers.urgency as string | undefined,
    vapidKey: vapid.key,
    subject: vapid.subject,
    payload,
    receivedAt: new Date(),
  };
  subscription.messages.push(push);
  service.received.push(push);
  service.log?.(`[push] delivered to ${subscription.id}: ${payload}`);
  res.statusCode = 201;
  res.setHeader('location', `${service.url}/message/${randomUUID()}`);
  res.end();
}

/** RFC 8292: `vapid t=<JWT>, k=<P-256 public key>`; the JWT is ES256, for this origin, expiring within 24 h. */
async function verifyVapid(
  authorization: string,
  origin: string,
): Promise<{ key: string; subject: string } | { error: string }> {
  const match = /^vapid t=([\w.-]+),\s*k=([\w-]+)$/.exec(authorization);
  if (!match) return { error: 'VAPID authorization required' };
  const [, token = '', key = ''] = match;
  const raw = Buffer.from(key, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) return { error: 'k= is not an uncompressed P-256 key' };
  try {
    if (decodeProtectedHeader(token).alg !== 'ES256') return { error: 'VAPID JWT must be ES256' };
    const publicKey = await importJWK(
      {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33).toString('base64url'),
      },
      'ES256',
    );
    const { payload } = await jwtVerify(token, publicKey, { audience: origin });
    if (typeof payload.exp !== 'number' || payload.exp > Date.now() / 1000 + 24 * 60 * 60) {
      return { error: 'VAPID JWT must expire within 24 hours' };
    }
    if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) {
      return { error: 'VAPID JWT needs a mailto: or https: subject' };
    }
    return { key, subject: payload.sub };
  } catch (error) {
    return { error: `VAPID JWT refused: ${String(error)}` };
  }
}

/**
 * Trusts the push service's certificate in this process's default https agent (web-push's), besides the
 * public roots: what NODE_EXTRA_CA_CERTS does for a whole process, without restarting it.
 */
function trust(cert: string): void {
  const current = globalAgent.options.ca;
  const extra = current === undefined ? [...rootCertificates] : Array.isArray(current) ? current : [current];
  globalAgent.options.ca = [...extra, cert];
}
