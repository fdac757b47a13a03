// `tparse run`'s view of the command: traceback capture and the in-flight compile; see run_outcome.hpp.
#include "run_outcome.hpp"

#include <fmt/format.h>
#include <signal.h>
#include <string.h>

#include <algorithm>
#include <cctype>

#include "model.hpp"
#include "summary.hpp"

namespace tparse {

namespace {

constexpr std::string_view kTracebackHead = "Traceback (most recent call last):";
constexpr int kMaxMessageLines = 40, kMaxLines = 400, kKeepHead = 40, kKeepTail = 160;
constexpr size_t kMaxLine = 2000, kMaxPartial = 1 << 16;

// A glog / torch logging record ("W1124 10:02:03.123000 ...", "[rank0]:W1124 ..."): the traceback's
// message is over.
bool log_record(std::string_view l) {
  size_t b = l.find("]:");
  if (l.starts_with("[rank") && b != std::string_view::npos) l.remove_prefix(b + 2);
  return l.size() > 12 && std::string_view("IWEFD").find(l[0]) != std::string_view::npos &&
         std::isdigit(static_cast<unsigned char>(l[1])) && std::isdigit(static_cast<unsigned char>(l[4])) && l[5] == ' ' &&
         l[8] == ':';
}

}  // namespace

void TracebackCollector::feed(std::string_view bytes) {
  while (!bytes.empty()) {
    size_t nl = bytes.find('\n');
    if (nl == std::string_view::npos) {
      partial_.append(bytes);
      if (partial_.size() > kMaxPartial) {  // a very long line: take it as one
        line(partial_);
        partial_.clear();
      }
      return;
    }
    if (partial_.empty()) {
      line(bytes.substr(0, nl));
    } else {
      partial_.append(bytes.substr(0, nl));
      line(partial_);
      partial_.clear();
    }
    bytes.remove_prefix(nl + 1);
  }
}

void TracebackCollector::finish() {
  if (!partial_.empty()) line(partial_);
  partial_.clear();
  while (!open_.empty()) close(0);
}

void TracebackCollector::close(size_t i) {
  Open o = std::move(open_[i]);
  open_.erase(open_.begin() + static_cast<std::ptrdiff_t>(i));
  while (o.current.ends_with("\n")) o.current.pop_back();
  if (!o.prefix.empty()) {
    auto it = std::find_if(workers_.begin(), workers_.end(), [&](const auto& w) { return w.first == o.prefix; });
    if (it != workers_.end()) workers_.erase(it);
    workers_.emplace_back(o.prefix, o.current);
  }
  last_ = std::move(o.current);
}

void TracebackCollector::line(std::string_view l) {
  if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
  size_t at = l.find(kTracebackHead);
  if (at != std::string_view::npos) {
    std::string prefix(l.substr(0, at));
    for (size_t i = 0; i < open_.size(); ++i)
      if (open_[i].prefix == prefix) {
        close(i);
        break;
      }
    open_.push_back({prefix, std::string(kTracebackHead) + "\n", State::Frames, 0, 1});
    return;
  }
  // The open traceback whose prefix the line carries (the longest; "" takes unprefixed lines).
  Open* o = nullptr;
  size_t oi = 0;
  for (size_t i = 0; i < open_.size(); ++i)
    if (l.starts_with(open_[i].prefix) && (!o || open_[i].prefix.size() > o->prefix.size())) o = &open_[i], oi = i;
  if (!o) return;  // another rank's or another stream's line
  std::string_view body = l.substr(o->prefix.size());
  if (o->state == State::Frames && !(body.starts_with(" ") || body.starts_with("\t"))) {
    o->state = State::Message;  // the exception line
  } else if (o->state == State::Message) {
    if (o->message_lines >= kMaxMessageLines || log_record(body) || body.starts_with("During handling of the above exception") ||
        body.starts_with("The above exception was the direct cause")) {
      close(oi);
      return;
    }
  }
  if (o->state == State::Message) ++o->message_lines;
  std::string& cur = o->current;
  if (++o->lines > kMaxLines) {  // keep the head (outermost frames) and the tail (innermost, the exception)
    size_t pos = 0;
    for (int i = 0; i < kKeepHead && pos != std::string::npos; ++i) pos = cur.find('\n', pos + 1);
    size_t tail = cur.size();
    for (int i = 0; i < kKeepTail && tail != std::string::npos && tail > 0; ++i) tail = cur.rfind('\n', tail - 1);
    if (pos != std::string::npos && tail != std::string::npos && tail > pos) {
      cur = cur.substr(0, pos + 1) + "  ... (lines cut)" + cur.substr(tail);
      o->lines = kKeepHead + kKeepTail + 1;
    }
  }
  cur.append(body.substr(0, kMaxLine));
  if (body.size() > kMaxLine) cur += " ...";
  cur += '\n';
}

namespace {

/// The exception line of a traceback: the first line after the frames (not indented).
std::string exception_of(const std::string& tb) {
  size_t pos = tb.find('\n');
  while (pos != std::string::npos && pos + 1 < tb.size()) {
    size_t e = tb.find('\n', pos + 1);
    std::string_view l(tb.data() + pos + 1, (e == std::string::npos ? tb.size() : e) - pos - 1);
    if (!l.empty() && l[0] != ' ' && l[0] != '\t') return std::string(l);
    pos = e;
  }
  return "";
}

/// `  File "/x/y.py", line 447, in __init__` -> "/x/y.py:447 in __init__"; "" otherwise.
std::string frame_of(std::string_view l) {
  constexpr std::string_view key = "File \"";
  size_t b = l.find(key);
  if (b == std::string_view::npos || l.find_first_not_of(" \t") != b) return "";
  size_t q = l.find('"', b + key.size());
  size_t ln = l.find(", line ", q == std::string_view::npos ? b : q);
  size_t in = l.find(", in ", ln == std::string_view::npos ? b : ln);
  if (q == std::string_view::npos || ln == std::string_view::npos || in == std::string_view::npos) return "";
  return std::string(l.substr(b + key.size(), q - b - key.size())) + ":" + std::string(l.substr(ln + 7, in - ln - 7)) + " in " +
         std::string(l.substr(in + 5));
}

}  // namespace

RootCause root_cause(const RunOutcome& r) {
  RootCause rc;
  rc.traceback = r.workers.empty() ? r.traceback : r.workers.front().second;
  if (rc.traceback.empty()) return rc;
  rc.exception = exception_of(rc.traceback);
  for (const auto& [p, tb] : r.workers)
    if (exception_of(tb) == rc.exception) rc.prefixes.push_back(p);
  std::vector<std::string> frames;
  for (size_t pos = 0; pos < rc.traceback.size();) {
    size_t e = rc.traceback.find('\n', pos);
    std::string f = frame_of(std::string_view(rc.traceback).substr(pos, (e == std::string::npos ? rc.traceback.size() : e) - pos));
    if (!f.empty()) frames.push_back(std::move(f));
    pos = e == std::string::npos ? rc.traceback.size() : e + 1;
  }
  if (!frames.empty()) rc.raised_at = frames.back();
  // The innermost torch/_dynamo frame above the raise site: where torch.compile called the code
  // that raised (convert_frame.py's frame callback, a compile step).
  for (size_t i = frames.size() - 1; i-- > 0;)
    if (frames[i].find("/torch/_dynamo/") != std::string::npos) {
      rc.through_dynamo = frames[i];
      break;
    }
  return rc;
}

std::vector<int32_t> in_flight_compiles(const Model& m) {
  std::vector<int32_t> out;
  for (size_t i = 0; i < m.compiles.size(); ++i) {
    const Compile& c = m.compiles[i];
    if (c.outcome == Outcome::Unknown && !c.metrics && !c.stack.empty()) out.push_back(static_cast<int32_t>(i));
  }
  std::stable_sort(out.begin(), out.end(), [&](int32_t a, int32_t b) {
    const SourceLoc& wa = m.compiles[static_cast<size_t>(a)].where;
    const SourceLoc& wb = m.compiles[static_cast<size_t>(b)].where;
    return wa.file != wb.file ? wa.file < wb.file : wa.line < wb.line;
  });
  return out;
}

// A failure reason in one line: its first line, and the next one when the first ends with ':'
// ("backend='x' raised:" + "RuntimeError: ..."). Also used by the report's section_run.cpp.
std::string reason_line(const std::string& reason) {
  size_t nl = reason.find('\n');
  std::string first = reason.substr(0, nl);
  if (nl == std::string::npos || !first.ends_with(":")) return first;
  size_t start = reason.find_first_not_of("\n ", nl);
  if (start == std::string::npos) return first;
  return first + " " + reason.substr(start, reason.find('\n', start) - start);
}

std::string run_status_text(const RunOutcome& r) {
  if (r.signal) {
    const char* name = sigabbrev_np(r.signal);
    return fmt::format("ended by signal {}{}", r.signal, name ? fmt::format(" (SIG{})", name) : "");
  }
  return fmt::format("exited with {}", r.exit_code);
}

namespace {

std::string compile_where(const Model& m, const Compile& c) {
  const StackFrame* f = c.stack.empty() ? nullptr : &c.stack.back();
  std::string name = c.frame >= 0 ? m.frames[static_cast<size_t>(c.frame)].name : (f ? f->name.str() : "?");
  return f ? fmt::format("{} ({}:{})", name, f->file, f->line) : name;
}

}  // namespace

std::string trim_prefix(const std::string& p) {
  size_t e = p.find_last_not_of(" :");
  return e == std::string::npos ? p : p.substr(0, e + 1);
}

std::string dynamo_note(const Model& m, const RootCause& rc) {
  bool callback = rc.through_dynamo.find("/convert_frame.py:") != std::string::npos;
  if (!in_flight_compiles(m).empty()) return "through " + rc.through_dynamo + ", inside the compile in flight";
  if (callback)
    return "through torch.compile's frame callback " + rc.through_dynamo +
           " with no compile in flight: torch.compile failed on a frame before Dynamo logged a compile of it "
           "(no dynamo_start for that frame in the trace)";
  return "through " + rc.through_dynamo + " with no compile in flight";
}

std::string run_outcome_text(const Model& m) {
  if (!m.run) return "";
  const RunOutcome& r = *m.run;
  std::string o = "\nRun:\n";
  o += terminal_safe("  command " + run_status_text(r)) + "\n";
  std::vector<int32_t> fl = in_flight_compiles(m);
  if (fl.empty()) o += "  no compile in flight (every compile Dynamo started has finished)\n";
  for (int32_t ci : fl) {
    const Compile& c = m.compiles[static_cast<size_t>(ci)];
    o += terminal_safe(fmt::format("  compile in flight: {} {}: started (dynamo_start, {}), never finished",
                                   display_id(m, c), compile_where(m, c), m.file_of(c.where))) + "\n";
  }
  if (!m.failures.empty()) {
    const Failure& f = m.failures.back();
    std::string reason = reason_line(f.fail_reason);
    o += terminal_safe(fmt::format("  last failed compile: {} {}: {}", f.compile >= 0 ? display_id(m, m.compiles[static_cast<size_t>(f.compile)]) : "?",
                                   f.fail_type, reason)) + "\n";
  }
  RootCause rc = root_cause(r);
  if (!rc.exception.empty()) {
    o += terminal_safe("  died of: " + rc.exception) + "\n";
    if (!rc.prefixes.empty()) {
      std::string ws;
      for (const auto& p : rc.prefixes) ws += (ws.empty() ? "" : ", ") + trim_prefix(p);
      o += terminal_safe(fmt::format("    in {} of {} worker(s) that printed a traceback ({}), first: {}", rc.prefixes.size(),
                                     r.workers.size(), ws, trim_prefix(r.workers.front().first))) + "\n";
    }
    if (!rc.raised_at.empty()) o += terminal_safe("    raised at " + rc.raised_at) + "\n";
    if (!rc.through_dynamo.empty()) o += terminal_safe("    " + dynamo_note(m, rc)) + "\n";
  }
  if (!r.workers.empty() && rc.traceback != r.traceback) {
    o += terminal_safe(fmt::format("  traceback of {}:", trim_prefix(r.workers.front().first))) + "\n";
    size_t pos = 0;
    while (pos < rc.traceback.size()) {
      size_t nl = rc.traceback.find('\n', pos);
      o += "    " + terminal_safe(rc.traceback.substr(pos, nl == std::string::npos ? std::string::npos : nl - pos)) + "\n";
      pos = nl == std::string::npos ? rc.traceback.size() : nl + 1;
    }
  }
  if (r.traceback.empty()) {
    o += "  no Python traceback on the command's stderr\n";
  } else {
    o += "  last Python traceback on the command's stderr:\n";
    size_t pos = 0;
    while (pos < r.traceback.size()) {
      size_t nl = r.traceback.find('\n', pos);
      o += "    " + terminal_safe(r.traceback.substr(pos, nl == std::string::npos ? std::string::npos : nl - pos)) + "\n";
      pos = nl == std::string::npos ? r.traceback.size() : nl + 1;
    }
  }
  return o;
}

void write_run_outcome_json(JsonWriter& w, const Model& m) {
  if (!m.run) {
    w.null();
    return;
  }
  const RunOutcome& r = *m.run;
  w.begin_object().kv("exit_code", r.exit_code);
  w.key("signal");
  if (r.signal) w.value(r.signal);
  else w.null();
  w.kv("status", run_status_text(r));
  w.key("traceback");
  if (r.traceback.empty()) w.null();
  else w.value(r.traceback);
  RootCause rc = root_cause(r);
  w.key("root_cause");
  if (rc.exception.empty()) {
    w.null();
  } else {
    w.begin_object().kv("exception", rc.exception).kv("raised_at", rc.raised_at);
    w.key("through_dynamo");
    if (rc.through_dynamo.empty()) w.null();
    else w.value(dynamo_note(m, rc));
    w.key("workers").begin_array();
    for (const auto& p : rc.prefixes) w.value(trim_prefix(p));
    w.end_array();
    w.kv("workers_with_traceback", static_cast<int64_t>(r.workers.size()));
    w.kv("traceback", rc.traceback).end_object();
  }
  w.key("in_flight");
  write_in_flight_json(w, m);
  w.end_object();
}

void write_in_flight_json(JsonWriter& w, const Model& m) {
  w.begin_array();
  for (int32_t ci : in_flight_compiles(m)) {
    const Compile& c = m.compiles[static_cast<size_t>(ci)];
    std::string id = c.id.str();  // "[1/0]" -> "1/0"
    if (id.size() > 2 && id.front() == '[' && id.back() == ']') id = id.substr(1, id.size() - 2);
    w.begin_object().kv("compile", display_id(m, c)).kv("compile_id", id).opt("rank", c.rank);
    w.kv("frame", c.frame >= 0 ? m.frames[static_cast<size_t>(c.frame)].name : (c.stack.empty() ? "" : c.stack.back().name));
    w.kv("file", c.stack.empty() ? "" : c.stack.back().file).kv("line", c.stack.empty() ? int64_t(0) : c.stack.back().line);
    w.kv("started_at", m.file_of(c.where)).end_object();
  }
  w.end_array();
}

std::string unfinished_text(const Model& m) {
  if (m.run) return "";  // the run block says it, with the exit status
  std::vector<int32_t> fl = in_flight_compiles(m);
  if (fl.empty()) return "";
  std::string o = "\nTrace end:\n";
  for (int32_t ci : fl) {
    const Compile& c = m.compiles[static_cast<size_t>(ci)];
    o += terminal_safe(fmt::format("  compile in flight: {} {}: started (dynamo_start, {}), never finished: the trace ends "
                                   "inside it (the process died or was killed while compiling, or is still running)",
                                   display_id(m, c), compile_where(m, c), m.file_of(c.where))) + "\n";
  }
  return o;
}

}  // namespace tparse
