"""The turn's automatic parts: setup, Sunrise, the Events phase, Sunset, and `advance`, which runs
the game forward until it needs the player (or is over).
"""

from __future__ import annotations

from games.adamastor import navigation as nav
from games.adamastor.components import THREATS, Components
from games.adamastor.decisions import learnable
from games.adamastor.effects import run_op
from games.adamastor.state import State, deep_copy
from games.adamastor.table import (
    MUTINY,
    STRANDED,
    discard_lowest,
    finish,
    gain_morale,
    hand_limit,
    icons,
    lose_morale,
    raw_icons,
    refill_row,
    say,
    skills_of,
    sort_row,
    spaced,
)
from games.adamastor.voyage import apply_setup, take_carried_cards, voyage_map
from games.adamastor.voyage_rules import mod
from games.engine import Event, Rng, words, words_n

EVENT_STEPS = ("learn", "ignore", "unrest", "disease", "fatigue", "mutiny")
SUNSET_STEPS = ("morale", "row", "hand", "traumas")
THRESHOLD = 5


def new_state(comp: Components, seed: int, maps_n: int, carried: dict | None = None) -> tuple[State, list[Event]]:
    """Setup steps 1-7; the ship (step 8) waits for the player's `start:p0.R`.

    With `carried` (a campaign voyage) the map, the Encounter deck and the start follow the campaign;
    the shuffles happen in the same order, so only what the campaign changes differs from Classic Mode.
    """
    rng = Rng.from_seed(seed)
    regular, dest = comp.regular_ids, comp.destination_ids
    rng.shuffle(regular)
    rng.shuffle(dest)
    deck = sorted(comp.sailing)
    rng.shuffle(deck)
    encounters = sorted(comp.encounters)
    rng.shuffle(encounters)
    map_ids = regular[:maps_n] + dest[:1]
    if carried is not None:
        map_ids = voyage_map(comp, carried, regular, dest)
        maps_n = len(map_ids) - 1
        encounters = [e for e in encounters if e not in carried["removed"]]
    ev: list[Event] = []
    s = State(
        maps_n=maps_n,
        rng=0,
        deck=deck,
        map_ids=map_ids,
        face_up=[i == 0 for i in range(len(map_ids))],
        enc_counts=[0] * len(map_ids),
        enc_deck=encounters,
        campaign=None if carried is None else {**deep_copy(carried), "gained": []},
    )
    if s.campaign is not None:
        take_carried_cards(comp, s, ev)  # before the deal, so the row and hand cannot hold them
    s.row, s.deck = s.deck[:3], s.deck[3:]
    sort_row(s)
    s.hand, s.deck = s.deck[:3], s.deck[3:]
    s.rng = rng.state
    say(
        s,
        ev,
        "setup",
        words("A new voyage: {n} map cards and a destination; the first is {map}.", n=maps_n,
              map=comp.maps[map_ids[0]].name),
        True,
        maps=maps_n,
    )
    if s.campaign is not None:
        say(s, ev, "campaign", words("Campaign voyage {n}: {card}.", n=carried["voyage"],
                                           card=carried["card"]["title"]))
        apply_setup(comp, s, ev)
    set_weather(comp, s, ev)
    s.actions_left += mod(s, "first_turn_actions")
    return s, ev


def weather_icons(comp: Components, s: State) -> list[str]:
    """The row's weather icons; each storm cloud on the ship's space turns a white cloud into a storm."""
    got = [comp.sailing[c].weather for c in s.row]
    cell = nav.cell_at(comp, s, s.ship) if s.ship else None
    storms = cell.storms if cell else 0
    storms = max(0, storms - sum(comp.sailing[c].n for c in skills_of(comp, s, "ignore_storm")))
    for i, icon in enumerate(got):
        if storms and icon == "cloud":
            got[i], storms = "storm", storms - 1
    return got


def set_weather(comp: Components, s: State, ev: list[Event]) -> None:
    s.weather = comp.weather_index(weather_icons(comp, s))
    w = comp.weather[s.weather]
    s.actions_left = w.actions + len(skills_of(comp, s, "extra_action"))
    icons_ = spaced(w.icons)
    if w.nav_penalty:
        text = words_n("Weather: {weather} ({icons}): {n} action, navigation costs +{penalty}.",
                       "Weather: {weather} ({icons}): {n} actions, navigation costs +{penalty}.",
                       s.actions_left, weather=w.name, icons=icons_, penalty=w.nav_penalty)
    else:
        text = words_n("Weather: {weather} ({icons}): {n} action.", "Weather: {weather} ({icons}): {n} actions.",
                       s.actions_left, weather=w.name, icons=icons_)
    say(s, ev, "weather", text)


def sunrise(comp: Components, s: State, ev: list[Event]) -> None:
    s.turn += 1
    s.events_done, s.ignore_choices, s.nav_bonus, s.step = [], {}, 0, 0
    say(s, ev, "turn", words("Turn {n} begins.", n=s.turn), turn=s.turn)
    refill_row(comp, s, ev, words("Sunrise: a new card joins the row"))
    if s.phase == "over":
        return
    set_weather(comp, s, ev)
    s.phase = "actions"
    if stranded(comp, s):
        finish(s, ev, "lost", STRANDED)


