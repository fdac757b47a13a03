"""Python objects over tparse's JSON documents: Trace (summary --json), Compile, Graph,
Explanation (explain --json), GateResult (gate --format json). Fields are the documents' own
(docs/summary-schema.md, docs/explain.md, docs/gate.md), read as attributes or items."""
import copy
import json
import os

from . import _display, _tparse


class Record:
    """One JSON object with attribute access: ``r.reason`` == ``r["reason"]``; ``r.to_dict()``."""

    __slots__ = ("_d",)

    def __init__(self, d):
        object.__setattr__(self, "_d", d)

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        try:
            return self._d[name]
        except KeyError:
            raise AttributeError(f"{type(self).__name__} has no field {name!r} (fields: {', '.join(self._d)})") from None

    def __getitem__(self, key):
        return self._d[key]

    def __contains__(self, key):
        return key in self._d

    def get(self, key, default=None):
        return self._d.get(key, default)

    def keys(self):
        return self._d.keys()

    def to_dict(self):
        return self._d

    def __dir__(self):
        return list(self._d) + [a for a in type(self).__dict__ if not a.startswith("_")]

    def __eq__(self, other):
        return isinstance(other, Record) and self._d == other._d

    def __repr__(self):
        body = ", ".join(f"{k}={v!r}" for k, v in list(self._d.items())[:6])
        more = ", ..." if len(self._d) > 6 else ""
        return f"{type(self).__name__}({body}{more})"


def _frame(rows, columns=None):
    try:
        import pandas
    except ImportError as e:  # optional: never required
        raise ImportError("to_pandas() needs pandas (pip install pandas)") from e
    return pandas.DataFrame([r.to_dict() if isinstance(r, Record) else r for r in rows], columns=columns)


class Graph:
    """An FX graph of one compile: ``.text`` (the payload), ``.to_dot()``, ``.to_svg()``; Jupyter draws it."""

    def __init__(self, text, kind, compile_id):
        self.text, self.kind, self.compile_id = text, kind, compile_id

    def to_dot(self):
        return _tparse.dot_of_graph(self.text)

    def to_svg(self):
        return _tparse.svg_of_graph(self.text)

    def _repr_svg_(self):
        return self.to_svg()

    def __str__(self):
        return self.text

    def __repr__(self):
        return f"<tparse.Graph {self.kind} of {self.compile_id}: {self.text.count(chr(10))} lines>"


class Compile(Record):
    """A ``compiles[]`` entry of summary --json, plus its graphs (read on first use)."""

    __slots__ = ("_trace", "_index")

    def __init__(self, d, trace, index):
        super().__init__(d)
        object.__setattr__(self, "_trace", trace)
        object.__setattr__(self, "_index", index)

    @property
    def has_graph(self):
        """The summary's ``graph`` field (``graph`` itself is the method below): a graph was compiled."""
        return bool(self._d["graph"])

    @property
    def index(self):
        """Position in Trace.compiles (and in summary()["compiles"])."""
        return self._index

    def artifacts(self):
        """Names of this compile's artifacts (dynamo_output_graph, aot_forward_graph, ...)."""
        return self._trace._handle.artifact_names(self._index)

    def graph(self, kind="dynamo_output_graph"):
        """The FX graph text of artifact `kind` (its final attempt's) as a Graph; KeyError if absent."""
        text = self._trace._handle.artifact_text(self._index, kind)
        if text is None:
            raise KeyError(f"compile {self._d.get('id')} has no {kind} (has: {', '.join(self.artifacts())})")
        return Graph(text, kind, self._d.get("id"))


