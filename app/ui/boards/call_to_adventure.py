"""Where each Call to Adventure action is drawn on its board (templates/games/call_to_adventure/).

An action goes on the component it concerns: a kept character card, a story card in a row (gain, travel,
refresh, place an ally, or one of its two paths), a card in hand, a Motivation, an ally, the rune tray, the
challenge being prepared, a Hero or Antihero deck, the Adversary. Anything else — or anything whose component
the board does not draw right now — goes to the decision panel, so every legal action stays clickable.

Call to Adventure's lookable components: story cards (by card id: in the rows, allies, the Adversary),
character cards (Origin, Motivation, Destiny, dealt ones), Hero and Antihero cards (in hand, the Adversary's
revealed one), the rune tray (runes) or one rune (r-<id>) and the Adversary's deck (adv-d, face down: a count).

A move told step by step (TOLD, app/ui/story.py): each line touches the card it names (drawn, revealed, kept,
placed, played), the challenge panel and its cast runes, the Adversary's card and track, the chips and rows it
changed; a cast shows its runes' faces one by one; an act completed and the final reckoning get a banner.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from markupsafe import Markup, escape

from app.i18n.render import say
from app.ui.chronicle import Chronicle
from app.ui.look import Look, by_id
from app.ui.pictures import href, name_of
from app.ui.story import Told, drawn
from app.ui.travel import Events, Trip, Trips, View
from games.call_to_adventure.names import act_numeral
from games.engine import N_, words

ROW_ACTIONS = ("trait", "travel", "refresh", "place")
PATHS = ("top", "bottom")
DECKS = ("hero", "antihero")


def _ids(cards: Iterable[Any] | None) -> set[str]:
    return {str(c.get("id")) for c in cards or () if isinstance(c, dict)}


def _row_ids(view: dict[str, Any]) -> set[str]:
    return {str(c.get("id")) for row in view.get("rows") or () for c in row.get("cards") or ()}


def _char_ids(view: dict[str, Any]) -> set[str]:
    return {str(s["card"].get("id")) for s in view.get("tableau") or () if isinstance(s.get("card"), dict)}


def home(view: dict[str, Any], action_id: str) -> tuple[str, str] | None:
    """The component (kind, key) that shows `action_id`, or None for the decision panel."""
    parts = action_id.split(":")
    head, rest = parts[0], parts[1:]
    if len(rest) == 1:
        key = rest[0]
        if head == "keep" and key in _ids(view.get("dealt")):
            return ("dealt", key)
        if head in ROW_ACTIONS and key in _row_ids(view):
            return ("card", key)
        if head == "play" and key in _ids(view.get("hand")):
            return ("hand", key)
        if head == "power" and key in _char_ids(view):
            return ("char", key)
        if head in ("spend", "sacrifice") and key in _ids(view.get("allies")):
            return ("ally", key)
        if head == "choose" and key in DECKS:
            return ("deck", key)
        return None
    if head == "challenge" and len(rest) == 2 and rest[1] in PATHS and rest[0] in _row_ids(view):
        return ("path", f"{rest[0]}:{rest[1]}")
    if action_id in ("dark", "cast", "accept") and view.get("challenge"):
        return ("challenge", "")
    if action_id == "confront" and view.get("adversary"):
        return ("adversary", "")
    return None  # end_turn and anything unforeseen: the panel draws it


# ---------------------------------------------------------------- the board's symbols

# English names (said in the reader's language where shown: named_symbol, the templates' `|t`).
NAMES = {"str": N_("Strength"), "dex": N_("Dexterity"), "con": N_("Constitution"), "int": N_("Intelligence"),
         "wis": N_("Wisdom"), "cha": N_("Charisma"), "divinity": N_("Divinity"), "justice": N_("Justice"),
         "nature": N_("Nature"), "arcane": N_("Arcane"), "royalty": N_("Royalty"), "villainy": N_("Villainy"),
         "virtue": N_("Virtue"), "corruption": N_("Corruption"), "triumph": N_("Triumph"), "tragedy": N_("Tragedy"),
         "experience": N_("Experience"), "hero": N_("Hero card"), "antihero": N_("Antihero card")}


@lru_cache(maxsize=1024)  # a board draws a few dozen symbols some three hundred times
def symbol(key: str, label: str = "", cls: str = "") -> Markup:
    """One symbol of the game's sprite; with a label it is announced (role=img), without it is decorative.

    A template global rather than a macro: a Jinja macro call costs more than the markup it makes."""
    head = f'<svg class="icon ci ci-{escape(key)}{" " + escape(cls) if cls else ""}" '
    if label:
        head += f'role="img"><title>{escape(label)}</title>'  # the title names it (app.ui.templating.icon)
    else:
        head += 'aria-hidden="true">'
    drawing = href("call_to_adventure", name_of("call_to_adventure", "symbols", key))
    return Markup(f'{head}<use href="{escape(drawing)}"></use></svg>')


def named_symbol(key: str) -> Markup:
    """A symbol announced by its name (Strength, Divinity, Hero card...), in the reader's language."""
    return symbol(key, say(NAMES.get(key, key)))


