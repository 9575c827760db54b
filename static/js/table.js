/* Solo Shelf: the table's keyboard and motion, for every game's play page. No rules here.
   - Keys: 1-9 press the action bar's buttons in order, U undoes, ? opens the list of keys (a <dialog>,
     Esc closes it). Ignored while typing in a field or with Ctrl/Alt/Meta held.
   - Motion: htmx swaps the board at once, and what moves is animated from where it stood (below). No view
     transition: it held the new table's first frame until htmx had settled and the browser had captured the
     whole page twice, which doubled the time from an answer to its paint. Under prefers-reduced-motion: reduce
     nothing moves (the summary and the highlights stay, drawn by CSS without movement).
   - Speed: the first frame of the new board waits for nothing it does not need. Just before htmx swaps it, the
     old board's parts are taken out of the page whole (htmx would walk each with two events) and only the places
     the answer names are measured; after the swap every rectangle is read before any animation starts, so the
     new board is laid out once. What changed is worked out after that frame.
   - What changed: once the new board has settled, each [data-part] (a component with a stable id the server
     gives it) is compared, by its text, class and data-at, with the old board's part of the same id: every part
     that is new or reads differently gets .just-changed for a moment (CSS glows it; dice among them tumble).
   - Moving tokens carry data-vt="<unique name>" (the ship, a figure, a track's marker): one that stands
     elsewhere after the swap slides from its old place to the new one (FLIP, like travel below; a name used
     twice slides once).
   - Travel: a move's answer marks what arrived from somewhere with data-from="<place>" (a place is a
     [data-part] or [data-place] id), and data-path="<place> ..." when it went several steps; a pile that
     took cards it does not show carries data-took="<part> ...". The server works these out from the move
     (app/ui/travel.py); here they are only drawn: each mover plays a short transform from its old place
     (FLIP: measured after the swap, animated back to where it now stands), through the path's places one
     by one, and a faded copy of each card a pile took flies into it. A traveller does not also slide as a
     data-vt token. Both start right after the swap, before its first frame is painted. Never on a page load
     (the server sends none), never under reduced motion.
   - A scrolling box with data-follow="<part>" (Adamastor's map on a phone) scrolls, inside itself only,
     so that part stands in its middle: at load and after each move (the page and the focus stay put).
   - Marks <html> with .js so the key numbers on the buttons show only where the keys work. */
