"""A whole campaign as one portable file: export, replay-and-verify, import.

The file is `{format, format_version, game, rules_version, game_rules_version, seed, seed_chosen, options,
name, steps, final}`; a campaign in progress keeps its seed sealed (app/shelf/files/), since it deals the
voyages to come. `steps` is the campaign's history in order: `{"game": [action ids]}` for each of its
games (undone actions already taken out) and `{"action": id}` for each between-games choice.
`final` holds digests of the campaign state and of every game's state, so an altered file is refused, and
(since issue #14) the campaign's status and each game's (`status`, `results`).

Rules versions: `rules_version` is the campaign's own (how its games were dealt: a campaign keeps the
version it was begun under, since its voyages were dealt by it, and the campaign engine still deals as
older versions did); `game_rules_version` the game's. A file from an older game rules version is replayed
under the current one, as a single save is (app/shelf/files/savefile.py): every action must still be legal and, the
digests no longer comparable, it must hold the same games and the results it records must not change.
A file from newer rules than the server plays is refused.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import delete
from sqlalchemy.orm import Session

from app.core.errors import ImportRefused, OnShelf, Refused
from app.db.models import Campaign, CampaignLogEntry, GameSession, LogEntry, Snapshot, utcnow
from app.shelf.campaigns import campaign_engine, campaign_log, game_start_event, get_campaign
from app.shelf.files.savefile import (
    MAX_ACTIONS,
    ON_SHELF,
    ReplayError,
    check_redeals,
    check_rules_version,
    effective_actions,
    not_upgradable,
    redealt,
    same_result,
    saved_id,
    state_digest,
)
from app.shelf.files.sealing import Sealer, SealRefused, is_sealed, open_file, seed_chosen_flag
from app.shelf.naming import campaign_game_name, free_name, name_problem
from app.shelf.store import choose_seed, insert_session, log_entries, new_id, owner_or_default, taken_names
from games.engine import (
    CampaignEngine,
    Event,
    GameEngine,
    GameSetup,
    IllegalAction,
    MalformedState,
    Words,
    reason,
    words,
)

CAMPAIGN_FORMAT = "solo-shelf-campaign"
CAMPAIGN_FORMAT_VERSION = 1
MAX_STEPS = 1_000


def export_campaign(db: Session, *, campaign_id: str, sealer: Sealer, owner_id: str | None = None) -> dict[str, Any]:
    """The campaign file: its seed in clear once the campaign is over or if the player chose it, else sealed."""
    campaign = get_campaign(db, campaign_id=campaign_id, owner_id=owner_id)
    engine, cengine = campaign_engine(campaign.game)
    steps: list[dict[str, Any]] = []
    digests: list[str] = []
    results: list[str] = []
    game_redeals: dict[str, list[list[int]]] = {}
    for entry in campaign_log(db, campaign_id=campaign_id):
        if entry.kind == "action":
            steps.append({"action": entry.action})
        elif entry.kind == "undo":  # it took back the latest choice (never past a game's start or end)
            steps.pop()
        elif entry.kind == "game_start":
            log = [(e.kind, e.action) for e in log_entries(db, session_id=entry.action)]
            steps.append({"game": effective_actions(log)})
            digests.append(state_digest(db.get(Snapshot, entry.action).state))
            game = db.get(GameSession, entry.action)
            results.append(game.status)
            if game.redeals:
                game_redeals[str(len(digests))] = game.redeals
    data = {
        "format": CAMPAIGN_FORMAT,
        "format_version": CAMPAIGN_FORMAT_VERSION,
        "id": campaign.id,
        "game": campaign.game,
        "rules_version": campaign.rules_version,
        "game_rules_version": engine.spec.rules_version,
        "seed": campaign.seed,
        "seed_chosen": campaign.seed_chosen,
        "options": campaign.options,
        "name": campaign.name,
        "steps": steps,
        "final": {"digest": state_digest(campaign.state), "games": digests, "status": campaign.status,
                  "results": results},
    }
    if campaign.redeals or game_redeals:  # a copy's: sealed with the seed while the campaign is on
        data["redeals"] = {"campaign": campaign.redeals or [], "games": game_redeals}
    return data if seed_is_open(campaign) else sealer.seal(data)


def seed_is_open(campaign: Campaign) -> bool:
    """Whether a campaign's file shows its seed: the player chose it, or the campaign is over."""
    return campaign.seed_chosen or campaign.status != "in_progress"


@dataclass
class ReplayedGame:
    setup: GameSetup
    state: Any
    actions: list[str] = field(default_factory=list)
    redeals: list[list[int]] | None = None  # where a copy dealt this game's unseen again (GameSession.redeals)


