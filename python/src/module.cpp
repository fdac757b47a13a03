// tparse._tparse: pybind11 bindings of py_trace.hpp. Loading, explain, gate, report and graph
// drawing run without the GIL; failures raise tparse._tparse.TparseError with the CLI's message.
// The Python-facing API (Trace, Compile, Graph objects, display, pandas) is in python/tparse/.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "core/model/summary.hpp"
#include "py_trace.hpp"

namespace pyb = pybind11;
using tparse::py::Trace;

namespace {

tparse::api::LoadRequest request(std::vector<std::string> inputs, int rank, int process, bool latest, int jobs,
                                 bool no_md5) {
  tparse::api::LoadRequest r;
  r.inputs = std::move(inputs);
  r.rank = rank;
  r.process = process;
  r.latest = latest;
  r.jobs = jobs;
  r.no_md5 = no_md5;
  return r;
}

}  // namespace

PYBIND11_MODULE(_tparse, m) {
  m.doc() = "tparse's C++ core (the same libraries as the tparse CLI); use the tparse package";
  m.attr("__version__") = tparse::kToolVersion;
  pyb::register_exception<tparse::py::Error>(m, "TparseError", PyExc_RuntimeError);

  pyb::class_<Trace, std::shared_ptr<Trace>>(m, "_Trace")
      .def("summary_json", &Trace::summary_json, pyb::arg("pretty") = true, pyb::call_guard<pyb::gil_scoped_release>())
      .def("summary_text", &Trace::summary_text, pyb::arg("verbose") = false, pyb::call_guard<pyb::gil_scoped_release>())
      .def("note", &Trace::note)
      .def("compile_count", &Trace::compile_count)
      .def("artifact_names", &Trace::artifact_names, pyb::call_guard<pyb::gil_scoped_release>())
      .def("artifact_text",
           [](Trace& t, int64_t index, const std::string& kind) -> pyb::object {
             std::string text;
             bool found;
             {
               pyb::gil_scoped_release nogil;
               found = t.artifact_text(index, kind, text);
             }
             if (!found) return pyb::none();
             // Payload bytes from the trace: ill-formed UTF-8 becomes U+FFFD, never an exception.
             return pyb::reinterpret_steal<pyb::object>(
                 PyUnicode_DecodeUTF8(text.data(), static_cast<Py_ssize_t>(text.size()), "replace"));
           })
      .def("explain_json", &Trace::explain_json, pyb::arg("frame"), pyb::arg("all_calls"), pyb::arg("roots"),
           pyb::call_guard<pyb::gil_scoped_release>())
      .def("report", &Trace::report, pyb::arg("out"), pyb::arg("overwrite"), pyb::arg("plain_text"), pyb::arg("jobs"),
           pyb::call_guard<pyb::gil_scoped_release>());

  m.def(
      "load",
      [](std::vector<std::string> inputs, int rank, int process, bool latest, int jobs, bool no_md5, bool strict) {
        return Trace::load(request(std::move(inputs), rank, process, latest, jobs, no_md5), strict);
      },
      pyb::arg("inputs"), pyb::arg("rank") = -1, pyb::arg("process") = 0, pyb::arg("latest") = false,
      pyb::arg("jobs") = 0, pyb::arg("no_md5") = false, pyb::arg("strict") = false,
      pyb::call_guard<pyb::gil_scoped_release>(), "Load a trace (the light load of `tparse summary --json`)");

  m.def(
      "explain_json",
      [](const std::string& path, const std::string& torch, const std::string& frame, bool all_calls,
         std::vector<std::string> roots, std::vector<std::string> stubs, int rank, int process, bool latest) {
        return tparse::py::explain_path(path, torch, frame, all_calls, roots, stubs,
                                        request({}, rank, process, latest, 0, false));
      },
      pyb::arg("path"), pyb::arg("torch") = "2.11", pyb::arg("frame") = "", pyb::arg("all_calls") = false,
      pyb::arg("roots") = std::vector<std::string>{}, pyb::arg("stubs") = std::vector<std::string>{},
      pyb::arg("rank") = -1, pyb::arg("process") = 0, pyb::arg("latest") = false,
      pyb::call_guard<pyb::gil_scoped_release>(), "`tparse explain PATH --json`");

  m.def(
      "gate_json",
      [](std::shared_ptr<Trace> cur, std::shared_ptr<Trace> base, const std::string& base_path,
         const std::string& base_json, int64_t max_graph_breaks, int64_t max_recompiles, int64_t max_graphs,
         bool allow_increase, const std::string& fail_on, const std::string& max_compile_time_increase) {
        tparse::py::GateArgs a;
        a.max_graph_breaks = max_graph_breaks;
        a.max_recompiles = max_recompiles;
        a.max_graphs = max_graphs;
        a.allow_increase = allow_increase;
        a.fail_on = fail_on;
        a.max_compile_time_increase = max_compile_time_increase;
        return tparse::py::gate_json(*cur, base.get(), base_path, base_json, a);
      },
      pyb::arg("cur"), pyb::arg("base").none(true), pyb::arg("base_path") = "", pyb::arg("base_json") = "",
      pyb::arg("max_graph_breaks") = -1, pyb::arg("max_recompiles") = -1, pyb::arg("max_graphs") = -1,
      pyb::arg("allow_increase") = false, pyb::arg("fail_on") = "", pyb::arg("max_compile_time_increase") = "",
      pyb::call_guard<pyb::gil_scoped_release>(), "`tparse gate --format json`: (pass, JSON)");

  m.def("dot_of_graph", &tparse::py::dot_of_graph, pyb::call_guard<pyb::gil_scoped_release>());
  m.def("svg_of_graph", &tparse::py::svg_of_graph, pyb::call_guard<pyb::gil_scoped_release>());
}
