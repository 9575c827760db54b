"""Every legal action now (`legal`) and carrying one out (`perform`); ids as in CONTRACT.md.

The answer to a pending decision (a push, a forge, a pick, a reroll, a symbol being used) comes first; with
none pending, the action step offers symbols, forging, gravity, the shop, items, potions, the ability and
ending the step; the save step offers saving a symbol on the special die.
"""

from __future__ import annotations

from games.engine import N_, Action, Event, Words, words, words_n
from games.platformer import effects as fx
from games.platformer import movement as mv
from games.platformer import symbols as sy
from games.platformer import useful as us
from games.platformer.components import SYMBOLS, Components
from games.platformer.table import State, enemy_stats, face_word, gem_step_cost, has_token, mod, restored, say
from games.platformer.turn import end_turn

MAKE_SYMBOL = {"move": N_("Make it a move symbol"), "sword": N_("Make it a sword symbol"),
               "gold": N_("Make it a gold symbol"), "hand": N_("Make it a move-an-enemy symbol"),
               "star": N_("Make it a star symbol")}
SAVE_SYMBOL = {"move": N_("Save a move symbol"), "sword": N_("Save a sword symbol"), "gold": N_("Save a gold symbol"),
               "hand": N_("Save a move-an-enemy symbol"), "star": N_("Save a star symbol")}
USE_PURPOSE = {"move": N_("Use {die} to move"), "sword": N_("Use {die} to attack"), "gold": N_("Use {die} for gold"),
               "hand": N_("Use {die} to move an enemy"), "star": N_("Use {die} for its star effect")}


def _where(cell: str) -> str:
    return mv.describe(cell)


def _step_label(comp: Components, s: State, cell: str) -> Words:
    """A step says the wounds it is sure to cost (the enemies it leaves, a trap, an Ent's roots), and when they
    would knock the hero out: "Move, taking 2 wounds, to level 2, row 3, column 3"."""
    n = mv.step_wounds(comp, s, cell)
    if not n:
        return words("Move to {cell}", cell=_where(cell))
    # The wounds come before the cell: a phone's two-line button shows the start of a label
    if n >= s["health"]:
        return words_n("Move, knocked out by {n} wound, to {cell}", "Move, knocked out by {n} wounds, to {cell}", n,
                       cell=_where(cell))
    return words_n("Move, taking {n} wound, to {cell}", "Move, taking {n} wounds, to {cell}", n, cell=_where(cell))


def _alike(comp: Components, s: State, fid: str, targets: list[str]) -> bool:
    """Whether another of `targets` bears this figure's name (three Goblins): its label then says where it stands,
    or the choices would read the same (and the bar, which shows one choice per name, would offer one)."""
    name = enemy_stats(comp, s, fid)["name"]
    return sum(enemy_stats(comp, s, f)["name"] == name for f in targets) > 1


def _grab_label(comp: Components, s: State, fid: str, targets: list[str]) -> Words:
    name = enemy_stats(comp, s, fid)["name"]
    if _alike(comp, s, fid, targets):
        return words("Move the {enemy} on {cell}", enemy=name, cell=_where(s["figs"][fid]["cell"]))
    return words("Move the {enemy}", enemy=name)


def _strike_label(comp: Components, s: State, fid: str, total: int, targets: list[str]) -> Words:
    name = enemy_stats(comp, s, fid)["name"]
    if _alike(comp, s, fid, targets):
        return words_n("Strike the {enemy} on {cell} for {n} wound", "Strike the {enemy} on {cell} for {n} wounds",
                       total, enemy=name, cell=_where(s["figs"][fid]["cell"]))
    return words_n("Strike the {enemy} for {n} wound", "Strike the {enemy} for {n} wounds", total, enemy=name)


