"""The review queue (app/shelf/review.py) shared by several app processes: a review is claimed by one of them only,
and one whose server stopped is taken up again once its heartbeat is old."""

from __future__ import annotations

import threading
from datetime import timedelta

from sqlalchemy import update

from app.db.models import Review, utcnow
from app.shelf.review import Reviewer


def queued_reviews(client, app, count: int) -> list[str]:
    ids = []
    with app.state.sessionmaker() as db:
        for seed in range(count):
            s = client.post("/api/sessions", json={"game": "call_to_adventure", "seed": seed}).json()
            db.add(Review(session_id=s["id"], rules_version=1, status="queued", decisions=0, points=[],
                          created_at=utcnow(), heartbeat=utcnow()))
            ids.append(s["id"])
        db.commit()
    return ids


def test_reviewers_claiming_at_once_never_take_the_same_review(client, app):
    ids = queued_reviews(client, app, 6)
    reviewers = [Reviewer(app.state.sessionmaker, app.state.advisor) for _ in range(3)]
    claimed: list[str] = []
    start = threading.Barrier(len(reviewers))

    def claim_all(reviewer: Reviewer) -> None:
        start.wait()
        while (found := reviewer._claim()) is not None:
            claimed.append(found)

    threads = [threading.Thread(target=claim_all, args=(r,)) for r in reviewers]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert sorted(claimed) == sorted(ids), "each review claimed exactly once"


def test_a_review_whose_server_stopped_is_claimed_again_once_stale(client, app):
    [sid] = queued_reviews(client, app, 1)
    first, second = (Reviewer(app.state.sessionmaker, app.state.advisor) for _ in range(2))
    assert first._claim() == sid
    assert second._claim() is None, "running, its heartbeat fresh: not free"
    with app.state.sessionmaker() as db:
        db.execute(update(Review).where(Review.session_id == sid).values(heartbeat=utcnow() - timedelta(minutes=5)))
        db.commit()
    assert second._claim() == sid
