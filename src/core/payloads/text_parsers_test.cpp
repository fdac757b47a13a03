// Tests for graph-break text, recompile-reason and traceback parsing, on texts as torch 2.11 writes them.
#include <doctest/doctest.h>

#include "text_parsers.hpp"

using namespace tparse;

static const char* kPrintBreak =
    "Graph break in user code at /home/user/zoo/models.py:152\n"
    "Graph Break Reason: Encountered graph break when attempting to trace CALL_FUNCTION_EX: a variadic function call, e.g. f(*args):\n"
    "\n"
    "Failed to trace builtin operator\n"
    "  Explanation: Dynamo does not know how to trace builtin operator `print` with argument types ['str'] (has_kwargs False)\n"
    "  Hint: Avoid calling builtin `print` with argument types ['str'].\n"
    "  Hint: Please report an issue to PyTorch.\n"
    "\n"
    "  Developer debug context: builtin print [<class 'torch._dynamo.variables.constant.ConstantVariable'>] False\n"
    "\n"
    " For more details about this graph break, please visit: https://meta-pytorch.github.io/compile-graph-break-site/gb/gb0059.html\n"
    "\n"
    "User code traceback:\n"
    "  File \"/home/user/zoo/models.py\", line 550, in run_case\n"
    "    cfn(*a)\n"
    "  File \"/home/user/zoo/models.py\", line 152, in forward\n"
    "    print(\"hi\")\n"
    "\n"
    "Traceback (most recent call last):\n"
    "  File \"/opt/torch/_dynamo/symbolic_convert.py\", line 1001, in wrapper\n"
    "    return inner_fn(self, inst)\n"
    "torch._dynamo.exc.Unsupported: Failed to trace builtin operator\n";

TEST_CASE("parses a CALL-type graph break") {
  GraphBreak gb;
  parse_graph_break_text(kPrintBreak, gb);
  CHECK(gb.user_file == "/home/user/zoo/models.py");
  CHECK(gb.user_line == 152);
  CHECK(gb.user_function == "forward");
  CHECK(gb.title == "Failed to trace builtin operator");
  CHECK(gb.gb_id == "gb0059");
  CHECK(gb.hints.size() == 2);
  CHECK(gb.explanation.find("`print`") != std::string::npos);
  CHECK(gb.context.rfind("builtin print", 0) == 0);
  CHECK(gb.kind == BreakKind::Resumed);
  REQUIRE(gb.user_stack.size() == 2);  // the torch traceback after it is not user code
  CHECK(gb.user_stack[1].code == "print(\"hi\")");
  CHECK(gb.reason.find("Traceback") == std::string::npos);
}

TEST_CASE("parses a data-dependent branch (no lead-in) and a frame skip") {
  GraphBreak gb;
  parse_graph_break_text(
      "Graph break in user code at /m.py:165\nGraph Break Reason: Data-dependent branching\n  Explanation: x\n  Hint: Use "
      "`torch.cond` to express dynamic control flow.\n\n For more details about this graph break, please visit: "
      "https://x/gb/gb0170.html\n\nUser code traceback:\n  File \"/m.py\", line 165, in f\n    if y.sum() > 0:\n\nNoneType: None\n",
      gb);
  CHECK(gb.title == "Data-dependent branching");
  CHECK(gb.gb_id == "gb0170");
  CHECK(gb.user_function == "f");
  CHECK(gb.hints.size() == 1);
  GraphBreak skip;
  parse_graph_break_text(
      "Graph break in user code at /m.py:9\nGraph Break Reason: Failed to handle graph break gracefully. Skipping the "
      "function and falling back to eager. Graph break encountered:\n\ngraph break in loop\n  Explanation: y\n",
      skip);
  CHECK(skip.kind == BreakKind::FrameSkipped);
  CHECK(skip.title == "graph break in loop");
}

TEST_CASE("older one-line reasons become the title") {
  GraphBreak gb;
  parse_graph_break_text("Graph break in user code at /a.py:3\nGraph Break Reason: generic_jump TensorVariable()\nUser code traceback:\n", gb);
  CHECK(gb.title == "generic_jump TensorVariable()");
  CHECK(gb.gb_id.empty());
}

