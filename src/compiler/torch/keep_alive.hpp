// Graph::tensor_node maps a tensor value's address to its node. A value freed during the run could let a
// later value take its address and inherit its node, so every value given a node is kept alive until the
// run ends (compile_script releases them).
#pragma once

#include "runtime/values/value.hpp"

namespace tparse::compiler {

void keep_graph_value(const V& v);   ///< called where tensor_node gets an entry
void release_graph_values();         ///< end of a run

}  // namespace tparse::compiler
