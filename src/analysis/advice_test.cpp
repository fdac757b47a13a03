// Categories and fixes for the breaks and recompiles of the real 2.11 traces and synthetic ones.
#include <doctest/doctest.h>

#include "analysis/advice.hpp"
#include "core/ingest.hpp"
#include "core/test_support.hpp"

using namespace tparse;
using namespace tparse::analysis;

namespace {
Advice first_site(const char* name) {
  LoadedTrace t = load_trace({(testing::testdata() / "torch-2.11" / name / "trace").string()});
  REQUIRE(!t.model.break_sites.empty());
  return advise_site(t.model.break_sites.front(), t.model);
}
GraphBreak gbk(std::string id, std::string title, std::string expl = "", std::string ctx = "", std::string code = "") {
  GraphBreak b;
  b.gb_id = std::move(id);
  b.title = std::move(title);
  b.explanation = std::move(expl);
  b.context = std::move(ctx);
  if (!code.empty()) b.user_stack.push_back({"m.py", 3, "f", code});
  return b;
}
}  // namespace

TEST_CASE("real traces: each break gets its category and a concrete fix") {
  Advice p = first_site("print_break");
  CHECK(p.category == "print_logging");
  CHECK(p.fix.find("reorderable_logging_functions") != std::string::npos);
  Advice i = first_site("item_break");
  CHECK(i.category == "scalar_output");
  CHECK(i.fix.find("capture_scalar_outputs") != std::string::npos);
  Advice n = first_site("nonzero_break");
  CHECK(n.category == "dynamic_output_shape");
  CHECK(n.fix.find("capture_dynamic_output_shape_ops") != std::string::npos);
  Advice d = first_site("data_dependent_branch");
  CHECK(d.category == "data_dependent_branch");
  CHECK(d.fix.find("torch.cond") != std::string::npos);
}

TEST_CASE("synthetic breaks by gb id, title and source") {
  CHECK(advise_break(gbk("gb0098", "Skip calling `torch.compiler.disable()`d function")).category == "disabled_function");
  CHECK(advise_break(gbk("gb0007", "Attempted to call function marked as skipped", "the builtin `time.time.`")).category ==
        "unsupported_builtin");
  CHECK(advise_break(gbk("gb7000", "graph break in loop")).category == "loop_frame_skip");
  CHECK(advise_break(gbk("gb0123", "Unsupported Tensor.backward() call")).category == "tensor_backward");
  CHECK(advise_break(gbk("gb0156", "Unsupported method call", "method `write` of class `StringIO`")).category ==
        "user_object_method");
  Advice v = advise_break(gbk("", "Unsupported method call", "", "call_method UserDefinedObjectVariable(TorchVersion) split"));
  CHECK(v.category == "version_check");
  CHECK(v.fix.find("__init__") != std::string::npos);
  CHECK(advise_break(gbk("gb0007", "Attempted to call function marked as skipped", "", "",
                         "ver = importlib.metadata.version('transformers')")).category == "version_check");
  CHECK(advise_break(gbk("gb0291", "logging.Logger method not supported for non-export cases")).category == "print_logging");
  CHECK(advise_break(gbk("gb9999", "Something new")).category == "other");
}

TEST_CASE("recompile fixes name the source and dimension") {
  FailedGuard g;
  g.source = "x";
  g.change = GuardChange::Size;
  g.index = 0;
  g.expected = "4";
  g.actual = "8";
  Advice a = advise_guard(g, "f");
  CHECK(a.category == "size_change");
  CHECK(a.fix.find("mark_dynamic(x, 0)") != std::string::npos);
  CHECK(a.fix.find("dynamic=True") != std::string::npos);
  g.change = GuardChange::Global;
  g.source = "G['MODE']";
  Advice gl = advise_guard(g, "f");
  CHECK(gl.category == "global_change");
  CHECK(gl.fix.find("hoist") != std::string::npos);
  CHECK(gl.fix.find("MODE") != std::string::npos);
  CHECK(pretty_source("L['x']") == "x");
  // recompile_dynamic: size, then dtype, then rank (DYNAMO-SEMANTICS §3.3).
  LoadedTrace t = load_trace({(testing::testdata() / "torch-2.11" / "recompile_dynamic" / "trace").string()});
  std::vector<std::string> cats;
  for (const auto& r : t.model.recompiles) cats.push_back(advise_recompile(r, t.model).category);
  CHECK(cats == std::vector<std::string>{"size_change", "dtype_change", "rank_change"});
}
