/* cards24: while a mistake in the editor's form is being mended, its result panel keeps the figures that last
   checked out (her cards and sheet), greyed and said to be so, instead of collapsing and making the page jump.
   The server sends fresh figures in #result-figures when the form checks out, else an empty #last-figures; this
   keeps the last fresh ones (the very nodes, so the sheet is not drawn again) and moves them there. Without
   JavaScript nothing of this is needed: the page is the check's answer. */
(function () {
  "use strict";
  if (window.shipyardCards24) { return; }  // htmx runs this again with each result it swaps in
  window.shipyardCards24 = true;
  var kept = null;

  function remember(root) {
    var fresh = root && root.querySelector("#result-figures");
    if (fresh) { kept = fresh; }
    return fresh;
  }

  function showKept(root) {
    var slot = root && root.querySelector("#last-figures");
    if (!slot || !kept) { return; }
    [kept].concat(Array.prototype.slice.call(kept.querySelectorAll("[id]"))).forEach(function (el) {
      el.setAttribute("data-was-id", el.id);  // the kept copy answers to no id: the fresh figures will
      el.removeAttribute("id");
    });
    slot.querySelector(".kept").appendChild(kept);
    slot.hidden = false;
  }

  document.addEventListener("DOMContentLoaded", function () { remember(document); });
  document.addEventListener("htmx:afterSwap", function (evt) {
    var target = evt.detail && evt.detail.target;
    if (!target || target.id !== "result") { return; }
    if (!remember(target)) { showKept(target); }
  });
})();