def _pending_actions(comp: Components, s: State, strict: bool) -> list[Action]:
    if s["push"] is not None:
        name = enemy_stats(comp, s, s["push"]["figure"])["name"]
        return [Action(f"push:{c}", words("Push the {enemy} to {cell}", enemy=name, cell=_where(c)), "map")
                for c in mv.push_targets(comp, s)]
    p = s["pending"]
    if p["kind"] in ("forge", "save_forge", "pick"):
        useful = us.forge_symbols(comp, s, set(p["parts"])) if p["kind"] == "forge" and strict else SYMBOLS
        return [Action(f"as:{sym}", words(MAKE_SYMBOL[sym]), "panel") for sym in useful]
    if p["kind"] == "reroll":
        return [Action(f"reroll:d{i}", words("Reroll {die}", die=sy.die_name(s, f"d{i}")), "dice")
                for i, d in enumerate(s["dice"]) if not d["used"]]
    return _use_actions(comp, s, p, strict)


def _use_actions(comp: Components, s: State, p: dict, strict: bool) -> list[Action]:
    sym, out = p["symbol"], []
    if sym == "respawn":
        out += [Action(f"respawn:{c}", words("Respawn at {cell}", cell=_where(c)), "map")
                for c in sy.respawn_cells(comp, s)]
        return out + [Action("cancel", words("Give the symbol back"), "panel")]
    if sym == "move":
        out += [Action(f"step:{c}", _step_label(comp, s, c), "map") for c in mv.hero_steps(comp, s)]
        out += [Action(f"portal:{c}", words("Through the portal to {cell}", cell=_where(c)), "map")
                for c in mv.portal_targets(comp, s)]
    elif sym == "sword":
        src = sy.sources(s)
        out += [Action(f"add:{k}", words("Add {die} to the attack", die=sy.die_name(s, k)), "dice")
                for k in sy.sword_sources(comp, s)]
        if not has_token(s, "jam"):
            out += [Action(f"addforge:{a}:{b}", words("Forge {dice} into a sword for the attack",
                                                      dice=sy.names(s, (a, b))), "dice")
                    for a, b in sy.equal_pairs(src)]
        total = sy.value(comp, s, p)
        targets = sy.strike_targets(comp, s)
        out += [Action(f"strike:{f}", _strike_label(comp, s, f, total, targets), "map") for f in targets]
    elif sym == "gold":
        out.append(Action("take", words("Take {n} gold", n=sy.value(comp, s, p)), "panel"))
    elif sym == "hand":
        if p["enemy"] is None:
            targets = sy.grab_targets(comp, s)
            out += [Action(f"grab:{f}", _grab_label(comp, s, f, targets), "map") for f in targets]
        else:
            name = enemy_stats(comp, s, p["enemy"])["name"]
            out += [Action(f"shift:{c}", words("Move the {enemy} to {cell}", enemy=name, cell=_where(c)), "map")
                    for c in mv.shift_targets(comp, s, p["enemy"])]
    elif sym == "star":
        out.append(Action("star", words("Resolve the star effect"), "panel"))
    # Gems after the symbol's own uses: the first choice (the bar's first key, its Enter) spends nothing
    for part in p["parts"]:
        cost = gem_step_cost(s, part["mult"])
        if s["gems"] >= cost and (sym != "star" or _star_grows(comp, s, p, strict)):
            out.append(Action(f"gem:{part['id']}", words_n("Spend {n} gem to count {part} ×{mult}",
                                                           "Spend {n} gems to count {part} ×{mult}", cost,
                                                           part=sy.part_name(s, part["id"]), mult=part["mult"] + 1),
                              "dice"))
    if p["started"]:
        out.append(Action("done", words("Finish with this die (the rest of it is lost)"), "panel"))
    else:
        out.append(Action("cancel", words("Give the symbol back"), "panel"))
    return out


def _star_grows(comp: Components, s: State, p: dict, strict: bool) -> bool:
    """A gem on a star with effects resolves them once more: offered only if that does something."""
    times = sum(x["mult"] for x in p["parts"]) + 1
    return us.effects_possible(comp, s, comp.heroes[s["opts"]["hero"]].raw["star"]["effects"], times, strict)


