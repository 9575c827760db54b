/* Solo Shelf: the table's keyboard and motion, for every game's play page. No rules here.
   - Keys: 1-9 press the action bar's buttons in order, U undoes, ? opens the list of keys (a <dialog>,
     Esc closes it). Ignored while typing in a field or with Ctrl/Alt/Meta held.
   - Motion: htmx swaps the board inside a view transition (the browser cross-fades and moves what
     changed); under prefers-reduced-motion: reduce the transition is cancelled (the summary and the
     highlights stay, drawn by CSS without movement).
   - What changed: just before htmx swaps the board, each [data-part] (a component with a stable id the
     server gives it) is remembered by its text, class and data-at; after the swap settles, every part that is new
     or reads differently gets .just-changed for a moment (CSS glows it; dice among them tumble).
   - Moving tokens carry data-vt="<unique name>": it becomes their view-transition-name, so the browser
     slides them from their old place to the new one across the swap (a name used twice is dropped: the
     browser would skip the whole transition).
   - Marks <html> with .js so the key numbers on the buttons show only where the keys work. */
(function () {
  "use strict";
  var root = document.documentElement;
  root.classList.add("js");
  var reduced = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;

  function configure() {
    if (window.htmx) { htmx.config.globalViewTransitions = true; }
  }
  configure();

  // htmx starts the transition and drops it: wrap startViewTransition to mark <html> with .table-moving
  // while one runs (the page then takes no click: the browser hit-tests the transition's snapshot),
  // so tests can wait until the table is still.
  if (document.startViewTransition) {
    var start = document.startViewTransition.bind(document);
    document.startViewTransition = function (update) {
      var transition = start(update);
      root.classList.add("table-moving");
      transition.finished.finally(function () { root.classList.remove("table-moving"); });
      return transition;
    };
  }

  document.addEventListener("htmx:beforeTransition", function (evt) {
    if (reduced && reduced.matches) { evt.preventDefault(); }
  });

  var HIGHLIGHT_MS = 1500;
  var before = null;  // data-part id -> signature, taken just before the board is swapped

  function signature(el) {
    var cls = (el.getAttribute("class") || "").replace(/\bjust-changed\b/, "").trim();  // a part still glowing from the last move
    // data-at carries state the text does not show (where a token stands, which face a die shows)
    return (el.dataset.at || "") + "|" + cls + "|" + (el.textContent || "").replace(/\s+/g, " ").trim();
  }

  function snapshot() {
    var seen = {};
    document.querySelectorAll("[data-part]").forEach(function (el) { seen[el.dataset.part] = signature(el); });
    return seen;
  }

  function highlight(old) {
    var changed = [];
    document.querySelectorAll("[data-part]").forEach(function (el) {
      if (old[el.dataset.part] !== signature(el)) {
        changed.push(el);
      }
    });
    changed.forEach(function (el) { el.classList.add("just-changed"); });
    if (changed.length) {
      setTimeout(function () { changed.forEach(function (el) { el.classList.remove("just-changed"); }); }, HIGHLIGHT_MS);
    }
  }

  function nameMovers() {
    var used = {};
    document.querySelectorAll("[data-vt]").forEach(function (el) {
      var name = el.dataset.vt;
      if (!name || used[name]) { el.style.viewTransitionName = ""; return; }
      used[name] = true;
      el.style.viewTransitionName = name;
    });
  }

  document.addEventListener("htmx:beforeSwap", function (evt) {
    var target = evt.detail && evt.detail.target;
    if (target && target.id === "board") { before = snapshot(); }
  });
  document.addEventListener("htmx:afterSwap", nameMovers);
  document.addEventListener("htmx:load", nameMovers);
  document.addEventListener("htmx:afterSettle", function () {
    if (!before) { return; }
    var old = before;
    before = null;
    nameMovers();
    highlight(old);
  });

  function typing(el) {
    if (!el || !el.tagName) { return false; }
    var tag = el.tagName.toLowerCase();
    return tag === "input" || tag === "textarea" || tag === "select" || el.isContentEditable;
  }

  function press(button) {
    if (!button || button.disabled) { return; }
    button.focus({ preventScroll: true });  // so the focus logic after the swap knows a move came from here
    button.click();
  }

  function helpDialog() { return document.getElementById("keys-help"); }

  function openHelp() {
    var dialog = helpDialog();
    if (dialog && !dialog.open && dialog.showModal) { dialog.showModal(); }
  }

  document.addEventListener("keydown", function (evt) {
    if (evt.defaultPrevented || evt.ctrlKey || evt.altKey || evt.metaKey || evt.isComposing) { return; }
    if (typing(evt.target) || !document.getElementById("table-bar")) { return; }
    var dialog = helpDialog();
    if ((dialog && dialog.open) || document.querySelector("dialog[open]")) { return; }  // a dialog has its own keys (Esc closes it)
    if (document.querySelector(".htmx-request")) { return; }  // a move is on its way: one at a time
    var key = evt.key;
    if (key >= "1" && key <= "9") {
      var button = document.querySelector('#bar-actions button[data-key="' + key + '"]');
      if (button) { evt.preventDefault(); press(button); }
    } else if (key === "u" || key === "U") {
      var undo = document.getElementById("bar-undo");
      if (undo) { evt.preventDefault(); press(undo); }
    } else if (key === "?") {
      evt.preventDefault();
      openHelp();
    }
  });

  function wireHelp() {
    var open = document.getElementById("keys-open");
    if (!open || !helpDialog()) { return; }
    open.hidden = false;
    open.addEventListener("click", openHelp);
    helpDialog().addEventListener("click", function (evt) {  // a tap outside the box closes it
      if (evt.target === helpDialog()) { helpDialog().close(); }
    });
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { configure(); wireHelp(); nameMovers(); });
  } else {
    wireHelp();
    nameMovers();
  }
})();
