// What `tparse run` saw of the command beside its trace: the exit status, the last Python traceback
// on its stderr, and the compile Dynamo had started (dynamo_start) but never finished when the
// trace ended. The summary (text and JSON "run" member) and the report's landing page show it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "json_writer.hpp"

namespace tparse {

struct Model;

struct RunOutcome {
  int exit_code = 0;      ///< the command's exit status, 128 + signal when a signal ended it
  int signal = 0;         ///< the signal that ended it, 0 when it exited
  std::string traceback;  ///< the last Python traceback on its stderr ("" when none)
};

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

 private:
  void line(std::string_view l);
  void close();
  std::string partial_, current_, prefix_, last_;
  enum class State { Outside, Frames, Message } state_ = State::Outside;
  int message_lines_ = 0, lines_ = 0;
};

/// Compiles with a dynamo_start and no compilation_metrics (started, never finished), trace order.
std::vector<int32_t> in_flight_compiles(const Model& m);
/// "exited with 1" / "ended by signal 9 (SIGKILL)".
std::string run_status_text(const RunOutcome& r);
/// The summary's run block in text (already terminal-safe) and as the JSON "run" member's value.
std::string run_outcome_text(const Model& m);
void write_run_outcome_json(JsonWriter& w, const Model& m);

}  // namespace tparse