@dataclass
class ReplayedCampaign:
    engine: GameEngine
    cengine: CampaignEngine
    seed: int
    options: dict[str, Any]
    name: str
    cstate: Any = None
    rules_version: int = 0  # the campaign's, as its games were dealt (the file's; kept on import)
    upgraded_from: int | None = None  # the game rules version of the file, when older than the server's
    games: list[ReplayedGame] = field(default_factory=list)
    # The campaign log as it happened: (kind, action id or game index, events).
    timeline: list[tuple[str, Any, list[Event]]] = field(default_factory=list)
    # Where a copy dealt the campaign's unseen again ([[steps, seed], ...]) and its games' (by game number).
    redeals: list[list[int]] | None = None
    game_redeals: dict[int, list[list[int]]] = field(default_factory=dict)

    def current(self) -> ReplayedGame | None:
        if self.games and not self.engine.status(self.games[-1].state).over:
            return self.games[-1]
        return None

    def start_due_game(self) -> None:
        if self.cengine.status(self.cstate).over or self.current() is not None:
            return
        setup = self.cengine.next_game(self.cstate)
        if setup is not None:
            state = self.engine.new_game(setup.seed, setup.options, setup.carried)
            self.games.append(ReplayedGame(setup, state, redeals=self.game_redeals.get(len(self.games) + 1)))
            self.timeline.append(("game_start", len(self.games) - 1, [game_start_event(len(self.games))]))


def replay_campaign(data: Any) -> ReplayedCampaign:
    """Check a campaign file's shape, replay it step by step and verify its digests."""
    if not isinstance(data, dict) or data.get("format") != CAMPAIGN_FORMAT:
        raise ReplayError(words("not a Solo Shelf campaign file (expected format {format})",
                                format=repr(CAMPAIGN_FORMAT)))
    if data.get("format_version") != CAMPAIGN_FORMAT_VERSION:
        raise ReplayError(words("unsupported campaign format version {version}",
                                version=repr(data.get("format_version"))))
    try:
        engine, cengine = campaign_engine(str(data.get("game")))
    except Refused as exc:
        raise ReplayError(reason(exc)) from None
    dealt = check_rules_version(cengine.spec.title, data.get("rules_version"), cengine.spec.rules_version, "campaign")
    older = check_rules_version(engine.spec.title, data.get("game_rules_version"), engine.spec.rules_version,
                                "campaign")
    seed, steps, final, name = data.get("seed"), data.get("steps"), data.get("final"), data.get("name", "")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
        raise ReplayError(words("seed must be a whole number between 0 and 2^63"))
    if not isinstance(steps, list) or len(steps) > MAX_STEPS:
        raise ReplayError(words("steps must be a list of at most {n} steps", n=MAX_STEPS))
    if not isinstance(final, dict) or not isinstance(final.get("digest"), str) or not isinstance(
        final.get("games"), list
    ):
        raise ReplayError(words("the file has no final digests to verify against"))
    if not isinstance(name, str) or name_problem(name):
        raise ReplayError(name_problem(name) if isinstance(name, str) else words("name must be a text"))
    try:
        options = cengine.spec.normalize_options(data.get("options"))
        # A campaign begun under older campaign rules is dealt as they dealt, so it replays exactly.
        cstate = cengine.new_campaign(seed, options) if dealt is None else cengine.new_campaign(seed, options, dealt)
        run = ReplayedCampaign(engine, cengine, seed, options, name, cstate, rules_version=dealt or
                               cengine.spec.rules_version, upgraded_from=older)
        run.redeals, run.game_redeals = _check_redeals(data, len(steps))
        run.start_due_game()
        _redeal_campaign(run, 0)
        total = 0
        for n, step in enumerate(steps, start=1):
            total += _replay_step(run, n, step)
            if total > MAX_ACTIONS:
                raise ReplayError(words("too many actions (at most {n})", n=MAX_ACTIONS))
            _redeal_campaign(run, n)
    except ReplayError as exc:
        if older is None:
            raise
        raise not_upgradable(engine.spec.title, older, engine.spec.rules_version, reason(exc), "campaign") from None
    except (MalformedState, ValueError, TypeError, KeyError) as exc:
        if older is None:
            raise ReplayError(words("the file does not rebuild a valid campaign: {why}", why=reason(exc))) from None
        raise not_upgradable(engine.spec.title, older, engine.spec.rules_version,
                             words("the new rules refuse it ({why})", why=reason(exc)), "campaign") from None
    if older is None:
        digests = [state_digest(engine.dump(g.state)) for g in run.games]
        if state_digest(cengine.dump(run.cstate)) != final["digest"] or digests != final["games"]:
            raise ReplayError(words(
                "the replayed campaign does not match the file's final state: the file was altered"))
    else:
        changed = _changed_result(run, final)
        if changed is not None:
            raise not_upgradable(engine.spec.title, older, engine.spec.rules_version, changed, "campaign")
    return run


