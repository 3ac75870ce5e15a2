/* The live sheets page (templates/game.html): names this tab as a device (undo reverses its own last mark), says at
   once when the connection to the server is lost (and the page then marks nothing: a tap that cannot reach the
   server is said, never dropped), draws each unit's printed sheet with its marks, and keeps the last state for
   reopening offline. Marks themselves are htmx form posts; the server's events (htmx's SSE extension) swap the
   cards every device shows. */
(function () {
  "use strict";
  var body = document.body;
  var device = sessionStorage.getItem("shipyard-device");
  if (!device) {
    device = Math.random().toString(36).slice(2, 12);
    sessionStorage.setItem("shipyard-device", device);
  }
  var status = document.getElementById("game-link");

  function say(state, text) {
    status.dataset.state = state;
    status.textContent = text;
    body.classList.toggle("offline", state !== "live");
    document.querySelectorAll(".game-slot fieldset").forEach(function (f) {
      if (state !== "live") { f.setAttribute("data-was", f.disabled ? "1" : ""); f.disabled = true; }
      else if (f.hasAttribute("data-was")) { f.disabled = f.getAttribute("data-was") === "1"; f.removeAttribute("data-was"); }
    });
  }

  document.addEventListener("htmx:configRequest", function (e) { e.detail.headers["X-Device"] = device; });
  document.addEventListener("htmx:sseOpen", function () {
    say("live", navigator.onLine === false ? "Offline" : "Live: every mark is shared at once");
  });
  document.addEventListener("htmx:sseError", function () {
    say("offline", "Offline: no marks can be made until the server answers again (reconnecting…)");
  });
  window.addEventListener("offline", function () { say("offline", "Offline: this device has no network (read only)"); });
  // back on the network: the page is read afresh, so what others marked meanwhile is shown before anything is marked
  window.addEventListener("online", function () { say("offline", "Back online: reading the sheets again…"); location.reload(); });
  document.addEventListener("htmx:sendError", function () {
    say("offline", "That mark was NOT made: the server did not answer. Nothing was changed; tap again when live.");
  });
  document.addEventListener("htmx:responseError", function (e) {
    var text = (e.detail.xhr && e.detail.xhr.responseText || "").replace(/<[^>]*>/g, "").trim();
    status.dataset.state = "refused";
    status.textContent = "Not marked: " + (text || "the server refused it");
  });

  function applyMarks(unit) {
    var sheet = document.getElementById("sheet-" + unit);
    var card = document.getElementById("unit-" + unit);
    if (!sheet || !card || !sheet.open) return;
    var seen = {};
    card.querySelectorAll("form.track").forEach(function (form) {
      var name = form.dataset.track, marked = parseInt(form.dataset.marked, 10) || 0;
      var groups = sheet.querySelectorAll('g.box-track[data-name="' + CSS.escape(name) + '"]');
      if (!groups.length) groups = sheet.querySelectorAll('g.box-track[data-track="' + CSS.escape(name) + '"]');
      if (!groups.length) {  // "turret A" on the card is the sheet's n-th "turret" track
        var word = name.split(" ")[0];
        seen[word] = (seen[word] || 0);
        var all = sheet.querySelectorAll('g.box-track[data-track="' + word + '"]');
        groups = all.length > seen[word] ? [all[seen[word]]] : [];
        seen[word] += 1;
      }
      Array.prototype.forEach.call(groups, function (g) {
        g.querySelectorAll("rect[data-box]").forEach(function (r) {
          var i = parseInt(r.dataset.box, 10);
          r.classList.toggle("struck", i <= marked);
          r.onclick = function () {  // the card as it stands now: an event may have swapped it since
            var now = document.querySelector("#unit-" + CSS.escape(unit) + ' form.track[data-track="' +
                                              CSS.escape(name) + '"]');
            var button = now && now.querySelectorAll("button.box")[i - 1];
            if (button && !button.closest("fieldset").disabled) button.click();
          };
        });
      });
    });
    // every other box of her sheet (a gun's, a critical's, a state's): the box the sheet names so is its button
    card.querySelectorAll("button[data-check]").forEach(function (button) {
      var which = '[data-check="' + CSS.escape(button.dataset.check) + '"][data-box="' + button.dataset.box + '"]';
      var rects = sheet.querySelectorAll('g.box-track[data-name="' + CSS.escape(button.dataset.check) +
                                         '"] rect[data-box="' + button.dataset.box + '"]');
      Array.prototype.forEach.call(rects, function (r) {
        r.classList.toggle("struck", button.classList.contains("on"));
        r.onclick = function () {  // the card as it stands now: an event may have swapped it since
          var now = document.querySelector("#unit-" + CSS.escape(unit) + " button" + which);
          if (now && !now.closest("fieldset").disabled) now.click();
        };
      });
    });
  }

  document.addEventListener("toggle", function (e) {
    var d = e.target;
    if (!d.classList || !d.classList.contains("game-sheet") || !d.open) return;
    var here = d.querySelector(".sheet-here");
    if (here.dataset.loaded) { applyMarks(d.dataset.unit); return; }
    fetch(here.dataset.src).then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
      .then(function (svg) { here.innerHTML = svg; here.dataset.loaded = "1"; applyMarks(d.dataset.unit); })
      .catch(function () { here.textContent = "The sheet could not be loaded (offline?)."; });
  }, true);

  function keep() {  // the page as it now stands, for reopening offline (read only)
    if (!("caches" in window)) return;
    var html = "<!doctype html>\n" + document.documentElement.outerHTML;
    caches.open("shipyard-games").then(function (c) {
      c.put(location.href, new Response(html, {headers: {"Content-Type": "text/html; charset=utf-8"}}));
    }).catch(function () {});
  }

  document.addEventListener("htmx:afterSwap", function (e) {
    var el = (e.detail && (e.detail.target || e.detail.elt)) || e.target;  // an event's swap names no target
    var slot = el && el.closest ? el.closest(".game-slot") : null;
    if (slot) applyMarks(slot.id.replace(/^unit-/, ""));
    keep();
  });
  document.addEventListener("htmx:sseMessage", function () { keep(); });

  if (navigator.onLine === false) say("offline", "Offline: the sheets as this device last saw them (read only)");
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/games/sw.js", {scope: "/games/"}).catch(function () {});
  }
  keep();
})();
