// Summary JSON / text shared by the CLI and the Python module; see summary.hpp.
#include "api/summary.hpp"

#ifdef HAVE_TPARSE_ANALYSIS
#include "analysis/ranks/ddp_split.hpp"
#include "analysis/ranks/multirank.hpp"
#endif
#include "core/model/summary.hpp"

namespace tparse::api {

std::string summary_json_of(const LoadedTrace& t, bool pretty) {
#ifdef HAVE_TPARSE_ANALYSIS
  std::vector<multirank::NameMismatch> mism;
  auto facts = multirank::extract_rank_facts(t.model, t.payloads, &mism);
  auto an = multirank::analyze(facts, mism);
  auto splits = ddp::find_splits(t.model, t.payloads);
  return summary_json(t.model, pretty, [&](JsonWriter& w) { multirank::write_json(w, facts, an); },
                      [&](JsonWriter& w) { ddp::write_json(w, t.model, splits); });
#else
  return summary_json(t.model, pretty);
#endif
}

std::string summary_text_of(const LoadedTrace& t, bool verbose) {
  std::string text = summary_text(t.model, verbose);
#ifdef HAVE_TPARSE_ANALYSIS
  std::vector<multirank::NameMismatch> mism;
  auto facts = multirank::extract_rank_facts(t.model, t.payloads, &mism);
  text += terminal_safe(ddp::summary_text(t.model, ddp::find_splits(t.model, t.payloads)));
  text += terminal_safe(multirank::summary_text(facts, multirank::analyze(facts, mism)));
#endif
  return text;
}

}  // namespace tparse::api
