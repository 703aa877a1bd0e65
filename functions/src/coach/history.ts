import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { CrisisSupport } from '@bloom/shared/coach/crisis-support';
import {
  type ChatRole,
  COACH_MODEL_HISTORY_TURNS,
  COACH_SHOWN_HISTORY_TURNS,
  type CoachTurn,
} from '@bloom/shared/coach/messages';
import { documentClient, tableName } from '../data/client';
import { userPk } from '../data/keys';
import { transactWrite } from '../data/transact';
import { CHAT_PREFIX, CHAT_TURN_TTL_SECONDS, chatTurnSk } from './keys';

/** A chat turn as stored in her partition (keys.ts). */
export interface StoredTurn {
  pk: string;
  sk: string;
  role: ChatRole;
  text: string;
  at: string;
  /** The crisis reply, or the message it answered: shown in the chat, never sent to the model. */
  crisis?: CrisisSupport | true;
  /** Bloom's fallback reply: shown in the chat, not sent to the model as if it had said it. */
  fallback?: true;
  expiresAt: number;
}

export interface NewTurn {
  role: ChatRole;
  text: string;
  at: Date;
  crisis?: CrisisSupport | true;
  fallback?: true;
}

/**
 * Stores her message and Bloom's reply together (one transaction of two Puts): the conversation never holds a
 * question without its answer.
 */
export async function storeExchange(userId: string, turns: readonly NewTurn[]): Promise<void> {
  const items = turns.map((turn): StoredTurn => {
    const at = turn.at.toISOString();
    return {
      pk: userPk(userId),
      sk: chatTurnSk(at, randomUUID()),
      role: turn.role,
      text: turn.text,
      at,
      ...(turn.crisis ? { crisis: turn.crisis } : {}),
      ...(turn.fallback ? { fallback: true as const } : {}),
      expiresAt: Math.floor(turn.at.getTime() / 1000) + CHAT_TURN_TTL_SECONDS,
    };
  });
  await transactWrite({
    TransactItems: items.map((Item) => ({
      Put: { TableName: tableName(), Item, ConditionExpression: 'attribute_not_exists(pk)' },
    })),
  });
}

/** Her most recent stored turns, oldest first. DynamoDB's TTL may lag: turns past their time are left out. */
export async function recentTurns(userId: string, limit: number, now: Date): Promise<StoredTurn[]> {
  const result = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': userPk(userId), ':prefix': CHAT_PREFIX },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  const nowSeconds = Math.floor(now.getTime() / 1000);
  return ((result.Items ?? []) as StoredTurn[]).filter((turn) => turn.expiresAt > nowSeconds).reverse();
}

/** The turns the model is given with a new message: the last 20 stored, without crisis turns. */
export async function modelHistory(userId: string, now: Date): Promise<StoredTurn[]> {
  return (await recentTurns(userId, COACH_MODEL_HISTORY_TURNS, now)).filter((turn) => !turn.crisis);
}

/** The conversation as the chat shows it when it opens. */
export async function shownHistory(userId: string, now: Date): Promise<CoachTurn[]> {
  return (await recentTurns(userId, COACH_SHOWN_HISTORY_TURNS, now)).map((turn) => ({
    id: turn.sk.slice(CHAT_PREFIX.length),
    role: turn.role,
    text: turn.text,
    at: turn.at,
    ...(typeof turn.crisis === 'object' ? { crisis: turn.crisis } : {}),
  }));
}

const BATCH_SIZE = 25;
const MAX_BATCH_ATTEMPTS = 5;

/** "Start fresh": deletes every stored turn of her conversation, page by page. */
export async function clearHistory(userId: string): Promise<void> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': userPk(userId), ':prefix': CHAT_PREFIX },
        ProjectionExpression: 'pk, sk',
        ExclusiveStartKey: startKey,
      }),
    );
    const keys = (page.Items ?? []) as { pk: string; sk: string }[];
    for (let index = 0; index < keys.length; index += BATCH_SIZE) {
      await deleteBatch(keys.slice(index, index + BATCH_SIZE));
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}

/** BatchWriteItem may leave some deletes unprocessed under load: they are sent again, with a short backoff. */
async function deleteBatch(keys: { pk: string; sk: string }[]): Promise<void> {
  let requests = keys.map((Key) => ({ DeleteRequest: { Key } }));
  for (let attempt = 1; requests.length > 0; attempt++) {
    if (attempt > MAX_BATCH_ATTEMPTS) throw new Error('Some chat turns could not be deleted');
    const result = await documentClient.send(
      new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }),
    );
    requests = (result.UnprocessedItems?.[tableName()] ?? []) as typeof requests;
    if (requests.length > 0) await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt));
  }
}
