import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BedrockEmulator, startBedrockEmulator } from '../bedrock/emulator';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../dynamodb';
import { moduleHandlerLoader } from '../gateway/gateway';
import { LOCAL_STRIPE_SECRET_NAME } from '../stripe/billing-secret';
import { api, startTestCloud, type TestCloud } from '../testing';
import { IAM_FIXTURE_HANDLERS_DIR, IAM_FIXTURE_ROUTES } from './test-fixtures/routes';

/**
 * The guard through the gateway, with Bloom's own clients (functions/src/aws): a fixture handler makes one
 * AWS call and answers what the SDK made of it. One route is granted every call, the other is not.
 */
let cloud: TestCloud;
let bedrock: BedrockEmulator;
let table: DynamoDBDocumentClient;

beforeAll(async () => {
  cloud = await startTestCloud({
    routes: IAM_FIXTURE_ROUTES,
    loadHandler: moduleHandlerLoader(IAM_FIXTURE_HANDLERS_DIR),
  });
  bedrock = await startBedrockEmulator();
  const secretArn = cloud.secretsManager.putSecretValue(
    LOCAL_STRIPE_SECRET_NAME,
    JSON.stringify({ secretKey: 'sk_test_guard', webhookSecret: 'whsec_guard' }),
  );
  Object.assign(process.env, bedrock.env, { STRIPE_SECRET_ARN: secretArn });
  table = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: cloud.dynamodbEndpoint,
      region: LOCAL_REGION,
      credentials: LOCAL_CREDENTIALS,
    }),
  );
});
afterAll(async () => {
  await bedrock?.stop();
  await cloud?.stop();
});

interface CallResult {
  ok: boolean;
  name?: string;
  message?: string;
  status?: number;
}

const call = async (route: 'granted' | 'ungranted', name: string, id = `ITEM#${randomUUID()}`) => {
  const response = await api(cloud).post<CallResult>(`/api/${route}/${name}`, id);
  expect(response.status).toBe(200);
  return response.body;
};

const deniedBy = (action: string) => ({
  ok: false,
  name: 'AccessDeniedException',
  message: expect.stringMatching(
    new RegExp(
      `^User: arn:aws:sts::\\d{12}:assumed-role/bloom-local-aws-call-role/bloom-local-aws-call is not authorized to perform: ${action} on resource: arn:aws:`,
    ),
  ),
});

describe('the local IAM guard', () => {
  it('lets a function make the calls its route is granted', async () => {
    expect(await call('granted', 'get-item')).toEqual({ ok: true });
    expect(await call('granted', 'transact-write')).toEqual({ ok: true });
    expect(await call('granted', 'stripe-secret')).toEqual({ ok: true });
    expect(await call('granted', 'converse')).toEqual({ ok: true });
    expect(await call('granted', 'delete-cognito-user')).toEqual({ ok: true });
  });

  it("refuses Cognito's admin API to a route not granted it, as Cognito's AccessDeniedException", async () => {
    expect(await call('ungranted', 'delete-cognito-user')).toEqual({
      ...deniedBy('cognito-idp:AdminGetUser'),
      status: 400,
    });
  });

  it("refuses a table action outside the route's grant as DynamoDB's AccessDeniedException", async () => {
    expect(await call('ungranted', 'get-item')).toEqual({ ...deniedBy('dynamodb:GetItem'), status: 400 });
  });

  it('authorises a transaction item by item, and refuses it whole when one item is not granted', async () => {
    const id = `ITEM#${randomUUID()}`;
    expect(await call('ungranted', 'transact-write', id)).toMatchObject(
      deniedBy('dynamodb:ConditionCheckItem'),
    );
    const stored = await table.send(
      new GetCommand({ TableName: cloud.tableName, Key: { pk: id, sk: 'ITEM' } }),
    );
    expect(stored.Item).toBeUndefined();
  });

  it('keeps the Stripe secret from a route that does not use Stripe, even after another route read it', async () => {
    expect(await call('granted', 'stripe-secret')).toEqual({ ok: true });
    expect(await call('ungranted', 'stripe-secret')).toMatchObject(deniedBy('secretsmanager:GetSecretValue'));
  });

  it('keeps Bedrock from a route that does not use it; the model never hears of the call', async () => {
    const before = bedrock.requests.length;
    expect(await call('ungranted', 'converse')).toEqual({ ...deniedBy('bedrock:InvokeModel'), status: 403 });
    expect(bedrock.requests.length).toBe(before);
  });
});
