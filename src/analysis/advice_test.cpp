// Categories and fixes for the breaks and recompiles of the real 2.11 traces and synthetic ones.
#include <doctest/doctest.h>

#include "analysis/advice.hpp"
#include "core/model/builder.hpp"
#include "core/ingest.hpp"
#include "core/payloads/text_parsers.hpp"
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
  if (!code.empty()) b.user_stack.push_back({"m.py", 3, "f", IStr(code)});
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

TEST_CASE("a site keeps each event's own gb id and kind; advice follows the root cause, not a loop skip (issue 13.5)") {
  // The real item_break trace (one resumed .item() break, gb0124) plus the same break as a loop
  // skip sees it: Dynamo chained GB7000 to it and skipped the frame. The skip comes FIRST (the
  // entry frame [0/0] is the one with the loop), as in the report that found the bug.
  LoadedTrace t = load_trace({(testing::testdata() / "torch-2.11" / "item_break" / "trace").string()});
  REQUIRE(t.model.breaks.size() == 1);
  Model m = t.model;
  GraphBreak skip = m.breaks[0];
  skip.kind = BreakKind::FrameSkipped;
  skip.chained_gb_id = "gb7000";
  m.breaks.insert(m.breaks.begin(), skip);
  m.breaks.push_back(m.breaks.back());  // a second resumed event (another call)
  for (auto& c : m.compiles)
    for (auto& bi : c.breaks) ++bi;
  finalize(m);
  REQUIRE(m.break_sites.size() == 1);
  const BreakSite& s = m.break_sites[0];
  CHECK(s.gb_id == "gb0124");
  CHECK(s.kind == BreakKind::Resumed);
  CHECK(s.kind_counts[static_cast<int>(BreakKind::Resumed)] == 2);
  CHECK(s.kind_counts[static_cast<int>(BreakKind::FrameSkipped)] == 1);
  Advice a = advise_site(s, m);
  CHECK(a.category == "scalar_output");
  CHECK(a.fix.find("1 of these events were inside a for/while loop") != std::string::npos);
}

TEST_CASE("a chained break keeps its own gb id; the loop's GB7000 is kept apart (issue 13.5)") {
  // The text layout of torch 2.11's loop skip: the root break, then the chained GB7000 message.
  LoadedTrace t = load_trace({(testing::testdata() / "torch-2.11" / "item_break" / "trace").string()});
  REQUIRE(t.model.breaks.size() == 1);
  const GraphBreak& real = t.model.breaks[0];
  GraphBreak b;
  std::string text = "Graph break in user code at " + real.user_file + ":" + std::to_string(real.user_line) +
                     "\nGraph Break Reason: Failed to handle graph break gracefully. Skipping the function and falling back "
                     "to eager. Graph break encountered:\n\n" + real.reason.substr(real.reason.find("\n\n") + 2) +
                     "\n\n*** While handling this graph break, another graph break occurred: ***\n\ngraph break in loop\n"
                     "  Explanation: torch.compile detected a graph break in a for/while loop.\n\n For more details about "
                     "this graph break, please visit: https://meta-pytorch.github.io/compile-graph-break-site/gb/gb7000.html\n";
  parse_graph_break_text(text, b);
  CHECK(b.gb_id == real.gb_id);
  CHECK(b.chained_gb_id == "gb7000");
  CHECK(b.title == real.title);
  CHECK(b.kind == BreakKind::FrameSkipped);
  CHECK(advise_break(b).category == "scalar_output");
}

TEST_CASE("a float value guard names its source and never prints an empty 'actual' (issue 13.10)") {
  for (const char* text : {"0/0: L['scale'] == 3.1459999999999999", "0/0: 3.1459999999999999 == L['scale']",
                           "0/0: scale == 3.1459999999999999  # scale = 3.146 (models.py:12)"}) {
    CAPTURE(text);
    FailedGuard g = parse_failed_guard(text);
    CHECK(g.change == GuardChange::Value);
    CHECK(g.expected == "3.1459999999999999");
    CHECK((g.source == "L['scale']" || g.source == "scale"));
    Advice a = advise_guard(g, "f");
    CHECK(a.fix.find("-> )") == std::string::npos);
    CHECK(a.fix.find("was 3.1459999999999999") != std::string::npos);
    CHECK(a.fix.find("scale") != std::string::npos);
  }
}

TEST_CASE("breaks in DistributedDataParallel's own forward are torch's, by design (real 2-rank DDP trace)") {
  // testdata/torch-2.11/ddp_gloo_first_bucket_assert: torch.compile(DDP(model)); Dynamo broke in DDP's
  // _pre_forward (distributed.py:1566) and in contextlib around `_inside_ddp_forward` (marked skip).
  LoadedTrace t = load_trace({(testing::testdata() / "torch-2.11" / "ddp_gloo_first_bucket_assert" / "trace").string()});
  REQUIRE(t.model.break_sites.size() == 2);
  for (const auto& s : t.model.break_sites) {
    CAPTURE(s.user_file);
    CHECK(advise_site(s, t.model).fix.find("inside DistributedDataParallel's own forward") != std::string::npos);
  }
  // A user's own break keeps its fix.
  CHECK(first_site("item_break").fix.find("DistributedDataParallel") == std::string::npos);
}

TEST_CASE("a recompile after a specialization says why mark_dynamic would not help (real torch 2.11 trace)") {
  // testdata/programs/symint_specialize_range.py: the second entry compiled the length dynamic, `range(n)`
  // specialized it to 12, so length 16 fails a static size guard
  LoadedTrace t = load_trace({(testing::testdata() / "programs" / "truth" / "symint_specialize_range" / "trace").string()});
  REQUIRE(t.model.recompiles.size() == 2);
  Advice first = advise_recompile(t.model.recompiles[0], t.model);
  Advice second = advise_recompile(t.model.recompiles[1], t.model);
  CHECK(first.category == "size_change");  // 8 -> 12: the ordinary advice
  CHECK(second.category == "size_specialized");
  CHECK(second.fix.find("(s27)") != std::string::npos);
  CHECK(second.fix.find("symint_specialize_range.py:22 (`for i in range(n):`)") != std::string::npos);
  CHECK(second.fix.find("back to 12") != std::string::npos);
  CHECK(second.fix.find("mark_dynamic does not help") != std::string::npos);
}
