"""What a player sees of a table, measured in the real browser: the checks the "whole table in view" tests share.

`table_problems(page, phone=...)` answers a list of problems (empty when the table is right):
- on a laptop the page is at most 1.1 windows tall (the table scrolls inside its panels, not the page);
- every button the action bar shows is wholly visible (inside the window and inside the bar's own box);
- the bar offers at most nine choices, and no two of them carry the same name;
- on a phone the bar takes at most about a quarter of the screen (the undo and help buttons aside);
- no part of the page scrolls sideways;
- text is readable: at most a tenth of the visible text is smaller than 12 px.
`decision_in_view(page)` answers False when the board draws buttons for the decision (on its cards, dice, spaces)
and not one of them is in view (out of the window, out of its scrolling box, or under the bar or a phone's drawer
tabs).
`layout_shift(page)` answers the cumulative layout shift since the page loaded (at most 0.1 is good).
`changed_in_view(page)` answers the components the last move changed (glowing, or come from somewhere) when not one
of them is in view (all out of the window, or under the bar or a phone's drawer tabs), so a test can check them
right after a move.
"""

from __future__ import annotations

from typing import Any

LAPTOP, PHONE = (1366, 900), (390, 844)
MAX_CHOICES = 9
SMALL_TEXT_PX = 12
SMALL_TEXT_SHARE = 0.10

_MEASURE = """() => {
  const vw = innerWidth, vh = innerHeight;
  const bar = document.querySelector('#table-bar');
  const barBox = bar ? bar.getBoundingClientRect() : null;
  const choices = '#bar-actions .bar-buttons > button, #bar-actions .bar-buttons > details > summary';
  const buttons = [...document.querySelectorAll(choices)].filter(b => b.offsetParent !== null);
  const clipped = [];
  for (const b of buttons) {
    const r = b.getBoundingClientRect();
    const inWindow = r.left >= -1 && r.top >= -1 && r.right <= vw + 1 && r.bottom <= vh + 1;
    let inside = true;
    for (let el = b.parentElement; el && el !== document.body; el = el.parentElement) {
      const s = getComputedStyle(el);
      if (/(auto|scroll|hidden|clip)/.test(s.overflowX + s.overflowY)) {
        const c = el.getBoundingClientRect();
        const out = r.left < c.left - 1 || r.right > c.right + 1 || r.top < c.top - 1 || r.bottom > c.bottom + 1;
        if (out) inside = false;
      }
    }
    if (!inWindow || !inside) clipped.push((b.getAttribute('aria-label') || b.textContent).trim().slice(0, 60));
  }
  const names = buttons.map(b => (b.getAttribute('aria-label') || b.textContent).replace(/\\s+/g, ' ').trim());
  // a board button whose words are wider than the button: they run past its edge, or are cut at it
  const spills = [...document.querySelectorAll('#board button[data-action]')]
    .filter(b => b.offsetParent !== null && b.scrollWidth > b.clientWidth + 1)
    .map(b => b.textContent.replace(/\\s+/g, ' ').trim().slice(0, 40) + ` (${b.scrollWidth}/${b.clientWidth} px)`);
  let small = 0, total = 0;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    const el = node.parentElement;
    if (!text || !el || el.closest('[hidden], [aria-hidden="true"], .visually-hidden, dialog:not([open])')) continue;
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || r.bottom < 0 || r.top > vh || r.right < 0 || r.left > vw) continue;
    const s = getComputedStyle(el);
    if (s.visibility === 'hidden' || s.display === 'none' || +s.opacity === 0) continue;
    total += text.length;
    if (parseFloat(s.fontSize) < %(small)s) small += text.length;
  }
  return {
    pageHeight: document.documentElement.scrollHeight, pageWidth: document.documentElement.scrollWidth,
    vw, vh, barHeight: barBox ? barBox.height : 0, clipped, names, small, total, spills,
  };
}""".replace("%(small)s", str(SMALL_TEXT_PX))

_COVERS = """
  const covers = [document.querySelector('#table-bar'), document.querySelector('#board .table-side .panel-tabs')]
    .filter(el => el && (el.id === 'table-bar' || getComputedStyle(el).position === 'fixed'))
    .map(el => el.getBoundingClientRect());
  const covered = (x, y) => covers.some(c => y >= c.top && y <= c.bottom && x >= c.left && x <= c.right);
"""

# The parts the last move changed, as the page marked them: the glow (.just-changed) is taken off after 1.5 s, which
# on a busy machine may come before a check reads it, so each part that gets it is remembered until the next swap.
CHANGED_RECORDER = """(() => {
  window.__changedParts = new Set();
  document.addEventListener('htmx:beforeSwap', () => { window.__changedParts = new Set(); });
  new MutationObserver(records => {
    for (const r of records) {
      if (r.target.classList && r.target.classList.contains('just-changed') && r.target.dataset.part) {
        window.__changedParts.add(r.target.dataset.part);
      }
    }
  }).observe(document, {subtree: true, attributes: true, attributeFilter: ['class']});
})();"""