class Trace:
    """A loaded trace. Fields are summary --json's: ``.compiles``, ``.frames``, ``.graph_breaks``
    (sites with their events), ``.recompiles``, ``.failures``, ``.ranks``, ``.diagnostics``,
    ``.totals``, ``.processes``, ``.inputs``, ``.multi_rank``; ``summary()`` is the whole dict."""

    def __init__(self, handle, path):
        self._handle, self.path = handle, path
        self._summary = None

    def _doc(self):
        # The fields (.compiles, .frames, ...) read one dict, built on first use from the compact
        # JSON text, which is not kept (docs/python.md "Performance").
        if self._summary is None:
            self._summary = json.loads(self._handle.summary_json(False))
        return self._summary

    def summary(self):
        """The same dict as ``json.loads(`tparse summary PATH --json`)`` (a fresh copy)."""
        if self._summary is not None:
            return copy.deepcopy(self._summary)
        return json.loads(self._handle.summary_json(False))

    def summary_json(self):
        """The exact text ``tparse summary PATH --json`` prints."""
        return self._handle.summary_json(True)

    @property
    def compiles(self):
        return [Compile(c, self, i) for i, c in enumerate(self._doc()["compiles"])]

    @property
    def frames(self):
        return [Record(f) for f in self._doc()["frames"]]

    @property
    def graph_breaks(self):
        return [Record(s) for s in self._doc()["graph_breaks"]["sites"]]

    @property
    def recompiles(self):
        return [Record(r) for r in self._doc()["recompiles"]]

    @property
    def failures(self):
        return [Record(f) for f in self._doc()["failures"]]

    @property
    def ranks(self):
        return [Record(r) for r in self._doc()["ranks"]]

    @property
    def processes(self):
        return [Record(p) for p in self._doc()["processes"]]

    @property
    def inputs(self):
        return [Record(i) for i in self._doc()["inputs"]]

    @property
    def diagnostics(self):
        return Record(self._doc()["diagnostics"])

    @property
    def totals(self):
        return Record(self._doc()["totals"])

    @property
    def multi_rank(self):
        m = self._doc().get("multi_rank")
        return None if m is None else Record(m)

    def compile(self, compile_id):
        """The compile with this id ("[0/1]", "rank1 [0/0]" is not an id: use rank=)."""
        for c in self.compiles:
            if c.id == compile_id:
                return c
        raise KeyError(compile_id)

    def explain(self, frame=None, all_calls=False, source_roots=None):
        """``tparse explain TRACE --json`` of this trace as an Explanation."""
        return Explanation(json.loads(self._handle.explain_json(frame or "", bool(all_calls),
                                                                [os.fspath(r) for r in source_roots or []])))

    def gate(self, baseline, **options):
        from ._api import gate
        return gate(self, baseline, **options)

    def report(self, out_dir, *, overwrite=False, plain_text=False, jobs=0):
        """Write the HTML report into out_dir (as ``tparse report``); returns index.html's path."""
        out = os.fspath(out_dir)
        self._handle.report(out, bool(overwrite), bool(plain_text), int(jobs))
        return os.path.join(out, "index.html")

    def to_pandas(self, table="compiles"):
        """One table of the summary as a pandas DataFrame: compiles, frames, graph_breaks,
        recompiles, failures, ranks or processes (needs pandas; optional)."""
        tables = {"compiles": self.compiles, "frames": self.frames, "graph_breaks": self.graph_breaks,
                  "recompiles": self.recompiles, "failures": self.failures, "ranks": self.ranks,
                  "processes": self.processes}
        if table not in tables:
            raise ValueError(f"table must be one of {', '.join(tables)}")
        return _frame(tables[table])

    def __str__(self):
        return self._handle.summary_text(False)

    def __repr__(self):
        t = self._doc()["totals"]
        return (f"<tparse.Trace {self.path!s}: {t['compiles']} compiles, {t['graphs']} graphs, "
                f"{t['graph_breaks']['events']} graph breaks, {t['recompiles']} recompiles, {t['failures']} failures>")

    def _repr_html_(self):
        return _display.trace_html(self._doc())


class Explanation(Record):
    """``tparse explain --json`` (docs/explain.md): torch._dynamo.explain's numbers (graph_count,
    graph_break_count, op_count, break_reasons with user stacks, ops_per_graph) and the true account."""

    @property
    def exact(self):
        """False when the end of the first call was inferred (``scope.guess``: approximate)."""
        return not self._d.get("scope", {}).get("guess", False)

    def _repr_html_(self):
        return _display.explain_html(self._d)


class GateResult(Record):
    """``tparse gate --format json``: ``.passed``, ``.checks``, ``.new_sites``, ``.grown_sites`` ..."""

    @property
    def passed(self):
        return bool(self._d["pass"])

    @property
    def verdict(self):
        return "pass" if self.passed else "regression"

    @property
    def findings(self):
        """The checks that failed, each {id, failed, message}."""
        return [c for c in self._d["checks"] if c["failed"]]

    def __bool__(self):
        return self.passed

    def _repr_html_(self):
        return _display.gate_html(self._d)
