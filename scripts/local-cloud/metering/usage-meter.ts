import { addMiddlewareToAwsClients } from '@bloom/functions/aws/instrumentation';
import type { SerializeMiddleware } from '@smithy/types';
import { invokedFunction } from '../iam/local-function';

/** What one AWS call of a function cost, as the service itself reported it. */
export type AwsUsage =
  | { route: string; service: 'dynamodb'; kind: 'read' | 'write'; operation: string; capacityUnits: number }
  | {
      route: string;
      service: 'bedrock';
      inputTokens: number;
      outputTokens: number;
      /** Characters the guardrail assessed: the conversation sent and the reply (1 text unit = 1,000). */
      guardedChars: number;
    };

/** DynamoDB operations that report ConsumedCapacity, by whether they are billed as reads or writes. */
const DYNAMODB_OPERATIONS: Record<string, 'read' | 'write'> = {
  GetItem: 'read',
  Query: 'read',
  Scan: 'read',
  BatchGetItem: 'read',
  TransactGetItems: 'read',
  PutItem: 'write',
  UpdateItem: 'write',
  DeleteItem: 'write',
  BatchWriteItem: 'write',
  TransactWriteItems: 'write',
};

interface ConsumedCapacity {
  CapacityUnits?: number;
}

interface ConverseShape {
  messages?: Array<{ content?: Array<{ text?: string }> }>;
}

const textLength = (blocks: Array<{ text?: string }> | undefined) =>
  (blocks ?? []).reduce((sum, block) => sum + (block.text?.length ?? 0), 0);

/**
 * Meters what the functions' AWS calls consume, for the cost model (scripts/bench/cost.ts): every DynamoDB
 * call asks for `ReturnConsumedCapacity: TOTAL` (DynamoDB Local reports it as DynamoDB does) and its capacity
 * units are recorded; a Bedrock Converse call's `usage` gives its tokens. Installed by whoever runs the local
 * cloud and wants the figures, on every client made in functions/src/aws, like the IAM guard: the product code
 * neither asks for capacity nor knows it is measured. Calls outside any invocation are not metered.
 */
export function installUsageMeter(record: (usage: AwsUsage) => void): void {
  // biome-ignore lint/suspicious/noExplicitAny: one middleware meters clients of every input and output type.
  const meter: SerializeMiddleware<any, any> = (next, context) => async (args) => {
    const fn = invokedFunction();
    const operation = String(context.commandName).replace(/Command$/, '');
    const input = args.input as Record<string, unknown>;
    const kind = context.clientName === 'DynamoDBClient' ? DYNAMODB_OPERATIONS[operation] : undefined;
    if (fn && kind) input.ReturnConsumedCapacity = 'TOTAL';
    const result = await next(args);
    if (!fn) return result;
    const output = result.output as Record<string, unknown>;
    if (kind) {
      const consumed = output.ConsumedCapacity as ConsumedCapacity | ConsumedCapacity[] | undefined;
      const units = [consumed ?? []].flat().reduce((sum, entry) => sum + (entry.CapacityUnits ?? 0), 0);
      // DynamoDB Local reports 0 for a read that found nothing; DynamoDB bills every request at least one unit
      // (half a read unit when eventually consistent), and the meter must not be kinder than the bill.
      const minimum = kind === 'write' ? 1 : input.ConsistentRead === true ? 1 : 0.5;
      record({
        route: fn.routeKey,
        service: 'dynamodb',
        kind,
        operation,
        capacityUnits: Math.max(units, minimum),
      });
    }
    if (context.clientName === 'BedrockRuntimeClient' && operation === 'Converse') {
      const usage = output.usage as { inputTokens?: number; outputTokens?: number } | undefined;
      const sent = input as ConverseShape;
      const reply = (output.output as { message?: { content?: Array<{ text?: string }> } } | undefined)
        ?.message;
      record({
        route: fn.routeKey,
        service: 'bedrock',
        inputTokens: usage?.inputTokens ?? 0,
        outputTokens: usage?.outputTokens ?? 0,
        // Converse's guardrail assesses the messages (not the system prompt) and the reply.
        guardedChars:
          (sent.messages ?? []).reduce((sum, message) => sum + textLength(message.content), 0) +
          textLength(reply?.content),
      });
    }
    return result;
  };
  addMiddlewareToAwsClients({
    applyToStack: (stack) =>
      // Before the serialiser, so the request it writes asks for the capacity; the answer comes back through it.
      stack.add(meter, { name: 'localCloudUsageMeter', step: 'serialize', priority: 'high' }),
  });
}
