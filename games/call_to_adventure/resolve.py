"""The heart of a turn: gaining a trait, a challenge from the declared path to the result, placing cards
(and ending acts), the end of a turn and the end of the game."""

from __future__ import annotations

from games.call_to_adventure.components import Components
from games.call_to_adventure.effects import (
    adv_gain,
    apply_effect,
    cast_rune,
    feed,
    gain_exp,
    note,
    origin_trigger,
    take_reward,
)
from games.call_to_adventure.names import act_numeral, kind_name, listing, rune_name
from games.call_to_adventure.scoring import destiny
from games.call_to_adventure.setup import ROW_SIZE, discard_from_row, refill, reveal_act
from games.call_to_adventure.state import SLOTS, State, fresh_flags
from games.call_to_adventure.table import base_pool, cast_data, count_under, current_slot, difficulty
from games.engine import Event, Rng, words, words_n


def gain_trait(comp: Components, s: State, ev: list[Event], card_id: str) -> None:
    card = comp.story[card_id]
    cost = sum(r.get("exp", 0) for r in card.requires if "icon" not in r)
    s.exp -= cost
    s.flags["main_done"] = True
    s.rows[str(card.act)].remove(card_id)
    note(s, ev, "trait", words("You gain the trait {card} for {n} experience.", card=card.name, n=cost) if cost
         else words("You gain the trait {card}.", card=card.name), card=card_id)
    place(comp, s, ev, card_id, "top")
    origin_trigger(comp, s, ev, "trait")
    feed(comp, s, ev, "trait")


def start_challenge(comp: Components, s: State, ev: list[Event], card_id: str, path: str, final: bool) -> None:
    s.flags["main_done"] = True
    s.pending = {"card": card_id, "path": path, "final": final, "pool": base_pool(comp, s, card_id), "dark": 0,
                 "stack": [], "mods": 0, "bonus": 0, "cast": None, "owed": 0}
    card = comp.story[card_id]
    if final:
        note(s, ev, "final", words("You face {card}, your Adversary, at last.", card=card.name), card=card_id)
    else:
        note(s, ev, "challenge", words("You attempt {card}, taking the path {path}.", card=card.name,
                                       path=card.paths[path].name), card=card_id, path=path)


def cast(comp: Components, s: State, ev: list[Event]) -> None:
    """Resolve the stacked cards (last played first), then cast every rune of the pool."""
    p = s.pending
    assert p is not None
    stack, p["stack"] = p["stack"], []
    for item in reversed(stack):
        for e in item["effects"]:
            apply_effect(comp, s, ev, e)
    rng = Rng(s.rng)
    p["cast"] = [cast_rune(comp, s, ev, rng, rid) for rid in p["pool"]]
    s.rng = rng.state
    total = sum(c["value"] for c in p["cast"])
    shown = listing([words("{rune} {value} (draw)", rune=rune_name(c["rune"]), value=c["value"]) if c["draw"]
                     else words("{rune} {value}", rune=rune_name(c["rune"]), value=c["value"]) for c in p["cast"]])
    note(s, ev, "cast", words_n("You cast {n} rune: {runes} = {total}.", "You cast {n} runes: {runes} = {total}.",
                                len(p["cast"]), runes=shown, total=total),
         reveals=True, **cast_data(comp, s, p["cast"]))
    feed(comp, s, ev, "dark", p["dark"])
    p["owed"] += sum(1 for c in p["cast"] if c["draw"])


def cast_total(s: State) -> int:
    p = s.pending
    assert p is not None and p["cast"] is not None
    return sum(c["value"] for c in p["cast"]) + p["bonus"]