TEST_CASE("recompile reasons: bare string and JSON list") {
  bool list = true;
  auto one = split_recompile_reasons("0/0: tensor 'x' size mismatch at index 0. expected 4, actual 8", list);
  CHECK_FALSE(list);
  REQUIRE(one.size() == 1);
  auto two = split_recompile_reasons(
      "[\n\"0/1: tensor 'x' dtype mismatch. expected Float, actual Double\",\n\"0/0: tensor 'x' rank mismatch. expected 2, "
      "actual 3\"\n]",
      list);
  CHECK(list);
  REQUIRE(two.size() == 2);
  CHECK(two[1].rfind("0/0:", 0) == 0);
}

TEST_CASE("failed guards are classified") {
  auto s = parse_failed_guard("0/0: tensor 'x' size mismatch at index 0. expected 4, actual 8");
  CHECK(s.entry == "0/0");
  CHECK(s.source == "x");
  CHECK(s.change == GuardChange::Size);
  CHECK(s.index == 0);
  CHECK(s.expected == "4");
  CHECK(s.actual == "8");
  auto d = parse_failed_guard("0/1: tensor 'x' dtype mismatch. expected Float, actual Half");
  CHECK(d.change == GuardChange::Dtype);
  CHECK(d.expected == "Float");
  CHECK(d.actual == "Half");
  auto r = parse_failed_guard("0/1: tensor 'x' rank mismatch. expected 2, actual 3");
  CHECK(r.change == GuardChange::Rank);
  auto g = parse_failed_guard("1/0: tensor 'x' requires_grad mismatch. expected requires_grad=0");
  CHECK(g.change == GuardChange::RequiresGrad);
  CHECK(g.expected == "0");
  auto k = parse_failed_guard("0/0: tensor 'kwargs['input_ids']' size mismatch at index 1. expected 8, actual 16");
  CHECK(k.source == "kwargs['input_ids']");
  CHECK(k.index == 1);
  // the user's source line torch appends after `#` is not the guard: its subscripts name nothing here
  auto c = parse_failed_guard("0/0: it == 1                                                  # return crit(data['x'][0:1, :2], data['y'][0:1, 0], it)  # f.py:15 in compute");
  CHECK(c.source == "it");
  CHECK(c.expected == "1");
  CHECK(c.change == GuardChange::Value);
  auto v = parse_failed_guard("0/0: G['MODE'] == 1");
  CHECK(v.change == GuardChange::Global);
  CHECK(v.source == "G['MODE']");
  CHECK(v.expected == "1");
  auto t = parse_failed_guard("0/0: ___check_type_id(L['n'], 10731296)");
  CHECK(t.change == GuardChange::Type);
  // the shape env's layout guards (torch 2.11's texts): the tensor's strides, not a Python value
  auto st = parse_failed_guard("0/1: x.stride()[0] == 3*x.size()[1]  # (unknown source x.stride()[0], please file a bug)");
  CHECK(st.change == GuardChange::Stride);
  CHECK(st.source == "x");
  CHECK(st.index == 0);
  auto off = parse_failed_guard("0/0: x.storage_offset() == x.size()[0]  # duck sizing added this equality because these "
                                "variables had the same size 6 (to avoid this specialization, set "
                                "torch.fx.experimental._config.use_duck_shape = False)");
  CHECK(off.change == GuardChange::Stride);
  CHECK(off.source == "x");
  CHECK(off.index == -1);
  auto duck = parse_failed_guard("0/0: x.size()[3] == x.size()[2]  # duck sizing added this equality");
  CHECK(duck.change == GuardChange::Value);  // (a size equality: not a layout)
}

TEST_CASE("traceback frames") {
  auto st = parse_python_traceback("  File \"/a.py\", line 3, in f\n    x = 1\n  File \"/b.py\", line 9, in <module>\n");
  REQUIRE(st.size() == 2);
  CHECK(st[0].file == "/a.py");
  CHECK(st[0].line == 3);
  CHECK(st[0].code == "x = 1");
  CHECK(st[1].name == "<module>");
  CHECK(st[1].code.empty());
}