def _changed_result(run: ReplayedCampaign, final: dict[str, Any]) -> str | None:
    """Why a campaign replayed under newer game rules no longer matches its file, or None.

    The digests changed with the rules; what must hold is the same games, each ending as the file
    records, and the campaign's own result (files made before they were recorded: the games alone).
    """
    if len(run.games) != len(final["games"]):
        return words("under the new rules it would hold {n} games, not {was}", n=len(run.games),
                     was=len(final["games"]))
    results = final.get("results")
    if results is not None:
        if not isinstance(results, list) or len(results) != len(run.games):
            return words("the file's results do not list its games")
        for index, (before, game) in enumerate(zip(results, run.games, strict=True), start=1):
            changed = same_result(before, run.engine.status(game.state).state)
            if changed is not None:
                return words("game {n}: {why}", n=index, why=changed)
    if "status" in final:
        changed = same_result(final["status"], run.cengine.status(run.cstate).state)
        if changed is not None:
            if isinstance(changed, Words) and "after" in changed.params:  # the campaign's own end changed
                return words("the campaign: under the new rules it would end differently ({after}, not {before})",
                             **changed.params)
            return words("the campaign: {why}", why=changed)
    return None


def _replay_step(run: ReplayedCampaign, n: int, step: Any) -> int:
    if isinstance(step, dict) and set(step) == {"action"} and isinstance(step["action"], str):
        if run.current() is not None:
            raise ReplayError(words("step {n}: a campaign choice while a game is still in progress", n=n))
        try:
            run.cstate, events = run.cengine.apply(run.cstate, step["action"])
        except IllegalAction as exc:
            raise ReplayError(words("step {n}: campaign action {action} is not legal there: {why}", n=n,
                                     action=repr(step["action"]), why=reason(exc))) from None
        run.timeline.append(("action", step["action"], events))
        run.start_due_game()
        return 1
    if isinstance(step, dict) and set(step) == {"game"} and isinstance(step["game"], list):
        game = run.current()
        if game is None or game.actions:
            raise ReplayError(words("step {n}: no game of the campaign is waiting to be played there", n=n))
        if not all(isinstance(a, str) for a in step["game"]):
            raise ReplayError(words("step {n}: a game's actions must be action ids", n=n))
        game.state = redealt(run.engine, game.state, 0, game.redeals)
        for i, action in enumerate(step["game"], start=1):
            try:
                game.state, _ = run.engine.apply(game.state, action)
            except IllegalAction as exc:
                raise ReplayError(words("step {n}, action #{i} ({action}) is not legal there: {why}", n=n, i=i,
                                         action=repr(action), why=reason(exc))) from None
            game.state = redealt(run.engine, game.state, i, game.redeals)
        game.actions = list(step["game"])
        if run.engine.status(game.state).over:
            run.cstate, events = run.cengine.finish_game(run.cstate, game.state)
            run.timeline.append(("game_end", len(run.games) - 1, events))
            run.start_due_game()
        return len(step["game"])
    raise ReplayError(words("step {n} must be {shape}", n=n, shape="{'action': id} or {'game': [ids]}"))


def _check_redeals(data: dict[str, Any], steps: int) -> tuple[list[list[int]] | None, dict[int, list[list[int]]]]:
    """A campaign file's `redeals` ({campaign: [[steps, seed]], games: {number: [[version, seed]]}}); ReplayError."""
    given = data.get("redeals")
    if given is None:
        return None, {}
    shape = words("redeals must be a list of [move number, seed] pairs")
    if not isinstance(given, dict) or set(given) - {"campaign", "games"} or not isinstance(given.get("games", {}),
                                                                                       dict):
        raise ReplayError(shape)
    campaign = check_redeals(given.get("campaign") or None, steps)
    games: dict[int, list[list[int]]] = {}
    for number, pairs in given.get("games", {}).items():
        if not (isinstance(number, str) and number.isascii() and number.isdigit() and len(number) <= 6):
            raise ReplayError(shape)
        games[int(number)] = check_redeals(pairs, MAX_ACTIONS) or []
    return campaign, games