_CHANGED = """() => {""" + _COVERS + """
  const out = [], seen = [];
  const marked = [...document.querySelectorAll('#board [data-part]')]
    .filter(el => el.classList.contains('just-changed') || (window.__changedParts || new Set()).has(el.dataset.part));
  for (const el of new Set([...marked, ...document.querySelectorAll('#board [data-from]')])) {
    if (el.offsetParent === null) continue;
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    const x = Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1);
    const y = Math.min(Math.max(r.top + r.height / 2, 0), innerHeight - 1);
    let visible = r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth;
    for (let box = el.parentElement; visible && box && box !== document.body; box = box.parentElement) {
      if (!/(auto|scroll|hidden)/.test(getComputedStyle(box).overflowY)) continue;
      const c = box.getBoundingClientRect();  // scrolled out of a box of its own (a laptop's table, a panel)
      visible = r.bottom > c.top && r.top < c.bottom;
    }
    const under = covered(x, y);
    const name = (el.dataset.part || el.id || el.className || el.tagName).toString().slice(0, 50);
    if (!visible || under) out.push(name); else seen.push(name);
  }
  return seen.length ? [] : out;
}"""


def measure(page: Any) -> dict[str, Any]:
    return page.evaluate(_MEASURE)


def table_problems(page: Any, *, phone: bool) -> list[str]:
    m = measure(page)
    problems = []
    if not phone and m["pageHeight"] > 1.1 * m["vh"]:
        problems.append(f"the page is {m['pageHeight']} px tall, {m['pageHeight'] / m['vh']:.2f} windows")
    if m["pageWidth"] > m["vw"] + 1:
        problems.append(f"the page scrolls sideways to {m['pageWidth']} px")
    if m["clipped"]:
        problems.append(f"bar buttons not wholly visible: {m['clipped']}")
    if m["spills"]:
        problems.append(f"board buttons whose words are wider than the button: {m['spills']}")
    if len(m["names"]) > MAX_CHOICES:
        problems.append(f"the bar offers {len(m['names'])} choices")
    doubles = sorted({n for n in m["names"] if m["names"].count(n) > 1})
    if doubles:
        problems.append(f"two bar choices carry the same name: {doubles}")
    if phone and m["barHeight"] > 0.28 * m["vh"]:
        problems.append(f"the phone bar is {m['barHeight']:.0f} px, {m['barHeight'] / m['vh']:.0%} of the screen")
    if m["total"] and m["small"] / m["total"] > SMALL_TEXT_SHARE:
        problems.append(f"{m['small'] / m['total']:.0%} of the visible text is under {SMALL_TEXT_PX} px")
    return problems


def changed_in_view(page: Any) -> list[str]:
    """The components the last move changed, when none of them is in view (each lies out of the window, out of its
    scrolling box or under the action bar); empty when the player sees at least one, or when nothing changed. A move
    may change parts all over a board (a phone cannot show every ocean at once): what matters is that the player
    sees the move land, the story (static/js/story.js) then rings each part it touches. The page's context must run
    CHANGED_RECORDER from its start."""
    return page.evaluate(_CHANGED)


_DECISION = """() => {""" + _COVERS + """
  const focus = [...document.querySelectorAll('#board [data-decision-focus]')].filter(b => b.offsetParent !== null);
  const buttons = focus.length ? focus : [...document.querySelectorAll('#board button[data-action]:not([disabled])')]
    .filter(b => b.offsetParent !== null && !b.closest('.decision'));
  if (!buttons.length) return true;
  return buttons.some(b => {
    const r = b.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (y < 0 || y > innerHeight || x < 0 || x > innerWidth) return false;
    if (covered(x, y)) return false;
    for (let box = b.parentElement; box && box !== document.body; box = box.parentElement) {
      if (!/(auto|scroll|hidden)/.test(getComputedStyle(box).overflowY)) continue;
      const c = box.getBoundingClientRect();
      if (y < c.top || y > c.bottom) return false;
    }
    return true;
  });
}"""


def decision_in_view(page: Any) -> bool:
    """Whether a button the board draws for the decision (outside "Your move", which repeats the bar) is in view, or
    the component the decision is about where the board names it (data-decision-focus); True when it draws none."""
    return page.evaluate(_DECISION)


_SHIFT = """() => new Promise(done => {
  let total = 0;
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) { if (!e.hadRecentInput) total += e.value; }
  }).observe({type: 'layout-shift', buffered: true});
  setTimeout(() => done(total), 300);
})"""


def layout_shift(page: Any) -> float:
    """The page's cumulative layout shift so far (CLS, as Lighthouse counts it: shifts without recent input)."""
    return page.evaluate(_SHIFT)
