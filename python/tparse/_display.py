"""Rich display in IPython / Jupyter: HTML tables for a Trace, an Explanation and a gate result.
All text from traces is HTML-escaped."""
from html import escape


def _table(rows, head=None):
    out = ['<table style="border-collapse:collapse">']
    if head:
        out.append("<tr>" + "".join(f'<th style="text-align:left;padding:2px 8px">{escape(str(h))}</th>' for h in head) + "</tr>")
    for row in rows:
        out.append("<tr>" + "".join(f'<td style="text-align:left;padding:2px 8px">{escape(str(c))}</td>' for c in row) + "</tr>")
    out.append("</table>")
    return "".join(out)


def trace_html(s):
    t = s["totals"]
    gb = t["graph_breaks"]
    rows = [("frames", t["frames"]), ("compiles", t["compiles"]), ("graphs", t["graphs"]),
            ("graph breaks", f'{gb["events"]} events at {gb["distinct_sites"]} sites'),
            ("recompiles", t["recompiles"]), ("failures", t["failures"]), ("restarts", t["restarts"]),
            ("fallbacks", t["fallbacks"]), ("frames skipped", t["frames_skipped"]),
            ("cache hits / misses", f'{t["cache"]["hits"]} / {t["cache"]["misses"]}'),
            ("compile time", f'{t["compile_time_s"]:.2f} s'), ("ranks", len(s["ranks"]) or "-"),
            ("input problems", s["diagnostics"]["errors"])]
    html = ["<div><b>tparse trace</b> (" + escape(", ".join(i["path"] for i in s["inputs"][:3]))
            + (" ..." if len(s["inputs"]) > 3 else "") + ")", _table(rows)]
    sites = s["graph_breaks"]["sites"][:10]
    if sites:
        html.append("<b>graph-break sites</b>")
        html.append(_table([(x["count"], f'{x["file"]}:{x["line"]}', x["function"], x["reason"], x["gb_id"]) for x in sites],
                           ("events", "where", "function", "reason", "gb id")))
    if s["recompiles"]:
        html.append("<b>recompiles</b>")
        html.append(_table([(r["compile"], r["frame"], (r["reasons"][0]["text"] if r["reasons"] else ""))
                            for r in s["recompiles"][:10]], ("compile", "frame", "first reason")))
    if s["failures"]:
        html.append("<b>failures</b>")
        html.append(_table([(f["compile"], f["fail_type"], f["fail_reason"]) for f in s["failures"][:10]],
                           ("compile", "type", "reason")))
    html.append("</div>")
    return "".join(html)


def explain_html(e):
    if "error" in e:
        err = e["error"]
        return f'<div><b>tparse explain: error</b> {escape(str(err.get("file")))}:{err.get("line")}: {escape(str(err.get("message")))}</div>'
    rows = [(k, e[k]) for k in ("graph_count", "graph_break_count", "op_count") if k in e]
    return "<div><b>tparse explain</b>" + _table(rows) + "</div>"


def gate_html(g):
    verdict = "PASS" if g["pass"] else "REGRESSION"
    return (f"<div><b>tparse gate: {verdict}</b>"
            + _table([("failed" if c["failed"] else "ok", c["id"], c["message"]) for c in g["checks"]]) + "</div>")
