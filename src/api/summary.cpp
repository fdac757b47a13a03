// Summary JSON / text shared by the CLI and the Python module; see summary.hpp.
#include "api/summary.hpp"

#ifdef HAVE_TPARSE_ANALYSIS
#include "analysis/multirank.hpp"
#endif
#include "core/summary.hpp"

namespace tparse::api {

std::string summary_json_of(const LoadedTrace& t, bool pretty) {
#ifdef HAVE_TPARSE_ANALYSIS
  std::vector<multirank::NameMismatch> mism;
  auto facts = multirank::extract_rank_facts(t.model, t.payloads, &mism);
  auto an = multirank::analyze(facts, mism);
  return summary_json(t.model, pretty, [&](JsonWriter& w) { multirank::write_json(w, facts, an); });
#else
  return summary_json(t.model, pretty);
#endif
}

std::string summary_text_of(const LoadedTrace& t, bool verbose) {
  std::string text = summary_text(t.model, verbose);
#ifdef HAVE_TPARSE_ANALYSIS
  std::vector<multirank::NameMismatch> mism;
  auto facts = multirank::extract_rank_facts(t.model, t.payloads, &mism);
  text += terminal_safe(multirank::summary_text(facts, multirank::analyze(facts, mism)));
#endif
  return text;
}

}  // namespace tparse::api
