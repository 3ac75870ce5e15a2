/* The live sheets' service worker: the page, its script and styles kept so that a game reopens without a network,
   with the last state the page saw (games.js keeps it), read only; the network is always asked first. */
var CACHE = "shipyard-games";
var ASSETS = ["/static/style.css", "/static/games.css", "/static/htmx.min.js", "/static/htmx-ext-sse.min.js",
              "/static/games.js"];
self.addEventListener("install", function (e) {
  e.waitUntil(caches.open(CACHE).then(function (c) { return c.addAll(ASSETS); }).then(function () { self.skipWaiting(); }));
});
self.addEventListener("activate", function (e) { e.waitUntil(self.clients.claim()); });
self.addEventListener("fetch", function (e) {
  var req = e.request;
  if (req.method !== "GET") return;  // a mark goes to the server or fails where the page can say so
  var url = new URL(req.url);
  if (url.pathname.endsWith("/events")) return;  // the live stream is never cached
  e.respondWith(fetch(req).then(function (res) {
    if (res.ok && (url.pathname.startsWith("/games/") || ASSETS.indexOf(url.pathname) >= 0)) {
      var copy = res.clone();
      caches.open(CACHE).then(function (c) { c.put(req, copy); });
    }
    return res;
  }).catch(function () {
    return caches.match(req, {ignoreVary: true}).then(function (hit) {
      return hit || new Response("offline, and this page was never opened here", {status: 503});
    });
  }));
});
