// The Artifacts panel's inductor provenance jumps, without ImGui: which lines of the pre-grad
// graph, post-grad graph and generated code are linked (core/payloads/provenance.hpp), and where each one
// jumps to. Also the artifact list of a selection, with "[-/-]" (records without a compile id).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/model/model.hpp"
#include "core/read/payload_store.hpp"

namespace tparse::viewer {

/// The artifacts the panel lists: compile `c`'s, or for c < 0 the "[-/-]" entry's
/// (Model::global_artifacts: AOTInductor / export records that carry no compile id).
const std::vector<Artifact>& artifacts_for(const Model& m, int32_t c);

struct ProvJump {
  int32_t artifact = -1;  ///< index into the same artifact list
  int64_t line0 = -1;     ///< 0-based line in that artifact
  const char* pane = "";  ///< "pre-grad", "post-grad", "code"
};
struct ProvLine {
  int64_t line0 = -1;     ///< 0-based line in the artifact being shown
  std::string text;       ///< that line, trimmed
  std::vector<ProvJump> to;
};

/// The linked lines of artifact `a` when it is one of the three provenance panes of `arts` (and
/// the node mappings exist); empty otherwise. In line order.
std::vector<ProvLine> provenance_lines(const std::vector<Artifact>& arts, const PayloadStore& ps, int32_t a);

}  // namespace tparse::viewer
