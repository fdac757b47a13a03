// torch.compile(fullgraph=True): a graph break is an error raised to the caller (fullgraph.cpp defines it; the
// break paths of restart.cpp and data_dependent_jump.cpp call it before anything else).
#pragma once

#include <string>

#include "runtime/interp.hpp"

namespace tparse::compiler {

/// Under fullgraph=True: the frame's compile ends without a graph and torch._dynamo.exc.Unsupported(msg) is raised;
/// otherwise nothing.
void fail_fullgraph(Interp& I, FrameCtx& ctx, const std::string& msg, Location loc);

}  // namespace tparse::compiler
