import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, Billing, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { TABLE_BASE_NAME, TABLE_KEYS } from '../../functions/src/data/table.ts';
import type { Stage } from './config.ts';

/** Bloom's single table, keyed exactly like the local cloud's (functions/src/data/table.ts). */
export class Data extends Construct {
  readonly table: TableV2;

  constructor(scope: Construct, id: string, props: { stage: Stage }) {
    super(scope, id);
    const production = props.stage === 'prod';

    this.table = new TableV2(this, 'Table', {
      tableName: `${TABLE_BASE_NAME}-${props.stage}`,
      partitionKey: { name: TABLE_KEYS.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sortKey, type: AttributeType.STRING },
      timeToLiveAttribute: TABLE_KEYS.timeToLive,
      billing: Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: production,
      removalPolicy: production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
  }
}
