"""Type stubs of the native module (hclkit._hclkit); the public names are re-exported by
hclkit. Keep in step with python/src (tests/test_api.py checks the parameter names)."""

import os
from typing import Any, Callable, Dict, List, Literal, Optional, Union

Source = Union[str, bytes, bytearray]
Syntax = Optional[Literal["native", "hcl", "json"]]
Functions = Optional[Literal["none", "stdlib", "terraform"]]
ParseFloat = Optional[Callable[[str], Any]]

__version__: str
FUNCTION_LIBRARIES: List[str]
DEFAULT_EVAL_LIMIT: int

def loads(
    text: Source,
    *,
    filename: Optional[str] = None,
    syntax: Syntax = None,
    blocks: Literal["nested", "ordered", "array"] = "nested",
    comments: bool = False,
    simplify: bool = False,
    parse_float: ParseFloat = None,
) -> Any: ...
def decode(
    text: Source,
    spec: Source,
    *,
    variables: Optional[Dict[str, Any]] = None,
    filename: Optional[str] = None,
    stdlib: Optional[bool] = None,
    functions: Functions = None,
    syntax: Syntax = None,
    spec_filename: Optional[str] = None,
    keep_nulls: bool = False,
    parse_float: ParseFloat = None,
    eval_limit: Optional[int] = ...,
) -> Any: ...
def evaluate(
    expression: Source,
    *,
    variables: Optional[Dict[str, Any]] = None,
    stdlib: Optional[bool] = None,
    functions: Functions = None,
    filename: Optional[str] = None,
    parse_float: ParseFloat = None,
    eval_limit: Optional[int] = ...,
) -> Any: ...
def format(text: Source, *, filename: Optional[str] = None, check: bool = True) -> str: ...
def dumps(data: Dict[str, Any], spec: Optional[Source] = None, *, spec_filename: Optional[str] = None) -> str: ...

def inspect(source: Union[str, bytes, "os.PathLike[str]"], *, filename: Optional[str] = None) -> Dict[str, Any]: ...

class Expression:
    def __init__(self, text: str) -> None: ...
    @property
    def text(self) -> str: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Document:
    def __init__(self, text: str, *, filename: Optional[str] = None) -> None: ...
    def get(self, address: str) -> Optional[str]: ...
    def set(self, address: str, value: Any, *, expression: bool = False) -> bool: ...
    def insert(
        self,
        address: str,
        value: Any,
        *,
        expression: bool = False,
        before: Optional[str] = None,
        after: Optional[str] = None,
        index: Optional[int] = None,
    ) -> None: ...
    def rename(self, address: str, to: str) -> None: ...
    def remove(self, address: str) -> bool: ...
    def comments(self, address: str) -> Optional[str]: ...
    def set_comments(self, address: str, text: str) -> None: ...
    def trailing_comment(self, address: str) -> Optional[str]: ...
    def set_trailing_comment(self, address: str, text: Optional[str]) -> None: ...
    def format(self) -> str: ...
    def edits(self) -> List[Dict[str, Any]]: ...
