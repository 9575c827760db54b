"""Where each Platformer action is drawn on its board (see games/platformer/CONTRACT.md for the ids).

- a die of the tray: `use:SRC`, `add:SRC`, `save:SRC`, `reroll:SRC`, and `gem:SRC` (upgrading a one-die part)
- the forge strip of the tray: `forge:A:B`, `addforge:A:B`, `saveforge:A:B`
- the symbol being used (its box in the decision panel): `gem:A+B` (a forged pair), `as:SYMBOL`, `take`, `star`,
  `done`, `cancel`
- a cell of the tower: `step:`, `portal:`, `shift:`, `respawn:`, `push:` a cell; `strike:`/`grab:` the enemy's cell
- the hero card (`ability`), a held item/potion/artifact (`item:`, `potion:`), a shop card (`buy:`)
- the tower's bar: `gravity`, `gravity:drop`
Anything else (`end_actions`, `save:skip`, an id this module does not know) goes to the decision panel.

Platformer's lookable components: the small cards (k<id>: items, potions, artifacts, held or in the shop),
the figures on the tower (hero, boss, e-<id>), the hero card (hero-c), the boss card (boss-c), the Event
card (event) and each level's enemy card (le<level>).
"""

from __future__ import annotations

from typing import Any

from app.ui.chronicle import Chronicle
from app.ui.look import Look, by_id
from app.ui.pictures import name_of
from app.ui.story import Told, drawn
from app.ui.travel import Events, Trip, Trips, View, through

Home = tuple[str, str] | None

_DIE_VERBS = {"use", "add", "save", "reroll"}
_CELL_VERBS = {"step", "portal", "shift", "respawn", "push"}
_FORGE_VERBS = {"forge", "addforge", "saveforge"}
_USE_CONTROLS = {"take", "star", "done", "cancel"}


def _sources(view: dict[str, Any]) -> set[str]:
    """The dice the tray draws: action dice, bonus symbols and the special die."""
    ids = {d.get("id") for d in view.get("dice") or ()} | {b.get("id") for b in view.get("bonus") or ()}
    if view.get("special") is not None:
        ids.add("sp")
    return {str(i) for i in ids if i}


