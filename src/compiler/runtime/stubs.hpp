// Bundled Python stubs of third-party and standard-library modules that real model files import
// (transformers, typing, copy, ...): what Dynamo would see of them, written in the Python subset the
// reference compiler runs. The .py sources live in src/compiler/runtime/stubs/; embed_stubs.cmake embeds them.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace tparse::compiler {

/// (path relative to the stub root, e.g. "transformers/modeling_utils.py", source text), sorted by path.
const std::vector<std::pair<std::string, std::string>>& bundled_stubs();

}  // namespace tparse::compiler
