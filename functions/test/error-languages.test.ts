import { api } from '@bloom/scripts/local-cloud/testing/index';
import { ERRORS, FIELD_MESSAGES } from '@bloom/shared/errors/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestLocale } from '../src/http/request-locale';
import { type PlannerCloud, startPlannerCloud } from './support/planner-cloud';

/**
 * The API's error messages in the language the request asks for (docs/rules.md#languages): the web sends her
 * language as `Accept-Language`; the code stays the same in every language.
 */

describe('requestLocale', () => {
  it.each([
    [undefined, 'en'],
    ['de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7', 'de'],
    ['fr-CH, fr;q=0.9, en;q=0.8', 'fr'],
    ['es-419', 'es'],
    ['it-IT,it;q=0.9', 'en'],
    ['it-IT,it;q=0.9,es;q=0.5', 'es'],
    ['fr;q=0, es', 'es'],
    ['en;q=0.5, de;q=0.8', 'de'],
    ['*', 'en'],
  ])('reads %s as %s', async (header, locale) => {
    expect(await requestLocale(header === undefined ? {} : { 'accept-language': header })).toBe(locale);
  });
});

describe('error messages', () => {
  let cloud: PlannerCloud;
  beforeAll(async () => {
    cloud = await startPlannerCloud();
  });
  afterAll(() => cloud?.stop());

  it('are German for a request in German, field messages too', async () => {
    const user = await cloud.newUser();
    const response = await api(cloud.cloud, user.idToken).put(
      '/api/me',
      { timeZone: 'Mars/Olympus_Mons' },
      { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' },
    );
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: {
        code: 'validation_failed',
        message: 'Bitte prüf die markierten Felder und versuch es noch einmal.',
        fields: { timeZone: 'Bitte wähl eine gültige Zeitzone' },
      },
    });
  });

  it('are French for a path that is not a week', async () => {
    const user = await cloud.newUser();
    const response = await api(cloud.cloud, user.idToken).get('/api/weeks/next-monday', {
      'accept-language': 'fr-FR',
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: {
        code: 'validation_failed',
        message: 'Vérifie les champs en surbrillance et réessaie.',
        fields: { weekStart: 'Indique le lundi qui ouvre la semaine, au format AAAA-MM-JJ' },
      },
    });
  });

  it('are Spanish for a refusal of the route itself', async () => {
    const user = await cloud.newUser();
    // 6 January 2020 was a Monday, long past: its plan stays.
    const response = await api(cloud.cloud, user.idToken).post('/api/weeks/2020-01-06/replan', undefined, {
      'accept-language': 'es-ES,es;q=0.9',
    });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      error: { code: 'week_in_past', message: 'Una semana pasada conserva el plan que tenía.' },
    });
  });

  it('are English for a language Bloom does not speak, and without the header', async () => {
    const user = await cloud.newUser();
    const client = api(cloud.cloud, user.idToken);
    const headerSets: Record<string, string>[] = [{ 'accept-language': 'it-IT,it;q=0.9' }, {}];
    for (const headers of headerSets) {
      const response = await client.put('/api/me', { timeZone: 'Mars/Olympus_Mons' }, headers);
      expect(response.body).toEqual({
        error: {
          code: 'validation_failed',
          message: ERRORS.validation_failed.message,
          fields: { timeZone: FIELD_MESSAGES.timeZone },
        },
      });
    }
  });
});
