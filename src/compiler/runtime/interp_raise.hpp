// Interp's raisers (a fragment of class Interp, included inside its body by runtime/interp.hpp and nowhere else, as
// interp_symbols.hpp): a Python exception the model's code may catch, torch's own errors in and out of a frame, and
// the graph breaks Dynamo raises (a resumable one at a call, an instruction's, the comparison polyfills'). No include
// guard and no namespace on purpose: these declarations are members of Interp.
  /// raise a builtin Python exception (`cls(msg)`) the model's code may catch, as CPython / torch would
  [[noreturn]] void raise_exc(const char* cls, const std::string& msg, Location loc);
  [[noreturn]] void raise_exc(const char* cls, V arg, Location loc);  ///< `cls(arg)`: KeyError(key)
  /// `cls(msg)` raised by Dynamo's own handling while tracing (an Observed exception: with no handler in the frame its
  /// compile fails and it reruns eagerly, run_frame.cpp)
  [[noreturn]] void raise_observed(const char* cls, const std::string& msg, Location loc);
  /// A torch op's own error (its meta's check): eagerly the exception; in a traced frame the compile fails with it
  /// (TorchRuntimeError, run_frame.cpp)
  [[noreturn]] void raise_fake(const char* cls, const std::string& msg, Location loc);
  void raise_run_error(FrameCtx& ctx);  ///< FrameCtx::run_error, once the frame's graph ran (run_frame.cpp)
  [[noreturn]] void graph_break(const std::string& gb_type, const std::string& msg, Location loc, bool data_dep = false);
  /// a break at an instruction Dynamo cannot resume after (LOAD_ATTR, COMPARE_OP, IMPORT_NAME, BUILD_SLICE): a step
  /// break in the frame's own code (the graph up to the statement), the call's break when inlined
  [[noreturn]] void instruction_break(const std::string& gb_type, const std::string& msg, Location loc, bool data_dep = false);
  [[noreturn]] void numpy_class_eq_break(const V& other, Location loc);  ///< numpy.ndarray == x in a frame: GB0290 in cmp_eq
  [[noreturn]] void data_ptr_eq_break(const V& a, const V& b, Location loc);  ///< DataPtrVariable == x in a frame: GB0023
  [[noreturn]] void list_cmp_break(Location loc);  ///< a tensor item's == in Dynamo's list_cmp (interp_compare.cpp)
  /// a break inside cmp_eq (and list_cmp) of torch/_dynamo/polyfills (interp_compare.cpp)
  [[noreturn]] void polyfill_cmp_break(const std::string& gb_type, const std::string& msg, Location loc, bool in_list_cmp);
  [[noreturn]] void hop_side_effect(const V& obj, Location loc);  ///< GB0067 in a checkpoint body (interp_setattr.cpp)
  [[noreturn]] void list_setitem_break(const V& list, const V& v, Location loc);  ///< GB0156 (builtins_more.cpp)
