"""tparse: why torch.compile split, recompiled or failed your model -- from Python.

The same C++ libraries as the ``tparse`` command (no second parser)::

    import tparse
    t = tparse.load("/tmp/trace")          # a TORCH_TRACE directory, log file or .gz
    t                                       # in Jupyter: the summary table
    t.summary()                             # == json.loads(`tparse summary /tmp/trace --json`)
    t.graph_breaks[0].reason, t.compiles[0].graph()   # sites; a compile's FX graph (SVG in Jupyter)
    tparse.explain("model.py")              # == `tparse explain model.py --json`

API reference: docs/python.md.
"""
# Lazy (PEP 562): the console entry points (tparse._cli) import this package too, and only exec the
# bundled binary; they must not load the extension module and its libraries first.
_EXPORTS = {"load": "_api", "explain": "_api", "gate": "_api", "report": "_api", "Trace": "_model",
            "Compile": "_model", "Graph": "_model", "Explanation": "_model", "GateResult": "_model",
            "Record": "_model", "TparseError": "_tparse", "__version__": "_tparse"}
__all__ = list(_EXPORTS)


def __getattr__(name):
    if name not in _EXPORTS:
        raise AttributeError(f"module 'tparse' has no attribute {name!r}")
    import importlib
    value = getattr(importlib.import_module("." + _EXPORTS[name], __name__), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(list(globals()) + __all__)
