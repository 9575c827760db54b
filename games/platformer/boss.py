"""The boss: its setup when the boss level is revealed, summons, the boss tokens the hero takes, attack ranges,
and the boss turn of each mechanic (Medusa: roll the enemy die and draw until a card matches; Overlord Ikee:
draw two and resolve the one matching the hero's most frequent action-die symbol, both on a tie).
"""

from __future__ import annotations

from collections import Counter

from games.engine import Event, Rng, words
from games.platformer.combat import all_attack, wound
from games.platformer.components import Components
from games.platformer.geometry import COLS, cid, parse
from games.platformer.table import (
    State,
    a_an,
    boss_level,
    face_word,
    layout,
    new_enemy,
    occupied,
    passive,
    say,
)


def _rng(s: State) -> Rng:
    return Rng(s["rng"])


def spawn_cells(comp: Components, s: State) -> list[str]:
    lay = layout(comp, s)
    return [c for c in lay.level_cells(boss_level(s)) if lay.cells[c].t.spawn or lay.cells[c].t.boss_spawn]


def setup_boss(comp: Components, s: State, ev: list[Event]) -> None:
    boss = comp.bosses[s["opts"]["boss"]].raw
    lay = layout(comp, s)
    taken = occupied(s)
    options = [c for c in lay.level_cells(boss_level(s)) if lay.cells[c].t.boss_spawn and c not in taken]
    rng = _rng(s)
    cell = rng.choice(options)
    s["rng"] = rng.state
    new_enemy(s, "boss", boss["id"], cell)
    say(s, ev, "boss", words("{boss} appears.", boss=boss["name"]), reveals=True, cell=cell)
    for op in boss["setup"]:
        if op["op"] == "tokens_on_specials":
            kind = boss["special"]["token"]
            for c in lay.level_cells(boss_level(s)):
                if lay.cells[c].t.special:
                    s["tokens"][c] = kind
        elif op["op"] == "summon":
            summon(comp, s, ev, op["n"])


def summon(comp: Components, s: State, ev: list[Event], n: int) -> None:
    boss = comp.bosses[s["opts"]["boss"]].raw
    sm = boss["summon"]
    for _ in range(n):
        on_map = sum(1 for f in s["figs"].values() if f["kind"] == "summon")
        free = [c for c in spawn_cells(comp, s) if c not in occupied(s)]
        if on_map >= sm["tokens"] or not free:
            say(s, ev, "summon", words("No {summon} can appear.", summon=sm["name"]))
            return
        rng = _rng(s)
        cell = rng.choice(free)
        s["rng"] = rng.state
        fid = new_enemy(s, "summon", sm["name"].lower(), cell)
        say(s, ev, "summon", words("{who} appears.", who=a_an(sm["name"], capital=True)), reveals=True, summoned=fid,
            cell=cell)


def take_token(comp: Components, s: State, ev: list[Event], kind: str) -> None:
    """The hero gains a boss token; one already held wounds instead."""
    boss = comp.bosses[s["opts"]["boss"]].raw
    name = next(t["name"] for t in boss["tokens"] if t["kind"] == kind)
    if kind in s["htokens"]:
        say(s, ev, "token", words("Already holding {token}: a wound instead.", token=name))
        wound(comp, s, ev, 1, words("a second {token}", token=name))
        return
    s["htokens"].append(kind)
    say(s, ev, "token", words("The hero takes the {token} token.", token=name))


def in_range(s: State, rng_kind: str) -> bool:
    hero, boss = s["hero_cell"], s["figs"].get("boss", {}).get("cell")
    if hero is None or boss is None:
        return False
    if rng_kind == "any" or "tracker" in s["htokens"]:
        return True
    (hr, hc), (br, bc) = parse(hero), parse(boss)
    if rng_kind == "row":
        return hr == br
    if rng_kind == "adjacent":
        return abs(hr - br) + abs(hc - bc) == 1
    if rng_kind == "around":
        return max(abs(hr - br), abs(hc - bc)) == 1
    return hr // 4 == br // 4 and hc // 4 == bc // 4  # same tile


