import type { PushSubscriptionJson } from '@bloom/shared/reminders/settings';
import { ApiError } from '../../lib/api/errors';
import { loadWebConfig } from '../../lib/config';

/**
 * This browser's push subscription for Bloom's reminders (docs/rules.md#reminders). Permission is asked here
 * only, after she turned a reminder on: never when a page loads.
 */

/**
 * `service-not-allowed`: Bloom refused this browser's push service (400 `push_endpoint_not_allowed`), which
 * trying again will not change.
 */
export type PushReadiness = 'subscribed' | 'unsupported' | 'denied' | 'service-not-allowed' | 'failed';

export const pushSupported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

/** The endpoint's SHA-256 in hex: how the API names a device. */
export async function endpointHash(endpoint: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(endpoint));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Subscribing asks the browser's vendor's push service; a browser that cannot reach it may never answer, and
 * she must not be left with a spinner.
 */
const SUBSCRIBE_TIMEOUT_MS = 15_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Timed out')), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/** Asks for permission if need be, then subscribes with Bloom's VAPID key; hands the subscription to `save`. */
export async function subscribeThisDevice(
  save: (subscription: PushSubscriptionJson) => Promise<unknown>,
): Promise<PushReadiness> {
  if (!pushSupported()) return 'unsupported';
  const permission =
    Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission !== 'granted') return 'denied';
  try {
    // Registered on page load (main.tsx); registering again is a no-op, and makes sure it is there.
    await navigator.serviceWorker.register('/sw.js');
    const [registration, config] = await Promise.all([
      withTimeout(navigator.serviceWorker.ready, SUBSCRIBE_TIMEOUT_MS),
      loadWebConfig(),
    ]);
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await withTimeout(
        registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: keyBytes(config.vapidPublicKey),
        }),
        SUBSCRIBE_TIMEOUT_MS,
      ));
    await save(subscription.toJSON() as PushSubscriptionJson);
    return 'subscribed';
  } catch (error) {
    return error instanceof ApiError && error.code === 'push_endpoint_not_allowed'
      ? 'service-not-allowed'
      : 'failed';
  }
}

/** Ends this browser's subscription and tells Bloom to forget the device. */
export async function unsubscribeThisDevice(
  forget: (endpointHash: string) => Promise<unknown>,
): Promise<void> {
  if (!pushSupported()) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await forget(await endpointHash(subscription.endpoint));
  await subscription.unsubscribe();
}
