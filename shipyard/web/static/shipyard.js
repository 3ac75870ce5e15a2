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

/* The editor's form (editor.html, _fields.html), in place: a list's buttons add, remove and move its rows without a
   request (without JavaScript each posts the form and the server answers with the rows so changed: the same names,
   forms.row_action); each row's fields are numbered again after a change, so that the form sends its rows in their
   order on screen, and each row's name ("Gun 3"), title (the gun's full name) and button labels follow. After each
   check, a field whose message slot says something is aria-invalid, a section holding one says so on its heading,
   and what the check found is said once to a screen reader (#check-said). */
(function () {
  "use strict";

  var form = document.getElementById("editor");
  if (!form) return;
  document.documentElement.classList.add("editing"); // style.css: on a phone no field scrolls in behind the link

  function dom(name) { return name.replace(/\./g, "__").replace(/#/g, "n"); }

  function escaped(text) { return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }

  function gunName(value) {
    var list = document.getElementById("guns");
    if (!list || !value) return "";
    for (var i = 0; i < list.options.length; i++) {
      if (list.options[i].value === value) return list.options[i].textContent.split(" · ")[0];
    }
    return "";
  }

  function rowTitle(fieldset, li) {
    var cell = li.querySelector("[name$='." + fieldset.dataset.title + "']");
    var value = cell ? cell.value.trim() : "";
    return cell && cell.hasAttribute("data-gun") ? gunName(value) || value : value;
  }

  var ATTRS = ["id", "for", "aria-describedby", "aria-labelledby"];

  function renumber(fieldset) {
    var key = fieldset.dataset.list, word = fieldset.dataset.word;
    var Word = word.charAt(0).toUpperCase() + word.slice(1);
    var nameRe = new RegExp("^" + escaped(key) + "\\.(\\d+|#)\\.");
    var idRe = new RegExp("(^|\\s|-)" + escaped(dom(key)) + "__(\\d+|n)(?=__|\\s|$)", "g");
    var fRe = new RegExp("(^|\\s)f-" + escaped(key) + "\\.(\\d+|#)\\.", "g");
    var rows = fieldset.querySelectorAll(":scope > ol.rows > li.record");
    rows.forEach(function (li, i) {
      var n = i + 1;
      li.querySelectorAll("*").forEach(function (el) {
        if (el.name && nameRe.test(el.name)) el.name = el.name.replace(nameRe, key + "." + i + ".");
        ATTRS.forEach(function (attr) {
          var v = el.getAttribute(attr);
          if (v) el.setAttribute(attr, v.replace(fRe, "$1f-" + key + "." + i + ".").replace(idRe, "$1" + dom(key) + "__" + i));
        });
      });
      var title = rowTitle(fieldset, li);
      li.querySelector(".row-name").textContent = Word + " " + n;
      li.querySelector(".row-title").textContent = title ? ": " + title : "";
      var said = title ? ": " + title : "";
      li.querySelectorAll("button[data-row]").forEach(function (b) {
        var verb = b.dataset.row;
        b.value = verb + " " + key + "." + i;
        b.setAttribute("aria-label", (verb === "remove" ? "Remove " + word + " " + n : "Move " + word + " " + n + " " + verb) + said);
        b.disabled = (verb === "up" && i === 0) || (verb === "down" && i === rows.length - 1);
      });
    });
  }

  form.querySelectorAll("fieldset.records").forEach(renumber);

  form.addEventListener("click", function (evt) {
    var button = evt.target.closest && evt.target.closest("button[data-row]");
    if (!button || !form.contains(button)) return;
    evt.preventDefault(); // no request: the form changes in place and the check that follows says what it makes
    var fieldset = button.closest("fieldset.records");
    var rows = fieldset.querySelector(":scope > ol.rows");
    var li = button.closest("li.record");
    var verb = button.dataset.row, next = null;
    if (verb === "add") {
      var fresh = document.getElementById("new-" + dom(fieldset.dataset.list)).content.firstElementChild.cloneNode(true);
      rows.appendChild(fresh);
      next = fresh.querySelector("input, select, textarea");
    } else if (verb === "remove") {
      var neighbour = li.nextElementSibling || li.previousElementSibling;
      li.remove();
      next = neighbour ? neighbour.querySelector("button[data-row=remove]") : fieldset.querySelector(".add-row");
    } else if (verb === "up" && li.previousElementSibling) {
      rows.insertBefore(li, li.previousElementSibling);
    } else if (verb === "down" && li.nextElementSibling) {
      rows.insertBefore(li.nextElementSibling, li);
    }
    renumber(fieldset);
    if (verb === "up" || verb === "down") next = button.disabled ? li.querySelector("button[data-row]:not(:disabled)") : button;
    if (next) next.focus();
    if (verb !== "add" && window.htmx) window.htmx.trigger(form, "change"); // an empty new row changes nothing
  }, true);

  var heading = document.querySelector("main h1");
  form.addEventListener("input", function (evt) {
    if (evt.target.name === "name" && heading) heading.textContent = evt.target.value.trim() || "A new ship";
    if (evt.target.matches && evt.target.matches("li.record input, li.record select")) {
      renumber(evt.target.closest("fieldset.records")); // the row's title and its buttons' labels
    }
  });

  // which message slots say something now: a check answers with the slots it must change (those with a message now
  // or before), not all of them, each replaced out of band
  document.addEventListener("htmx:configRequest", function (evt) {
    if (evt.detail.elt !== form && !form.contains(evt.detail.elt)) return;
    var said = [];
    form.querySelectorAll(".err").forEach(function (slot) {
      if (slot.textContent.trim()) said.push(slot.id.replace(/^err-/, "").replace(/__/g, "."));
    });
    evt.detail.parameters["_said"] = said.join(" ");
  });

  var pending = false;
  document.addEventListener("htmx:afterSettle", function () {
    if (pending) return; // once after a check's swaps, not once for each slot replaced out of band
    pending = true;
    setTimeout(function () { pending = false; settled(); }, 0);
  });

  function settled() {
    form.querySelectorAll("[aria-describedby]").forEach(function (field) {
      var ids = field.getAttribute("aria-describedby").split(/\s+/);
      var slot = document.getElementById(ids[ids.length - 1]);
      if (!slot || !slot.classList.contains("err")) return;
      if (slot.textContent.trim()) field.setAttribute("aria-invalid", "true");
      else field.removeAttribute("aria-invalid");
    });
    form.querySelectorAll("details.section").forEach(function (section) {
      var mend = section.querySelector(":scope > summary .section-mend");
      var count = section.querySelectorAll("[aria-invalid=true]").length;
      if (mend) mend.textContent = count ? " — " + count + " to mend" : "";
    });
    var said = document.getElementById("check-said");
    var found = document.querySelector("#result #check-errors, #result #check-ok");
    var text = found ? found.textContent.replace(/\s+/g, " ").trim() : "";
    if (said && text && said.textContent !== text) said.textContent = text;
  }
})();

/* The gun picker: a gun's box searches the ordnance catalogue (the page's #guns list) by any words of its full
   name, calibre, weight or id as the user types, and lists what it finds under the box; ArrowDown and ArrowUp move
   through the list, Enter chooses (the box takes the gun's id, the row's legend her full name), Escape closes it.
   A combobox with a listbox (ARIA 1.2), in place of the browser's own datalist, which a tablet cuts short and
   which offers no search by the name. Without JavaScript the box keeps its datalist. */
(function () {
  "use strict";

  var form = document.getElementById("editor");
  var list = document.getElementById("guns");
  if (!form || !list) return;
  var MOST = 12;
  var guns = Array.prototype.map.call(list.options, function (o) {
    return {id: o.value, label: o.textContent, text: (o.value + " " + o.textContent).toLowerCase().replace(/,/g, "")};
  });
  var picker = document.createElement("ul");
  picker.id = "gun-picker";
  picker.className = "gun-picker";
  picker.setAttribute("role", "listbox");
  picker.setAttribute("aria-label", "Guns of the catalogue");
  picker.hidden = true;
  var box = null, active = -1, shown = [];

  function prepare(input) {
    if (input.getAttribute("role") === "combobox") return;
    input.removeAttribute("list");
    input.setAttribute("role", "combobox");
    input.setAttribute("aria-autocomplete", "list");
    input.setAttribute("aria-expanded", "false");
    input.setAttribute("aria-controls", "gun-picker");
  }

  function close() {
    picker.hidden = true;
    active = -1;
    if (box) {
      box.setAttribute("aria-expanded", "false");
      box.removeAttribute("aria-activedescendant");
    }
  }

  function mark() {
    Array.prototype.forEach.call(picker.children, function (li, i) {
      li.setAttribute("aria-selected", i === active ? "true" : "false");
    });
    if (active >= 0) {
      box.setAttribute("aria-activedescendant", picker.children[active].id);
      picker.children[active].scrollIntoView({block: "nearest"});
    } else {
      box.removeAttribute("aria-activedescendant");
    }
  }

  function open(input) {
    box = input;
    var words = input.value.toLowerCase().replace(/,/g, "").split(/\s+/).filter(Boolean);
    shown = guns.filter(function (g) { return words.every(function (w) { return g.text.indexOf(w) >= 0; }); })
      .slice(0, MOST);
    picker.textContent = "";
    shown.forEach(function (g, i) {
      var li = document.createElement("li");
      li.id = "gun-option-" + i;
      li.setAttribute("role", "option");
      li.dataset.gun = g.id;
      li.textContent = g.label + " ";
      var id = document.createElement("small");
      id.textContent = g.id;
      li.appendChild(id);
      picker.appendChild(li);
    });
    input.parentNode.insertBefore(picker, input.nextSibling);
    active = -1;
    picker.hidden = shown.length === 0 || (shown.length === 1 && shown[0].id === input.value.trim());
    input.setAttribute("aria-expanded", picker.hidden ? "false" : "true");
    mark();
  }

  function choose(i) {
    var gun = shown[i];
    if (!gun || !box) return;
    box.value = gun.id;
    close();
    box.dispatchEvent(new Event("input", {bubbles: true}));
    box.dispatchEvent(new Event("change", {bubbles: true}));
  }

  form.querySelectorAll("input[data-gun]").forEach(prepare);
  form.addEventListener("focusin", function (evt) {
    if (evt.target.matches && evt.target.matches("input[data-gun]")) prepare(evt.target);
  });
  form.addEventListener("input", function (evt) {
    if (evt.target.matches && evt.target.matches("input[data-gun]") && evt.isTrusted) open(evt.target);
  });
  form.addEventListener("keydown", function (evt) {
    if (!box || evt.target !== box) return;
    if (evt.key === "ArrowDown" || evt.key === "ArrowUp") {
      if (picker.hidden) open(box);
      if (!shown.length) return;
      evt.preventDefault();
      active = evt.key === "ArrowDown" ? Math.min(active + 1, shown.length - 1) : Math.max(active - 1, 0);
      mark();
    } else if (evt.key === "Enter" && !picker.hidden && active >= 0) {
      evt.preventDefault(); // the gun is chosen; the check follows its change
      choose(active);
    } else if (evt.key === "Escape" && !picker.hidden) {
      evt.preventDefault();
      close();
    }
  });
  picker.addEventListener("mousedown", function (evt) { evt.preventDefault(); }); // the box keeps the focus
  picker.addEventListener("click", function (evt) {
    var li = evt.target.closest("li[role=option]");
    if (li) choose(Array.prototype.indexOf.call(picker.children, li));
  });
  form.addEventListener("focusout", function (evt) { if (evt.target === box) close(); });
})();
