import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../functions/src/routes.ts';
import { functionNameOf } from '../lib/bloom-function.ts';
import { guardrailProfileId } from '../lib/coach.ts';
import { DEFAULT_BEDROCK_MODEL_ID } from '../lib/config.ts';
import { type Synthesized, synthesized } from './support/synthesized.ts';
import {
  functionsByName,
  onlyResourceOfType,
  statementsOfRole,
  type TemplateJson,
} from './support/template-queries.ts';

let synth: Synthesized;
let dev: TemplateJson;

beforeAll(async () => {
  synth = await synthesized();
  dev = synth.json('dev');
});

function coachFunction() {
  const coach = ROUTES.find((route) => route.uses?.includes('bedrock'));
  const fn = coach && functionsByName(dev).get(functionNameOf('dev', coach.handler));
  if (!fn) throw new Error('No route uses Bedrock');
  return fn;
}

describe('the coach guardrail', () => {
  it('filters harmful content and prompt attacks', () => {
    const [, guardrail] = onlyResourceOfType(dev, 'AWS::Bedrock::Guardrail');
    const filters = (guardrail.Properties.ContentPolicyConfig as { FiltersConfig: Record<string, string>[] })
      .FiltersConfig;
    expect(filters.map((filter) => filter.Type).sort()).toEqual(
      ['HATE', 'INSULTS', 'MISCONDUCT', 'PROMPT_ATTACK', 'SEXUAL', 'VIOLENCE'].sort(),
    );
    for (const filter of filters) expect(filter.InputStrength).toBe('HIGH');
  });

  it('denies diagnosis, medication dosing and self-harm (the coach turns that block into its crisis reply), answering in Bloom’s voice', () => {
    const [, guardrail] = onlyResourceOfType(dev, 'AWS::Bedrock::Guardrail');
    const topics = (guardrail.Properties.TopicPolicyConfig as { TopicsConfig: Record<string, unknown>[] })
      .TopicsConfig;
    expect(topics.map((topic) => [topic.Name, topic.Type])).toEqual([
      ['MedicalDiagnosis', 'DENY'],
      ['MedicationDosing', 'DENY'],
      ['SelfHarm', 'DENY'],
    ]);
    expect(guardrail.Properties.BlockedInputMessaging).toMatch(/^I'm Bloom/);
    expect(guardrail.Properties.BlockedOutputsMessaging).toMatch(/doctor or pharmacist/);
  });

  it('is of the Standard tier (many languages), through the EU guardrail profile', () => {
    const [, guardrail] = onlyResourceOfType(dev, 'AWS::Bedrock::Guardrail');
    const properties = guardrail.Properties as Record<string, Record<string, unknown>>;
    expect(properties.ContentPolicyConfig?.ContentFiltersTierConfig).toEqual({ TierName: 'STANDARD' });
    expect(properties.TopicPolicyConfig?.TopicsTierConfig).toEqual({ TierName: 'STANDARD' });
    expect(JSON.stringify(properties.CrossRegionConfig?.GuardrailProfileArn)).toContain(
      ':guardrail-profile/eu.guardrail.v1:0',
    );
    expect(guardrailProfileId('eu-central-1')).toBe('eu.guardrail.v1:0');
    expect(guardrailProfileId('eu-west-1', DEFAULT_BEDROCK_MODEL_ID)).toBe('eu.guardrail.v1:0');
    expect(guardrailProfileId('ap-southeast-2')).toBe('apac.guardrail.v1:0');
  });

  it('answers within the nested timeouts: the function gives up after 25 s, before the browser (28 s)', () => {
    expect(coachFunction().properties.Timeout).toBe(25);
  });

  it('is used through a published version', () => {
    const [guardrailId] = onlyResourceOfType(dev, 'AWS::Bedrock::Guardrail');
    const [versionId] = onlyResourceOfType(dev, 'AWS::Bedrock::GuardrailVersion');
    synth.template('dev').hasResourceProperties('AWS::Bedrock::GuardrailVersion', {
      GuardrailIdentifier: { 'Fn::GetAtt': [guardrailId, 'GuardrailId'] },
    });
    expect(
      (coachFunction().properties.Environment as { Variables: Record<string, unknown> }).Variables,
    ).toMatchObject({
      BEDROCK_MODEL_ID: DEFAULT_BEDROCK_MODEL_ID,
      BEDROCK_GUARDRAIL_ID: { 'Fn::GetAtt': [guardrailId, 'GuardrailId'] },
      BEDROCK_GUARDRAIL_VERSION: { 'Fn::GetAtt': [versionId, 'Version'] },
    });
  });
});

describe('Bedrock permissions', () => {
  it('allow invoking only the configured inference profile and its model through it, and applying the guardrail', () => {
    const statements = statementsOfRole(dev, coachFunction().roleLogicalId).filter((statement) =>
      JSON.stringify(statement.Action).includes('bedrock:'),
    );
    const text = JSON.stringify(statements);
    const profile = DEFAULT_BEDROCK_MODEL_ID;
    const model = profile.replace(/^eu\./, '');

    const guardrail = statements.find((statement) => statement.Action === 'bedrock:ApplyGuardrail');
    expect(JSON.stringify(guardrail?.Resource)).toContain(':guardrail-profile/eu.guardrail.v1:0');
    expect(statements.map((statement) => statement.Action).sort()).toEqual([
      'bedrock:ApplyGuardrail',
      'bedrock:InvokeModel',
      'bedrock:InvokeModel',
    ]);
    expect(text).toContain(`:inference-profile/${profile}`);
    expect(text).toContain(`:bedrock:*::foundation-model/${model}`);
    const viaProfile = statements.find((statement) => statement.Condition !== undefined);
    expect(JSON.stringify(viaProfile?.Condition)).toContain('bedrock:InferenceProfileArn');
    expect(text).not.toMatch(/foundation-model\/\*|"Resource":"\*"/);
  });
});
