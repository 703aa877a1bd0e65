import { beforeAll, describe, expect, it } from 'vitest';
import { type Synthesized, synthesized } from './support/synthesized.ts';
import { resourcesOfType, type TemplateJson } from './support/template-queries.ts';

let synth: Synthesized;

beforeAll(async () => {
  synth = await synthesized();
});

describe('secrets', () => {
  it('never appear in the template: only references that CloudFormation or the handlers resolve', () => {
    for (const stage of ['dev', 'prod'] as const) {
      const text = JSON.stringify(synth.json(stage));
      // Matching fragments only, so a failure shows the offending text rather than the whole template.
      expect(text.match(/sk_(live|test)_\w+|whsec_\w+|rk_(live|test)_\w+/)).toBeNull();
      expect(text.match(/"client_secret":"(?!\{\{resolve:secretsmanager:)[^"]*"/)).toBeNull();
      expect(text.match(/"SecretString":[^,}]*/)).toBeNull();
    }
  });

  it('keep the VAPID secret empty of keys: they are written after the first deploy', () => {
    const vapid = resourcesOfType(synth.json('dev'), 'AWS::SecretsManager::Secret').find(
      ([, secret]) => secret.Properties.Name === 'bloom/dev/vapid',
    );
    expect(vapid?.[1].Properties.SecretString).toBeUndefined();
    expect(vapid?.[1].Properties.GenerateSecretString).toBeDefined();
  });

  it('keep the Stripe secret empty of Stripe values and hand functions its ARN', () => {
    const [secretId, secret] = stripeSecretOf(synth.json('dev'));
    expect(secret.Properties.Name).toBe('bloom/dev/stripe');
    expect(secret.Properties.SecretString).toBeUndefined();
    expect(JSON.stringify(synth.json('dev'))).toContain(`"STRIPE_SECRET_ARN":{"Ref":"${secretId}"}`);
  });
});

function stripeSecretOf(template: TemplateJson) {
  const found = resourcesOfType(template, 'AWS::SecretsManager::Secret').find(
    ([, secret]) => secret.Properties.Name === 'bloom/dev/stripe',
  );
  if (!found) throw new Error('No Stripe secret');
  return found;
}
