// Entry points of the core: read TORCH_TRACE inputs (directory, files, .gz, stdin, or a string)
// into one finalized Model plus the PayloadStore its payload handles point into.
#pragma once

#include <atomic>
#include <functional>
#include <string>
#include <vector>

#include "core/model/builder.hpp"
#include "core/model/model.hpp"
#include "core/read/payload_store.hpp"

namespace tparse {

struct LoadedTrace {
  Model model;
  PayloadStore payloads;
};

/// Progress callback: (bytes done, bytes total; total 0 when unknown). Called from the calling
/// thread about every 100 ms; return false to cancel.
using ProgressFn = std::function<bool(uint64_t done, uint64_t total)>;

/// Expands inputs: a directory becomes its trace logs (dedicated_log_torch_trace* if any, else
/// *.log / *.txt / *.gz), sorted by name; files and "-" pass through. Problems go to `errors`.
std::vector<std::string> expand_inputs(const std::vector<std::string>& inputs, std::vector<std::string>& errors);

/// Rank from a "dedicated_log_torch_trace_rank_N_..." file name, else -1.
int32_t rank_from_filename(const std::string& path);

/// Reads and models the inputs. Never throws on bad input: problems are in model.diag.
LoadedTrace load_trace(const std::vector<std::string>& inputs, const IngestOptions& opts = {},
                       const ProgressFn& progress = nullptr, const std::atomic<bool>* cancel = nullptr);

/// Models a trace held in memory (tests, the reference compiler, fuzzing). `name` labels it.
/// Read like stdin: gzip bytes (by magic) are decompressed.
LoadedTrace load_trace_text(std::string text, const std::string& name = "<memory>", const IngestOptions& opts = {});

}  // namespace tparse
