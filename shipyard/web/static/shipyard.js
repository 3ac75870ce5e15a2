/* shipyard's pages, with htmx: every request that fails says so where the user is looking, and a slow one shows
   that it is under way. Without this, htmx swaps only 2xx answers and a stopped server changes nothing on the page:
   the editor went on saying "All fields check out" beside a speed of -5, and Save did nothing.

   On a failure (no answer: htmx:sendError, htmx:timeout; an error answer: htmx:responseError) the request's target
   is marked out of date and gets a message at its top (role=alert, so it is announced), and the same words are
   shown beside the buttons of the form that sent it (Save). The next request that succeeds clears both. */
(function () {
  "use strict";

  var BUSY_AFTER_MS = 250; // a quick check shows no indicator; a slow one does

  function fromAnswer(xhr) {
    var type = (xhr.getResponseHeader("Content-Type") || "").toLowerCase();
    var text = xhr.responseText || "";
    if (type.indexOf("json") >= 0) {
      try {
        var data = JSON.parse(text);
        if (data.error) return String(data.error);
        if (data.errors && data.errors.length) return data.errors.map(function (e) { return e.message; }).join("; ");
      } catch (ignored) { /* fall through to the text */ }
    }
    if (type.indexOf("html") >= 0) {
      var doc = new DOMParser().parseFromString(text, "text/html");
      var said = doc.querySelector("#error-message, .error, main") || doc.body;
      text = said ? said.textContent : "";
    }
    return text.replace(/\s+/g, " ").trim().slice(0, 400);
  }

  function message(kind, detail) {
    if (kind === "unreachable") {
      return "Can't reach shipyard: the server has stopped or the connection was lost. Nothing was checked or " +
        "saved. Start it again (shipyard serve) and change a field or press the button again.";
    }
    var xhr = detail.xhr;
    var said = fromAnswer(xhr);
    return "Not done (" + xhr.status + (xhr.statusText ? " " + xhr.statusText : "") + ")" + (said ? ": " + said : "") +
      ". What is shown below may be out of date.";
  }

  function buttonsOf(elt) {
    var form = elt && elt.closest ? elt.closest("form") : null;
    return form ? form.querySelector(".buttons") || form : null;
  }

  function clear(detail) {
    var target = detail.target;
    if (target) {
      target.classList.remove("stale");
      var old = target.querySelector(":scope > .request-failed");
      if (old) old.remove();
    }
    var buttons = buttonsOf(detail.elt);
    var beside = buttons && buttons.querySelector(".request-failed");
    if (beside) beside.remove();
  }

  function show(kind, detail) {
    var text = message(kind, detail);
    var target = detail.target || detail.elt;
    if (target) {
      target.classList.add("stale");
      var box = target.querySelector(":scope > .request-failed");
      if (!box) {
        box = document.createElement("p");
        box.className = "request-failed";
        box.setAttribute("role", "alert");
        target.insertBefore(box, target.firstChild);
      }
      box.textContent = text;
    }
    var buttons = buttonsOf(detail.elt);
    if (buttons && !(target && target.contains(buttons))) {
      var near = buttons.querySelector(".request-failed");
      if (!near) {
        near = document.createElement("span");
        near.className = "request-failed";
        near.setAttribute("aria-hidden", "true"); // the alert above says it once to a screen reader
        buttons.appendChild(near);
      }
      near.textContent = text;
    }
  }

  var timers = new WeakMap();

  document.addEventListener("htmx:beforeRequest", function (evt) {
    var target = evt.detail.target;
    if (!target) return;
    var timer = setTimeout(function () {
      target.classList.add("busy");
      target.setAttribute("aria-busy", "true");
    }, BUSY_AFTER_MS);
    timers.set(evt.detail.xhr, timer);
  });

  document.addEventListener("htmx:afterRequest", function (evt) {
    var detail = evt.detail;
    clearTimeout(timers.get(detail.xhr));
    if (detail.target) {
      detail.target.classList.remove("busy");
      detail.target.removeAttribute("aria-busy");
    }
    if (detail.successful) clear(detail);
  });

  document.addEventListener("htmx:sendError", function (evt) { show("unreachable", evt.detail); });
  document.addEventListener("htmx:timeout", function (evt) { show("unreachable", evt.detail); });
  document.addEventListener("htmx:responseError", function (evt) { show("refused", evt.detail); });
})();
