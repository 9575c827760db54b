/* Solo Shelf: the replay page's autoplay and arrow keys (issue #17). No rules here.
   Without JavaScript the page's links and its "Go to step" form do everything; this script only
   - shows the Autoplay button: it follows the "Step forward" link on a timer (1.5 s a step, 4 s under
     prefers-reduced-motion) until the last step or a press of Pause; autoplay stays on across the page
     loads it makes (sessionStorage, per game), and stops at the end;
   - lets ArrowLeft / ArrowRight step back and forward (not while typing in a field). */
(function () {
  "use strict";
  var controls = document.getElementById("replay-controls");
  var button = document.getElementById("replay-play");
  if (!controls || !button) { return; }
  var key = "replay-autoplay:" + location.pathname;
  var slow = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  var delay = slow ? 4000 : 1500;
  var timer = null;

  function store(on) {
    try { if (on) { sessionStorage.setItem(key, "1"); } else { sessionStorage.removeItem(key); } } catch (e) { /* private mode */ }
  }
  function stored() {
    try { return sessionStorage.getItem(key) === "1"; } catch (e) { return false; }
  }
  function next() { return document.getElementById("replay-next"); }

  function show(on) {
    button.textContent = on ? button.dataset.pause : button.dataset.play;
    button.setAttribute("aria-pressed", on ? "true" : "false");
    controls.classList.toggle("autoplaying", on);
  }
  function start() {
    if (!next()) { stop(); return; }
    store(true);
    show(true);
    timer = window.setTimeout(function () {
      var link = next();
      if (link) { location.assign(link.href); } else { stop(); }
    }, delay);
  }
  function stop() {
    if (timer) { window.clearTimeout(timer); timer = null; }
    store(false);
    show(false);
  }

  button.hidden = false;
  button.addEventListener("click", function () { if (timer) { stop(); } else { start(); } });
  if (stored()) { if (next()) { start(); } else { stop(); } }

  document.addEventListener("keydown", function (ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey || ev.shiftKey) { return; }
    var t = ev.target && ev.target.tagName ? ev.target.tagName.toLowerCase() : "";
    if (t === "input" || t === "textarea" || t === "select") { return; }
    var link = ev.key === "ArrowLeft" ? document.getElementById("replay-prev")
      : ev.key === "ArrowRight" ? next() : null;
    if (link) { ev.preventDefault(); stop(); location.assign(link.href); }
  });
})();
