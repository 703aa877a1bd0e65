/**
 * What the web needs to link a crisis reply's numbers, apart from the lines table (crisis-support.ts), so the
 * chat does not load the whole table to render one reply.
 */

export const INTERNATIONAL_DIRECTORY = { name: 'Find A Helpline', url: 'https://findahelpline.com' } as const;
/** How the reply writes the directory: the web links it. */
export const INTERNATIONAL_DIRECTORY_TEXT = 'findahelpline.com';

/** A phone number as a `tel:` link: its digits (and a leading +) only. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
