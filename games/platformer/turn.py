"""Setup and the turn sequence of the solo game: resolve an Event, remove the lowest level, refresh, roll the
action dice and the enemy die, resolve the enemy die; after the actions: save, gravity, end of turn, boss turn.
"""

from __future__ import annotations

from typing import Any

from games.engine import Event, Rng, words
from games.platformer import levels
from games.platformer.boss import boss_turn
from games.platformer.combat import all_attack
from games.platformer.components import Components
from games.platformer.effects import apply_effects, check_artifacts
from games.platformer.movement import enemies_move, gravity
from games.platformer.table import Over, State, face_word, list_words, mod, on_boss_level, say

EVENT_TURNS = 12


def _pick(rng: Rng, chosen: str, pool: list[str]) -> str:
    return rng.choice(sorted(pool)) if chosen == "random" else chosen


def new_state(comp: Components, seed: int, opts: dict[str, str]) -> tuple[State, list[Event]]:
    rng = Rng.from_seed(seed)
    hero = _pick(rng, opts["hero"], list(comp.heroes))
    boss = _pick(rng, opts["boss"], list(comp.bosses))
    n_regular = 4 if opts["map"] == "big" else 3
    regular = sorted(t for t, tile in comp.tiles.items() if not tile.boss)
    boss_tiles = sorted(t for t, tile in comp.tiles.items() if tile.boss)
    rng.shuffle(regular)
    rng.shuffle(boss_tiles)
    lv = [regular[2 * i: 2 * i + 2] for i in range(n_regular)] + [boss_tiles[:2]]
    tiers = {t: sorted(e for e, c in comp.enemies.items() if c.raw["tier"] == t) for t in (1, 2, 3)}
    for t in tiers.values():
        rng.shuffle(t)
    enemy_cards = [tiers[1][0], tiers[2][0], tiers[3][0]] + ([tiers[3][1]] if n_regular == 4 else [])
    decks = {k: sorted(getattr(comp, k)) for k in ("items", "potions", "events", "artifacts")}
    for d in decks.values():
        rng.shuffle(d)
    boss_deck = sorted(c for c, card in comp.boss_cards.items() if card.raw["boss"] == boss)
    rng.shuffle(boss_deck)
    s: dict[str, Any] = {
        "v": 1, "rng": 0, "opts": {**opts, "hero": hero, "boss": boss, "hero_choice": opts["hero"],
                                   "boss_choice": opts["boss"]},
        "turn": 0, "phase": "actions", "result": "", "reason": "",
        "levels": lv, "lstate": ["hidden"] * len(lv), "enemy_cards": enemy_cards,
        "figs": {}, "next_fig": 1, "gold_cells": [], "gem_cells": [], "tokens": {},
        "hero_cell": None, "health": comp.heroes[hero].raw["health"], "htokens": [], "ability_used": False,
        "gold": 0, "gems": 0, "items": [], "exhausted": [], "potions": [], "artifacts": [],
        "art_table": decks["artifacts"][:2] if opts["artifacts"] == "on" else [],
        "shop_items": decks["items"][:3], "item_deck": decks["items"][3:],
        "shop_potions": decks["potions"][:3], "potion_deck": decks["potions"][3:],
        "dice": [], "bonus": [], "special": None, "special_used": False, "enemy_die": None,
        "boss_deck": boss_deck, "boss_discard": [], "boss_last": None, "overkill": 0,
        "event_deck": decks["events"], "events_played": [], "mods": {}, "end_effects": [],
        "attack_bonus": 0, "kills": 0, "turn_kills": 0, "best_attack": 0, "bought": 0, "kill_tiers": [],
        "shield_used": False, "extra_steps_used": False, "pending": None, "push": None, "log": [],
    }
    s["rng"] = rng.state
    ev: list[Event] = []
    say(s, ev, "setup", words("{hero} enters the tower; {boss} waits at the top.", hero=comp.heroes[hero].name,
                              boss=comp.bosses[boss].name))
    levels.reveal(comp, s, ev, 1)
    start_turn(comp, s, ev)
    return s, ev


def roll_enemy_die(comp: Components, s: State, ev: list[Event]) -> None:
    rng = Rng(s["rng"])
    face = rng.choice(list(comp.dice["enemy"]))
    s["rng"] = rng.state
    s["enemy_die"] = face
    say(s, ev, "enemy_die", words("Enemy die: {face}.", face=face_word(face)), reveals=True, faces=[face])
    if face == "attack":
        all_attack(comp, s, ev)
    else:
        enemies_move(comp, s, ev, face)


def start_turn(comp: Components, s: State, ev: list[Event]) -> None:
    s["turn"] += 1
    if not s["event_deck"]:
        raise Over("lost", words("The Event deck is empty: {n} turns have passed without defeating the boss.",
                                 n=EVENT_TURNS))
    eid = s["event_deck"].pop(0)
    s["events_played"].append(eid)
    card = comp.events[eid].raw
    s["mods"] = {m["key"]: m["n"] for m in card.get("mods", [])}
    s["end_effects"] = card["effects"] if card["timing"] == "end" else []
    say(s, ev, "turn", words("Turn {n}", n=s["turn"]), turn=s["turn"])  # the chronicle's heading until the next turn
    say(s, ev, "event", words("Event: {card} — {text}", card=card["name"], text=card["text"]), reveals=True,
        card=eid)
    if card["timing"] == "now":
        apply_effects(comp, s, ev, card["effects"], card["name"])
    if s["turn"] > 1:
        levels.remove_lowest_if_far(comp, s, ev)
    s.update(exhausted=[], ability_used=False, shield_used=False, extra_steps_used=False, turn_kills=0,
             attack_bonus=0, bonus=[], special_used=False, phase="actions", pending=None, push=None)
    n = 5 + mod(s, "extra_die") - mod(s, "fewer_dice")
    rng = Rng(s["rng"])
    s["dice"] = [{"face": rng.choice(list(comp.dice["action"])), "used": False} for _ in range(n)]
    s["rng"] = rng.state
    say(s, ev, "roll", words("Rolled: {faces}.", faces=list_words([face_word(d["face"]) for d in s["dice"]])),
        reveals=True, faces=[d["face"] for d in s["dice"]])
    roll_enemy_die(comp, s, ev)
    if mod(s, "enemy_die_twice"):
        roll_enemy_die(comp, s, ev)
    check_artifacts(comp, s, ev)


def end_turn(comp: Components, s: State, ev: list[Event]) -> None:
    """After the save step: gravity, the Event's end-of-turn effects, the boss turn, then the next turn."""
    say(s, ev, "gravity", words("End of turn: gravity."))
    gravity(comp, s, ev)
    if "drain" in s["htokens"] and s["gold"]:
        s["gold"] -= 1
        say(s, ev, "drain", words("Drain: 1 gold lost."))
    if s["end_effects"]:
        apply_effects(comp, s, ev, s["end_effects"], comp.events[s["events_played"][-1]].raw["name"])
        s["pending"] = None  # end-of-turn events never ask for a choice
    if on_boss_level(s):
        boss_turn(comp, s, ev)
    start_turn(comp, s, ev)
