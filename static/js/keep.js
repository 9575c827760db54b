/* Solo Shelf: the parts of a board the browser keeps between moves (app/ui/keep.py). No rules here.
   - It holds a copy of each <x-keep> part of the board: from the page as it loaded (before any other script
     touches it) and from every board a move brings.
   - A move's request names them with their hashes (header X-Kept); the server leaves out each part that is
     unchanged, as an empty <x-keep … data-kept>.
   - Before htmx swaps the answer in, each left-out part gets its copy back, so everything after (the swap,
     the view transition, table.js's motion, look.js) sees the whole board, as if it had come whole.
   - A part it cannot put back (which should never happen) reloads the page: the game is saved, nothing is lost.
   Loaded before table.js, so its htmx:beforeSwap handler runs first. */
(function () {
  "use strict";
  var held = {};  // key -> { h: the part's hash, html: the part as received }
  var PART = /<x-keep data-keep="([^"]+)" data-h="([0-9a-f]+)"(?: data-kept(?:="")?>|>([\s\S]*?))<\/x-keep>/g;

  function fromPage() {
    held = {};
    document.querySelectorAll("#board x-keep[data-h]").forEach(function (el) {
      held[el.dataset.keep] = { h: el.dataset.h, html: el.innerHTML };
    });
  }

  function aimsAtBoard(detail) {
    return detail && detail.target && detail.target.id === "board";
  }

  document.addEventListener("htmx:configRequest", function (evt) {
    if (!aimsAtBoard(evt.detail)) { return; }
    var claims = Object.keys(held).map(function (key) { return key + ":" + held[key].h; });
    if (claims.length) { evt.detail.headers["X-Kept"] = claims.join(" "); }
  });

  document.addEventListener("htmx:beforeSwap", function (evt) {
    if (!aimsAtBoard(evt.detail) || typeof evt.detail.serverResponse !== "string") { return; }
    var next = {};
    var lost = false;
    var whole = evt.detail.serverResponse.replace(PART, function (all, key, h, inner) {
      if (inner !== undefined) {  // sent whole: hold this copy from now on
        next[key] = { h: h, html: inner };
        return all;
      }
      var mine = held[key];
      if (!mine || mine.h !== h) { lost = true; return all; }
      next[key] = mine;
      return '<x-keep data-keep="' + key + '" data-h="' + h + '">' + mine.html + "</x-keep>";
    });
    if (lost) {
      evt.detail.shouldSwap = false;
      window.location.reload();
      return;
    }
    evt.detail.serverResponse = whole;
    if (evt.detail.shouldSwap) { held = next; }
  });

  fromPage();
})();
