import { randomBytes, randomUUID } from 'node:crypto';

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
export class SecretsManagerError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const NOT_FOUND = "Secrets Manager can't find the specified secret.";
const NOT_FOUND_VALUE = "Secrets Manager can't find the specified secret value";

/**
 * The secrets of one account and region, with their versions and staging labels as Secrets Manager keeps them:
 * a new value is AWSCURRENT, the one it replaces AWSPREVIOUS, older ones are gone.
 */
export class SecretStore {
  private readonly secrets = new Map<string, Secret>();

  constructor(
    private readonly region: string,
    private readonly accountId: string,
  ) {}

  /** Stores `value` as the secret's current version, creating the secret first if need be; its ARN. */
  put(name: string, value: string): string {
    const secret = this.secrets.get(name) ?? this.create(name);
    for (const version of secret.versions) {
      version.stages = version.stages.includes('AWSCURRENT') ? ['AWSPREVIOUS'] : [];
    }
    secret.versions = secret.versions.filter((version) => version.stages.length > 0);
    secret.versions.push({ versionId: randomUUID(), value, createdAt: new Date(), stages: ['AWSCURRENT'] });
    return secret.arn;
  }

  /** GetSecretValue: the secret by name or ARN, the version by VersionId or staging label (AWSCURRENT). */
  getSecretValue(request: Record<string, unknown>) {
    const { SecretId: secretId, VersionId: versionId, VersionStage: stage } = request;
    if (typeof secretId !== 'string' || secretId === '') {
      throw new SecretsManagerError(
        'ValidationException',
        "1 validation error detected: Value null at 'secretId' failed to satisfy constraint: Member must not be null",
      );
    }
    const secret = this.find(secretId);
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

  private create(name: string): Secret {
    // Six letters or digits, as Secrets Manager appends them (never '-' or '_', which base64url has).
    const suffix = Array.from(randomBytes(6), (byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join('');
    const secret = {
      name,
      arn: `arn:aws:secretsmanager:${this.region}:${this.accountId}:secret:${name}-${suffix}`,
      versions: [],
    };
    this.secrets.set(name, secret);
    return secret;
  }

  /** By name, by full ARN, or by an ARN without the six random characters Secrets Manager appends. */
  private find(secretId: string): Secret | undefined {
    if (!secretId.startsWith('arn:')) return this.secrets.get(secretId);
    return [...this.secrets.values()].find(
      (secret) => secret.arn === secretId || secret.arn.slice(0, -'-XXXXXX'.length) === secretId,
    );
  }
}
