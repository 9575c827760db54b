/* Solo Shelf front-end glue. No rules here: the server decides everything and answers with HTML.
   - Let htmx swap in the boards sent with 409 (stale tab) and 422 (refused move): they carry the
     current board and a notice, so the player always sees where the game really stands.
   - Keep the log (the old .log-lines and the .chronicle) scrolled to its newest line after each swap.
   - When a move gets no board back (network down, server error), say so in #notice; the words
     live in the page (#client-messages), not here.
   - After a move, focus goes to the first action of the new decision: the action bar's first button
     (never Undo, so Enter twice cannot take the move back); a campaign page goes back to the button of
     the same choice if it is still offered. Keys and view transitions live in table.js. */
(function () {
  "use strict";

  function configure() {
    if (!window.htmx) { return; }
    htmx.config.responseHandling = [
      { code: "204", swap: false },
      { code: "[23]..", swap: true },
      { code: "409", swap: true, error: false },
      { code: "422", swap: true, error: false },
      { code: "[45]..", swap: false, error: true },
      { code: "...", swap: false }
    ];
    // A fresh board replaces the old one whole; keep the page where the player was looking.
    htmx.config.defaultSwapStyle = "outerHTML";
    htmx.config.scrollIntoViewOnBoost = false;
  }

  function scrollLogs(root) {
    (root || document).querySelectorAll(".log-lines, .chronicle, .game-log, .chronicle-turns").forEach(function (log) {
      log.scrollTop = log.scrollHeight;
    });
  }

  function showNotice(root) {
    var notice = (root || document).querySelector("#notice:not(.empty)");
    if (notice && notice.scrollIntoView) { notice.scrollIntoView({ block: "nearest" }); }
  }

  // The part of the page a choice swaps: a game's #board, or a campaign's #campaign.
  function swapRoot() {
    return document.getElementById("board") || document.getElementById("campaign");
  }

  var lastAction = null;
  var hadFocus = false;

  function rememberFocus(evt) {
    var source = evt.detail && evt.detail.elt;
    // The advisor's table asks again every second while it refines, and opens and closes: no move, the focus stays.
    if (source && source.closest && source.closest("#advice, #bar-advice")) { return; }
    var active = document.activeElement;
    var board = swapRoot();
    var bar = document.getElementById("table-bar");
    hadFocus = !!(active && ((board && board.contains(active)) || (bar && bar.contains(active)) ||
                             active === document.body));
    var submitter = active && active.dataset ? active.dataset.action : null;
    lastAction = submitter || (source && source.dataset ? source.dataset.action : null) || null;
  }

  function restoreFocus() {
    if (!hadFocus) { return; }
    hadFocus = false;
    // The bar's first choice: a button, or the summary of a group (the buttons inside a closed one take no focus).
    var target = document.querySelector("#bar-actions .bar-buttons > button[data-action], #bar-actions .bar-buttons > details > summary");
    if (!target && lastAction) {
      target = document.querySelector(
        ':is(#board, #campaign) button[data-action="' + CSS.escape(lastAction) + '"]');
    }
    [":is(#board, #campaign) button[data-action]", "#continue-voyage"].forEach(function (sel) {
      target = target || document.querySelector(sel);
    });
    if (target) { target.focus({ preventScroll: true }); }
  }

  configure();  // htmx.min.js is loaded (deferred) just before this file
  // The recap of a game taken up again (templates/partials/recap.html) is open by its attribute, so that it shows
  // without JavaScript; with it, it opens modal: Esc closes it and the table waits behind it, inert.
  function recapModal() {
    var recap = document.getElementById("recap");
    if (recap && recap.open && recap.showModal) { recap.close(); recap.showModal(); }
  }
  document.addEventListener("DOMContentLoaded", function () {
    configure();
    scrollLogs(document);
    recapModal();
  });
  function complain(kind) {
    var notice = document.getElementById("notice");
    var message = document.querySelector('#client-messages [data-msg="' + kind + '"]');
    if (!notice || !message) { return; }
    notice.textContent = message.textContent;
    notice.className = "notice error";
    notice.setAttribute("role", "alert");
    showNotice(document);
  }

  // On a phone the last move shows one line; a tap on it shows the whole of it (and a tap again folds it).
  document.addEventListener("click", function (evt) {
    var summary = evt.target.closest && evt.target.closest("#bar-summary");
    if (summary) { summary.classList.toggle("open"); }
  });

  document.addEventListener("htmx:beforeRequest", rememberFocus);
  document.addEventListener("htmx:sendError", function () { complain("network"); });
  document.addEventListener("htmx:responseError", function () { complain("server"); });
  // The board page's Replay link opens the replay at the step the board stands at: follow the board's moves.
  function followReplayLink() {
    var board = document.getElementById("board"), link = document.querySelector(".play-head .replay-link");
    if (!board || !link || !board.dataset.version) { return; }
    link.href = link.href.replace(/([?&]step=)\d+/, "$1" + board.dataset.version);
    link.hidden = board.dataset.version === "0";
  }

  // Once an answer, when the part it was aimed at has settled (htmx fires afterSettle on each element it swapped,
  // the bar's out-of-band parts too): each of these reads the new layout, and four reads a move cost four layouts.
  document.addEventListener("htmx:afterSettle", function (evt) {
    var aim = evt.detail && evt.detail.target;
    if (aim && evt.target !== aim && !(aim.id && evt.target.id === aim.id)) { return; }
    followReplayLink();
    scrollLogs(document);
    showNotice(document);
    restoreFocus();
  });
})();