def _deal_again(run: ReplayedCampaign, steps: int) -> None:
    """A copy beside its original (or another player's) is no window on its future: the campaign's unseen (the
    voyages to come) and its game under way are dealt again from secret seeds of their own, recorded so that the
    copy's own files replay it (`redeals`)."""
    if hasattr(run.cengine, "redeal"):
        secret = choose_seed(None)
        run.cstate = run.cengine.redeal(run.cstate, secret)
        run.redeals = [*(run.redeals or []), [steps, secret]]
    game = run.current()
    if game is not None and hasattr(run.engine, "redeal"):
        secret = choose_seed(None)
        game.state = run.engine.redeal(game.state, secret)
        game.redeals = [*(game.redeals or []), [len(game.actions), secret]]


def _redeal_campaign(run: ReplayedCampaign, steps: int) -> None:
    """Deal the campaign's unseen again where a copy did (after `steps` steps of its file)."""
    for at, seed in run.redeals or ():
        if at == steps:
            run.cstate = run.cengine.redeal(run.cstate, seed)


def import_campaign(db: Session, *, data: Any, sealer: Sealer | None, owner_id: str | None = None,
                    on_shelf: str | None = None) -> Campaign:
    """Open a sealed campaign file (with this server's key), replay and verify it, then store it with its games:
    under its own id when that is free, else as the player said (`on_shelf`, as for a game's file:
    app/shelf/files/game_files.py). Its games take new ids."""
    if on_shelf is not None and on_shelf not in ON_SHELF:
        raise ImportRefused(words("on_shelf must be “restore” or “copy”"))
    try:
        opened = open_file(data, sealer)
        chosen = seed_chosen_flag(opened)
        run = replay_campaign(opened)
    except (ReplayError, SealRefused) as exc:
        raise ImportRefused(words("This campaign cannot be imported: {why}", why=reason(exc))) from None
    status, now = run.cengine.status(run.cstate), utcnow()
    if not is_sealed(data) and not status.over:
        chosen = True  # a campaign in progress whose seed came in clear: its player can know what comes next
    owner_id = owner_or_default(db, owner_id)
    campaign_id = _restored_id(db, saved_id(data), owner_id, on_shelf)
    if campaign_id is None and is_sealed(data) and not status.over:
        _deal_again(run, len(opened["steps"]))
    name = free_name(run.name.strip() or f"{run.cengine.spec.title} (imported)",
                     taken_names(db, Campaign, owner_id=owner_id))
    campaign = Campaign(
        id=campaign_id or new_id(),
        game=run.engine.spec.slug,
        name=name,
        seed=run.seed,
        seed_chosen=chosen,
        options=run.options,
        rules_version=run.rules_version,
        status=status.state,
        score=status.score,
        version=len(run.timeline),
        state=run.cengine.dump(run.cstate),
        redeals=run.redeals or None,
        created_at=now,
        updated_at=now,
        owner_id=owner_id,
    )
    db.add(campaign)
    db.flush()
    session_ids = []
    for index, game in enumerate(run.games, start=1):
        record = insert_session(
            db,
            run.engine,
            seed=game.setup.seed,
            options=game.setup.options,
            name=campaign_game_name(campaign.name, index),
            state=game.state,
            version=len(game.actions),
            carried=game.setup.carried,
            campaign_id=campaign.id,
            campaign_index=index,
            owner_id=campaign.owner_id,
            seed_chosen=chosen,
            redeals=game.redeals,
        )
        for seq, action in enumerate(game.actions, start=1):
            db.add(LogEntry(session_id=record.id, seq=seq, kind="action", action=action, events=[], created_at=now))
        session_ids.append(record.id)
    for seq, (kind, what, events) in enumerate(run.timeline, start=1):
        action = session_ids[what] if kind in ("game_start", "game_end") else what
        db.add(
            CampaignLogEntry(
                campaign_id=campaign.id,
                seq=seq,
                kind=kind,
                action=action,
                events=[e.to_json() for e in events],
                created_at=now,
            )
        )
    db.commit()
    return campaign


def _restored_id(db: Session, wanted: str | None, owner_id: str, on_shelf: str | None) -> str | None:
    """The id the imported campaign takes (None: a new one); a campaign restored over is deleted here with its
    games, in the import's transaction."""
    if wanted is None:
        return None
    existing = db.get(Campaign, wanted)
    if existing is None:
        return wanted
    if existing.owner_id != owner_id or on_shelf == "copy":
        return None
    if on_shelf is None:
        raise OnShelf(words("“{name}” is still on your shelf: restore it to the file's point, or keep a copy "
                            "beside it.", name=existing.name), existing=existing.id)
    db.execute(delete(GameSession).where(GameSession.campaign_id == wanted))
    db.execute(delete(CampaignLogEntry).where(CampaignLogEntry.campaign_id == wanted))
    db.delete(existing)
    db.flush()
    return wanted