def stranded(comp: Components, s: State) -> bool:
    """No card can ever reach the hand again and the ship cannot really sail: the game could only stall.

    A burst skill can still carry the ship a few spaces, so it keeps the voyage alive; `nav_plus`
    skills alone cannot (see RULINGS.md, Winning and losing).
    """
    return not s.deck and not s.hand and not skills_of(comp, s, "burst") and s.experience == 0


def _ignore_step(comp: Components, s: State, ev: list[Event]) -> None:
    """Ask which type each ignore_choice skill ignores, unless at most one of its types is in play."""
    present = raw_icons(comp, s)
    for c in skills_of(comp, s, "ignore_choice"):
        if str(c) in s.ignore_choices:
            continue
        types = [t for t in comp.sailing[c].types if present[t] > 0]
        if len(types) > 1:
            s.pending = {"kind": "ignore", "skill": c, "types": types}
            s.step -= 1  # come back to this step for the next skill once answered
            return
        s.ignore_choices = {**s.ignore_choices, str(c): (types or list(comp.sailing[c].types))[0]}


def event_status(comp: Components, s: State) -> dict[str, tuple[int, bool]]:
    """For each event: the count it looks at now and whether it would trigger."""
    ic = icons(comp, s)
    out = {"learn": (ic["motivation"], ic["motivation"] >= 2)}
    for t in THREATS:
        out[t] = (ic[t], ic[t] >= THRESHOLD)
    low = min(ic[t] for t in THREATS)
    out["mutiny"] = (low, low >= 3)
    return out


def _event_step(comp: Components, s: State, ev: list[Event], key: str) -> None:
    if key == "ignore":
        _ignore_step(comp, s, ev)
        return
    count, triggers = event_status(comp, s)[key]
    if not triggers:
        return
    s.events_done.append(key)
    if key == "learn":
        say(s, ev, "event", words_n("Learn a Skill: {n} motivation icon in the row.",
                                       "Learn a Skill: {n} motivation icons in the row.", count), event="learn")
        if learnable(comp, s, count):
            s.pending = {"kind": "learn", "max": count}
    elif key == "unrest":
        say(s, ev, "event", words_n("Crew Unrest: {n} unrest icon in play.",
                                       "Crew Unrest: {n} unrest icons in play.", count), event="unrest")
        discard_lowest(comp, s, ev, words("Crew Unrest"))
        refill_row(comp, s, ev, words("Crew Unrest: a new card joins the row"))
    elif key == "disease":
        sick = sum(1 for c in s.traumas if comp.sailing[c].trauma == "disease")
        say(s, ev, "event", words_n("Disease Outbreak: {count} disease icons in play, {n} disease Trauma.",
                                       "Disease Outbreak: {count} disease icons in play, {n} disease Traumas.",
                                       sick, count=count), event="disease")
        lose_morale(comp, s, ev, sick, removed=True)
    elif key == "fatigue":
        say(s, ev, "event", words_n("Exhausted Sailors: {n} fatigue icon in play.",
                                       "Exhausted Sailors: {n} fatigue icons in play.", count), event="fatigue")
        lose_morale(comp, s, ev, 3)
    else:
        finish(s, ev, "lost", MUTINY)


def _sunset_step(comp: Components, s: State, ev: list[Event], key: str) -> None:
    if key == "morale":
        n = len(skills_of(comp, s, "sunset_morale"))
        if n:
            say(s, ev, "sunset", words("Sunset: your Skills cheer the crew (+{n} Morale).", n=n), step="morale")
            gain_morale(s, ev, n)
    elif key == "row":
        discard_lowest(comp, s, ev, words("Sunset"))
    elif key == "hand":
        if len(s.hand) > hand_limit(comp, s):
            s.pending = {"kind": "discard", "n": len(s.hand) - hand_limit(comp, s), "why": "sunset"}
    else:
        n = sum(1 for c in s.traumas if comp.sailing[c].sunset_loss)
        if n:
            say(s, ev, "sunset", words("Sunset: your Traumas weigh on the crew (−{n} Morale).", n=n), step="traumas")
            lose_morale(comp, s, ev, n)


def advance(comp: Components, s: State, ev: list[Event]) -> None:
    """Run everything automatic until the player must decide or the game is over."""
    while s.phase != "over" and s.pending is None:
        if s.todo:
            run_op(comp, s, ev, s.todo.pop(0))
        elif s.phase == "events":
            if s.step >= len(EVENT_STEPS):
                s.phase, s.step = "sunset", 0
                continue
            s.step += 1
            _event_step(comp, s, ev, EVENT_STEPS[s.step - 1])
        elif s.phase == "sunset":
            if s.step >= len(SUNSET_STEPS):
                sunrise(comp, s, ev)
                continue
            s.step += 1
            _sunset_step(comp, s, ev, SUNSET_STEPS[s.step - 1])
        else:
            return
