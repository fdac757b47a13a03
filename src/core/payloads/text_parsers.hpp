// Parsers for the human-text payloads PyTorch writes: graph-break reasons, recompile reasons,
// Python tracebacks. Pure functions over strings (no IO), so tests and fuzzers call them directly.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/model/model.hpp"

namespace tparse {

/// Fills the text fields of `gb` (user_file/line/function, title, gb_id, explanation, hints,
/// context, reason, user_stack, kind) from a dynamo_graph_break_reason payload.
void parse_graph_break_text(std::string_view text, GraphBreak& gb);

/// Splits the gb message block ("{title}\n  Explanation: ...\n  Hint: ...") into its parts.
void parse_gb_message(std::string_view msg, GraphBreak& gb);

/// Parses `  File "f", line N, in fn\n    code` frames (traceback.format_list style).
Stack parse_python_traceback(std::string_view text);

/// Splits a recompile_reasons payload (a JSON list, or one bare string) into reason strings.
std::vector<std::string> split_recompile_reasons(std::string_view payload, bool& was_json_list);

/// Classifies one reason ("0/0: tensor 'x' size mismatch at index 0. expected 4, actual 8").
FailedGuard parse_failed_guard(std::string_view reason);

/// "gb0059" from a text containing ".../gb/gb0059.html"; "" when absent.
std::string find_gb_id(std::string_view text);

}  // namespace tparse
