import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { TransactionRefused, transactWrite, transactWriteNamed } from '../src/data/transact';

/** A client that answers each send with the next scripted outcome and records how often it was called. */
function scriptedClient(outcomes: Array<'ok' | 'conflict' | 'condition' | Error>) {
  const calls: unknown[] = [];
  return {
    calls,
    send: async (command: unknown) => {
      calls.push(command);
      const outcome = outcomes[calls.length - 1] ?? 'ok';
      if (outcome === 'ok') return {};
      if (outcome instanceof Error) throw outcome;
      throw new TransactionCanceledException({
        message: 'Transaction cancelled',
        $metadata: {},
        CancellationReasons:
          outcome === 'conflict'
            ? [
                { Code: 'None' },
                { Code: 'TransactionConflict', Message: 'Transaction is ongoing for the item' },
              ]
            : [{ Code: 'ConditionalCheckFailed', Item: { edits: { N: '10' } } }, { Code: 'None' }],
      });
    },
  };
}

const input = { TransactItems: [] };

describe('transactWrite', () => {
  it('retries a transaction DynamoDB cancelled for a conflict, then succeeds', async () => {
    const client = scriptedClient(['conflict', 'conflict', 'ok']);
    await transactWrite(input, { client: client as never, baseDelayMs: 1 });
    expect(client.calls).toHaveLength(3);
  });

  it('gives up after the last attempt and surfaces the conflict', async () => {
    const client = scriptedClient(['conflict', 'conflict', 'conflict']);
    await expect(
      transactWrite(input, { client: client as never, maxAttempts: 3, baseDelayMs: 1 }),
    ).rejects.toBeInstanceOf(TransactionCanceledException);
    expect(client.calls).toHaveLength(3);
  });

  it('does not retry a failed condition: it reports each reason with the old item', async () => {
    const client = scriptedClient(['condition']);
    const error = await transactWrite(input, { client: client as never, baseDelayMs: 1 }).catch((e) => e);
    expect(error).toBeInstanceOf(TransactionRefused);
    expect(error.reasons).toEqual([
      { code: 'ConditionalCheckFailed', item: { edits: 10 } },
      { code: 'None' },
    ]);
    expect(client.calls).toHaveLength(1);
  });

  it('passes other errors through untouched', async () => {
    const boom = new Error('network down');
    const client = scriptedClient([boom]);
    await expect(transactWrite(input, { client: client as never })).rejects.toBe(boom);
    expect(client.calls).toHaveLength(1);
  });
});

describe('transactWriteNamed', () => {
  const put = (sk: string) => ({ Put: { TableName: 't', Item: { pk: 'p', sk } } });

  it('sends the named items, leaves out the undefined ones, and reads each refusal by its item’s name', async () => {
    const sent: unknown[] = [];
    const client = {
      send: async (command: TransactWriteCommand) => {
        sent.push(command.input.TransactItems);
        throw new TransactionCanceledException({
          message: 'Transaction cancelled',
          $metadata: {},
          CancellationReasons: [
            { Code: 'None' },
            { Code: 'ConditionalCheckFailed', Item: { n: { N: '3' } } },
          ],
        });
      },
    };
    const error = await transactWriteNamed(
      { first: put('a'), notSent: undefined, second: put('b') },
      { client: client as never },
    ).catch((e) => e);

    expect(sent).toEqual([[put('a'), put('b')]]);
    expect(error).toBeInstanceOf(TransactionRefused);
    expect(error.conditionFailedOn('second')).toEqual({ code: 'ConditionalCheckFailed', item: { n: 3 } });
    expect(error.conditionFailedOn('first')).toBeUndefined();
    expect(error.conditionFailedOn('notSent')).toBeUndefined();
  });
});
