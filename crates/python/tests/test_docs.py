"""help() has something to say about every public name of the package: each public class, function, method and
property of ox88 and its modules has a docstring (its own or the one it overrides)."""

import inspect

import ox88
import ox88.engine
import ox88.pgn
import ox88.polyglot
import ox88.svg
import ox88.syzygy

MODULES = [ox88, ox88.engine, ox88.pgn, ox88.polyglot, ox88.svg, ox88.syzygy]


def undocumented():
    for module in MODULES:
        assert inspect.getdoc(module), module.__name__
        for name in dir(module):
            obj = getattr(module, name)
            if name.startswith("_") or not (inspect.isclass(obj) or inspect.isroutine(obj)):
                continue
            if not inspect.getdoc(obj):
                yield f"{module.__name__}.{name}"
            if inspect.isclass(obj) and obj.__module__.startswith("ox88"):
                for attr in dir(obj):
                    static = inspect.getattr_static(obj, attr)
                    if attr.startswith("_") or not (callable(static) or isinstance(static, (property, classmethod, staticmethod))):
                        continue
                    if not inspect.getdoc(getattr(obj, attr)):
                        yield f"{module.__name__}.{name}.{attr}"


def test_every_public_name_has_a_docstring():
    assert sorted(set(undocumented())) == []
