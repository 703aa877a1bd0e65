import { type BedrockEmulator, startBedrockEmulator } from '@bloom/scripts/local-cloud/bedrock/emulator';
import { ACTIVITY_CATALOGUE } from '@bloom/shared/catalogue/activities';
import type { CoachMessageResponse } from '@bloom/shared/coach/messages';
import { loadActivityNames } from '@bloom/shared/i18n/activity-names';
import { LOCALES } from '@bloom/shared/i18n/locales';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { languageInstruction } from '../src/coach/language';
import { type PlannerCloud, startPlannerCloud, type TestUser } from './support/planner-cloud';

/** The coach in her profile's language (docs/rules.md#coach, #languages): her fixed words and the model's. */

let planner: PlannerCloud;
let bedrock: BedrockEmulator;
beforeAll(async () => {
  planner = await startPlannerCloud();
  bedrock = await startBedrockEmulator();
  // The handlers run in this process, as in a Lambda container: they read their configuration from here.
  Object.assign(process.env, bedrock.env);
});
afterEach(() => {
  bedrock.setFailure(null);
  bedrock.setScriptedReply(null);
});
afterAll(async () => {
  await bedrock?.stop();
  await planner?.stop();
});

async function proUserIn(locale: string): Promise<TestUser> {
  const user = await planner.newUser({ tier: 'pro', name: 'Lena Vogel' });
  expect((await user.call('PUT', '/api/me', { locale, timeZone: 'Europe/Berlin' })).status).toBe(200);
  return user;
}
const say = (user: TestUser, message: string) =>
  user.call<CoachMessageResponse>('POST', '/api/coach/messages', { message });

describe("the coach's fixed words", () => {
  it('are Spanish for a Spanish profile when the model cannot be reached', async () => {
    const user = await proUserIn('es');
    bedrock.setFailure('ThrottlingException');
    const response = await say(user, '¿Estás ahí?');
    expect(response.body).toEqual({
      message:
        'Estoy teniendo un momento de reflexión tranquila, ¡pero sigo aquí para ti! Mientras ordeno mis ideas, prueba a respirar hondo y despacio tres veces, o apunta una cosita que te haya hecho sonreír hoy. ¿Cómo te sientes ahora mismo? 🌸',
      fallback: true,
      added: [],
    });
  });

  it('are French for a French profile when the guardrail refuses a dose', async () => {
    const user = await proUserIn('fr');
    const response = await say(user, 'What dose of sertraline should I take?');
    expect(response.body.fallback).toBe(false);
    expect(response.body.message).toMatch(/^Je suis Bloom, ta compagne pour prendre soin de toi/);
    expect(response.body.message).toContain('médecin ou à un pharmacien');
  });

  it('are German for a German profile when the model says nothing', async () => {
    const user = await proUserIn('de');
    bedrock.setScriptedReply('');
    expect((await say(user, 'Hallo?')).body.message).toBe('Ich bin für dich da! 🌸');
  });
});

describe('the system prompt', () => {
  it.each([
    ['en', 'English', /Answer in English, unless/],
    ['de', 'German', /Answer in German, addressing her with the informal "du"/],
    ['fr', 'French', /Answer in French, addressing her with the informal "tu"/],
    ['es', 'Spanish', /Answer in Spanish, addressing her with the informal "tú"/],
  ] as const)('for %s names %s as her language', (locale, language, answer) => {
    expect(languageInstruction(locale)).toContain(`she uses Bloom in ${language}`);
    expect(languageInstruction(locale)).toMatch(answer);
  });

  it('covers every language Bloom speaks', () => {
    for (const locale of LOCALES) expect(languageInstruction(locale)).toMatch(/^Her language: /);
  });

  it("tells the model her profile's language, and gives her plan and its suggestions in it", async () => {
    const user = await proUserIn('de');
    const response = await say(user, 'Could you find me something calming for this evening?');
    expect(response.status).toBe(200);
    const system = bedrock.requests.at(-3)?.system?.[0]?.text ?? '';
    expect(system).toContain('Her language: she uses Bloom in German. Answer in German');
    expect(system).toContain('First name: "Lena"');

    const german = await loadActivityNames('de');
    const englishNames = new Set(ACTIVITY_CATALOGUE.map((activity) => activity.name));
    // Her week is planned on this first read: its activities are in the facts by their German names.
    const planned = [...system.matchAll(/"([^"]+)" \(\d+ min/g)].map((match) => match[1] as string);
    expect(planned.length).toBeGreaterThan(0);
    expect(planned.filter((name) => englishNames.has(name))).toEqual([]);

    // The suggestions went to the model in German, and what Bloom added comes back to her in German.
    const suggested = bedrock.requests.at(-2)?.messages?.at(-1)?.content?.[0]?.toolResult?.content?.[0]
      ?.json as { activities: { id: string; name: string }[] };
    expect(suggested.activities.length).toBeGreaterThan(0);
    for (const activity of suggested.activities) expect(activity.name).toBe(german.of(activity.id, ''));
    const [added] = response.body.added;
    expect(added && englishNames.has(added.name)).toBe(false);
    expect(suggested.activities.map((activity) => activity.name)).toContain(added?.name);
  });
});
