/** One AWS SDK call as the guard sees it: which client, which command, and the command's input. */
export interface SdkCall {
  /** The client's class name, e.g. `DynamoDBClient`. */
  clientName: string;
  /** The command's class name, e.g. `TransactWriteItemsCommand`. */
  commandName: string;
  input: Record<string, unknown>;
}

/** One IAM action a call needs, and the resource it needs it on (for the refusal's message). */
export interface RequestedAction {
  action: string;
  resource: string;
}

/** The services the functions call. */
export type AwsService = 'dynamodb' | 'secretsmanager' | 'bedrock' | 'cognito-idp' | 'sqs';

export interface Arns {
  region: string;
  accountId: string;
}

/**
 * The IAM actions a call needs, as AWS authorises it: most operations are their own action, a transaction is
 * authorised item by item, and Converse is InvokeModel (plus ApplyGuardrail when it names a guardrail). A
 * client or command this does not know is an error, never an allowed call: teach it here first.
 */
export function requestedActions(
  call: SdkCall,
  arns: Arns,
): { service: AwsService; actions: RequestedAction[] } {
  const operation = call.commandName.replace(/Command$/, '');
  switch (call.clientName) {
    case 'DynamoDBClient':
      return { service: 'dynamodb', actions: dynamoDbActions(operation, call.input, arns) };
    case 'SecretsManagerClient':
      return { service: 'secretsmanager', actions: secretsManagerActions(operation, call.input, arns) };
    case 'BedrockRuntimeClient':
      return { service: 'bedrock', actions: bedrockRuntimeActions(operation, call.input, arns) };
    case 'CognitoIdentityProviderClient':
      return { service: 'cognito-idp', actions: [userPoolAction(operation, call.input, arns)] };
    case 'SQSClient':
      return { service: 'sqs', actions: sqsActions(operation, call.input, arns) };
    default:
      throw new Error(
        `The local IAM guard does not know ${call.clientName}: teach scripts/local-cloud/iam/requested-actions.ts its actions.`,
      );
  }
}

/** A transaction's items by kind, and the single-item action IAM authorises each as. */
const TRANSACT_WRITE_ACTIONS = {
  Put: 'dynamodb:PutItem',
  Update: 'dynamodb:UpdateItem',
  Delete: 'dynamodb:DeleteItem',
  ConditionCheck: 'dynamodb:ConditionCheckItem',
} as const;

function dynamoDbActions(operation: string, input: Record<string, unknown>, arns: Arns): RequestedAction[] {
  const table = (name: unknown) => `arn:aws:dynamodb:${arns.region}:${arns.accountId}:table/${String(name)}`;
  const items = Array.isArray(input.TransactItems) ? (input.TransactItems as Record<string, unknown>[]) : [];
  switch (operation) {
    case 'TransactWriteItems':
      return items.flatMap((item) =>
        Object.entries(TRANSACT_WRITE_ACTIONS)
          .filter(([kind]) => item[kind] !== undefined)
          .map(([kind, action]) => ({
            action,
            resource: table((item[kind] as { TableName?: unknown }).TableName),
          })),
      );
    case 'TransactGetItems':
      return items.map((item) => ({
        action: 'dynamodb:GetItem',
        resource: table((item.Get as { TableName?: unknown } | undefined)?.TableName),
      }));
    case 'BatchGetItem':
    case 'BatchWriteItem':
      return Object.keys((input.RequestItems as Record<string, unknown> | undefined) ?? {}).map((name) => ({
        action: `dynamodb:${operation}`,
        resource: table(name),
      }));
    default:
      return [{ action: `dynamodb:${operation}`, resource: table(input.TableName) }];
  }
}

function secretsManagerActions(
  operation: string,
  input: Record<string, unknown>,
  arns: Arns,
): RequestedAction[] {
  const secretId = String(input.SecretId);
  const resource = secretId.startsWith('arn:')
    ? secretId
    : `arn:aws:secretsmanager:${arns.region}:${arns.accountId}:secret:${secretId}`;
  return [{ action: `secretsmanager:${operation}`, resource }];
}

/** A user-pool operation is its own action, on the pool (`…:userpool/{UserPoolId}`). */
function userPoolAction(operation: string, input: Record<string, unknown>, arns: Arns): RequestedAction {
  return {
    action: `cognito-idp:${operation}`,
    resource: `arn:aws:cognito-idp:${arns.region}:${arns.accountId}:userpool/${String(input.UserPoolId)}`,
  };
}

/** SQS authorises a batch as its single-message action: SendMessageBatch is sqs:SendMessage. */
function sqsActions(operation: string, input: Record<string, unknown>, arns: Arns): RequestedAction[] {
  const action = `sqs:${operation.replace(/Batch$/, '')}`;
  const queueName = String(input.QueueUrl ?? '')
    .split('/')
    .pop();
  return [{ action, resource: `arn:aws:sqs:${arns.region}:${arns.accountId}:${queueName}` }];
}

/** Bedrock Runtime's model operations and the action each is authorised as. */
const BEDROCK_MODEL_ACTIONS: Record<string, string> = {
  Converse: 'bedrock:InvokeModel',
  InvokeModel: 'bedrock:InvokeModel',
  ConverseStream: 'bedrock:InvokeModelWithResponseStream',
  InvokeModelWithResponseStream: 'bedrock:InvokeModelWithResponseStream',
};

function bedrockRuntimeActions(
  operation: string,
  input: Record<string, unknown>,
  arns: Arns,
): RequestedAction[] {
  const action = BEDROCK_MODEL_ACTIONS[operation];
  if (!action) {
    throw new Error(
      `The local IAM guard does not know Bedrock Runtime's ${operation}: teach scripts/local-cloud/iam/requested-actions.ts its actions.`,
    );
  }
  const actions = [{ action, resource: modelArn(String(input.modelId), arns) }];
  // Converse names its guardrail in guardrailConfig; applying it is authorised on its own.
  const guardrail = (input.guardrailConfig as { guardrailIdentifier?: unknown } | undefined)
    ?.guardrailIdentifier;
  if (typeof guardrail === 'string') {
    actions.push({
      action: 'bedrock:ApplyGuardrail',
      resource: guardrail.startsWith('arn:')
        ? guardrail
        : `arn:aws:bedrock:${arns.region}:${arns.accountId}:guardrail/${guardrail}`,
    });
  }
  return actions;
}

/** Geographic prefixes of cross-region inference profile ids (`eu.anthropic…`), as infra/lib/coach.ts reads them. */
const INFERENCE_PROFILE_PREFIX = /^(us|eu|apac|us-gov|ca|jp|au|global)\./;

function modelArn(modelId: string, arns: Arns): string {
  if (modelId.startsWith('arn:')) return modelId;
  if (INFERENCE_PROFILE_PREFIX.test(modelId)) {
    return `arn:aws:bedrock:${arns.region}:${arns.accountId}:inference-profile/${modelId}`;
  }
  return `arn:aws:bedrock:${arns.region}::foundation-model/${modelId}`;
}
