// Inductor provenance tracking: which lines of the pre-grad graph, the post-grad graph and the
// generated code (Python `def call(` or AOTInductor C++ `run_impl(`) belong together, from the
// `inductor_provenance_tracking_node_mappings` artifact (preToPost, postToPre, cppCodeToPost,
// postToCppCode; kernel names may carry a debug handle, `triton_poi_fused_mul_1:2`). Also the
// `inductor_provenance_tracking_kernel_stack_traces` artifact as (kernel, traces) pairs.
// Pure text in, plain data out: the report's provenance page and the viewer's Artifacts panel
// both use it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/model/model.hpp"

namespace tparse {

/// The three panes of a provenance view.
enum class ProvPane : uint8_t { Pre = 0, Post = 1, Code = 2 };

/// One link between a line of one pane and a line of another (1-based line numbers in the pane's
/// text as given). Links are stored once; consumers treat them as undirected.
struct ProvLink {
  ProvPane a_pane;
  int32_t a_line;
  ProvPane b_pane;
  int32_t b_line;
  friend bool operator==(const ProvLink&, const ProvLink&) = default;
};

struct ProvenanceMap {
  std::vector<ProvLink> links;          ///< deduplicated
  int32_t code_start = 0;               ///< line of `def call(` / `::run_impl(` (0: not found)
  std::vector<std::string> unmatched;   ///< node or kernel names the texts do not contain
  std::string error;                    ///< mappings JSON unreadable ("" when fine)
};

/// The node a graph line defines: the text before the first '=' and then before the first ':',
/// trimmed ("add_1: \"f32[4]\" = torch.ops..." -> "add_1"); "" for blank and comment lines.
std::string_view graph_line_node(std::string_view line);

/// A kernel name without its debug handle: "triton_poi_fused_mul_1:2" -> "triton_poi_fused_mul_1";
/// "extern_kernels.mm:4" -> "extern_kernels.mm"; a name without a numeric ":N" suffix is unchanged.
std::string_view kernel_base_name(std::string_view kernel);

/// Maps node and kernel names to lines. `cpp`: `code` is AOTInductor C++ (search from
/// `::run_impl(`), else inductor Python (search from `def call(`). A kernel with a debug handle
/// maps to the first call site after the line naming `kernel:N`; without one, to every line after
/// the start that names it. Any text may be empty (its links are then absent).
ProvenanceMap map_provenance(std::string_view mappings_json, std::string_view pre, std::string_view post,
                             std::string_view code, bool cpp);

/// `inductor_provenance_tracking_kernel_stack_traces` JSON ({kernel: [trace, ...]} or
/// {kernel: trace}) as (kernel, traces) in file order; empty when unreadable.
std::vector<std::pair<std::string, std::vector<std::string>>> kernel_stack_traces(std::string_view json);

/// The artifacts of one compile (or of the "[-/-]" entry) that a provenance view needs: indices
/// into `arts`, -1 when absent. The last artifact of each role wins, as in tlparse.
struct ProvenanceArtifacts {
  int32_t mappings = -1, pre = -1, post = -1, code = -1, stack_traces = -1;
  bool cpp = false;  ///< code is inductor_aot_wrapper_code (C++)
  bool usable() const { return mappings >= 0; }
};
ProvenanceArtifacts find_provenance_artifacts(const std::vector<Artifact>& arts);

}  // namespace tparse
