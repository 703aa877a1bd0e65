/*
 * Bloom's service worker: the offline shell of the installed app, and reminders (docs/rules.md#reminders).
 * Hand-written and small on purpose. It cannot know the content-hashed files a build emits, so it keeps the
 * page (`/`) and the files it names from install on, and every other same-origin file as it is fetched.
 * Offline, a page load gets the last page kept and its files, and the app shows its own offline messages.
 * `/api/*` is never cached: her data lives on the server (and in the app's own queue of waiting writes).
 */
const CACHE = 'bloom-shell-v2';
const SHELL = '/';

/** The page and the files it names (its entry script and styles), so the first visit already works offline. */
async function keepShell() {
  const cache = await caches.open(CACHE);
  await cache.addAll([SHELL, '/manifest.webmanifest', '/favicon.svg']);
  const page = await (await cache.match(SHELL)).text();
  await cache.addAll([...new Set(page.match(/\/assets\/[\w.-]+/g))]);
}

self.addEventListener('install', (event) => {
  event.waitUntil(keepShell().then(() => self.skipWaiting()));
});

// A new version drops the caches of older ones (their hashed files are gone from the site too).
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

/**
 * Keeps a copy of a whole, same-origin answer (no error, no part, no redirect, which a page load could not be
 * answered with). A copy that cannot be kept (storage full) never fails the load itself.
 */
async function keep(key, response) {
  if (response.status === 200 && !response.redirected && response.type === 'basic') {
    const copy = response.clone();
    await caches
      .open(CACHE)
      .then((cache) => cache.put(key, copy))
      .catch(() => {});
  }
  return response;
}

/** The network's answer when there is one; offline, the copy kept, or the network's error. */
async function networkFirst(request) {
  try {
    return await keep(request, await fetch(request));
  } catch (error) {
    const kept = await caches.match(request);
    if (kept) return kept;
    throw error;
  }
}

/** Files under /assets/ are named by their content (Vite), so a kept copy is always right. */
async function keptFirst(request) {
  return (await caches.match(request)) || keep(request, await fetch(request));
}

/**
 * Every page of the app is the same shell, which routes in the browser: offline, any page load gets the copy
 * of `/`. Only `/` itself refreshes that copy, as other addresses (sign-in callbacks, unknown pages) may answer
 * differently.
 */
async function pageLoad(request) {
  try {
    const response = await fetch(request);
    return new URL(request.url).pathname === SHELL ? keep(SHELL, response) : response;
  } catch (error) {
    const shell = await caches.match(SHELL);
    if (shell) return shell;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || url.pathname.startsWith('/api/'))
    return;
  if (request.mode === 'navigate') event.respondWith(pageLoad(request));
  else event.respondWith(url.pathname.startsWith('/assets/') ? keptFirst(request) : networkFirst(request));
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

/**
 * Opens the day the reminder is about: in a Bloom tab this worker serves (the app is already open there), or
 * in a new one. Focusing a tab and opening one need the click's user activation, which the browser may
 * withhold; the open tab is still taken to that day then, since navigating it needs none.
 */
async function openDay(url) {
  const target = new URL(url, self.location.origin).href;
  for (const client of await self.clients.matchAll({ type: 'window' })) {
    await client.focus().catch(() => {});
    try {
      return await client.navigate(target);
    } catch {
      // This tab cannot be taken there (it went elsewhere meanwhile): try the next, or open a new one.
    }
  }
  return self.clients.openWindow(target);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openDay(event.notification.data?.url || '/'));
});
