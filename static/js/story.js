/* Solo Shelf: a move told step by step. The server decides what happened and in what order (app/ui/story.py):
   a move's answer fills #story with one <li> per line the move wrote, each naming the components it touches
   (data-touch), the dice it rolled (data-dice, data-mod, data-need or data-most; symbol dice: data-faces, the
   addresses of their drawings in the sprites) and whether a phase begins (data-banner).
   Here they are only played, 0.3-0.7 s a step (3.5 s at most for the whole move):
   - each step's words go into the bar's live region (a screen reader hears each), the components it touches
     glow, its dice tumble and land in the bar with the sum and what it had to reach, a phase gets a banner;
   - a click, a tap or a key skips to the end at once (and does nothing else); the bar's choices take clicks
     again as soon as the last step lands;
   - under prefers-reduced-motion: reduce the steps come one after the other without movement.
   A page load has no story (a reload shows the final state); a move of one plain line is not played.
   Words: the sentence around the dice is the page's (#client-messages), not this file's. */
(function () {
  "use strict";
  var reduced = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
  var TOTAL_MS = 3500, MIN_MS = 300, MAX_MS = 700;
  var telling = null;  // {steps, index, timer}

  function still() { return reduced && reduced.matches; }

  function message(kind) {
    var el = document.querySelector('#client-messages [data-msg="' + kind + '"]');
    return el ? el.textContent : "";
  }

  function worthTelling(items) {
    if (items.length >= 2) { return true; }
    return items.some(function (li) { return li.dataset.dice || li.dataset.faces || li.hasAttribute("data-banner"); });
  }

  function parts(li) {
    return (li.dataset.touch || "").split(" ").filter(Boolean).map(function (id) {
      return document.querySelector('#board [data-part="' + CSS.escape(id) + '"]');
    }).filter(Boolean);
  }

  function pips(face) {
    var die = document.createElement("span");
    die.className = "story-die" + (still() ? "" : " tumbling");
    die.dataset.face = String(face);
    die.setAttribute("aria-hidden", "true");
    for (var i = 0; i < face; i++) { die.appendChild(document.createElement("i")); }
    return die;
  }

  // A symbol die (a Platformer action die, a Call to Adventure rune): its face's drawing (the address of a symbol
  // in a sprite), cast one after the other (each a little later than the one before).
  function symbol(drawing, n) {
    var die = document.createElement("span");
    die.className = "story-die story-symbol" + (still() ? "" : " tumbling");
    die.setAttribute("aria-hidden", "true");
    if (!still()) { die.style.animationDelay = (n * 90) + "ms"; }
    var svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("class", "pic");
    var use = document.createElementNS("http://www.w3.org/2000/svg", "use");
    use.setAttribute("href", drawing);
    svg.appendChild(use);
    die.appendChild(svg);
    return die;
  }

  function diceLine(li) {
    var box = document.createElement("span");
    box.className = "story-dice";
    if (li.dataset.faces) {
      li.dataset.faces.split(" ").forEach(function (drawing, n) {
        box.appendChild(symbol(drawing, n));
      });
      if (!li.dataset.dice) {
        if (li.dataset.total) {  // what the symbols came to, as the game counts them
          var sum = document.createElement("span");
          sum.className = "story-sum";
          sum.textContent = message(li.dataset.need ? "total-need" : "total")
            .replace("{total}", li.dataset.total).replace("{need}", li.dataset.need || "");
          box.appendChild(sum);
        }
        return box;
      }
    }
    var faces = li.dataset.dice.split(" ").map(Number);
    faces.forEach(function (face) { box.appendChild(pips(face)); });
    var sum = faces.reduce(function (a, b) { return a + b; }, 0);
    var mod = li.dataset.mod ? Number(li.dataset.mod) : 0;
    var words = document.createElement("span");
    words.className = "story-sum";
    var kind = li.dataset.need ? "rolled-need" : li.dataset.most ? "rolled-most" : "rolled";
    var text = message(kind)
      .replace("{dice}", faces.join(" + ")).replace("{mod}", mod ? (mod > 0 ? " + " + mod : " − " + (-mod)) : "")
      .replace("{total}", String(sum + mod)).replace("{need}", li.dataset.need || li.dataset.most || "");
    words.textContent = text;
    box.appendChild(words);
    return box;
  }

  // Where the bar stands above the table (wider screens), a change of its height moves the whole table: a step's
  // line shorter than the summary it stands in for lifted the table, and the summary put back at the end dropped
  // it again (and the words, centred beside taller choices, bobbed up and down). So while a move is told the bar's
  // words keep the height they had (growing only for a taller step, such as a line of dice), and let go when the
  // move has been told. A phone's bar, under the table, moves nothing: it stays compact while a move is told.
  function holdBar(start) {
    var bar = document.getElementById("table-bar"), board = document.getElementById("board");
    var words = bar && bar.querySelector(".bar-text");
    if (!words || !board || bar.getBoundingClientRect().top > board.getBoundingClientRect().top) { return; }
    var height = words.getBoundingClientRect().height;
    if (start || height > parseFloat(words.style.minHeight || "0")) { words.style.minHeight = height + "px"; }
  }

  function letGoOfBar(bar) {
    var words = bar.querySelector(".bar-text");
    if (words) { words.style.minHeight = ""; }
  }

  function show(step) {
    var li = telling.steps[step];
    var summary = document.getElementById("bar-summary");
    document.querySelectorAll(".story-now").forEach(function (el) { el.classList.remove("story-now"); });
    if (summary) {
      summary.textContent = "";
      var line = document.createElement("span");
      line.className = "bar-last story-line";
      var count = document.createElement("b");
      count.setAttribute("aria-hidden", "true");  // seen, not read: the step's words are what is heard
      count.textContent = (step + 1) + "/" + telling.steps.length + " ";
      line.appendChild(count);
      line.appendChild(document.createTextNode(li.textContent));
      summary.appendChild(line);
      if (li.dataset.dice || li.dataset.faces) { summary.appendChild(diceLine(li)); }
    }
    holdBar(false);
    var touched = parts(li).filter(function (el) { return el.offsetParent !== null; });
    touched.forEach(function (el) { el.classList.add("story-now"); });
    // the table brings them into view if they are out of it (static/js/table.js)
    if (touched.length) { document.dispatchEvent(new CustomEvent("story:step", {detail: {parts: touched}})); }
    var banner = document.getElementById("story-banner");
    if (banner) {
      banner.hidden = !li.hasAttribute("data-banner");
      // the phase as the game names it ("Week 3 · Sunrise", "Act II revealed"), else the step's own line
      banner.textContent = li.hasAttribute("data-banner") ? (li.getAttribute("data-banner") || li.textContent) : "";
    }
  }

  function finish() {
    if (!telling) { return; }
    clearTimeout(telling.timer);
    var summary = document.getElementById("bar-summary");
    if (summary) {
      summary.setAttribute("aria-live", "off");  // the whole move again, but heard once already, step by step
      summary.innerHTML = telling.summary;
      setTimeout(function () { summary.setAttribute("aria-live", "polite"); }, 50);
    }
    document.querySelectorAll(".story-now").forEach(function (el) { el.classList.remove("story-now"); });
    var banner = document.getElementById("story-banner");
    if (banner) { banner.hidden = true; }
    var bar = document.getElementById("table-bar");
    if (bar) { bar.classList.remove("telling"); letGoOfBar(bar); }  // and Skip goes (app.css)
    document.documentElement.classList.remove("story-telling");
    telling = null;
    document.dispatchEvent(new CustomEvent("story:told"));
  }

  function next() {
    if (!telling) { return; }
    telling.index += 1;
    if (telling.index >= telling.steps.length) { finish(); return; }
    show(telling.index);
    telling.timer = setTimeout(next, telling.ms);
  }

  function tell() {
    finish();
    var summary = document.getElementById("bar-summary");
    if (summary) { summary.classList.remove("story-waiting"); }  // the first step is shown in this same task
    var items = storySteps();
    var story = document.getElementById("story");
    if (story) { story.setAttribute("data-told", ""); }
    if (!worthTelling(items)) { return; }
    telling = {steps: items, index: 0, summary: summary ? summary.innerHTML : "",
               ms: Math.max(MIN_MS, Math.min(MAX_MS, TOTAL_MS / items.length))};
    var bar = document.getElementById("table-bar");
    holdBar(true);
    if (bar) { bar.classList.add("telling"); }  // which shows Skip (app.css)
    document.documentElement.classList.add("story-telling");
    if (summary) { summary.setAttribute("aria-live", "polite"); }
    show(0);
    telling.timer = setTimeout(next, telling.ms);
  }

  // The steps of the move just answered; none once they have been told. A refused or stale move's answer brings no
  // story of its own (#story stays as it was): the move before it is not told again.
  function storySteps() {
    var story = document.getElementById("story");
    return story && !story.hasAttribute("data-told") ? [].slice.call(story.children) : [];
  }

  // The summary of a move about to be told is swapped in unheard, its steps are heard one by one instead; and unseen
  // until the first step stands in for it (it waits for the board to settle), else it flashed, highlighted, for a
  // few frames before the story began, and its highlight played again at the end.
  document.addEventListener("htmx:oobBeforeSwap", function (evt) {
    var target = evt.detail && evt.detail.target;
    if (target && target.id === "bar-summary" && worthTelling(storySteps())) {
      target.setAttribute("aria-live", "off");
      target.classList.add("story-waiting");
    }
  });

  // While a move is told, any click, tap or key only skips to its end (the click that follows the press too).
  var swallowClick = false;
  function skipping(evt) {
    if (!telling) {
      if (evt.type === "click" && swallowClick) { swallowClick = false; evt.preventDefault(); evt.stopPropagation(); }
      return;
    }
    if (evt.type === "keydown" && ["Shift", "Control", "Alt", "Meta", "Tab"].indexOf(evt.key) >= 0) { return; }
    evt.preventDefault();
    evt.stopPropagation();
    swallowClick = evt.type === "pointerdown";
    if (swallowClick) { setTimeout(function () { swallowClick = false; }, 600); }
    finish();
  }
  document.addEventListener("pointerdown", skipping, true);
  document.addEventListener("click", skipping, true);
  document.addEventListener("keydown", skipping, true);

  // htmx fires afterSettle on each element a move's answer swapped (the board and the bar's parts swapped out of band),
  // each naming the board as the request's target: the story starts once, when the board itself has settled.
  document.addEventListener("htmx:afterSettle", function (evt) {
    if (evt.target && evt.target.id === "board") { tell(); }
  });

  // The handles from outside: skip what is being told (the browser tests' driver, which plays faster than anyone
  // reads), and whether the board just swapped in carries a move about to be told (table.js, on htmx:afterSettle,
  // before the story starts). Nothing else reaches into the story.
  window.soloShelfStory = {
    skip: finish,
    coming: function () { return worthTelling(storySteps()); },
    plan: function () { return telling ? {steps: telling.steps.length, ms: telling.ms} : null; }
  };
})();
