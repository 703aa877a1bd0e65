import { App } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../lib/app.ts';
import { DEFAULT_REGION, deploymentRegion } from '../lib/region.ts';
import { type Synthesized, synthesized } from './support/synthesized.ts';

let synth: Synthesized;

beforeAll(async () => {
  synth = await synthesized();
});

describe('the stack region', () => {
  it('is pinned to an EU region, Ireland unless another EU region is chosen', () => {
    expect(deploymentRegion(new App().node)).toBe(DEFAULT_REGION);
    expect(deploymentRegion(new App({ context: { region: 'eu-central-1' } }).node)).toBe('eu-central-1');
  });

  it('refuses to synthesize production (or dev) outside the EU, as the privacy policy promises', () => {
    for (const region of ['us-east-1', 'eu-west-2', 'eu-central-2', 'ap-southeast-2']) {
      for (const stage of ['prod', 'dev']) {
        expect(() => createApp({ context: { stage, region } }), `${stage} in ${region}`).toThrow(
          /not an EU region/,
        );
      }
    }
  });

  it('is written into the synthesized templates instead of left to the deploying account', () => {
    for (const stage of ['dev', 'prod'] as const) {
      synth.template(stage).hasResourceProperties('AWS::DynamoDB::GlobalTable', {
        Replicas: [Match.objectLike({ Region: DEFAULT_REGION })],
      });
    }
  });
});
