/*
 * Bloom's service worker: the offline shell of the installed app, and reminders (docs/rules.md#reminders).
 * Hand-written and small on purpose: it caches only the page shell, and shows what a reminder push says.
 */
const SHELL_CACHE = 'bloom-shell-v1';
const SHELL = ['/', '/manifest.webmanifest', '/favicon.svg'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== SHELL_CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

// Online, every request goes to the network untouched (this worker does not even see it through); offline, the
// cached shell answers page loads, and the app shows its own offline messages.
self.addEventListener('fetch', (event) => {
  if (event.request.mode !== 'navigate' || self.navigator.onLine) return;
  event.respondWith(caches.match('/').then((shell) => shell || fetch(event.request)));
});

/** A reminder as the sender sends it: { title, body, url, tag } (shared/src/reminders/message.ts). */
function readReminder(data) {
  try {
    const reminder = data ? data.json() : {};
    return {
      title: String(reminder.title || 'Bloom'),
      body: String(reminder.body || ''),
      url: typeof reminder.url === 'string' && reminder.url.startsWith('/') ? reminder.url : '/',
      tag: String(reminder.tag || 'bloom'),
    };
  } catch {
    return { title: 'Bloom', body: 'Your rituals are ready.', url: '/', tag: 'bloom' };
  }
}

self.addEventListener('push', (event) => {
  const reminder = readReminder(event.data);
  event.waitUntil(
    self.registration.showNotification(reminder.title, {
      body: reminder.body,
      tag: reminder.tag,
      icon: '/favicon.svg',
      data: { url: reminder.url },
    }),
  );
});

/** Opens the day the reminder is about: in a Bloom tab already open, or a new one. */
async function openDay(url) {
  const target = new URL(url, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    await open.focus();
    return open.navigate(target);
  }
  return self.clients.openWindow(target);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openDay(event.notification.data?.url || '/'));
});
