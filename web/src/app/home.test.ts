import * as shared from '@bloom/shared/billing/checkout';
import { expect, it } from 'vitest';
import { CHECKOUT_RETURN_PARAM, CHECKOUT_SUCCESS_VALUE } from './home';

it('recognises the success address the API gives Stripe', () => {
  expect(CHECKOUT_RETURN_PARAM).toBe(shared.CHECKOUT_RETURN_PARAM);
  expect(CHECKOUT_SUCCESS_VALUE).toBe(shared.CHECKOUT_SUCCESS_VALUE);
});