def accept(comp: Components, s: State, ev: list[Event]) -> None:
    p = s.pending
    assert p is not None
    total = cast_total(s)
    need = difficulty(comp, s, p["card"], p["path"], p["final"], p["mods"])["total"]
    s.pending = None
    card = comp.story[p["card"]]
    won = total >= need
    note(s, ev, "result", words("{card}: {total} against {need}: success.", card=card.name, total=total, need=need)
         if won else words("{card}: {total} against {need}: failure.", card=card.name, total=total, need=need),
         card=card.id, total=total, need=need)
    if p["final"]:
        return _final_result(comp, s, ev, won)
    if not won:
        discard_from_row(comp, s, ev, card.id)
        gain_exp(s, ev, 1, words("a failed challenge"))
        origin_trigger(comp, s, ev, "fail")
        adv_gain(comp, s, ev, 1, words("Rise of the Adversary: you failed"))
        feed(comp, s, ev, "fail")
        return
    s.rows[str(card.act)].remove(card.id)
    ally = s.under.pop(card.id, None)
    if ally:
        s.allies.append(ally)
        note(s, ev, "ally", words("{ally} joins you.", ally=comp.story[ally].name), card=ally)
    for a in card.abilities:
        origin_trigger(comp, s, ev, f"success:{a}")
    place(comp, s, ev, card.id, p["path"])


def place(comp: Components, s: State, ev: list[Event], card_id: str, path: str) -> None:
    """A story card goes under the current character card, showing its path; three end the act."""
    slot = SLOTS[current_slot(s)]
    s.placed.append([slot, card_id, path])
    s.flags["placed"] += 1
    card = comp.story[card_id]
    note(s, ev, "place", words("{card} ({path}) goes under your {slot}.", card=card.name, path=card.paths[path].name,
                               slot=kind_name(slot)), card=card_id, slot=slot)
    take_reward(comp, s, ev, card.paths[path].reward)
    if count_under(s, slot) == 3:
        note(s, ev, "act", words("Act {n} of your story is complete.", n=act_numeral(SLOTS.index(slot) + 1)),
             slot=slot, act=SLOTS.index(slot) + 1)
        adv_gain(comp, s, ev, 2, words("Rise of the Adversary: an act ends"))


def _final_result(comp: Components, s: State, ev: list[Event], won: bool) -> None:
    name = comp.story[s.boss].name
    if not won:
        gain_exp(s, ev, 1, words("a failed challenge"))
        origin_trigger(comp, s, ev, "fail")
        adv_gain(comp, s, ev, 2, words("it survived your attack"))
        return
    s.boss_defeated = True
    score, target = destiny(comp, s), comp.solo[s.victory]["target"]
    if score >= target:
        s.result, s.reason = "won", words("{name} is defeated and your Destiny of {score} reaches {target}",
                                          name=name, score=score, target=target)
        note(s, ev, "won", words("You defeat {name}! Destiny {score} (target {target}): you have won.", name=name,
                                 score=score, target=target))
    else:
        s.result, s.reason = "lost", words("{name} is defeated, but your Destiny of {score} falls short of {target}",
                                           name=name, score=score, target=target)
        note(s, ev, "lost", words("You defeat {name}, but your Destiny of {score} is short of {target}: you have lost.",
                                  name=name, score=score, target=target))


def end_turn(comp: Components, s: State, ev: list[Event]) -> None:
    """Effects end, the rows are refilled, and the next turn starts (revealing the next act if due)."""
    if s.final and not s.flags["main_done"]:
        adv_gain(comp, s, ev, 1, words("Rise of the Adversary: a turn without facing it"))
    elif not s.flags["placed"] and not s.final:
        adv_gain(comp, s, ev, 1, words("Rise of the Adversary: a turn without a new card"))
    s.adv_discard += s.adv_revealed
    s.adv_revealed = []
    s.flags = fresh_flags()
    if s.result:
        return
    for act in s.revealed:
        if len(s.rows[str(act)]) < ROW_SIZE:
            refill(comp, s, ev, act)
    s.turn += 1
    note(s, ev, "turn", words("Turn {n} begins.", n=s.turn), turn=s.turn)
    slot = current_slot(s)
    if slot == 3:
        if not s.final:
            s.final = True
            note(s, ev, "final", words("Your story is told: now face {name}.", name=comp.story[s.boss].name),
                 card=s.boss)
        return
    if slot + 1 not in s.revealed:
        reveal_act(comp, s, ev, slot + 1)
    if not any(s.rows[str(a)] for a in s.revealed):
        s.result, s.reason = "lost", words("no story card is left for your hero to live")
        note(s, ev, "lost", words("There is no story left to live: you have lost."))
