"""The /history and /stats pages (issue #17): every game of the player, and the figures of their play."""

from __future__ import annotations

from fastapi import APIRouter, Depends

from app.auth import page_player
from app.capacity.release import ReleasingRoute

# Like every page: a player is required, and only that player's games are shown.
router = APIRouter(include_in_schema=False, dependencies=[Depends(page_player)], route_class=ReleasingRoute)
