import { ERRORS } from '@bloom/shared/errors/catalogue';
import type { PushSubscriptionJson } from '@bloom/shared/reminders/settings';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api/errors';
import { subscribeThisDevice } from './push-subscription';

const SUBSCRIPTION: PushSubscriptionJson = {
  endpoint: 'https://push.example/x',
  keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
};

/** A browser that supports push, has granted permission and already holds a subscription for Bloom. */
beforeEach(() => {
  const registration = { pushManager: { getSubscription: async () => ({ toJSON: () => SUBSCRIPTION }) } };
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission: 'granted' });
  vi.stubGlobal('fetch', async () => Response.json({ vapidPublicKey: 'BKey' }));
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { register: async () => registration, ready: Promise.resolve(registration) },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('subscribeThisDevice', () => {
  it('hands the subscription to Bloom', async () => {
    const save = vi.fn(async () => undefined);
    expect(await subscribeThisDevice(save)).toBe('subscribed');
    expect(save).toHaveBeenCalledWith(SUBSCRIPTION);
  });

  it('tells a push service Bloom refuses apart from a failure worth trying again', async () => {
    const refused = new ApiError(ERRORS.push_endpoint_not_allowed.message, {
      status: 400,
      code: 'push_endpoint_not_allowed',
    });
    expect(await subscribeThisDevice(async () => Promise.reject(refused))).toBe('service-not-allowed');
    const down = new ApiError(ERRORS.service_unavailable.message, {
      status: 503,
      code: 'service_unavailable',
    });
    expect(await subscribeThisDevice(async () => Promise.reject(down))).toBe('failed');
  });
});
