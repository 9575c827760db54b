"""A list made the first time a test reads it, not when its module is imported.

Test modules are imported by every pytest-xdist worker while it collects the suite, whether or not that worker then
runs any of their tests: a module-level list of positions that takes seconds to play out (the redeal tests walk
hundreds of games) would be built once per worker before the first test runs. `lazy(make)` builds it in the worker
that first indexes, slices, iterates or measures it, once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, Generic, TypeVar

T = TypeVar("T")


class lazy(Sequence, Generic[T]):  # noqa: N801 (it reads as a function call at its use: POSITIONS = lazy(positions))
    def __init__(self, make: Callable[[], list[T]]) -> None:
        self._make, self._items = make, None

    def _list(self) -> list[T]:
        if self._items is None:
            self._items = list(self._make())
        return self._items

    def __getitem__(self, index: Any) -> Any:
        return self._list()[index]

    def __len__(self) -> int:
        return len(self._list())

    def __iter__(self) -> Iterator[T]:
        return iter(self._list())