def _main_actions(comp: Components, s: State, strict: bool) -> list[Action]:
    src = sy.sources(s)
    if s["hero_cell"] is None:
        return [Action(f"use:{k}", words("Respawn with {die}", die=sy.die_name(s, k)), "dice") for k in src]
    out = [Action(f"use:{k}", words(USE_PURPOSE[f], die=sy.die_name(s, k)), "dice")
           for k, f in src.items() if us.symbol_useful(comp, s, f, {k}, strict)]
    if not has_token(s, "jam"):
        out += [Action(f"forge:{a}:{b}", words("Forge {dice} into any symbol", dice=sy.names(s, (a, b))), "dice")
                for a, b in sy.equal_pairs(src) if us.forge_symbols(comp, s, {a, b}, strict)]
    out.append(Action("gravity", words("Apply gravity now"), "panel"))
    if mv.hero_unsupported_on_ladder(comp, s):
        out.append(Action("gravity:drop", words("Apply gravity and let go of the ladder"), "panel"))
    if fx.shop_open(comp, s):
        for cid in s["shop_items"] + s["shop_potions"]:
            cost = fx.price(comp, s, cid)
            if s["gold"] >= cost:
                out.append(Action(f"buy:{cid}", words("Buy {card} ({cost} gold)", card=comp.card(cid).name, cost=cost),
                                  "shop"))
    for cid in s["items"] + s["artifacts"]:
        card = comp.card(cid).raw
        if card["kind"] == "exhaust" and cid not in s["exhausted"] \
                and us.effects_possible(comp, s, card["effects"], strict=strict):
            out.append(Action(f"item:{cid}", words("Exhaust {card}", card=card["name"]), "items"))
    for cid in s["potions"]:
        card = comp.potions[cid].raw
        if us.effects_possible(comp, s, card["effects"], strict=strict):
            out.append(Action(f"potion:{cid}", words("Drink {card}", card=card["name"]), "items"))
    if fx.ability_ready(comp, s):
        out.append(Action("ability", words("Use {hero}'s ability", hero=comp.heroes[s["opts"]["hero"]].name), "hero"))
    out.append(Action("end_actions", words("End the action step"), "panel"))
    return out


def _save_actions(comp: Components, s: State) -> list[Action]:
    if s["pending"] is not None:
        return [Action(f"as:{sym}", words(SAVE_SYMBOL[sym]), "panel") for sym in SYMBOLS]
    return save_options(comp, s) + [Action("save:skip", words("Save nothing and end the turn"), "panel")]


def save_options(comp: Components, s: State) -> list[Action]:
    if has_token(s, "stone_eye") or mod(s, "no_save"):
        return []
    dice = {f"d{i}": d["face"] for i, d in enumerate(s["dice"]) if not d["used"]}
    out = [Action(f"save:{k}", words("Save {die} on the special die", die=sy.die_name(s, k)), "dice") for k in dice]
    if not has_token(s, "jam"):
        pool = dict(dice)
        if s["special"] is not None:
            pool["sp"] = s["special"]
        out += [Action(f"saveforge:{a}:{b}", words("Forge {dice} and save any symbol", dice=sy.names(s, (a, b))),
                       "dice") for a, b in sy.equal_pairs(pool)]
    return out


def legal(comp: Components, s: State, strict: bool = True) -> list[Action]:
    """Every legal action now. `strict=False`: also the choices that lead nowhere, which builds before issue #24
    offered (useful.py): still accepted by `apply`, never offered, so that games saved then replay."""
    if s["phase"] == "over":
        return []
    if s["phase"] == "save":
        return _save_actions(comp, s)
    if s["push"] is not None or s["pending"] is not None:
        return _pending_actions(comp, s, strict)
    return _main_actions(comp, s, strict)


def perform(comp: Components, s: State, ev: list[Event], aid: str) -> None:
    head, _, rest = aid.partition(":")
    if s["phase"] == "save":
        _perform_save(comp, s, ev, head, rest)
        return
    handler = _HANDLERS[head]
    handler(comp, s, ev, rest)
    p = s["pending"]
    if p is not None and p["kind"] == "use" and s["push"] is None and p["symbol"] in ("move", "hand") \
            and p["started"] and p["steps_left"] <= 0:
        s["pending"] = None


