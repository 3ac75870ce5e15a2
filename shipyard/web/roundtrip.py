"""A file's text edited in place: only the fields that changed are rewritten, everything else kept byte for byte.

The editor's form gives whole values; what the file should become is the file as it is, with each field whose value
differs from what the form was filled with set anew. ruamel.yaml's round-trip mode keeps the comments, key order,
quoting and block styles of what is not touched. The text given here has already passed the reading rules of
library.yamlfile (size, UTF-8, no anchors, aliases or tags, no duplicate keys): the round trip only edits it.
"""

from __future__ import annotations

import copy
import difflib
import functools
import io
import json
from typing import Any

import yaml as pyyaml
from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq, TaggedScalar
from ruamel.yaml.error import CommentMark
from ruamel.yaml.scalarstring import FoldedScalarString, LiteralScalarString, SingleQuotedScalarString
from ruamel.yaml.tokens import CommentToken

# (mapping, sequence, offset) indentations tried in turn: the first that gives the file back unchanged is its own
INDENTS = ((2, 4, 2), (2, 2, 0), (4, 4, 2), (4, 6, 4), (4, 4, 0))
STYLE = (2, 4, 2)  # a new file: the bundled library's own layout (`  - {gun: ..., count: 4}`)
FOLD_WIDTH = 110  # a folded paragraph (notes: >-) that changed is refolded at this width


def _yaml(indent=STYLE) -> YAML:
    y = YAML(typ="rt")
    y.preserve_quotes = True
    y.width = 1_000_000  # never rewrap a line nobody touched
    mapping, sequence, offset = indent
    y.indent(mapping=mapping, sequence=sequence, offset=offset)
    return y


def _dump(y: YAML, doc) -> str:
    out = io.StringIO()
    y.dump(doc, out)
    return out.getvalue()


def _load(text: str) -> tuple[YAML, Any]:
    """The document and the dumper that gives it back as written (the first indentation that round-trips): a copy
    of the one read the first time, which is never edited itself."""
    indent, doc = _parsed(text)
    return _yaml(indent), copy.deepcopy(doc)


@functools.lru_cache(maxsize=64)
def _parsed(text: str) -> tuple[tuple[int, int, int], Any]:
    """The first of INDENTS that gives `text` back unchanged (STYLE if none does) and the document read with it.
    Read once a file, not once each live check of the editor: the editor edits the file it opened at every
    keystroke, and ruamel's reading (tried with each indentation) was most of a check's time; a copy is a tenth."""
    for indent in INDENTS:
        y = _yaml(indent)
        doc = y.load(text)
        if _dump(y, doc) == text:
            return indent, doc
    return STYLE, _yaml().load(text)


def edited(text: str | None, before: dict, after: dict, inherited: frozenset[str] = frozenset()) -> str:
    """`text` (None: a new file) with every field that differs between `before` (what the form was filled with)
    and `after` (what it sends) set to its new value. A field in `inherited` comes from a `like:` sister: unchanged,
    it stays out of the file; changed, the file gets its own line."""
    if text is None or not text.strip():
        y, doc = _yaml(), CommentedMap()
    else:
        y, doc = _load(text)
        if not isinstance(doc, CommentedMap):
            raise ValueError("the file is not a mapping of fields")
        _refuse_tags(doc, "")
    _merge_map(doc, before, after, inherited, top=True)
    out = _dump(y, doc)
    _reads_back(out, before, after)
    return out


def _reads_back(text: str, before: dict, after: dict) -> None:
    """Every changed field reads back (by shipyard's own YAML reader, PyYAML) as the form gave it."""
    try:
        data = pyyaml.load(text, Loader=getattr(pyyaml, "CSafeLoader", pyyaml.SafeLoader))  # libyaml where built
    except pyyaml.YAMLError as exc:
        raise ValueError(f"the edited file would not read back: {exc}") from None
    for key, value in after.items():
        if not (key in before and _same(before[key], value)) and _plain(data.get(key)) != _plain(value):
            raise ValueError(f"{key} would not read back as the form gave it")