def _teleport(comp: Components, s: State, ev: list[Event]) -> None:
    hr, hc = parse(s["hero_cell"])
    lo = (boss_level(s) - 1) * 4
    near = [cid(r, c) for r, c in ((hr, hc - 1), (hr, hc + 1), (hr + 1, hc), (hr - 1, hc))
            if 0 <= c < COLS and lo <= r < lo + 4]
    free = [c for c in near if c not in occupied(s)]
    if not free:
        return
    s["figs"]["boss"]["cell"] = free[0]
    say(s, ev, "boss_move", words("The boss leaps next to the hero."), figure="boss", cells=[free[0]])


def resolve_card(comp: Components, s: State, ev: list[Event], card_id: str) -> None:
    card = comp.boss_cards[card_id].raw
    boss = comp.bosses[s["opts"]["boss"]].raw
    say(s, ev, "boss_card", words("Boss attack: {card} — {text}", card=card["title"], text=card["text"]),
        card=card_id)
    for op in card["effects"]:
        hits = in_range(s, card["range"])
        kind = op["op"]
        if kind == "hit" and hits:
            n = max(0, op.get("n", boss["damage"]) - passive(comp, s, "boss_armor"))
            wound(comp, s, ev, n, words("{boss}'s {card}", boss=boss["name"], card=card["title"]), by="boss")
        elif kind == "token" and hits:
            take_token(comp, s, ev, op["kind"])
        elif kind == "summon":
            summon(comp, s, ev, op["n"])
        elif kind == "teleport" and s["hero_cell"]:
            _teleport(comp, s, ev)
        elif kind == "reset_special" and hits:
            s["special"] = None
        elif kind == "steal" and hits:
            s["gold"] = max(0, s["gold"] - op.get("gold", 0))
            s["gems"] = max(0, s["gems"] - op.get("gems", 0))
        elif kind == "enemies_attack":
            all_attack(comp, s, ev)


def _draw(s: State) -> str:
    if not s["boss_deck"]:
        deck = list(s["boss_discard"])
        s["boss_discard"] = []
        rng = _rng(s)
        rng.shuffle(deck)
        s["rng"] = rng.state
        s["boss_deck"] = deck
    return s["boss_deck"].pop(0)


def boss_turn(comp: Components, s: State, ev: list[Event]) -> None:
    """Resolved after a turn the hero ends on the boss level."""
    if "boss" not in s["figs"]:
        return
    boss = comp.bosses[s["opts"]["boss"]].raw
    last = {"drawn": [], "resolved": [], "die": None}
    s["boss_last"] = last
    if boss["mechanic"] == "medusa":
        rng = _rng(s)
        face = rng.choice(list(comp.dice["enemy"]))
        s["rng"] = rng.state
        last["die"] = face
        say(s, ev, "boss_turn", words("{boss}'s turn: the enemy die shows {face}.", boss=boss["name"],
                                      face=face_word(face)), reveals=True, faces=[face])
        while True:
            card = _draw(s)
            last["drawn"].append(card)
            if face in comp.boss_cards[card].raw["match"]:
                break
            s["boss_discard"].append(card)  # no match: discarded at once, so a reshuffle may bring it back
        chosen = [card]
        last["kept"] = [card]
    else:
        drawn = [_draw(s), _draw(s)]
        last["drawn"] = list(drawn)
        last["kept"] = list(drawn)
        counts = Counter(d["face"] for d in s["dice"])
        best = [max(counts.get(sym, 0) for sym in comp.boss_cards[c].raw["match"]) for c in drawn]
        titles = [comp.boss_cards[c].raw["title"] for c in drawn]
        say(s, ev, "boss_turn", words("{boss}'s turn: draws {a} and {b}.", boss=boss["name"], a=titles[0], b=titles[1]),
            reveals=True, cards=list(drawn))
        if best[0] == best[1]:
            rng = _rng(s)
            rng.shuffle(drawn)
            s["rng"] = rng.state
            chosen = drawn
        else:
            chosen = [drawn[0] if best[0] > best[1] else drawn[1]]
    try:
        for card in chosen:
            last["resolved"].append(card)
            resolve_card(comp, s, ev, card)
    finally:
        s["boss_discard"].extend(last.pop("kept"))