# ---------------------------------------------------------------- look closer

def _story(view: dict[str, Any], look_id: str) -> Look | None:
    for row in view.get("rows") or ():
        card = by_id(row.get("cards"), look_id)
        if card:
            return Look(look_id, "story", card, "row", {"act": row.get("act")})
        for c in row.get("cards") or ():
            if isinstance(c.get("ally"), dict) and c["ally"].get("id") == look_id:
                return Look(look_id, "story", c["ally"], "with", {"on": c})
    ally = by_id(view.get("allies"), look_id)
    if ally:
        return Look(look_id, "story", ally, "ally")
    adversary = view.get("adversary") or {}
    if isinstance(adversary.get("card"), dict) and adversary["card"].get("id") == look_id:
        return Look(look_id, "story", adversary["card"], "adversary", {"adversary": adversary})
    return None


def _character(view: dict[str, Any], look_id: str) -> Look | None:
    for slot in view.get("tableau") or ():
        if isinstance(slot.get("card"), dict) and slot["card"].get("id") == look_id:
            return Look(look_id, "character", slot["card"], "tableau", {"slot": slot})
    card = by_id(view.get("dealt"), look_id)
    return Look(look_id, "character", card, "dealt") if card else None


def _hero(view: dict[str, Any], look_id: str) -> Look | None:
    card = by_id(view.get("hand"), look_id)
    if card:
        return Look(look_id, "hero", card, "hand")
    revealed = (view.get("adversary") or {}).get("revealed")
    if isinstance(revealed, dict) and revealed.get("id") == look_id:
        return Look(look_id, "hero", revealed, "adversary")
    return None


def find_look(view: dict[str, Any], look_id: str) -> Look | None:
    if look_id == "runes":
        return Look(look_id, "runes", view.get("runes") or [], extra={"abilities": view.get("abilities") or {}})
    if look_id.startswith("r-"):
        rune = by_id(view.get("runes"), look_id[2:])
        return Look(look_id, "rune", rune, extra={"abilities": view.get("abilities") or {}}) if rune else None
    if look_id == "adv-d":
        adversary = view.get("adversary")
        return Look(look_id, "adv-deck", adversary) if adversary else None
    return _story(view, look_id) or _character(view, look_id) or _hero(view, look_id)


# ---------------------------------------------------------------- what travels

def _cta_cards(v: View) -> dict[str, str]:
    """Each card the board shows (its id is its part id) -> where it lies: a row, a story slot, the hand..."""
    at: dict[str, str] = {}
    for row in v.get("rows") or ():
        for card in row.get("cards") or ():
            at[card["id"]] = f"row-{row.get('act')}"
    for slot in v.get("tableau") or ():
        if slot.get("card"):
            at[slot["card"]["id"]] = f"char-{slot.get('slot')}"
        for card in slot.get("placed") or ():
            at[card["id"]] = f"story-{slot.get('slot')}"
    for place in ("dealt", "hand", "played", "allies"):
        for card in v.get(place) or ():
            at[card["id"]] = place
    return at


def trips(before: View, after: View, events: Events) -> Trips:
    """A card gained slides from its row into the story, a chosen character into its slot, a played card from
    the hand; a Hero or Antihero card drawn comes from its deck."""
    trips = Trips()
    was, now = _cta_cards(before), _cta_cards(after)
    hand = {card["id"]: card.get("kind") for card in after.get("hand") or ()}
    for card, place in now.items():
        old = was.get(card)
        if old is not None and old != place and not place.startswith("row-"):
            trips.moved[card] = Trip(card)
        elif old is None and card in hand and hand[card] in ("hero", "antihero"):
            trips.moved[card] = Trip(f"hd-{hand[card]}")
    return trips


# ---------------------------------------------------------------- a move told step by step

SLOT_PARTS = tuple(f"s-{slot}" for slot in ("origin", "motivation", "destiny"))
FIXED_PARTS = ("turn", "xp", "cor", "a1", "a2", "a3", *SLOT_PARTS, "hand", "hd-hero", "hd-antihero", "runes", "exp",
               "track")


