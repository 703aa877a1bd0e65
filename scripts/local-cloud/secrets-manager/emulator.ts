import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { LOCAL_REGION } from '../dynamodb';
import { LOCAL_ACCOUNT_ID } from '../gateway/event';
import { BodyTooLargeError, listenOnLoopback, readBody, sendJson } from '../http';
import { SecretStore, SecretsManagerError } from './secrets';

export interface SecretsManagerEmulatorOptions {
  port?: number;
  host?: string;
  region?: string;
  accountId?: string;
  log?: (line: string) => void;
}

export interface SecretsManagerEmulator {
  url: string;
  /** Points the AWS SDK's Secrets Manager client at this emulator, through the SDK's own setting. */
  env: { AWS_ENDPOINT_URL_SECRETS_MANAGER: string };
  /**
   * Stores `value` as the secret's current version, creating the secret first if need be (CreateSecret, then
   * PutSecretValue): the version it replaces becomes AWSPREVIOUS. Returns the secret's ARN.
   */
  putSecretValue(name: string, value: string): string;
  stop(): Promise<void>;
}

const JSON_1_1 = 'application/x-amz-json-1.1';
const TARGET_PREFIX = 'secretsmanager.';

/**
 * A local Secrets Manager that answers GetSecretValue over the service's own protocol (AWS JSON 1.1:
 * `POST /`, `X-Amz-Target: secretsmanager.GetSecretValue`), so the AWS SDK reaches it through configuration
 * alone. Secrets are found by name, ARN or partial ARN, versions by VersionId or staging label; errors are
 * the service's (`ResourceNotFoundException`...). Requests must be signed; the signature is not checked.
 */
export async function startSecretsManagerEmulator(
  options: SecretsManagerEmulatorOptions = {},
): Promise<SecretsManagerEmulator> {
  const store = new SecretStore(options.region ?? LOCAL_REGION, options.accountId ?? LOCAL_ACCOUNT_ID);
  const server = createServer((req, res) => {
    const started = Date.now();
    const target = String(req.headers['x-amz-target'] ?? '');
    handle(store, req, res, target)
      .then(() => options.log?.(`secretsmanager ${target} ${res.statusCode} ${Date.now() - started}ms`))
      .catch((error) => {
        console.error('[secrets-manager-emulator]', error);
        if (!res.headersSent) answer(res, 500, { __type: 'InternalServiceError', Message: String(error) });
        else res.end();
      });
  });
  const url = await listenOnLoopback(server, options);
  return {
    url,
    env: { AWS_ENDPOINT_URL_SECRETS_MANAGER: url },
    putSecretValue: (name, value) => store.put(name, value),
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Answers a signed GetSecretValue; any other request with the service's error. */
async function handle(
  store: SecretStore,
  req: IncomingMessage,
  res: ServerResponse,
  target: string,
): Promise<void> {
  try {
    if (!String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256 ')) {
      throw new SecretsManagerError('MissingAuthenticationTokenException', 'Missing Authentication Token');
    }
    if (req.method !== 'POST' || target !== `${TARGET_PREFIX}GetSecretValue`) {
      throw new SecretsManagerError(
        'UnknownOperationException',
        'The local Secrets Manager emulator serves only GetSecretValue.',
      );
    }
    answer(res, 200, store.getSecretValue(await readRequest(req)));
  } catch (error) {
    if (!(error instanceof SecretsManagerError)) throw error;
    answer(res, 400, { __type: error.type, Message: error.message });
  }
}

async function readRequest(req: IncomingMessage): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = (await readBody(req, 64 * 1024)).toString('utf8');
  } catch (error) {
    if (!(error instanceof BodyTooLargeError)) throw error;
    throw new SecretsManagerError('ValidationException', 'The request body is too large.');
  }
  try {
    const value = JSON.parse(text || '{}') as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // Falls through to the service's answer for a body it cannot read.
  }
  throw new SecretsManagerError('SerializationException', 'Unable to parse the request body as JSON.');
}

function answer(res: ServerResponse, status: number, body: unknown): void {
  sendJson(res, status, body, { 'content-type': JSON_1_1, 'x-amzn-requestid': randomUUID() });
}
