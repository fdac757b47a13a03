// Rebuilding a size expression where the frame read it: torch 2.11's replacement pass writes a sum-holding
// size (or a symbol the ShapeEnv later replaced by a sum) as sym_sum/floordiv nodes at the read's place.
#pragma once

#include <optional>

#include "runtime/interp.hpp"

namespace tparse::compiler {

/// The nodes rebuilding `v`'s expression at the size read `read_shadow` (-1: the first read of its symbols);
/// nullopt when the expression needs no rebuilding or cannot be rebuilt.
std::optional<Arg> reify_at_read(Interp& I, const V& v, int read_shadow);

}  // namespace tparse::compiler
