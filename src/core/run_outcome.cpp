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
  close();
}

void TracebackCollector::close() {
  if (state_ == State::Outside) return;
  while (current_.ends_with("\n")) current_.pop_back();
  last_ = std::move(current_);
  current_.clear();
  state_ = State::Outside;
}

void TracebackCollector::line(std::string_view l) {
  if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
  size_t at = l.find(kTracebackHead);
  if (at != std::string_view::npos) {
    close();
    prefix_ = std::string(l.substr(0, at));
    current_ = std::string(kTracebackHead) + "\n";
    state_ = State::Frames;
    message_lines_ = 0;
    lines_ = 1;
    return;
  }
  if (state_ == State::Outside) return;
  if (!l.starts_with(prefix_)) return;  // another rank's or another stream's line
  std::string_view body = l.substr(prefix_.size());
  if (state_ == State::Frames && !(body.starts_with(" ") || body.starts_with("\t"))) {
    state_ = State::Message;  // the exception line
  } else if (state_ == State::Message) {
    if (message_lines_ >= kMaxMessageLines || log_record(body) || body.starts_with("During handling of the above exception") ||
        body.starts_with("The above exception was the direct cause")) {
      close();
      return;
    }
  }
  if (state_ == State::Message) ++message_lines_;
  if (++lines_ > kMaxLines) {  // keep the head (outermost frames) and the tail (innermost, the exception)
    size_t pos = 0;
    for (int i = 0; i < kKeepHead && pos != std::string::npos; ++i) pos = current_.find('\n', pos + 1);
    size_t tail = current_.size();
    for (int i = 0; i < kKeepTail && tail != std::string::npos && tail > 0; ++i) tail = current_.rfind('\n', tail - 1);
    if (pos != std::string::npos && tail != std::string::npos && tail > pos) {
      current_ = current_.substr(0, pos + 1) + "  ... (lines cut)" + current_.substr(tail);
      lines_ = kKeepHead + kKeepTail + 1;
    }
  }
  current_.append(body.substr(0, kMaxLine));
  if (body.size() > kMaxLine) current_ += " ...";
  current_ += '\n';
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
  std::string name = c.frame >= 0 ? m.frames[static_cast<size_t>(c.frame)].name : (f ? f->name : "?");
  return f ? fmt::format("{} ({}:{})", name, f->file, f->line) : name;
}

}  // namespace

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
  w.key("in_flight").begin_array();
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
  w.end_object();
}

}  // namespace tparse
