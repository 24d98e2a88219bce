"use strict";
const CACHE = "checklist-1";
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", event => event.waitUntil(self.clients.claim()));
self.addEventListener("fetch", event => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (request.mode !== "navigate" && !/\.(css|js|png|svg|webmanifest)$/.test(url.pathname)) return;
  // Not the live updates, and nothing under a link's secret (it would be kept in a key).
  if (url.pathname.endsWith("/events") || /^\/[0-9a-f]{32}(\/|$)/.test(url.pathname)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const kept = async () => await cache.match(request)
      || (request.mode === "navigate" ? await cache.match(request, { ignoreSearch: true }) : undefined);
    try {
      const response = await fetch(request);
      if (response.ok) await cache.put(request, response.clone());
      // A proxy in front (Caddy) answers 502, 503 or 504 when serve is stopped: the server
      // cannot be reached, as when fetch throws (page.js counts them so for taps too).
      if ([502, 503, 504].includes(response.status)) return (await kept()) || response;
      return response;
    } catch (error) {
      const found = await kept();
      if (found) return found;
      throw error;
    }
  })());
});