def _perform_save(comp: Components, s: State, ev: list[Event], head: str, rest: str) -> None:
    if head == "as":
        forged = [str(x) for x in (s["pending"] or {}).get("parts") or ()]
        s["special"] = rest
        s["pending"] = None
        say(s, ev, "save", words("Saved a {face} symbol on the special die (forged).", face=face_word(rest)),
            dice_ids=forged)
    elif head == "saveforge":
        a, b = rest.split(":")
        sy.mark(s, [x for x in (a, b) if x != "sp"], True)
        s["pending"] = {"kind": "save_forge", "parts": [a, b]}
        return
    elif rest != "skip":
        s["special"] = s["dice"][int(rest[1:])]["face"]
        s["dice"][int(rest[1:])]["used"] = True
        say(s, ev, "save", words("Saved a {face} symbol on the special die.", face=face_word(s["special"])),
            dice_ids=[rest])
    end_turn(comp, s, ev)


def _use(comp: Components, s: State, ev: list[Event], rest: str) -> None:
    sy.start_use(comp, s, ev, [rest], sy.sources(s)[rest])


def _forge(comp: Components, s: State, ev: list[Event], rest: str) -> None:
    a, b = rest.split(":")
    sy.mark(s, [a, b], True)
    s["pending"] = {"kind": "forge", "parts": [a, b]}


def _as(comp: Components, s: State, ev: list[Event], rest: str) -> None:
    p = s["pending"]
    if p["kind"] == "pick":
        p["left"] -= 1
        if p["left"] <= 0:
            s["pending"] = None
        fx.add_bonus(s, ev, rest, restored(p["source"]))
        return
    sy.mark(s, p["parts"], False)
    sy.start_use(comp, s, ev, p["parts"], rest)


def _gem(comp, s, ev, rest):
    sy.upgrade(comp, s, ev, rest)


def _add(comp, s, ev, rest):
    sy.add_sword(comp, s, ev, [rest])


def _addforge(comp, s, ev, rest):
    sy.add_sword(comp, s, ev, rest.split(":"))


def _strike(comp, s, ev, rest):
    sy.strike(comp, s, ev, rest)


def _step(comp, s, ev, rest):
    sy.step(comp, s, ev, rest)


def _portal(comp, s, ev, rest):
    sy.step(comp, s, ev, rest, portal=True)


def _push(comp, s, ev, rest):
    mv.place_pushed(comp, s, ev, rest)


def _take(comp, s, ev, rest):
    sy.take_gold(comp, s, ev)


def _grab(comp, s, ev, rest):
    sy.grab(comp, s, ev, rest)


def _shift(comp, s, ev, rest):
    sy.shift(comp, s, ev, rest)


def _star(comp, s, ev, rest):
    sy.use_star(comp, s, ev)


def _respawn(comp, s, ev, rest):
    sy.respawn(comp, s, ev, rest)


def _done(comp, s, ev, rest):
    s["pending"] = None
    say(s, ev, "done", words("The rest of the symbol is lost."))


def _cancel(comp, s, ev, rest):
    sy.cancel(s, ev)


def _reroll(comp, s, ev, rest):
    s["pending"] = None
    fx.reroll(s, ev, [int(rest[1:])], comp)


def _gravity(comp, s, ev, rest):
    mv.gravity(comp, s, ev, drop=rest == "drop")


def _buy(comp, s, ev, rest):
    fx.buy(comp, s, ev, rest)


def _item(comp, s, ev, rest):
    fx.use_item(comp, s, ev, rest)


def _potion(comp, s, ev, rest):
    fx.drink(comp, s, ev, rest)


def _ability(comp, s, ev, rest):
    fx.use_ability(comp, s, ev)


def _end_actions(comp, s, ev, rest):
    s["phase"] = "save"
    say(s, ev, "end_actions", words("Action step over."))
    if not save_options(comp, s):
        end_turn(comp, s, ev)


_HANDLERS = {
    "use": _use, "forge": _forge, "as": _as, "gem": _gem, "add": _add, "addforge": _addforge, "strike": _strike,
    "step": _step, "portal": _portal, "push": _push, "take": _take, "grab": _grab, "shift": _shift,
    "star": _star, "respawn": _respawn, "done": _done, "cancel": _cancel, "reroll": _reroll,
    "gravity": _gravity, "buy": _buy, "item": _item, "potion": _potion, "ability": _ability,
    "end_actions": _end_actions,
}
