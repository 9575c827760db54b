/* Solo Shelf: "look closer" at any card, tile, ship or token of a board (issue #15, item 4). No rules here.
   - A lookable component carries data-look="<id>". Its large view is not in the board (a move's answer stays
     light): it is fetched from /play/<session>/look/<id> (the base comes from the page's <dialog id="look">)
     and shown in that dialog (showModal: Esc closes it natively, a click on the backdrop closes it too);
     focus goes back to what opened it.
   - Opens on: a click on the component (not on a button, link or field inside it: those keep their action),
     a click on its magnifier link (a[href^="?look="], also the keyboard's way in; without JavaScript it is a plain
     link to the look page), Enter or Space on a component made focusable here, and a long touch (about
     500 ms, a finger or a pen) anywhere on the component, action buttons included: the click that ends a long
     touch is eaten, so the action does not happen. A mouse has no long press: a slow click is still a click
     (a player who presses deliberately, or a busy machine between the press and the release, must not find
     a look instead of the move).
   - Components that hold no link and sit in no button become focusable here (tabindex=0, role=button,
     aria-label "Look closer at <name>" from data-look-name): only where this script runs to answer Enter. */
(function () {
  "use strict";
  var LINK = 'a[href^="?look="]';  // a component's magnifier link (templates/partials/look.html)
  var HOLD_MS = 500;
  var SLOP_PX = 10;
  var opener = null;     // the element focus returns to
  var hold = null;       // {timer, x, y, el} while a press may become a long press
  var eatClick = false;  // the click ending a long press must not act
  var loading = 0;

  function dialog() { return document.getElementById("look"); }
  function body() { return document.getElementById("look-body"); }

  function interactive(el, stop) {
    for (var n = el; n && n !== stop; n = n.parentElement) {
      var tag = n.tagName.toLowerCase();
      if (tag === "button" || tag === "a" || tag === "input" || tag === "select" || tag === "textarea" || tag === "summary") { return n; }
    }
    return null;
  }

  function lookable(el) {
    var d = dialog();
    var found = el && el.closest ? el.closest("[data-look]") : null;
    return found && d && !d.contains(found) ? found : null;
  }

  function open(lookId, from) {
    var d = dialog();
    if (!d || !lookId || d.open || !d.dataset.lookBase) { return; }
    opener = from || null;
    var ticket = ++loading;
    fetch(d.dataset.lookBase + encodeURIComponent(lookId), { headers: { "HX-Request": "true" }, credentials: "same-origin" })
      .then(function (resp) { return resp.ok ? resp.text() : Promise.reject(resp.status); })
      .then(function (html) {
        if (ticket !== loading || d.open) { return; }
        body().innerHTML = html;
        d.showModal();
        var close = d.querySelector(".look-close");
        if (close) { close.focus({ preventScroll: true }); }
        d.scrollTop = 0;  // the large card first, not the Close button at the bottom
      })
      .catch(function () { /* the piece left the table meanwhile (a 404): nothing to show */ });
  }

  function closed() {
    body().innerHTML = "";  // no second copy of a card (its data-part, data-vt) outside the board
    var back = opener;
    opener = null;
    if (back && document.contains(back)) { back.focus({ preventScroll: true }); }
  }

  // Words come from the page (#client-messages in templates/base.html), in the reader's language.
  function message(kind, fallback) {
    var found = document.querySelector('#client-messages [data-msg="' + kind + '"]');
    return found ? found.textContent.replace(/\s+/g, " ").trim() : fallback;
  }

  function lookCloser(el) {
    return message("look-closer", "Look closer at {name}").replace("{name}", name(el));
  }

  function name(el) {
    var head = el.querySelector("h2, h3, h4, header, .name");
    var said = el.dataset.lookName || el.getAttribute("aria-label") || el.getAttribute("title") ||
      (head && head.textContent) || el.textContent;
    return (said || message("this-piece", "this piece")).replace(/\s+/g, " ").trim().slice(0, 80);
  }

  // A move's answer comes without the magnifier links (they would weigh on it): put them back, on every
  // component that is no token (a token carries data-look-name and is made focusable itself).
  function addLinks(root) {
    if (!dialog() || !root || !root.querySelectorAll) { return; }
    var all = root.querySelectorAll("[data-look]:not([data-look-name])");
    for (var i = all.length - 1; i >= 0; i--) {  // inner cards first: a pile showing its top card keeps that card's link
      var el = all[i];
      if (el.querySelector(LINK)) { continue; }
      var link = document.createElement("a");
      link.setAttribute("href", "?look=" + encodeURIComponent(el.dataset.look));
      link.setAttribute("aria-label", lookCloser(el));
      el.insertBefore(link, el.firstChild);
    }
  }

  function makeFocusable(root) {
    if (!dialog() || !root || !root.querySelectorAll) { return; }  // a page without the dialog (a rules page) has nothing to open
    root.querySelectorAll("[data-look]").forEach(function (el) {
      if (el.tabIndex >= 0 && el.hasAttribute("tabindex")) { return; }
      if (el.querySelector("a, button, input, select, textarea") || interactive(el.parentElement, null) || /^(A|BUTTON)$/.test(el.tagName)) { return; }
      el.setAttribute("tabindex", "0");
      el.setAttribute("role", "button");
      if ((el.innerText || "").trim()) {  // it shows words (a ship counter): they name it (WCAG 2.5.3, label in name)
        el.setAttribute("aria-description", lookCloser(el));
      } else {
        el.setAttribute("aria-label", lookCloser(el));
      }
      el.setAttribute("aria-haspopup", "dialog");
    });
  }

  document.addEventListener("click", function (evt) {
    if (eatClick) {
      eatClick = false;
      evt.preventDefault();
      evt.stopPropagation();
      return;
    }
    if (evt.button !== 0 || evt.ctrlKey || evt.metaKey || evt.shiftKey || evt.altKey) { return; }
    var link = evt.target.closest ? evt.target.closest(LINK) : null;
    var el = lookable(evt.target);
    if (!el) { return; }
    if (link) {
      evt.preventDefault();
      open(el.dataset.look, link);
      return;
    }
    if (interactive(evt.target, el) || /^(A|BUTTON)$/.test(el.tagName) || interactive(el.parentElement, null)) { return; }
    // on a phone a folding part's heading folds and unfolds it (panels.js); its magnifier still opens the look
    if (evt.target.closest("[data-fold] > .fold-head") && window.matchMedia("(max-width: 700px)").matches) { return; }
    open(el.dataset.look, el.matches("[tabindex]") ? el : el.querySelector(LINK) || el);
  }, true);

  document.addEventListener("keydown", function (evt) {
    if (evt.key !== "Enter" && evt.key !== " ") { return; }
    var el = evt.target;
    if (!el || !el.dataset || !el.dataset.look || el.getAttribute("role") !== "button") { return; }
    evt.preventDefault();
    open(el.dataset.look, el);
  });

  function cancelHold() {
    if (hold) { clearTimeout(hold.timer); hold = null; }
  }

  document.addEventListener("pointerdown", function (evt) {
    cancelHold();
    eatClick = false;  // a new press: whatever the last long press left is over
    if (evt.button !== 0 || !evt.isPrimary || evt.pointerType === "mouse") { return; }
    var el = lookable(evt.target);
    if (!el) { return; }
    hold = { x: evt.clientX, y: evt.clientY, el: el, timer: setTimeout(function () {
      var from = interactive(evt.target, null) || el;
      hold = null;
      eatClick = true;  // the release that follows must not press the button it lands on
      setTimeout(function () { eatClick = false; }, 1500);  // a touch that never clicks leaves no trap behind
      open(el.dataset.look, from);
    }, HOLD_MS) };
  });
  document.addEventListener("pointermove", function (evt) {
    if (hold && Math.abs(evt.clientX - hold.x) + Math.abs(evt.clientY - hold.y) > SLOP_PX) { cancelHold(); }
  });
  ["pointerup", "pointercancel", "scroll"].forEach(function (type) {
    document.addEventListener(type, cancelHold, true);
  });
  document.addEventListener("contextmenu", function (evt) {  // a long touch would open the menu instead
    if (eatClick && lookable(evt.target)) { evt.preventDefault(); }
  });

  function wire() {
    var d = dialog();
    if (!d) { return; }
    d.addEventListener("close", closed);
    d.addEventListener("click", function (evt) {  // a tap on the backdrop (outside the box) closes it
      if (evt.target !== d) { return; }
      var r = d.getBoundingClientRect();
      var inside = evt.clientX >= r.left && evt.clientX <= r.right && evt.clientY >= r.top && evt.clientY <= r.bottom;
      if (!inside) { d.close(); }
    });
    addLinks(document);
    makeFocusable(document);
  }
  function prepare(evt) {  // before table.js compares the board's parts after a move: the links are in by then
    var root = evt.detail && (evt.detail.elt || evt.detail.target);
    addLinks(root);
    makeFocusable(root);
  }
  // htmx sends afterSwap once per element it swapped (the bar's parts, then the board): a board is prepared once,
  // on its own event (or on its campaign's).
  document.addEventListener("htmx:afterSwap", function (evt) {
    var swapped = evt.target;
    var board = swapped && swapped.id === "board" ? swapped : swapped && swapped.querySelector && swapped.querySelector("#board");
    if (board) { prepare({ detail: { elt: board } }); }
  });
  document.addEventListener("htmx:load", prepare);
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", wire); } else { wire(); }
})();
