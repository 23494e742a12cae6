"""The exception hclkit raises for invalid HCL."""

from __future__ import annotations

from typing import Any, Dict, List


class HCLError(Exception):
    """Invalid HCL: syntax errors, evaluation errors, or a decode that failed.

    ``diagnostics`` lists every diagnostic of the call (warnings too), in source order, each
    a dict with the keys ``severity`` (``"error"`` or ``"warning"``), ``summary``,
    ``detail``, ``filename``, ``line``, ``column``, ``end_line`` and ``end_column`` (the
    last five are ``None`` for a diagnostic about no place in the source; lines and columns
    count from 1, columns in characters, the end is exclusive).

    ``str()`` shows the first error with its location, as
    ``main.tf:3:5: error: Summary; Detail``.
    """

    diagnostics: List[Dict[str, Any]]

    def __init__(self, message: str, diagnostics: List[Dict[str, Any]] | None = None) -> None:
        super().__init__(message)
        self.diagnostics = list(diagnostics or [])

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""
