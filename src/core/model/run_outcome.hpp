// What `tparse run` saw of the command beside its trace: the exit status, the last Python traceback
// on its stderr, and the compile Dynamo had started (dynamo_start) but never finished when the
// trace ended. The summary (text and JSON "run" member) and the report's landing page show it.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/json_writer.hpp"

namespace tparse {

struct Model;

struct RunOutcome {
  int exit_code = 0;      ///< the command's exit status, 128 + signal when a signal ended it
  int signal = 0;         ///< the signal that ended it, 0 when it exited
  std::string traceback;  ///< the last Python traceback on its stderr ("" when none)
  /// The last traceback of each worker, by the prefix a launcher put before its lines
  /// (torchrun's "[rank1]: "), in the order they ended; empty when no line had a prefix.
  std::vector<std::pair<std::string, std::string>> workers;
};

/// The first worker traceback to end (torchrun's "first observed failure"), else the last
/// traceback: what the run died of. `prefixes`: the workers whose traceback ends with the same
/// exception. `raised_at`: the innermost frame ("file:line in fn"); `through_dynamo`: the
/// innermost frame in torch/_dynamo/ above the raise site ("" when none).
struct RootCause {
  std::string traceback, exception, raised_at, through_dynamo;
  std::vector<std::string> prefixes;
};
RootCause root_cause(const RunOutcome& r);
/// "[rank1]: " -> "[rank1]".
std::string trim_prefix(const std::string& p);
/// Where torch.compile was when the root cause was raised: inside the compile in flight, or in
/// the frame callback (convert_frame.py) with no compile in flight. Needs rc.through_dynamo.
std::string dynamo_note(const Model& m, const RootCause& rc);

/// Keeps the last Python traceback of a byte stream fed in arbitrary chunks: from a line holding
/// "Traceback (most recent call last):" (a prefix before it, such as torchrun's "[rank0]: ", is
/// stripped from that block's lines and other lines are ignored), its indented frame lines, the
/// exception line and the message lines after it (up to 40, or to a log-record line or the "The
/// above exception..." of a chained exception). Long tracebacks keep their head and tail.
class TracebackCollector {
 public:
  void feed(std::string_view bytes);
  void finish();  ///< end of stream: a partial last line is taken as a line
  const std::string& last() const { return last_; }
  /// The last traceback of each non-empty line prefix ("[rank0]: "), in the order they ended.
  const std::vector<std::pair<std::string, std::string>>& workers() const { return workers_; }

 private:
  enum class State { Outside, Frames, Message };
  /// One traceback being read; workers interleave theirs line by line, each under its prefix.
  struct Open {
    std::string prefix, current;
    State state = State::Frames;
    int message_lines = 0, lines = 0;
  };
  void line(std::string_view l);
  void close(size_t i);
  std::string partial_, last_;
  std::vector<Open> open_;
  std::vector<std::pair<std::string, std::string>> workers_;
};

/// Compiles with a dynamo_start and no compilation_metrics (started, never finished), trace order.
std::vector<int32_t> in_flight_compiles(const Model& m);
/// "exited with 1" / "ended by signal 9 (SIGKILL)".
std::string run_status_text(const RunOutcome& r);
/// The summary's run block in text (already terminal-safe) and as the JSON "run" member's value.
std::string run_outcome_text(const Model& m);
void write_run_outcome_json(JsonWriter& w, const Model& m);
/// The compiles in flight as a JSON array (summary's "unfinished_compiles", run's "in_flight").
void write_in_flight_json(JsonWriter& w, const Model& m);
/// Without `tparse run`: "Trace end:" naming each compile in flight (the trace ends inside it); "".
std::string unfinished_text(const Model& m);

}  // namespace tparse
