// The glog prefix of a trace line: `[rankN]:` (optional) `V1122 07:41:16.042000 412 path.py:276] `.
// Scanned by hand (no regex): this runs on every line of multi-GB logs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace tparse {

struct Prefix {
  int32_t rank = -1;           ///< from a leading "[rankN]:", else -1
  char level = 0;              ///< V I W E C
  uint32_t month = 0, day = 0; ///< MMDD (no year in the format)
  uint64_t micros_of_day = 0;  ///< HH:MM:SS.uuuuuu as microseconds since midnight
  uint64_t pid = 0;            ///< process id (2.11) or thread id (older)
  std::string_view emitter;    ///< "torch/_dynamo/convert_frame.py:276"
  std::string_view json;       ///< the rest of the line after "] "
};

/// Length of a leading "[rankN]:" tag (torchrun's per-line prefix), 0 when there is none.
/// `rank` receives N.
size_t rank_tag(std::string_view line, int32_t& rank);

/// Parses the prefix of `line`. false when the line does not start with a glog prefix.
bool parse_prefix(std::string_view line, Prefix& out);

}  // namespace tparse
