"""tparse's module-level functions: load, explain, gate, report (docs/python.md)."""
import json
import os

from . import _tparse
from ._model import Explanation, GateResult, Trace


def _inputs(path):
    if isinstance(path, (list, tuple)):
        return [os.fspath(p) for p in path]
    return [os.fspath(path)]


def load(path, rank=None, process=None, *, latest=False, jobs=0, verify_md5=True, strict=False):
    """Read a TORCH_TRACE directory, log file or .gz (or a list of them) into a Trace.

    rank: only this rank; process: only run N of the program (1-based), latest: only the last run
    (as ``--rank``, ``--process``, ``--latest``). strict: raise TparseError naming every damaged
    line (``file:line: class: message``), as ``--strict``. The GIL is released while reading.
    """
    handle = _tparse.load(_inputs(path), rank=-1 if rank is None else int(rank),
                          process=0 if process is None else int(process), latest=bool(latest),
                          jobs=int(jobs), no_md5=not verify_md5, strict=bool(strict))
    return Trace(handle, path)


def explain(path_or_model_file, torch="2.11", *, frame=None, all_calls=False, source_roots=None,
            stub_paths=None, rank=None, process=None, latest=False):
    """``tparse explain PATH --json`` as an Explanation.

    PATH is a trace (directory, log, .gz) or a model .py script, which tparse's reference compiler
    runs under the ``torch`` rule profile ("2.11" or "2.3"); a script it cannot run raises
    TparseError with the compiler's ``file:line:col`` message.
    """
    text = _tparse.explain_json(os.fspath(path_or_model_file), torch=str(torch), frame=frame or "",
                                all_calls=bool(all_calls), roots=[os.fspath(r) for r in source_roots or []],
                                stubs=[os.fspath(s) for s in stub_paths or []],
                                rank=-1 if rank is None else int(rank),
                                process=0 if process is None else int(process), latest=bool(latest))
    return Explanation(json.loads(text))


def gate(trace, baseline, *, max_graph_breaks=None, max_recompiles=None, max_graphs=None,
         allow_increase=False, fail_on=None, max_compile_time_increase=None):
    """``tparse gate`` as a GateResult: did torch.compile get worse than the baseline?

    trace: a Trace or a path. baseline: a Trace, a summary dict (``Trace.summary()``), or a path:
    a trace directory / .log / .gz, else a saved ``tparse summary --json`` file.
    fail_on: "failures,fallbacks,recompiles" (any of); max_compile_time_increase: "20%" or 0.2.
    """
    cur = trace if isinstance(trace, Trace) else load(trace)
    base, base_path, base_json = None, "", ""
    if isinstance(baseline, Trace):
        base = baseline._handle
    elif isinstance(baseline, dict):
        base_json = json.dumps(baseline)
    else:
        base_path = os.fspath(baseline)
    if isinstance(fail_on, (list, tuple, set)):
        fail_on = ",".join(fail_on)
    passed, text = _tparse.gate_json(
        cur._handle, base, base_path=base_path, base_json=base_json,
        max_graph_breaks=-1 if max_graph_breaks is None else int(max_graph_breaks),
        max_recompiles=-1 if max_recompiles is None else int(max_recompiles),
        max_graphs=-1 if max_graphs is None else int(max_graphs), allow_increase=bool(allow_increase),
        fail_on=fail_on or "",
        max_compile_time_increase="" if max_compile_time_increase is None else str(max_compile_time_increase))
    return GateResult(json.loads(text))


def report(trace, out_dir, *, overwrite=False, plain_text=False, jobs=0):
    """``tparse report TRACE -o out_dir``: the HTML report; returns the path of its index.html."""
    t = trace if isinstance(trace, Trace) else load(trace)
    return t.report(out_dir, overwrite=overwrite, plain_text=plain_text, jobs=jobs)
