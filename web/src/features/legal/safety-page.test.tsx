import { COUNTRY_SUPPORT } from '@bloom/shared/coach/crisis-support';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../testing/test-utils';
import SafetyPage from './safety-page';

describe('the /safety page', () => {
  it('states the crisis protocol: what is screened, what Bloom replies, the lines, no message text logged', () => {
    renderInApp(<SafetyPage />, { path: '/safety' });
    expect(screen.getByRole('heading', { level: 1, name: 'How Bloom keeps you safe' })).toBeInTheDocument();
    const article = screen.getByRole('article');
    expect(article).toHaveTextContent('Bloom is an AI companion, not a person or a therapist.');
    for (const words of [
      /suicide/,
      /self-harm/,
      /abuse or violence at home/,
      /poisonings and overdoses/,
      /medical emergencies/,
    ]) {
      expect(article).toHaveTextContent(words);
    }
    expect(article).toHaveTextContent(/not sent to the AI model/);
    expect(article).toHaveTextContent('No message text is ever logged.');
    expect(document.title).toBe('How Bloom keeps you safe · Bloom');
  });

  it.each([
    ['United States', '988'],
    ['United Kingdom', '116 123'],
    ['Ireland', '116 123'],
    ['Germany', '0800 111 0 111'],
    ['France', '3114'],
    ['Spain', '024'],
  ])('lists %s with its crisis line %s as a number to call', (country, phone) => {
    renderInApp(<SafetyPage />, { path: '/safety' });
    const row = screen.getByRole('rowheader', { name: country }).closest('tr') as HTMLElement;
    const link = [...row.querySelectorAll('a')].find((anchor) => anchor.textContent === phone);
    expect(link?.getAttribute('href')).toBe(`tel:${phone.replaceAll(' ', '')}`);
  });

  it('lists the poison line where the country has one, and the emergency number elsewhere', () => {
    renderInApp(<SafetyPage />, { path: '/safety' });
    const us = screen.getByRole('rowheader', { name: 'United States' }).closest('tr') as HTMLElement;
    expect(us).toHaveTextContent('Poison Help: 1-800-222-1222');
    const france = screen.getByRole('rowheader', { name: 'France' }).closest('tr') as HTMLElement;
    expect(france).toHaveTextContent('Call the emergency number');
  });

  it('lists every country the coach knows, and the international directory', () => {
    renderInApp(<SafetyPage />, { path: '/safety' });
    expect(screen.getAllByRole('row')).toHaveLength(COUNTRY_SUPPORT.length + 1);
    expect(screen.getAllByRole('link', { name: 'findahelpline.com' })[0]).toHaveAttribute(
      'href',
      'https://findahelpline.com',
    );
  });
});