(function () {
  "use strict";
  var root = document.documentElement;
  root.classList.add("js");  // static/js/early.js did it already, before the first paint
  var reduced = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;

  var HIGHLIGHT_MS = 1500;
  var before = null;  // the old board's parts, taken out of the page just before the new board comes in

  function signature(el) {
    // a part still glowing from the last move, or sliding into its new place, reads as it stands
    var cls = (el.getAttribute("class") || "").replace(/\b(just-changed|travelling)\b/g, "").replace(/\s+/g, " ").trim();
    // data-at carries state the text does not show (where a token stands, which face a die shows)
    return (el.dataset.at || "") + "|" + cls + "|" + (el.textContent || "").replace(/\s+/g, " ").trim();
  }

  function snapshot(root) {
    var seen = {};
    root.querySelectorAll("[data-part]").forEach(function (el) { seen[el.dataset.part] = signature(el); });
    return seen;
  }

  var lastChanged = [];  // what the last move changed: its glow goes after 1.5 s, a move told step by step lasts longer

  function highlight(old) {
    var changed = lastChanged = [];
    document.querySelectorAll("[data-part]").forEach(function (el) {
      if (old[el.dataset.part] !== signature(el)) {
        changed.push(el);
      }
    });
    changed.forEach(function (el) { el.classList.add("just-changed"); });
    if (changed.length) {
      // counted from the first frame that draws it: a page held up longer than the glow would otherwise lose it unseen
      requestAnimationFrame(function () {
        setTimeout(function () { changed.forEach(function (el) { el.classList.remove("just-changed"); }); }, HIGHLIGHT_MS);
      });
    }
  }

  // ---- Tokens that move (data-vt): each slides from where it stood before the swap ----
  var SLIDE_MS = 400;
  var movers = null;  // before the swap: data-vt name -> where it stood

  function rememberMovers() {
    var seen = {};
    document.querySelectorAll("#board [data-vt]").forEach(function (el) {
      if (el.dataset.vt && !seen[el.dataset.vt]) { seen[el.dataset.vt] = el.getBoundingClientRect(); }
    });
    return seen;
  }

  // Motion is planned in two passes so the new board is laid out once: every rectangle is read first (plans), then
  // every animation starts (play). A read after a write would lay the whole board out again, once per mover.
  // An element being moved by a transform is measured where it will rest (showChanged scrolls to that).
  function play(plans) {
    plans.forEach(function (p) {
      if (p.ghost) { document.body.appendChild(p.el); }
      else { p.el.__rest = p.rest; p.el.classList.add("travelling"); }
      var el = p.el, run = el.animate(p.frames, p.options);
      run.onfinish = run.oncancel = p.ghost ? function () { el.remove(); }
        : function () { el.classList.remove("travelling"); el.__rest = null; };
    });
  }

  function slideMovers(plans) {
    var old = movers, used = {};
    movers = null;
    if (!old) { return; }
    document.querySelectorAll("#board [data-vt]").forEach(function (el) {
      var name = el.dataset.vt, from = old[name];
      if (!name || used[name] || !from || el.hasAttribute("data-from")) { return; }
      used[name] = true;
      var to = el.getBoundingClientRect(), dx = from.left - to.left, dy = from.top - to.top;
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1) { return; }
      plans.push({el: el, rest: to, frames: [{transform: "translate(" + dx + "px, " + dy + "px)"}, {transform: "none"}],
                  options: {duration: SLIDE_MS, easing: "cubic-bezier(.3, .7, .3, 1)"}});
    });
  }

  // ---- Travel (see the header): what the server says came from somewhere ----
  var STEP_MS = 420;      // one slide
  var PATH_MS = 600;      // a whole path, however many steps
  var places = null;      // before the swap: place id -> {rect, el}

  function still() { return reduced && reduced.matches; }

  // Only the places the answer names (its data-from, data-path and data-took) are measured on the old board.
  function rememberPlaces(answer) {
    var named = {}, seen = {}, found, attr = /data-(?:from|path|took)="([^"]*)"/g;
    while ((found = attr.exec(answer))) {
      found[1].split(" ").forEach(function (id) { if (id) { named[id] = true; } });
    }
    document.querySelectorAll("#board [data-part], #board [data-place]").forEach(function (el) {
      var id = el.dataset.part || el.dataset.place;
      if (named[id] && !seen[id]) { seen[id] = {rect: el.getBoundingClientRect(), el: el}; }
    });
    return seen;
  }

  function placeNow(id) {
    var q = CSS.escape(id);
    return document.querySelector('#board [data-part="' + q + '"], #board [data-place="' + q + '"]');
  }

  // Where a place is: on the new board if it is still there (and is not the mover itself), else where it was.
  function rectOf(id, mover) {
    var el = placeNow(id);
    if (el && el !== mover) { return el.getBoundingClientRect(); }
    return places && places[id] ? places[id].rect : null;
  }

  function centre(r) { return {x: r.left + r.width / 2, y: r.top + r.height / 2}; }

  function travel(el, plans) {
    var ids = (el.dataset.path || el.dataset.from || "").split(" ").filter(Boolean);
    var rects = ids.map(function (id) { return rectOf(id, el); });
    if (!rects.length || rects.some(function (r) { return !r; })) { return; }
    var rest = el.getBoundingClientRect();
    // a path ends in the place the mover stands in: steps are measured from that place's centre
    var end = centre(ids.length > 1 ? rects[rects.length - 1] : rest);
    var frames = rects.map(function (r) {
      var c = centre(r);
      return {transform: "translate(" + (c.x - end.x) + "px, " + (c.y - end.y) + "px)"};
    });
    if (ids.length === 1) { frames.push({transform: "none"}); } else { frames[frames.length - 1] = {transform: "none"}; }
    plans.push({el: el, rest: rest, frames: frames,
                options: {duration: ids.length > 1 ? PATH_MS : STEP_MS, easing: ids.length > 1 ? "linear" : "ease-out"}});
  }

  // A faded copy of what a pile took flies from where it was into the pile, then goes.
  function ghost(pile, id, plans) {
    var was = places && places[id];
    var source = was ? was.el : placeNow(id);
    var from = was ? was.rect : (source && source.getBoundingClientRect());
    if (!source || !from || !from.width) { return; }
    var copy = source.cloneNode(true);
    [copy].concat([].slice.call(copy.querySelectorAll("*"))).forEach(function (n) {
      ["id", "data-part", "data-place", "data-vt", "data-from", "data-path", "data-took"].forEach(function (a) { n.removeAttribute(a); });
    });
    copy.classList.add("travel-ghost");
    copy.setAttribute("aria-hidden", "true");
    copy.style.left = from.left + "px";
    copy.style.top = from.top + "px";
    copy.style.width = from.width + "px";
    copy.style.height = from.height + "px";
    var a = centre(from), b = centre(pile.getBoundingClientRect());
    plans.push({el: copy, ghost: true, frames: [
      {transform: "none", opacity: 0.95},
      {transform: "translate(" + (b.x - a.x) + "px, " + (b.y - a.y) + "px) scale(.5)", opacity: 0.25}
    ], options: {duration: STEP_MS, easing: "ease-in"}});
  }

  function travelAll(plans) {
    document.querySelectorAll("#board [data-from]").forEach(function (el) { travel(el, plans); });
    document.querySelectorAll("#board [data-took]").forEach(function (pile) {
      pile.dataset.took.split(" ").filter(Boolean).forEach(function (id) { ghost(pile, id, plans); });
    });
  }

  // ---- Scrolling boxes that follow a part (data-follow) ----
  var scrolled = [];  // before the swap: each following box's scrollLeft (the new box starts at 0)

  // ---- The table's own scrolling boxes (a laptop's board and side column, the panels) ----
  // A move's answer swaps them new, scrolled to the top: they keep where the player had them, and then the first
  // component the move changed that the main box hides is scrolled into it (inside the box only).
  var BOXES = "#board .table-main, #board .side-top, #board .side-panel";
  var boxes = [];

  // After a move: the player sees the next decision's component (a card, a die, a space with its buttons) and
  // what the move changed, by the least scroll that shows both; when both cannot share the view, the decision wins
  // (what happened is told in the bar, and the story rings it).
  function middle(el) { var r = el.__rest || el.getBoundingClientRect(); return r.top + r.height / 2; }

  // An element a part cuts off (a button below a card that hides its overflow) cannot be scrolled into view.
  function clipped(el) {
    var m = middle(el);
    for (var up = el.parentElement; up && up.id !== "board"; up = up.parentElement) {
      var style = getComputedStyle(up);
      if (style.overflowY !== "hidden" && style.overflowY !== "clip") { continue; }
      var r = up.getBoundingClientRect();
      if (m < r.top || m > r.bottom) { return true; }
    }
    return false;
  }

  // `only`: these components instead (a step of a move being told: the ones it touches), and no decision.
  // `from`: the view the player had when they moved ({main, win}: the scroll of the table's main box and of the
  // window); a move told step by step has taken the view to each step's components, so once it is told the view
  // goes back there, and on to the decision only if that hides it (what changed has been shown step by step).
  function showChanged(smooth, only, from) {
    var box = document.querySelector("#board .table-main");
    var inBox = box && box.scrollHeight > box.clientHeight + 1;  // a laptop's table: its main part scrolls
    function shown(el) { return el.offsetParent !== null && (!inBox || box.contains(el)) && !clipped(el); }
    var now = inBox ? box.scrollTop : window.scrollY;
    var base = from ? Math.max(0, inBox ? from.main : from.win) : now;
    function at(el) { return middle(el) + (now - base); }  // where it stands once the view is back at `base`
    var changed = from ? [] : (only || lastChanged.concat([].slice.call(document.querySelectorAll("#board [data-from]"))))
      .filter(shown);
    // The component a decision is about, where the board names it (data-decision-focus: the card a challenge is
    // attempted on), stands for it; else its buttons on the board ("Your move" repeats the bar's: not those).
    var decision = only ? [] : [].filter.call(document.querySelectorAll("#board [data-decision-focus]"), shown);
    if (!only && !decision.length) {
      decision = [].filter.call(document.querySelectorAll("#board button[data-action]:not([disabled])"), function (b) {
        return shown(b) && !b.closest(".decision");
      });
    }
    if (!changed.length && !decision.length && base === now) { return; }
    // The part of the window the player sees the table in: the main box, or the window less the bar over it.
    var top = 0, bottom = window.innerHeight;
    var bar = document.getElementById("table-bar");
    if (inBox) {
      var b = box.getBoundingClientRect();
      top = b.top; bottom = b.bottom;
    } else if (bar) {
      var r = bar.getBoundingClientRect();
      if (r.top > bottom / 2) { bottom = Math.min(bottom, r.top); } else { top = Math.max(top, r.bottom); }
      // A phone's drawer tabs sit just above the bar. Where they stand now may be the old bar's height (panels.js moves
      // them when a ResizeObserver reports the bar's new one, after this): count their height above the bar itself.
      var tabs = document.querySelector("#board .table-side .panel-tabs");
      if (tabs && getComputedStyle(tabs).position === "fixed") {
        bottom = Math.min(bottom, r.top - tabs.getBoundingClientRect().height);
      }
    }
    function inView(m) { return m > top && m < bottom; }
    var ds = decision.map(at), cs = changed.map(at), shift = null;
    if ((!ds.length || ds.some(inView)) && (!cs.length || cs.some(inView))) { scrollTo(base); return; }  // sees both
    var margin = Math.min(40, (bottom - top) / 6), room = bottom - top - 2 * margin;
    function shiftFor(lo, hi) {
      return lo < top + margin ? lo - (top + margin) : hi > bottom - margin ? hi - (bottom - margin) : 0;
    }
    // The least scroll that shows a decision's button and something the move changed together (either alone when
    // there is none of the other)...
    var pairs = [];
    if (ds.length && cs.length) { ds.forEach(function (d) { cs.forEach(function (c) { pairs.push([d, c]); }); }); }
    else { (ds.length ? ds : cs).forEach(function (m) { pairs.push([m, m]); }); }
    pairs.forEach(function (pair) {
      var lo = Math.min(pair[0], pair[1]), hi = Math.max(pair[0], pair[1]);
      if (hi - lo > room) { return; }
      var s = shiftFor(lo, hi);
      if (shift === null || Math.abs(s) < Math.abs(shift)) { shift = s; }
    });
    if (shift === null) {
      // ...and when both cannot share the view, the decision wins: its button nearest to what changed
      if (ds.some(inView)) { scrollTo(base); return; }
      var near = cs.length ? cs[0] : (top + bottom) / 2;
      var best = ds.sort(function (a, b) { return Math.abs(a - near) - Math.abs(b - near); })[0];
      shift = shiftFor(best, best);
    }
    scrollTo(base + shift);

    function scrollTo(y) {
      y = Math.max(0, Math.round(y));
      if (y === Math.round(now)) { return; }
      var how = smooth ? "smooth" : "auto";
      if (inBox) { box.scrollTo({top: y, behavior: how}); } else { window.scrollTo({top: y, behavior: how}); }
    }
  }



  function followAll(smooth) {
    document.querySelectorAll("[data-follow]").forEach(function (box) {
      var it = box.querySelector('[data-part="' + CSS.escape(box.dataset.follow) + '"]');
      if (!it || box.scrollWidth <= box.clientWidth) { return; }
      var anchor = it.closest("[data-place]") || it;  // the space it stands in: never moved by a travel
      var b = box.getBoundingClientRect(), r = anchor.getBoundingClientRect();
      var left = box.scrollLeft + (r.left + r.width / 2) - (b.left + box.clientWidth / 2);
      box.scrollTo({left: Math.max(0, Math.round(left)), behavior: smooth ? "smooth" : "auto"});
    });
  }

  var home = null;  // the view the player moved from ({main, win}), for the end of a move told step by step

  // ---- Keys that stay on their choice ----
  // A decision that only loses choices (a card played during a challenge) keeps each remaining choice's number key:
  // a key pressed just after the bar changed means what it meant a moment before, never the next choice along
  // (which might be the one that casts the runes). A decision with any new choice is numbered afresh.
  var keysBefore = null;  // {bar: the bar a move was made from, keys: {choice: its key}}
  function choiceOf(el) {
    if (el.dataset.action) { return "a " + el.dataset.action; }
    var group = el.closest("details");
    return "g " + [].map.call(group ? group.querySelectorAll("[data-action]") : [], function (b) {
      return b.dataset.action;
    }).join(" ");
  }
  function rememberKeys() {
    var bar = document.getElementById("bar-actions");
    keysBefore = bar ? {bar: bar, keys: {}} : null;
    if (bar) { bar.querySelectorAll("[data-key]").forEach(function (el) { keysBefore.keys[choiceOf(el)] = el.dataset.key; }); }
  }
  function keepKeys() {
    var bar = document.getElementById("bar-actions");
    if (!keysBefore || !bar || bar === keysBefore.bar) { return; }  // the new bar has not come in yet
    var keys = keysBefore.keys, keyed = [].slice.call(bar.querySelectorAll("[data-key]"));
    keysBefore = null;
    if (!keyed.length || !keyed.every(function (el) { return keys.hasOwnProperty(choiceOf(el)); })) { return; }
    keyed.forEach(function (el) {
      var key = keys[choiceOf(el)], kbd = el.querySelector(".bar-key");
      el.dataset.key = key;
      el.setAttribute("aria-keyshortcuts", key);
      if (kbd) { kbd.textContent = key; }
    });
  }
  document.addEventListener("htmx:oobAfterSwap", keepKeys);

  var swapping = false;  // between the board's beforeSwap and the afterSwap sent on the new board itself
  document.addEventListener("htmx:beforeSwap", function (evt) {
    var target = evt.detail && evt.detail.target;
    if (target && target.id === "board") {
      swapping = true;
      places = still() ? null : rememberPlaces(String(evt.detail.serverResponse || ""));
      movers = still() ? null : rememberMovers();
      rememberKeys();
      scrolled = [].map.call(document.querySelectorAll("#board [data-follow]"), function (box) { return box.scrollLeft; });
      boxes = [].map.call(document.querySelectorAll(BOXES), function (box) { return box.scrollTop; });
      // Everything above is measured: the old board's parts can leave the page now. htmx would otherwise walk each
      // of them (a thousand and more) with two events apiece before removing them, about half the time from the
      // answer to the new board's first frame; they carry nothing htmx must undo (plain forms, no triggers). They
      // are compared with the new ones once the new board is painted (htmx:afterSettle).
      before = null;
      if (evt.detail.shouldSwap) {
        before = document.createDocumentFragment();
        while (target.firstChild) { before.appendChild(target.firstChild); }
      }
    }
  });
  // htmx sends afterSwap once per element it swapped (the bar's parts out of band, then the board): the motion is
  // measured on the board's own, after look.js and panels.js (loaded first) have drawn into it, so the new board
  // is laid out once before its first frame.
  document.addEventListener("htmx:afterSwap", function (evt) {
    if (evt.target && evt.target.id === "board" && swapping) {
      swapping = false;
      document.querySelectorAll("#board [data-follow]").forEach(function (box, i) {
        if (scrolled[i]) { box.scrollLeft = scrolled[i]; }
      });
      document.querySelectorAll(BOXES).forEach(function (box, i) {
        if (boxes[i]) { box.scrollTop = boxes[i]; }
      });
      var main = document.querySelector("#board .table-main");
      home = {main: main ? main.scrollTop : 0, win: window.scrollY};
      keepKeys();
      // before the new board's first frame: what moved starts from where it stood (no frame of it in place)
      if (!still()) {
        var plans = [];
        slideMovers(plans);
        travelAll(plans);
        play(plans);
      }
      places = null;
    }
  });
  // A move told step by step shows each step's components as it is told (story:step), then the decision once the
  // last step has landed (story:told); the view goes to the decision at once only for a move that is not told.
  document.addEventListener("story:step", function (evt) { showChanged(!still(), evt.detail.parts); });
  document.addEventListener("story:told", function () { showChanged(!still(), null, home); });
  document.addEventListener("htmx:afterSettle", function () {
    if (!before) { return; }
    var old = snapshot(before);
    before = null;
    highlight(old);
    followAll(!still());
    if (!(window.soloShelfStory && window.soloShelfStory.coming())) { showChanged(!still()); }
  });

  function typing(el) {
    if (!el || !el.tagName) { return false; }
    var tag = el.tagName.toLowerCase();
    return tag === "input" || tag === "textarea" || tag === "select" || el.isContentEditable;
  }

  function press(button) {
    if (!button || button.disabled) { return; }
    if (button.tagName === "SUMMARY") {  // a group of the bar (one piece's actions): open it, on its first action
      var group = button.parentElement;
      document.querySelectorAll("#bar-actions details[open]").forEach(function (d) { if (d !== group) { d.open = false; } });
      group.open = true;
      var first = group.querySelector("button[data-action]");
      if (first) { first.focus({ preventScroll: true }); }
      return;
    }
    button.focus({ preventScroll: true });  // so the focus logic after the swap knows a move came from here
    button.click();
  }

  // One group of the bar open at a time, and a click anywhere else closes it.
  document.addEventListener("toggle", function (evt) {
    var group = evt.target;
    if (!group.open || !group.matches || !group.matches("#bar-actions details")) { return; }
    document.querySelectorAll("#bar-actions details[open]").forEach(function (d) { if (d !== group) { d.open = false; } });
  }, true);
  document.addEventListener("click", function (evt) {
    document.querySelectorAll("#bar-actions details[open]").forEach(function (d) {
      if (!d.contains(evt.target)) { d.open = false; }
    });
  });

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
    var key = evt.key;
    var adviceClose = key === "Escape" && document.querySelector("#advice .advice-close");
    if (adviceClose) {  // the advisor's table closes as a dialog does, and focus goes back to the button that opened it
      evt.preventDefault();
      // Its request, not a click on its Close link: the table swaps itself anew every second while it refines, and
      // htmx takes over a new link only as the swap settles; a click a moment after a swap followed the plain link
      // (the whole page loaded again, the focus lost).
      htmx.ajax("GET", adviceClose.getAttribute("hx-get"), {source: adviceClose, target: "#advice", swap: "outerHTML"});
      var asked = document.getElementById("bar-advice");
      if (asked) { asked.focus({ preventScroll: true }); }
      return;
    }
    var menu = document.querySelector("#bar-actions details[open]");
    if (menu && key === "Escape") {  // a group of the bar closes as a menu does, back onto the choice that opened it
      evt.preventDefault();
      menu.open = false;
      menu.querySelector("summary").focus({ preventScroll: true });
      return;
    }
    if (menu && (key === "ArrowDown" || key === "ArrowUp") && menu.contains(document.activeElement)) {
      evt.preventDefault();  // and its choices are gone through with the arrows, from its heading too
      var items = [].slice.call(menu.querySelectorAll("summary, button[data-action]"));
      var at = items.indexOf(document.activeElement) + (key === "ArrowDown" ? 1 : -1);
      items[(at + items.length) % items.length].focus({ preventScroll: true });
      return;
    }
    if (document.querySelector(".htmx-request")) { return; }  // a move is on its way: one at a time
    if (key >= "1" && key <= "9") {
      var button = document.querySelector('#bar-actions [data-key="' + key + '"]');
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
    document.addEventListener("DOMContentLoaded", function () { wireHelp(); followAll(false); });
  } else {
    wireHelp();
    followAll(false);
  }
})();
