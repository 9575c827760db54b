"""A new solo game (the rulebook's setup plus the solo cards), and the rows' upkeep: refilling a row,
revealing an act, placing revealed allies."""

from __future__ import annotations

from games.call_to_adventure.components import Character, Components, HeroCard, Story
from games.call_to_adventure.effects import note
from games.call_to_adventure.names import act_numeral, listing
from games.call_to_adventure.state import SLOTS, State
from games.engine import Event, Rng, words

ROW_SIZE = 4  # the rulebook's row for one to three players


def _in_play(first_game_only: bool, card: Character | Story | HeroCard) -> bool:
    """Whether a card takes part: the first-game option leaves out allies, adversaries and related cards."""
    return card.first_game or not first_game_only


def new_state(comp: Components, seed: int, options: dict[str, str]) -> tuple[State, list[Event]]:
    rng = Rng.from_seed(seed)
    no_allies = options["allies"] == "without"
    s = State(rng=0, options=dict(options), level=comp.start_level)
    ev: list[Event] = []
    # The solo Adversary: one of the adversary cards, chosen at random and set aside with its quest.
    bosses = sorted(c.id for c in comp.story.values() if c.type == "adversary")
    s.boss = rng.choice(bosses)
    s.quest = comp.quest_for(s.boss)["id"]
    s.victory = options["victory"]
    # Character cards: two (or, for a first game, one) of each kind.
    per_kind = 1 if options["deal"] == "first" else 2
    for kind in SLOTS:
        pool = sorted(c.id for c in comp.characters.values() if c.kind == kind and _in_play(no_allies, c))
        rng.shuffle(pool)
        s.dealt[kind] = pool[:per_kind]
        s.removed += [c.id for c in comp.characters.values() if c.kind == kind and c.id not in s.dealt[kind]]
    # Story decks: allies and adversaries out for a first game; the Adversary is always set aside.
    for act in (1, 2, 3):
        deck = []
        for c in comp.story.values():
            if c.act != act or c.id == s.boss:
                continue
            (deck if _in_play(no_allies, c) else s.removed).append(c.id)
        deck.sort()
        rng.shuffle(deck)
        s.decks[str(act)] = deck
        s.rows[str(act)] = [deck.pop() for _ in range(min(ROW_SIZE, len(deck)))]
        s.discards[str(act)] = []
    # Hero and Antihero decks; the skull cards are the Adversary's deck.
    for h in sorted(comp.heroes):
        card = comp.heroes[h]
        if not _in_play(no_allies, card):
            s.removed.append(h)
        elif card.skull:
            s.adv_deck.append(h)
        else:
            (s.hero_deck if card.kind == "hero" else s.antihero_deck).append(h)
    for deck in (s.hero_deck, s.antihero_deck, s.adv_deck):
        rng.shuffle(deck)
    s.hand.append(s.hero_deck.pop())
    s.exp = 3
    s.rng = rng.state
    for kind in SLOTS:
        if len(s.dealt[kind]) == 1:
            s.chars[kind] = s.dealt.pop(kind)[0]
    note(s, ev, "setup", words("A new tale begins. Your Adversary: {name}.",
                               name=comp.story[s.boss].name), reveals=True)
    queue_allies(comp, s, ev, 1)
    return s, ev


def queue_allies(comp: Components, s: State, ev: list[Event], act: int) -> None:
    """Allies face up in a revealed row wait to be placed under a challenge of their act."""
    row = s.rows[str(act)]
    for cid in list(row):
        if comp.story[cid].type == "ally" and cid not in s.place_queue:
            s.place_queue.append(cid)
    settle_allies(comp, s, ev)


def ally_targets(comp: Components, s: State, ally: str) -> list[str]:
    act = str(comp.story[ally].act)
    return [c for c in s.rows[act] if comp.story[c].type == "challenge" and c not in s.under]


def settle_allies(comp: Components, s: State, ev: list[Event]) -> None:
    """Discard queued allies that have no challenge to go under (the refill may reveal more)."""
    while s.place_queue and not ally_targets(comp, s, s.place_queue[0]):
        ally = s.place_queue.pop(0)
        act = str(comp.story[ally].act)
        s.rows[act].remove(ally)
        s.discards[act].append(ally)
        note(s, ev, "ally", words("{ally} finds no challenge to join and is discarded.", ally=comp.story[ally].name),
             card=ally, act=int(act))
        refill(comp, s, ev, int(act))


def place_ally(comp: Components, s: State, ev: list[Event], challenge: str) -> None:
    ally = s.place_queue.pop(0)
    act = str(comp.story[ally].act)
    s.rows[act].remove(ally)
    s.under[challenge] = ally
    note(s, ev, "ally", words("{ally} waits under {card}.",
                              ally=comp.story[ally].name, card=comp.story[challenge].name), card=challenge, ally=ally)
    refill(comp, s, ev, int(act))


def refill(comp: Components, s: State, ev: list[Event], act: int) -> None:
    """Bring a row back to four cards from its deck (only rows already revealed show what they draw)."""
    key = str(act)
    row, deck = s.rows[key], s.decks[key]
    while len(row) < ROW_SIZE and deck:
        card = deck.pop()
        row.append(card)
        if act in s.revealed:
            said = words("{card} joins the Act {act} row.", card=comp.story[card].name, act=act_numeral(act))
            note(s, ev, "reveal", said, reveals=True, card=card)
    if act in s.revealed:
        queue_allies(comp, s, ev, act)


def discard_from_row(comp: Components, s: State, ev: list[Event], card: str) -> None:
    """A card leaves its row for its act's discard pile, with any ally under it."""
    act = str(comp.story[card].act)
    s.rows[act].remove(card)
    s.discards[act].append(card)
    ally = s.under.pop(card, None)
    if ally:
        s.discards[act].append(ally)
        note(s, ev, "ally", words("{ally} is discarded with it.", ally=comp.story[ally].name), act=int(act))


def reveal_act(comp: Components, s: State, ev: list[Event], act: int) -> None:
    s.revealed.append(act)
    names = listing([comp.story[c].name for c in s.rows[str(act)]])
    note(s, ev, "reveal", words("The Act {act} row is revealed: {names}.", act=act_numeral(act), names=names),
         reveals=True, act=act)
    queue_allies(comp, s, ev, act)
