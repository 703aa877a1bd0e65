/** The parts of a signed AWS SDK request that say what it asks for. */
export interface SignedRequest {
  method: string;
  path: string;
  headers: Record<string, string | undefined>;
  body?: unknown;
}

/** The services the functions call, by the name their requests are signed for. */
export type SigningService = 'dynamodb' | 'secretsmanager' | 'bedrock';

/** One IAM action a request needs, and the resource it needs it on. */
export interface RequestedAction {
  action: string;
  resource: string;
}

export interface RequestedActions {
  service: SigningService;
  actions: RequestedAction[];
}

export interface ArnContext {
  region: string;
  accountId: string;
}

/**
 * The IAM actions a request needs, read from the request as it goes on the wire, as AWS reads it: the
 * service from the signature's credential scope, the operation from X-Amz-Target or the path, resources from
 * the body. Anything this does not know is an error, never an allowed call.
 */
export function requestedActions(request: SignedRequest, arns: ArnContext): RequestedActions {
  const service = signingServiceOf(request);
  switch (service) {
    case 'dynamodb':
      return { service, actions: dynamoDbActions(request, arns) };
    case 'secretsmanager':
      return { service, actions: secretsManagerActions(request, arns) };
    case 'bedrock':
      return { service, actions: bedrockRuntimeActions(request, arns) };
  }
}

function signingServiceOf(request: SignedRequest): SigningService {
  const authorization = header(request, 'authorization') ?? '';
  // AWS4-HMAC-SHA256 Credential=AKID/20250101/eu-west-1/dynamodb/aws4_request, SignedHeaders=..., Signature=...
  const service = /Credential=[^/]+\/\d{8}\/[^/]+\/([^/]+)\/aws4_request/.exec(authorization)?.[1];
  if (service === 'dynamodb' || service === 'secretsmanager' || service === 'bedrock') return service;
  throw new Error(
    `The local IAM guard does not know the service of this request (signed for "${service ?? 'nothing'}"): ` +
      'teach scripts/local-cloud/iam/requested-actions.ts what it needs.',
  );
}

function dynamoDbActions(request: SignedRequest, arns: ArnContext): RequestedAction[] {
  const operation = targetOperation(request, 'DynamoDB_20120810.');
  const body = jsonBody(request);
  const table = (name: unknown, index?: unknown) =>
    `arn:aws:dynamodb:${arns.region}:${arns.accountId}:table/${String(name)}${index ? `/index/${String(index)}` : ''}`;
  const items = (key: string) => (Array.isArray(body[key]) ? (body[key] as Record<string, unknown>[]) : []);
  switch (operation) {
    // A transaction has no action of its own: IAM authorises each item as the single-item call it stands for.
    case 'TransactWriteItems':
      return items('TransactItems').flatMap((item) =>
        Object.entries(TRANSACT_WRITE_ACTIONS)
          .filter(([kind]) => item[kind] !== undefined)
          .map(([kind, action]) => ({
            action,
            resource: table((item[kind] as { TableName?: unknown }).TableName),
          })),
      );
    case 'TransactGetItems':
      return items('TransactItems').map((item) => ({
        action: 'dynamodb:GetItem',
        resource: table((item.Get as { TableName?: unknown } | undefined)?.TableName),
      }));
    case 'BatchGetItem':
    case 'BatchWriteItem':
      return Object.keys((body.RequestItems as Record<string, unknown> | undefined) ?? {}).map((name) => ({
        action: `dynamodb:${operation}`,
        resource: table(name),
      }));
    default:
      return [{ action: `dynamodb:${operation}`, resource: table(body.TableName, body.IndexName) }];
  }
}

const TRANSACT_WRITE_ACTIONS = {
  Put: 'dynamodb:PutItem',
  Update: 'dynamodb:UpdateItem',
  Delete: 'dynamodb:DeleteItem',
  ConditionCheck: 'dynamodb:ConditionCheckItem',
} as const;

function secretsManagerActions(request: SignedRequest, arns: ArnContext): RequestedAction[] {
  const operation = targetOperation(request, 'secretsmanager.');
  const secretId = String(jsonBody(request).SecretId ?? '*');
  const resource = secretId.startsWith('arn:')
    ? secretId
    : `arn:aws:secretsmanager:${arns.region}:${arns.accountId}:secret:${secretId}`;
  return [{ action: `secretsmanager:${operation}`, resource }];
}

/** Bedrock Runtime's REST paths and the action each is authorised as. */
const BEDROCK_MODEL_OPERATIONS: Record<string, string> = {
  converse: 'bedrock:InvokeModel',
  invoke: 'bedrock:InvokeModel',
  'converse-stream': 'bedrock:InvokeModelWithResponseStream',
  'invoke-with-response-stream': 'bedrock:InvokeModelWithResponseStream',
};

function bedrockRuntimeActions(request: SignedRequest, arns: ArnContext): RequestedAction[] {
  const guardrailArn = (id: string) =>
    id.startsWith('arn:') ? id : `arn:aws:bedrock:${arns.region}:${arns.accountId}:guardrail/${id}`;
  const model = /^\/model\/([^/]+)\/([a-z-]+)$/.exec(request.path);
  const action = model ? BEDROCK_MODEL_OPERATIONS[model[2] as string] : undefined;
  if (model && action) {
    const actions = [{ action, resource: modelArn(decodeURIComponent(model[1] as string), arns) }];
    // Converse names its guardrail in the body; applying it is authorised on its own.
    const guardrail = (jsonBody(request).guardrailConfig as { guardrailIdentifier?: unknown } | undefined)
      ?.guardrailIdentifier;
    if (typeof guardrail === 'string') {
      actions.push({ action: 'bedrock:ApplyGuardrail', resource: guardrailArn(guardrail) });
    }
    return actions;
  }
  const applyGuardrail = /^\/guardrail\/([^/]+)\/version\/[^/]+\/apply$/.exec(request.path);
  if (applyGuardrail) {
    return [
      { action: 'bedrock:ApplyGuardrail', resource: guardrailArn(decodeURIComponent(applyGuardrail[1] as string)) },
    ];
  }
  throw new Error(`The local IAM guard does not know the Bedrock Runtime operation ${request.method} ${request.path}`);
}

/** Geographic prefixes of cross-region inference profile ids (`eu.anthropic…`), as infra/lib/coach.ts grants them. */
const INFERENCE_PROFILE_PREFIX = /^(us|eu|apac|us-gov|ca|jp|au|global)\./;

function modelArn(modelId: string, arns: ArnContext): string {
  if (modelId.startsWith('arn:')) return modelId;
  if (INFERENCE_PROFILE_PREFIX.test(modelId)) {
    return `arn:aws:bedrock:${arns.region}:${arns.accountId}:inference-profile/${modelId}`;
  }
  return `arn:aws:bedrock:${arns.region}::foundation-model/${modelId}`;
}

function targetOperation(request: SignedRequest, prefix: string): string {
  const target = header(request, 'x-amz-target') ?? '';
  if (!target.startsWith(prefix)) throw new Error(`Unexpected X-Amz-Target "${target}" (expected ${prefix}*)`);
  return target.slice(prefix.length);
}

function jsonBody(request: SignedRequest): Record<string, unknown> {
  const { body } = request;
  const text =
    typeof body === 'string' ? body : body instanceof Uint8Array ? Buffer.from(body).toString('utf8') : '';
  if (text === '') return {};
  const value = JSON.parse(text) as unknown;
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function header(request: SignedRequest, name: string): string | undefined {
  const found = Object.entries(request.headers).find(([key]) => key.toLowerCase() === name);
  return found?.[1];
}
