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
from ._tparse import TparseError, __version__
from ._model import Compile, Explanation, GateResult, Graph, Record, Trace
from ._api import explain, gate, load, report

__all__ = ["load", "explain", "gate", "report", "Trace", "Compile", "Graph", "Explanation", "GateResult",
           "Record", "TparseError", "__version__"]
