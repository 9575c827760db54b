/* Solo Shelf: the side panels of a table (templates/partials/panels.html), shown one at a time behind tabs.
   Without JavaScript every panel is shown, one under the other, in the side column.
   - A tab shows its panel and hides the others (role=tablist / tab / tabpanel, arrow keys move between the
     tabs); the choice is remembered per game for this browser tab (sessionStorage), so a move's answer, which
     swaps the whole board, comes back with the same panel open.
   - On a phone the panels are a drawer over the board: a tab opens it, the same tab (or Esc, or the close
     button) closes it, and the board is what a phone shows by default.
   - On a phone a board's secondary parts ([data-fold]: a game's tracks, piles and tables that most decisions do
     not act on) fold to their heading line, which still shows their figures; a tap on the heading, or its button,
     unfolds one, remembered per game for this browser tab. A part stays unfolded while the decision has a choice
     in it or the move's story touches it. Without JavaScript, and on a wider screen, nothing folds. */
(function () {
  "use strict";

  var PHONE = window.matchMedia("(max-width: 700px)");

  function narrow() { return PHONE.matches; }

  function key(tabs) { return "panel:" + (tabs.dataset.panels || ""); }

  function remembered(tabs) {
    try { return sessionStorage.getItem(key(tabs)); } catch (e) { return null; }
  }

  function remember(tabs, name) {
    try { sessionStorage.setItem(key(tabs), name || ""); } catch (e) { /* private mode: not remembered */ }
  }

  function show(tabs, name, focus) {
    var buttons = [].slice.call(tabs.querySelectorAll('[role="tab"]'));
    var wanted = buttons.filter(function (b) { return b.dataset.panel === name; })[0];
    if (!wanted && !narrow()) { wanted = buttons[0]; }
    var root = tabs.closest(".table-side") || document;
    buttons.forEach(function (b) {
      var on = b === wanted;
      b.setAttribute("aria-selected", on ? "true" : "false");
      b.tabIndex = on || (!wanted && b === buttons[0]) ? 0 : -1;
      var panel = document.getElementById(b.getAttribute("aria-controls"));
      if (panel) {
        panel.hidden = !on;
        if (on) {  // a log shown again opens on its newest line
          panel.querySelectorAll(".chronicle-turns").forEach(function (log) { log.scrollTop = log.scrollHeight; });
        }
      }
    });
    root.classList.toggle("drawer-open", !!wanted);
    if (wanted && focus) { wanted.focus(); }
    return wanted ? wanted.dataset.panel : "";
  }

  function setUp(scope) {
    (scope || document).querySelectorAll(".panel-tabs").forEach(function (tabs) {
      if (tabs.dataset.ready) { return; }
      tabs.dataset.ready = "1";
      var saved = remembered(tabs);
      show(tabs, saved === null ? (narrow() ? "" : null) : saved, false);
      var side = tabs.closest(".table-side");
      if (side) { side.classList.add("panels-ready"); }
    });
  }

  document.addEventListener("click", function (evt) {
    var tab = evt.target.closest && evt.target.closest('.panel-tabs [role="tab"]');
    var close = evt.target.closest && evt.target.closest(".panel-close");
    if (tab) {
      var tabs = tab.closest(".panel-tabs");
      var name = narrow() && tab.getAttribute("aria-selected") === "true" ? "" : tab.dataset.panel;
      remember(tabs, show(tabs, name, false));
    } else if (close) {
      var side = close.closest(".table-side");
      var all = side && side.querySelector(".panel-tabs");
      if (all) { remember(all, show(all, "", false)); }
    }
  });

  document.addEventListener("keydown", function (evt) {
    var tab = evt.target.closest && evt.target.closest('.panel-tabs [role="tab"]');
    if (evt.key === "Escape" && narrow()) {
      var open = document.querySelector(".table-side.drawer-open .panel-tabs");
      if (open) { remember(open, show(open, "", false)); }
      return;
    }
    if (!tab || ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"].indexOf(evt.key) < 0) { return; }
    var tabs = tab.closest(".panel-tabs");
    var all = [].slice.call(tabs.querySelectorAll('[role="tab"]'));
    var i = all.indexOf(tab);
    var next = evt.key === "Home" ? 0 : evt.key === "End" ? all.length - 1 :
      (i + (evt.key === "ArrowLeft" || evt.key === "ArrowUp" ? -1 : 1) + all.length) % all.length;
    evt.preventDefault();
    remember(tabs, show(tabs, all[next].dataset.panel, true));
  });

  // On a phone the bar sits at the bottom of the screen: the tabs and the drawer sit just above it. The bar's height
  // is given only to the elements that use it (app.css registers --bar-height as not inherited): set on <html>, each
  // change made every element of the page compute its style again in the frame of a move (about ten milliseconds
  // on a laptop's table).
  var barHeight = "";

  function giveBarHeight(scope) {
    if (!barHeight) { return; }
    (scope || document).querySelectorAll(".table-side .panel-tabs, .table-side .side-panel").forEach(function (el) {
      if (el.style.getPropertyValue("--bar-height") !== barHeight) { el.style.setProperty("--bar-height", barHeight); }
    });
  }

  // What the tabs and the drawer stand on is the bar's top, measured from the bottom of the screen: the bar's
  // height while it sticks to the bottom, more once the page's end scrolls into view and the bar rides up with it
  // (a playtest saw the open log book's last lines under the bar there). Written only when it changes.
  function followBar() {
    var bar = document.getElementById("table-bar");
    if (!bar || !window.ResizeObserver) { return; }
    var queued = false;
    function measure() {
      queued = false;
      var box = bar.getBoundingClientRect();
      var atBottom = getComputedStyle(bar).top === "auto";  // a phone's bar (app.css); wider screens: at the top
      var height = Math.max(0, Math.round(atBottom ? window.innerHeight - box.top : box.height)) + "px";
      if (height !== barHeight) { barHeight = height; giveBarHeight(document); }
    }
    function soon() {
      if (!queued) { queued = true; requestAnimationFrame(measure); }
    }
    new ResizeObserver(soon).observe(bar);
    window.addEventListener("scroll", soon, { passive: true });
    window.addEventListener("resize", soon, { passive: true });
  }

  // ---- folds ----
  function foldKey(part) {
    var board = part.closest("#board");
    return "fold:" + (board ? board.className : "") + ":" + part.dataset.fold;
  }

  function foldWanted(part) {
    try { return sessionStorage.getItem(foldKey(part)) === "open"; } catch (e) { return false; }
  }

  function touchedByStory() {
    var touched = {};
    document.querySelectorAll("#story li[data-touch]").forEach(function (li) {
      li.dataset.touch.split(" ").forEach(function (id) { if (id) { touched[id] = true; } });
    });
    return touched;
  }

  function needed(part, touched) {
    if (part.querySelector("button[data-action]:not([disabled])")) { return true; }
    if (touched[part.dataset.part]) { return true; }
    return [].some.call(part.querySelectorAll("[data-part]"), function (el) { return touched[el.dataset.part]; });
  }

  function setFold(part, open) {
    part.classList.toggle("folded", !open);
    var toggle = part.querySelector(".fold-toggle");
    if (toggle) { toggle.setAttribute("aria-expanded", open ? "true" : "false"); }
  }

  function fold(scope) {
    var parts = (scope || document).querySelectorAll("[data-fold]");
    if (!parts.length) { return; }
    var words = document.getElementById("fold-words");
    var phone = narrow();
    var touched = phone ? touchedByStory() : {};
    parts.forEach(function (part) {
      var head = part.querySelector(".fold-head");
      if (!head || !words) { return; }
      if (!head.querySelector(".fold-toggle")) {
        var toggle = document.createElement("button");
        toggle.type = "button";
        toggle.className = "fold-toggle";
        toggle.setAttribute("aria-label", words.dataset.toggle + " " + head.textContent.replace(/\s+/g, " ").trim());
        head.appendChild(toggle);
      }
      setFold(part, !phone || foldWanted(part) || needed(part, touched));
    });
  }

  document.addEventListener("click", function (evt) {
    var head = evt.target.closest && evt.target.closest("[data-fold] .fold-head");
    if (!head || !narrow() || (evt.target.closest("a, button") && !evt.target.closest(".fold-toggle"))) { return; }
    var part = head.closest("[data-fold]");
    var open = part.classList.contains("folded");
    setFold(part, open);
    try { sessionStorage.setItem(foldKey(part), open ? "open" : "closed"); } catch (e) { /* not remembered */ }
  });

  PHONE.addEventListener("change", function () { fold(document); });

  document.addEventListener("DOMContentLoaded", function () { setUp(document); fold(document); followBar(); });
  // once per element htmx swapped: only the panels that came in with it (a board's, a campaign's)
  document.addEventListener("htmx:afterSwap", function (evt) {
    if (evt.target && evt.target.querySelectorAll) { setUp(evt.target); fold(evt.target); giveBarHeight(evt.target); }
  });
  setUp(document);
  fold(document);
})();
