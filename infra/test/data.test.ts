import { beforeAll, describe, expect, it } from 'vitest';
import { createTableInput, TABLE_BASE_NAME, TABLE_KEYS } from '../../functions/src/data/table.ts';
import { type Synthesized, synthesized } from './support/synthesized.ts';
import { onlyResourceOfType } from './support/template-queries.ts';

let synth: Synthesized;

beforeAll(async () => {
  synth = await synthesized();
});

describe('the table', () => {
  it('has the keys of the shared table definition the local cloud uses', () => {
    const [, table] = onlyResourceOfType(synth.json('dev'), 'AWS::DynamoDB::GlobalTable');
    const local = createTableInput('any');
    expect(table.Properties.KeySchema).toEqual(local.KeySchema);
    expect(table.Properties.AttributeDefinitions).toEqual(local.AttributeDefinitions);
    expect(table.Properties.BillingMode).toBe(local.BillingMode);
  });

  it('expires items through the TTL attribute', () => {
    synth.template('dev').hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      TimeToLiveSpecification: { AttributeName: TABLE_KEYS.timeToLive, Enabled: true },
    });
  });

  it('keeps point-in-time recovery on in every stage', () => {
    for (const stage of ['dev', 'prod'] as const) {
      synth.template(stage).hasResourceProperties('AWS::DynamoDB::GlobalTable', {
        TableName: `${TABLE_BASE_NAME}-${stage}`,
        Replicas: [{ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } }],
      });
    }
  });

  it('is protected from deletion and retained in production only', () => {
    const [, prod] = onlyResourceOfType(synth.json('prod'), 'AWS::DynamoDB::GlobalTable');
    expect(prod.DeletionPolicy).toBe('Retain');
    expect(prod.Properties.Replicas).toMatchObject([{ DeletionProtectionEnabled: true }]);

    const [, dev] = onlyResourceOfType(synth.json('dev'), 'AWS::DynamoDB::GlobalTable');
    expect(dev.DeletionPolicy).toBe('Delete');
    expect(dev.Properties.Replicas).toMatchObject([{ DeletionProtectionEnabled: false }]);
  });
});
