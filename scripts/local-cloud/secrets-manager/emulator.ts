import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { LOCAL_REGION } from '../dynamodb';
import { LOCAL_ACCOUNT_ID } from '../gateway/event';
import { BodyTooLargeError, listenOnLoopback, readBody, sendJson } from '../http';

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

interface SecretVersion {
  versionId: string;
  value: string;
  createdAt: Date;
  stages: string[];
}

interface Secret {
  name: string;
  arn: string;
  versions: SecretVersion[];
}

/** Secrets Manager's error: its name goes in `__type`, as the JSON 1.1 protocol answers. */
class SecretsManagerError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
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
  const region = options.region ?? LOCAL_REGION;
  const accountId = options.accountId ?? LOCAL_ACCOUNT_ID;
  const secrets = new Map<string, Secret>();

  const server = createServer((req, res) => {
    const started = Date.now();
    const target = String(req.headers['x-amz-target'] ?? '');
    handle(req, res, target)
      .then(() => options.log?.(`secretsmanager ${target} ${res.statusCode} ${Date.now() - started}ms`))
      .catch((error) => {
        console.error('[secrets-manager-emulator]', error);
        if (!res.headersSent) answer(res, 500, { __type: 'InternalServiceError', Message: String(error) });
        else res.end();
      });
  });

  async function handle(req: IncomingMessage, res: ServerResponse, target: string): Promise<void> {
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
      answer(res, 200, getSecretValue(await readRequest(req)));
    } catch (error) {
      if (!(error instanceof SecretsManagerError)) throw error;
      answer(res, 400, { __type: error.type, Message: error.message });
    }
  }

  function getSecretValue(request: Record<string, unknown>) {
    const { SecretId: secretId, VersionId: versionId, VersionStage: stage } = request;
    if (typeof secretId !== 'string' || secretId === '') {
      throw new SecretsManagerError(
        'ValidationException',
        "1 validation error detected: Value null at 'secretId' failed to satisfy constraint: Member must not be null",
      );
    }
    const secret = find(secretId);
    if (!secret) throw new SecretsManagerError('ResourceNotFoundException', NOT_FOUND);
    const wantedStage =
      typeof stage === 'string' ? stage : versionId === undefined ? 'AWSCURRENT' : undefined;
    const version = secret.versions.find(
      (candidate) =>
        (versionId === undefined || candidate.versionId === versionId) &&
        (wantedStage === undefined || candidate.stages.includes(wantedStage)),
    );
    if (!version) {
      const which = versionId === undefined ? `staging label: ${wantedStage}` : `VersionId: ${versionId}`;
      throw new SecretsManagerError('ResourceNotFoundException', `${NOT_FOUND_VALUE} for ${which}`);
    }
    return {
      ARN: secret.arn,
      Name: secret.name,
      VersionId: version.versionId,
      SecretString: version.value,
      VersionStages: version.stages,
      // AWS JSON carries timestamps as epoch seconds.
      CreatedDate: version.createdAt.getTime() / 1000,
    };
  }

  /** By name, by full ARN, or by an ARN without the six random characters Secrets Manager appends. */
  function find(secretId: string): Secret | undefined {
    if (!secretId.startsWith('arn:')) return secrets.get(secretId);
    return [...secrets.values()].find(
      (secret) => secret.arn === secretId || secret.arn.slice(0, -'-XXXXXX'.length) === secretId,
    );
  }

  const url = await listenOnLoopback(server, options);

  return {
    url,
    env: { AWS_ENDPOINT_URL_SECRETS_MANAGER: url },
    putSecretValue(name, value) {
      let secret = secrets.get(name);
      if (!secret) {
        const suffix = randomBytes(6).toString('base64url').slice(0, 6);
        secret = {
          name,
          arn: `arn:aws:secretsmanager:${region}:${accountId}:secret:${name}-${suffix}`,
          versions: [],
        };
        secrets.set(name, secret);
      }
      for (const version of secret.versions) {
        version.stages = version.stages.includes('AWSCURRENT') ? ['AWSPREVIOUS'] : [];
      }
      secret.versions = secret.versions.filter((version) => version.stages.length > 0);
      secret.versions.push({ versionId: randomUUID(), value, createdAt: new Date(), stages: ['AWSCURRENT'] });
      return secret.arn;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const NOT_FOUND = "Secrets Manager can't find the specified secret.";
const NOT_FOUND_VALUE = "Secrets Manager can't find the specified secret value";

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