def _plain(value):
    """A value as the form compares it: numbers as floats, text without its outer spaces."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, (int, float)):
        return float(value)
    return str(value).strip()


def _refuse_tags(node, where: str) -> None:
    """No YAML tag (`!!python/...`, `!foo`) is carried through an edit: shipyard files have none."""
    tag = getattr(getattr(node, "tag", None), "value", None)
    if isinstance(node, TaggedScalar) or tag is not None:
        raise ValueError(f"{where or 'the file'}: a YAML tag ({tag or node.tag.value}) is not allowed in shipyard files")
    if isinstance(node, CommentedMap):
        for key, value in node.items():
            _refuse_tags(value, f"{where}.{key}" if where else str(key))
    elif isinstance(node, CommentedSeq):
        for i, value in enumerate(node):
            _refuse_tags(value, f"{where}[{i}]")


def _same(a, b) -> bool:
    return _key(a) == _key(b)


def _key(value) -> str:
    return json.dumps(value, sort_keys=True, default=str)


def _merge_map(node: CommentedMap, before: dict, after: dict, inherited: frozenset[str] = frozenset(),
               top: bool = False) -> None:
    for key in list(after):
        new = after[key]
        if key in before and _same(before[key], new):
            continue  # untouched: the file's own line (or the sister's value) stays
        if key in node and key in before:
            _set(node, key, before[key], new)
        else:
            node[key] = _node(new, node.get(key), fold=top)
    for key in list(before):
        if key in after:
            continue
        if key in node:
            _delete(node, key)
        elif key in inherited:
            node[key] = None  # cleared a value the sister gives: the file says so, else it would come back


def _set(parent, key, old, new) -> None:
    """parent[key] (a map's key or a list's index) from `old` to `new`, keeping what can be kept of its node."""
    current = parent[key]
    if isinstance(current, CommentedMap) and isinstance(old, dict) and isinstance(new, dict):
        _merge_map(current, old, new)
    elif isinstance(current, CommentedSeq) and isinstance(old, list) and isinstance(new, list) and len(current) == len(old):
        _merge_seq(current, old, new)
    else:
        parent[key] = _node(new, current)


def _merge_seq(node: CommentedSeq, before: list, after: list) -> None:
    """Rows matched by content: an emptied row goes with its own comment, a new one is added where it stands."""
    ops = difflib.SequenceMatcher(a=[_key(v) for v in before], b=[_key(v) for v in after], autojunk=False).get_opcodes()
    for tag, i1, i2, j1, j2 in reversed(ops):  # from the end, so earlier indices still hold
        if tag == "equal":
            continue
        pairs = min(i2 - i1, j2 - j1) if tag == "replace" else 0
        for k in range(pairs):
            _set(node, i1 + k, before[i1 + k], after[j1 + k])
        for _ in range(i1 + pairs, i2):
            del node[i1 + pairs]
        for k, value in enumerate(after[j1 + pairs:j2]):
            node.insert(i1 + pairs + k, _node(value, node[0] if len(node) else None))


def _node(value, like=None, fold: bool = False):
    """A new value for the file, in the style of the one it replaces or stands beside (quotes, folding, flow rows).
    A long new text is folded (`>-`) only where `fold` says (a file's own fields, never inside a one-line row)."""
    if isinstance(value, dict):
        out = CommentedMap((k, _node(v)) for k, v in value.items())
        if isinstance(like, CommentedMap) and like.fa.flow_style():
            out.fa.set_flow_style()
        return out
    if isinstance(value, list):
        out = CommentedSeq(_node(v) for v in value)
        block_rows = (isinstance(like, CommentedSeq) and len(like) and isinstance(like[0], CommentedMap)
                      and not like[0].fa.flow_style())
        if not block_rows:  # rows of a list one line each, as in the bundled files
            for row in out:
                if isinstance(row, CommentedMap):
                    row.fa.set_flow_style()
        return out
    if isinstance(value, str):
        if isinstance(like, LiteralScalarString) or "\n" in value:
            return LiteralScalarString(value)
        if isinstance(like, FoldedScalarString) or (fold and like is None and len(value) > FOLD_WIDTH):
            return _folded(value)
        if isinstance(like, str) and type(like) is not str:
            return type(like)(value)  # the same quotes as before
        if _needs_quotes(value):
            return SingleQuotedScalarString(value)
    return value


def _needs_quotes(text: str) -> bool:
    """Whether plain text could be read as something else, by PyYAML (YAML 1.1, which is stricter than ruamel's
    1.2 in flow rows: `{url: https://...}`) or as a number, date or yes/no."""
    if not text or text != text.strip() or any(ch in text for ch in ":#,[]{}&*!|>'\"%@`\\"):
        return True
    try:
        return pyyaml.safe_load(text) != text
    except pyyaml.YAMLError:
        return True


def _folded(text: str) -> FoldedScalarString:
    out = FoldedScalarString(text)
    folds, start = [], 0
    while len(text) - start > FOLD_WIDTH:
        cut = text.rfind(" ", start, start + FOLD_WIDTH)
        if cut <= start:
            break
        folds.append(cut)
        start = cut + 1
    out.fold_pos = folds
    return out


def _delete(node: CommentedMap, key) -> None:
    """Remove a key; comment lines that stood under it move to stay where they were (only its own line goes)."""
    keys = list(node)
    token = (node.ca.items.get(key) or [None, None, None, None])[2]
    del node[key]
    node.ca.items.pop(key, None)
    if token is None or "\n" not in token.value.rstrip("\n"):
        return
    kept = token.value.split("\n", 1)[1]  # the lines after the key's own (its end-of-line comment goes with it)
    at = keys.index(key)
    before = keys[at - 1] if at > 0 else None
    if before is not None and not isinstance(node[before], (CommentedMap, CommentedSeq)):
        slot = node.ca.items.setdefault(before, [None, None, None, None])
        if slot[2] is None:
            slot[2] = CommentToken("\n" + kept, CommentMark(0))
        else:
            slot[2].value += kept
    elif at + 1 < len(keys):
        lines = [ln.strip()[1:].removeprefix(" ") for ln in kept.splitlines() if ln.strip().startswith("#")]
        node.yaml_set_comment_before_after_key(keys[at + 1], before="\n".join(lines))