def _cells(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {c["id"]: c for c in (view.get("map") or {}).get("cells") or () if isinstance(c, dict) and "id" in c}


def _figure_cell(view: dict[str, Any], figure_id: str) -> str | None:
    for cell in _cells(view).values():
        figure = cell.get("figure")
        if figure and figure.get("id") == figure_id and figure.get("kind") != "hero":
            return cell["id"]
    return None


def _ids(cards: Any) -> set[str]:
    return {str(c.get("id")) for c in cards or () if isinstance(c, dict)}


def _held(view: dict[str, Any]) -> set[str]:
    return _ids(view.get("items")) | _ids(view.get("potions")) | _ids(view.get("artifacts"))


def _in_shop(view: dict[str, Any]) -> set[str]:
    shop = view.get("shop") or {}
    return _ids(shop.get("items")) | _ids(shop.get("potions"))


def _use_decision(view: dict[str, Any]) -> dict[str, Any] | None:
    decision = view.get("decision")
    return decision if isinstance(decision, dict) and decision.get("kind") == "use" else None


def home(view: dict[str, Any], action_id: str) -> Home:
    """Where a Platformer action id lives on the board, or None for the decision panel."""
    head, _, rest = action_id.partition(":")
    if head in _DIE_VERBS and rest in _sources(view):
        return ("die", rest)
    if head == "gem" and rest:
        if rest in _sources(view):
            return ("die-gem", rest)
        use = _use_decision(view)
        parts = {str(p.get("id")) for p in (use or {}).get("parts") or () if isinstance(p, dict)}
        return ("part-gem", rest) if rest in parts else None
    if head in _FORGE_VERBS and rest:
        return ("forge", "")
    if head in _CELL_VERBS and rest in _cells(view):
        return ("cell", rest)
    if head in ("strike", "grab") and rest:
        where = _figure_cell(view, rest)
        return ("cell", where) if where else None
    if head == "as" and rest:
        return ("as", "")
    if action_id in _USE_CONTROLS:
        return ("use", "") if _use_decision(view) else None
    if action_id == "ability":
        return ("hero", "")
    if head in ("item", "potion") and rest in _held(view):
        return ("card", rest)
    if head == "buy" and rest in _in_shop(view):
        return ("shop", rest)
    if head == "gravity":
        return ("tower", "")
    return None


# ---------------------------------------------------------------- look closer

def _small_card(view: dict[str, Any], look_id: str) -> Look | None:
    wanted = look_id[1:]
    shop = view.get("shop") or {}
    for where, kind, cards in (("held", "item", view.get("items")), ("held", "potion", view.get("potions")),
                               ("held", "artifact", view.get("artifacts")), ("shop", "item", shop.get("items")),
                               ("shop", "potion", shop.get("potions")),
                               ("table", "artifact", view.get("artifacts_table"))):
        card = by_id(cards, wanted)
        if card:
            return Look(look_id, "small", card, where, {"what": kind})
    return None


def _figure(view: dict[str, Any], look_id: str) -> Look | None:
    wanted = look_id.removeprefix("e-")
    for cell in (view.get("map") or {}).get("cells") or ():
        figure = cell.get("figure") if isinstance(cell, dict) else None
        if figure and (figure.get("kind") == look_id or figure.get("id") == wanted and look_id.startswith("e-")):
            level = by_id((view.get("map") or {}).get("levels"), str(cell.get("level")), "level")
            return Look(look_id, "figure", figure, "tower", {"cell": cell, "level": level, "view": view})
    return None


def find_look(view: dict[str, Any], look_id: str) -> Look | None:
    if look_id[:1] == "k":
        return _small_card(view, look_id)
    if look_id in ("hero", "boss") or look_id.startswith("e-"):
        return _figure(view, look_id)
    if look_id == "hero-c":
        return Look(look_id, "hero", view.get("hero"), extra={"view": view})
    if look_id == "boss-c" and view.get("boss"):
        return Look(look_id, "boss", view.get("boss"))
    if look_id == "event" and view.get("event"):
        return Look(look_id, "event", view.get("event"))
    if look_id.startswith("le"):
        level = by_id((view.get("map") or {}).get("levels"), look_id[2:], "level")
        return Look(look_id, "enemy", level["enemy"], extra={"level": level}) if level and level.get("enemy") else None
    return None


# ---------------------------------------------------------------- what travels

def _platformer_figures(v: View) -> dict[str, str]:
    """Each figure's part id (hero, boss, e-<id>) -> the cell it stands in."""
    at = {}
    for c in (v.get("map") or {}).get("cells") or ():
        f = c.get("figure")
        if f:
            at[f["kind"] if f["kind"] in ("hero", "boss") else f"e-{f['id']}"] = c["id"]
    return at


def trips(before: View, after: View, events: Events) -> Trips:
    trips = Trips()
    was, now = _platformer_figures(before), _platformer_figures(after)
    for part, cell in now.items():
        old = was.get(part)
        if old is None or old == cell:
            continue
        figure = part if part in ("hero", "boss") else part[2:]
        steps = [str(c) for e in events if (e.get("data") or {}).get("figure") == figure
                 for c in e["data"].get("cells") or ()]
        path = through(old, steps)
        trips.moved[part] = Trip(old, path if path and path[-1] == cell else ())
    return trips

# The adventure log: each "turn" line is the heading of its turn (the game starts in turn 1, its setup unlogged).
CHRONICLE = Chronicle(headings=True, current=lambda view: int(view.get("turn") or 1))


# ---------------------------------------------------------------- the story of a move (issue #25)

_FIGURE_PARTS = ("hero", "boss")


def _figure_part(fid: Any) -> str:
    """A figure's data-part on the tower: "hero", "boss", or "e-<id>" for an enemy or summon."""
    return str(fid) if fid in _FIGURE_PARTS else f"e-{fid}"


def _parts(view: View) -> set[str]:
    """The data-part ids the board draws for this view (templates/games/platformer/), to touch only what is there."""
    found = {"turn", "left", "hp", "gold", "gems", "hero-st", "event", "roll", "d-sp", "d-en", "score"}
    if view.get("boss"):
        found.add("boss-c")
    if view.get("artifacts_table"):
        found.add("arts")
    found |= {f"d-{i}" for i in _sources(view)}
    for level in (view.get("map") or {}).get("levels") or ():
        if isinstance(level, dict):
            found |= {f"lv{level.get('level')}", f"le{level.get('level')}"}
    found |= set(_cells(view)) | set(_platformer_figures(view))
    found |= {f"k{i}" for i in _held(view) | _in_shop(view) | _ids(view.get("artifacts_table"))}
    return found


def _new_dice(before: View, after: View, key: str = "used") -> list[str]:
    """The dice (and bonus symbols) whose `key` changed in this move: used, rerolled, added."""
    was = {str(d.get("id")): d for d in (before.get("dice") or []) + (before.get("bonus") or []) if isinstance(d, dict)}
    out = []
    for d in (after.get("dice") or []) + (after.get("bonus") or []):
        if isinstance(d, dict) and (str(d.get("id")) not in was or was[str(d.get("id"))].get(key) != d.get(key)):
            out.append(f"d-{d.get('id')}")
    return out


def _touches(event: dict[str, Any], before: View, after: View) -> tuple[str, ...]:
    """The components a Platformer event concerns, as data-part ids drawn on the board of the move's answer."""
    kind = str(event.get("kind") or "")
    data = event.get("data") if isinstance(event.get("data"), dict) else {}
    want: list[str] = []
    figure = data.get("figure")
    if kind == "turn":
        want = ["turn", "left"]
    elif kind == "event":
        want = ["event", "left"]
    elif kind == "roll":
        want = [f"d-d{i}" for i in range(len(data.get("faces") or ()))] + ["roll"]
    elif kind == "reroll":
        want = [f"d-{d}" for d in data.get("dice_ids") or ()] or ["roll"]
    elif kind == "enemy_die":
        want = ["d-en"]
    elif kind == "enemies_move":
        want = [_figure_part(f) for f in data.get("moved") or ()] or ["d-en"]
    elif kind in ("reveal", "remove", "boss_level"):
        level = data.get("level")
        want = [f"lv{level}", f"le{level}"] if level is not None else []
        if kind == "reveal":
            was = set(_platformer_figures(before))
            want += [p for p in _platformer_figures(after) if p not in was and p != "hero"]
    elif kind == "boss":
        want = ["boss", "boss-c", str(data.get("cell") or "")]
    elif kind == "summon":
        want = [_figure_part(data["summoned"])] if data.get("summoned") else ["boss-c"]
    elif kind in ("boss_turn", "boss_card"):
        want = ["boss", "boss-c"]
    elif kind in ("move", "respawn", "fall", "push", "shift", "boss_move", "grab"):
        who = figure or data.get("target") or "hero"
        want = [_figure_part(who)] + [str(c) for c in (data.get("cells") or ())[-1:]] + [str(data.get("cell") or "")]
    elif kind in ("wound", "shield", "thief", "maul", "curse"):
        want = [_figure_part(data["by"])] if data.get("by") else []
        want += {"wound": ["hp", "hero-st", "hero"], "shield": ["hero"], "thief": ["gold"], "maul": ["d-sp"],
                 "curse": ["gems"]}[kind]
    elif kind in ("heal", "token"):
        want = ["hp", "hero-st", "hero"]
    elif kind in ("attack", "defeat", "boss_defeated"):
        want = [_figure_part(data["target"])] if data.get("target") else []
        want += [str(data.get("cell") or ""), "gold" if kind == "defeat" else "boss-c"]
    elif kind == "pickup":
        want = [str(data.get("cell") or ""), "gold", "gems"]
    elif kind in ("gold", "drain"):
        want = ["gold"]
    elif kind in ("gems", "gem"):
        want = ["gems"]
    elif kind in ("buy", "item", "potion", "artifact"):
        want = [f"k{data['card']}"] if data.get("card") else []
        want += {"buy": ["gold"], "potion": ["hero-st"], "artifact": ["arts"]}.get(kind, [])
    elif kind == "bonus":
        want = _new_dice(before, after) or ["hero-st"]
    elif kind in ("use", "save"):
        want = [f"d-{d}" for d in data.get("dice_ids") or ()] or _new_dice(before, after)
        want += ["d-sp"] if kind == "save" else []
    elif kind == "special":
        want = ["d-sp"]
    elif kind == "gravity":
        want = ["hero"]
    elif kind == "setup":
        want = ["hero", "boss-c"]
    return drawn(want, _parts(after))


def _faces(event: dict[str, Any]) -> tuple[str, ...]:
    """The drawings of the symbol dice an event threw (the action dice, a reroll, the enemy die), from the
    pictures' group "faces"."""
    data = event.get("data") if isinstance(event.get("data"), dict) else {}
    return tuple(name_of("platformer", "faces", face or "blank") for face in data.get("faces") or ())


# Phases a player must notice: a new turn, a level revealed (the boss level too), the boss fight begun, the boss's
# turn, the end.
TOLD = Told(touches=_touches, banners=frozenset({"turn", "reveal", "boss_level", "boss_turn", "over"}), faces=_faces)
