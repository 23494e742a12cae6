"""hclkit: HCL v2 (HashiCorp Configuration Language) for Python.

Built on the hclkit Rust library: the reference implementation's semantics (hashicorp/hcl
v2) at native speed, both syntaxes (native ``.hcl``/``.tf`` and JSON).

- :func:`loads` / :func:`load`: a file as Python data, in the JSON-syntax shape that
  ``hclkit convert`` writes (``hcl2json``'s shape).
- :func:`decode`: decode with an hcldec spec, as ``hcldec`` prints it.
- :func:`evaluate`: one expression to a Python value.
- :func:`format`: the canonical layout (``hclfmt``).
- :func:`dumps`: Python data (the shape :func:`loads` returns) to formatted HCL; with an
  hcldec spec, blocks where the spec has blocks.
- :class:`Document`: edit a file keeping every byte that is not edited; :class:`Expression`
  for the values it writes as source text (``doc.set("ami", Expression("var.ami"))``).
- :class:`HCLError`: raised for invalid input, with ``.diagnostics``.

The GIL is released while the Rust code works, so threads parse in parallel.
"""

from __future__ import annotations

import typing as _t

from ._errors import HCLError
from ._hclkit import (
    DEFAULT_EVAL_LIMIT,
    FUNCTION_LIBRARIES,
    Document,
    Expression,
    __version__,
    decode,
    dumps,
    evaluate,
    format,
    inspect,
    loads,
)

__all__ = [
    "DEFAULT_EVAL_LIMIT",
    "Document",
    "Expression",
    "FUNCTION_LIBRARIES",
    "HCLError",
    "__version__",
    "decode",
    "dumps",
    "evaluate",
    "format",
    "inspect",
    "load",
    "loads",
]


def __dir__() -> _t.List[str]:
    """``dir(hclkit)``: the public API, not the names the module uses to define it."""
    return list(__all__)


def load(fp: _t.IO[_t.Any], **kwargs: _t.Any) -> _t.Any:
    """Reads a file object (text or binary) and returns :func:`loads` of its content.

    The file's ``name`` (when it has one) is the ``filename`` used in diagnostics and to
    choose the syntax (``.json``: JSON syntax), unless ``filename=`` is given. Other keyword
    arguments are those of :func:`loads`.
    """
    if "filename" not in kwargs:
        name = getattr(fp, "name", None)
        if isinstance(name, str):
            kwargs["filename"] = name
    return loads(fp.read(), **kwargs)
