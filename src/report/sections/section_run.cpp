// The landing page's "This run" section for `tparse run`: the command's exit status, the compile
// that was in flight when the trace ended (or none), the last failed compile, and the last Python
// traceback of its stderr (core/model/run_outcome.hpp). Absent for reports of a trace alone.
#include <fmt/format.h>

#include "report/context.hpp"
#include "core/model/run_outcome.hpp"
#include "core/model/summary.hpp"
#include "report/html.hpp"

namespace tparse {
std::string reason_line(const std::string& reason);  // core/model/run_outcome.cpp: a failure reason in one line
}  // namespace tparse

namespace tparse::report {

std::string run_section(Ctx& cx, const std::string& root) {
  const Model& m = cx.m;
  if (!m.run) return "";
  const RunOutcome& r = *m.run;
  bool bad = r.exit_code != 0;
  std::string out = "<h2 id=\"run\">This run</h2>\n<p>";
  out += fmt::format("The command <span class=\"{}\">{}</span>.", bad ? "bad" : "ok", esc(run_status_text(r)));
  std::vector<int32_t> fl = in_flight_compiles(m);
  if (fl.empty()) {
    out += " No compile in flight: every compile Dynamo started has finished.</p>\n";
  } else {
    out += "</p>\n<div class=\"alert\">Compile in flight when the trace ended (started with <code>dynamo_start</code>, never "
           "finished: the run died inside it):<ul>";
    for (int32_t ci : fl) {
      const Compile& c = m.compiles[static_cast<size_t>(ci)];
      std::string fn = c.frame >= 0 ? m.frames[static_cast<size_t>(c.frame)].name : (c.stack.empty() ? "?" : c.stack.back().name);
      out += "<li>" + compile_link(cx, ci, root) + " <code>" + esc(fn) + "</code>";
      if (!c.stack.empty()) out += " at " + esc(c.stack.back().file) + fmt::format(":{}", c.stack.back().line);
      out += "</li>";
    }
    out += "</ul></div>\n";
  }
  if (!m.failures.empty()) {
    const Failure& f = m.failures.back();
    std::string reason = reason_line(f.fail_reason);
    out += "<p>Last failed compile: ";
    out += f.compile >= 0 ? compile_link(cx, f.compile, root) : std::string("?");
    out += " <code>" + esc(f.fail_type) + "</code>: " + esc(reason) + "</p>\n";
  }
  RootCause rc = root_cause(r);
  if (!rc.exception.empty()) {
    out += "<p>Died of: <code class=\"bad\">" + esc(rc.exception) + "</code>";
    if (!rc.prefixes.empty()) {
      std::string ws;
      for (const auto& p : rc.prefixes) ws += (ws.empty() ? "" : ", ") + trim_prefix(p);
      out += esc(fmt::format(" (in {} of {} worker(s) that printed a traceback: {}; first: {})", rc.prefixes.size(),
                             r.workers.size(), ws, trim_prefix(r.workers.front().first)));
    }
    if (!rc.raised_at.empty()) out += "<br>raised at <code>" + esc(rc.raised_at) + "</code>";
    if (!rc.through_dynamo.empty()) out += "<br>" + esc(dynamo_note(m, rc));
    out += "</p>\n";
    if (!r.workers.empty() && rc.traceback != r.traceback)
      out += "<p>Traceback of " + esc(trim_prefix(r.workers.front().first)) + ":</p>\n<pre class=\"traceback\">" +
             esc(rc.traceback) + "</pre>\n";
  }
  if (r.traceback.empty()) {
    out += "<p class=\"muted\">No Python traceback on the command's stderr.</p>\n";
  } else {
    out += "<p>Last Python traceback on the command's stderr:</p>\n<pre class=\"traceback\">" + esc(r.traceback) + "</pre>\n";
  }
  return out;
}

}  // namespace tparse::report
