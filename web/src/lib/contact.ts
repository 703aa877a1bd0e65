/** Where people write to Bloom: the landing page, the privacy policy and the terms all give it. */
export const CONTACT_EMAIL = 'hello@bloomplanner.app';
