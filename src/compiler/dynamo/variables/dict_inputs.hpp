// A dict handed to a frame and changed in it (a metrics dict a resume function stores `t.item()` values into): at a
// graph break the compiled code hands it on to the resume function rebuilt, which realizes its values, so the floats in
// it that came in with the frame (and the stack floats stored into it) get EQUALS_MATCH guards there and recompile the
// frame when they change (once: automatic dynamic makes them unspecialized floats). Not at a return: a dict display
// returned keeps its values lazy (real torch 2.11: drqv2's update_critic / update_actor, programs
// item_store_subscr_dict and item_in_dict_display_unguarded).
#pragma once
#include "runtime/interp.hpp"

namespace tparse::compiler {

/// At frame entry: the dict inputs as they are (each item's key and value), to tell a changed dict at the end.
void record_dict_inputs(FrameCtx& ctx);
/// At a graph break (`loc`), as the compiled code hands the live locals on: the float values of the dict inputs the
/// frame changed are guarded, those it was handed as items and those it took on its stack (a resume's `___stackN`).
void realize_mutated_dict_inputs(Interp& I, FrameCtx& ctx, Location loc);
/// The lazy guard of a resume's stack value (`___stackN`) whose value is `value`, realized at `loc` (its comment and user
/// stack set, so compile_graph keeps it): a float stored into a dict that is handed on at a break.
void realize_stack_guard_of(Interp& I, FrameCtx& ctx, const V& value, Location loc);

}  // namespace tparse::compiler
