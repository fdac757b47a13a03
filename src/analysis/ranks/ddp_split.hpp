// DDPOptimizer's graph splits (torch/_dynamo/backends/distributed.py). When a DDP-wrapped model is
// compiled, DDPOptimizer cuts Dynamo's graph at gradient-bucket boundaries and compiles each piece
// on its own: one compile id, one `optimize_ddp_split_graph` record, one `optimize_ddp_split_child`
// per submodule, then a forward inductor compile per submodule (and later, on the first backward,
// a backward compile per submodule), all under the same compile id. These are not graph breaks.
//
// Everything here comes from the records: the children's FX text (nodes, parameter placeholders with
// their dtype/shape), each inductor compile's artifacts in trace order (cut at its
// fx_graph_cache_{miss,hit,bypass} artifact, or at inductor_output_code when no cache artifact was
// logged), a forward compile tied to its child by the placeholder names of its
// `before_pre_grad_graph`, a backward compile tied to the forward whose `aot_backward_graph` has the
// placeholders (name and type) of its `before_post_grad_graph`. Anything not tied is counted, never
// guessed. docs/report.md ("DDP graph splits") documents the rule.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/json_writer.hpp"
#include "core/model/model.hpp"
#include "core/read/payload_store.hpp"

namespace tparse::ddp {

/// One inductor compile (forward or backward) of a submodule.
struct PartCompile {
  bool present = false;
  int32_t first_artifact = -1;  ///< index into Compile::artifacts of its first record
  int32_t output_code = -1;     ///< its inductor_output_code artifact, -1 none
  std::string cache;            ///< "miss" / "hit" / "bypass" (fx graph cache), "" none logged
  bool has_runtime = false;
  double runtime_ns = 0;        ///< sum of ops[].estimated_runtime_ns of its inductor_runtime_and_tensor_meta
  int64_t runtime_ops = 0;
};

struct Subgraph {
  std::string name;             ///< "submod_0" (the child record's name)
  int32_t artifact = -1;        ///< the optimize_ddp_split_child artifact
  int64_t nodes = 0;            ///< op nodes (call_function / call_method / call_module / get_attr)
  int64_t inputs = 0;           ///< placeholders
  int64_t params = 0;           ///< parameter placeholders (`..._parameters_...`) read by this subgraph
  int64_t bucket_params = 0;    ///< of those, the ones whose gradient this subgraph's bucket holds
  int64_t bucket_bytes = 0;     ///< their bytes (dtype size x shape); -1 when a shape is symbolic
  PartCompile fwd, bwd;
};

struct Split {
  int32_t compile = -1;         ///< index into Model::compiles
  int32_t graph_artifact = -1;  ///< the optimize_ddp_split_graph artifact
  std::vector<Subgraph> subgraphs;
  int64_t untied_compiles = 0;  ///< inductor compiles under this id not tied to a subgraph
};

/// Every compile with an optimize_ddp_split_graph record. Needs the payloads (empty without).
std::vector<Split> find_splits(const Model& m, const PayloadStore& ps);

/// "DDPOptimizer split this graph into 4 subgraphs at bucket boundaries (not graph breaks)"
std::string headline(const Split& s);
/// Readable duration from nanoseconds: "375 ns", "1.25 us", "3.40 ms", "0.000164 ns".
std::string format_ns(double ns);
/// Bytes as "1.2 MiB" / "384 KiB" / "512 B"; "unknown" for -1.
std::string format_bytes(int64_t b);
/// Plain-text block for `tparse summary` ("" when there is no split).
std::string summary_text(const Model& m, const std::vector<Split>& splits);
/// The value of summary JSON's "ddp_splits" member (an array).
void write_json(JsonWriter& w, const Model& m, const std::vector<Split>& splits);

}  // namespace tparse::ddp