def _parts(v: View) -> set[str]:
    """Every data-part the board of view `v` draws (templates/games/call_to_adventure/)."""
    found = set(FIXED_PARTS) | set(_cta_cards(v))
    if v.get("destiny"):
        found |= {"dest", "destiny"}
    adversary = v.get("adversary")
    if isinstance(adversary, dict):
        found |= {"adv", "adv-c", "adv-d"}
        for key in ("card", "revealed"):
            if isinstance(adversary.get(key), dict):
                found.add(str(adversary[key].get("id")))
    challenge = v.get("challenge")
    if isinstance(challenge, dict):
        found.add("chal")
        if challenge.get("cast"):
            found.add("total")
            found |= {f"cr-{c.get('rune')}" for c in challenge["cast"] if isinstance(c, dict)}
    return found


def _cast_parts(data: dict[str, Any]) -> list[str]:
    return ["chal"] + [f"cr-{str(f).rsplit('-', 1)[0]}" for f in data.get("faces") or ()] + ["total"]


def _touches(event: dict[str, Any], before: View, after: View) -> tuple[str, ...]:
    """The components a Call to Adventure event concerns, as data-part ids drawn on the board of the move's answer
    (a card that left the table gives way to where it lay: its row, the challenge panel)."""
    kind = str(event.get("kind") or "")
    data = event.get("data") if isinstance(event.get("data"), dict) else {}
    card = str(data.get("card") or "")
    act = data.get("act")
    row = [f"a{act}"] if act in (1, 2, 3) else []
    want: list[str] = []
    if kind in ("keep", "trait", "use", "stack"):
        want = [card] + (["xp"] if kind == "trait" else ["chal"] if kind == "stack" else [])
    elif kind == "draw":
        want = [card, f"hd-{data.get('deck') or 'hero'}"]
    elif kind == "challenge":
        want = [card, "chal"]
    elif kind == "final":
        want = ["chal", "adv-c", card, "adv"]
    elif kind == "dark":
        want = ["chal", "xp", "runes"]
    elif kind == "cast":
        want = _cast_parts(data)
    elif kind == "effect":
        want = ["total", "chal"]
    elif kind == "result":
        want = [card, "total", "chal", "adv-c"]
    elif kind == "place":
        want = [card, f"s-{data.get('slot')}"]
    elif kind == "act":
        want = [f"s-{data.get('slot')}", "a" + str(min(3, int(act) + 1)) if isinstance(act, int) else ""]
    elif kind == "ally":
        want = [card, str(data.get("ally") or "")] + row
    elif kind == "reveal":
        want = [card] if card else row
    elif kind in ("travel", "refresh"):
        want = row + (["xp"] if kind == "travel" else [])
    elif kind == "exp":
        want = ["xp", "exp"]
    elif kind == "corruption":
        want = ["cor", "track"]
    elif kind == "adversary":  # its track moved, a card revealed, or what the card did
        effect = data.get("effect")
        want = [card, "adv-d"] if card else ["adv-c", "adv"] if "adv" in data else ["adv-d"] if effect == "shuffle" \
            else ["chal", "adv-c"] if effect == "difficulty" else ["total", "chal"] if effect == "total" \
            else ["xp", "exp", "adv-c"] if effect == "steal_exp" else ["adv-c", "turn"]
    elif kind == "turn":
        want = ["turn"]
    elif kind in ("won", "lost"):
        want = ["adv-c", "dest", "destiny"]
    return drawn(want, _parts(after))


def _faces(event: dict[str, Any]) -> tuple[str, ...]:
    """The drawings of the rune faces a cast showed, in casting order (the pictures' group "faces")."""
    data = event.get("data") if isinstance(event.get("data"), dict) else {}
    return tuple(name for name in (name_of("call_to_adventure", "faces", f) for f in data.get("faces") or ()) if name)


# Phases a player must notice: an act of the story completed (the next one begins), a new act's row turned face up,
# the final reckoning (the story told, the Adversary faced), and its outcome.
BANNERS = frozenset({"act", "final", "won", "lost"})


def _banner(event: dict[str, Any], text: str) -> Any:
    """A new act's row revealed is announced as the board names the act, "Act II revealed"; the others in their
    line's words."""
    kind = str(event.get("kind") or "")
    data = event.get("data") if isinstance(event.get("data"), dict) else {}
    act = data.get("act")
    if kind == "reveal" and isinstance(act, int) and not isinstance(act, bool) and act > 1:
        return words("Act {act} revealed", act=act_numeral(act))
    return text if kind in BANNERS else ""


TOLD = Told(touches=_touches, banners=BANNERS, faces=_faces, banner=_banner)


# The tale: a "turn" line opens each turn after the first, a "final" line the final confrontation; lines of the
# setup's kinds before turn 1's first move are the setup (the tale begins, the rows, the character kept).
CHRONICLE = Chronicle(current=lambda view: int(view.get("turn") or 1), final_kind="final",
                      setup_kinds=frozenset({"setup", "reveal", "keep", "adversary", "exp"}))

TEMPLATE_GLOBALS = {"cta_symbol": symbol, "cta_named_symbol": named_symbol, "cta_names": NAMES}
