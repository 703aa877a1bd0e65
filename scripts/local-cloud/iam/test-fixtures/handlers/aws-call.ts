import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { signOutAndDeleteUser } from '@bloom/functions/aws/cognito-idp';
import { stripeSecrets } from '@bloom/functions/billing/stripe-config';
import { converse } from '@bloom/functions/coach/bedrock';
import { coachModelSettings } from '@bloom/functions/coach/settings';
import { documentClient, tableName } from '@bloom/functions/data/client';

const CALLS: Record<string, (id: string) => Promise<unknown>> = {
  'get-item': (id) =>
    documentClient.send(new GetCommand({ TableName: tableName(), Key: { pk: id, sk: 'ITEM' } })),
  'transact-write': (id) =>
    documentClient.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName(), Item: { pk: id, sk: 'ITEM' } } },
          {
            ConditionCheck: {
              TableName: tableName(),
              Key: { pk: id, sk: 'OTHER' },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      }),
    ),
  'stripe-secret': () => stripeSecrets(),
  // A user that does not exist: the calls are allowed (false) or refused, and no one is deleted.
  'delete-cognito-user': (id) => signOutAndDeleteUser(String(process.env.USER_POOL_ID), `google_${id}`, id),
  converse: () =>
    converse(
      coachModelSettings(),
      'You are Bloom.',
      [{ role: 'user', content: [{ text: 'Hello Bloom' }] }],
      () => {
        throw new Error('This call asks for no tool');
      },
    ),
};

/** Makes one AWS call through Bloom's own clients and answers what the SDK made of it: a result or its error. */
export async function handler(event: { pathParameters: { call: string }; body?: string }) {
  const call = CALLS[event.pathParameters.call];
  if (!call) return { statusCode: 404 };
  try {
    await call(event.body ?? 'ITEM#1');
    return { ok: true };
  } catch (error) {
    const { name, message, $metadata } = error as Error & { $metadata?: { httpStatusCode?: number } };
    return { ok: false, name, message, status: $metadata?.httpStatusCode };
  }
}
