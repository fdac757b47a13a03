// torch.compile(fullgraph=True): a graph break raised to the caller as torch._dynamo.exc.Unsupported (fullgraph.hpp).
#include "dynamo/breaks/fullgraph.hpp"

namespace tparse::compiler {

// torch.compile(fullgraph=True): a graph break is an error (one_graph: convert_frame raises Unsupported with the
// break's message), no graph is kept for the frame and the exception reaches the caller, whose `except` may catch it
// (a frame is not skipped for it: the next call compiles again)
void fail_fullgraph(Interp& I, FrameCtx& ctx, const std::string& msg, Location loc) {
  if (!I.cur_opts_ || !I.cur_opts_->fullgraph || ctx.mode != Mode::Record) return;
  I.emit_frame_skip(ctx, msg, loc, false);
  V& cls = I.exc_classes_["torch._dynamo.exc.Unsupported"];
  if (!cls) {
    cls = std::make_shared<Obj>();
    cls->k = VK::Class;
    cls->s = "Unsupported";
    cls->bases.push_back(mk_builtin("RuntimeError"));  // TorchDynamoException(RuntimeError)
    cls->attrs["__module__"] = mk_str("torch._dynamo.exc");
  }
  throw PyException{I.make_exception(cls, {mk_str(msg)}), loc};
}

}  // namespace tparse::compiler
