// A dict handed to a frame and changed in it (a metrics dict a resume function stores `t.item()` values into):
// Dynamo reconstructs it after the graph (SideEffects.codegen_update_mutated), which realizes its values, so the floats
// in it that came in with the frame get EQUALS_MATCH guards there and recompile the frame when they change (once:
// automatic dynamic makes them unspecialized floats). A dict built in the frame is rebuilt from its values' sources
// without realizing them (real torch 2.11: drqv2's update_critic / update_actor, program item_store_subscr_dict).
#pragma once
#include "runtime/interp.hpp"

namespace tparse::compiler {

/// At frame entry: the dict inputs as they are (each item's key and value), to tell a changed dict at the end.
void record_dict_inputs(FrameCtx& ctx);
/// At the end of the frame's graph (`loc`: where it ends): the float values of the dict inputs the frame changed are
/// guarded, those it was handed as items and those it took on its stack (a resume's `___stackN`).
void realize_mutated_dict_inputs(Interp& I, FrameCtx& ctx, Location loc);

}  // namespace tparse::compiler
