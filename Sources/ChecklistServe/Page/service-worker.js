"use strict";
const CACHE = "checklist-2";
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", event => event.waitUntil((async () => {
  for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
  await self.clients.claim();
})()));
// What is kept, and given back when the server cannot be reached: the clean address's page
// (the same for every address, kept as "/"), each list's page as the clean address's script
// read it (by its address; the link's header is not part of the key), the style, the scripts
// and the icons. Nothing under a link's secret (it would be kept in a key), not the live
// updates, and no read of the state or change: those always go to the server.
self.addEventListener("fetch", event => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.endsWith("/events") || /^\/[0-9a-f]{32}(\/|$)/.test(url.pathname)) return;
  const isPage = url.pathname === "/" && request.headers.has("X-Checklist-Link");
  const isBoot = request.mode === "navigate" && url.pathname === "/";
  if (!isPage && !isBoot && !/\.(css|js|png|svg|webmanifest)$/.test(url.pathname)) return;
  const key = isBoot ? "/" : request.url;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const kept = async () => await cache.match(key, { ignoreVary: true })
      || (isPage ? await cache.match(key, { ignoreSearch: true, ignoreVary: true }) : undefined);
    try {
      const response = await fetch(request);
      if (response.ok) await cache.put(key, response.clone());
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
