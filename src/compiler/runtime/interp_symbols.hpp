// Interp's symbolic-size methods (SymInts, SymBools and their guards): a fragment of class Interp, included inside
// its body by runtime/interp.hpp and nowhere else. Defined in torch/symbols/ (symint.cpp, specialize.cpp,
// reify_read.cpp); the sequence comparisons that use them are runtime/interp/operators/interp_compare.cpp.
// No include guard and no namespace on purpose: these declarations are members of Interp.
  /// `t.shape` / `t.size()` (dim < 0) or `t.size(dim)`: ints carrying their symbols; while tracing, a
  /// size read that yields a symbol takes a `size` name as Dynamo's (dead) size proxy does.
  static constexpr long long kDimAsRead = -(1LL << 62);
  /// `x.size(dim)` (dim < 0: `x.shape`); dim_written is the index as the source wrote it (`x.size(-1)`)
  V size_of(const V& t, long long dim, long long dim_written = kDimAsRead, Location loc = {});
  V numel_of(const V& t);  ///< Tensor.numel(): a SymInt and a `numel` node when a size is dynamic
  /// Dynamo needs a Python int from a SymInt (`range(n)`) or a branch decided `n == 12`: the one symbol
  /// of the expression is replaced by its value in this frame from here on (symbols/specialize.cpp)
  /// `evaluate_expr`: Python asked for the int (range(), SymNodeVariable.evaluate_expr), not an op's meta run (run_node)
  void specialize_symbol(const std::string& expr, Location loc, bool evaluate_expr = false, const char* site = nullptr);
  /// guard_int of a size expression no symbol is solved from: an equality guard on its value (a recompile when it changes)
  void sym_equal_guard(const std::string& expr, Location loc, bool evaluate_expr = false, const char* site = nullptr);
  void contiguity_guard(const TensorInfo& t, Location loc);  ///< empty_like's contiguity check: Ne guard / specialize
  void sym_relation_guard(const std::string& expr, bool holds, Location loc);  ///< a branch's `s77 > 4`: its guard
  int size_node(const V& size_tuple);         ///< `torch.Size([s70, 1, 4, 16])` node for a symbolic torch.Size
  std::string sym_expr(const std::string& op, const V& a, const V& b);  ///< `s70 + 1`, `2*s70`, `(s70//2)`
  /// SymInt arithmetic in a traced frame is an operator node (`mul = s77 * 2`), hash-consed by expression and
  /// dead code when unused, as Dynamo's SymNodeVariable and insert_deferred_runtime_asserts leave it.
  void sym_compute_node(const std::string& op, const V& a, const V& b, const V& r, Location loc);
  /// A SymInt as a node argument: its node, the node rebuilding a compound size of an intermediate tensor
  /// from the input symbols (`mul_12 = 64 * s77`), or the literal (`s77`, `8`).
  Arg sym_arg(const V& v);
  /// at a frame's end: a symbol replaced by a sum after it was read is rebuilt at the read (reify_read.cpp)
  void rebuild_replaced_symbols();
  std::string truediv_expr(const V& a, const V& b);
  void sym_method_node(const std::string& name, const std::string& method, const V& self, const V& r, Location loc);
  std::string symfloat_expr(const std::string& op, const V& a, const V& b);  ///< `0.5*ToFloat(s77)`, `FloatPow(x, 0.5)`  ///< `FloatTrueDiv(ToFloat(4*s77), 4.0)`, `IntTrueDiv(s77, 2)`
  /// A SymInt result `r` of `target(args)` (`neg = -s70`, `sym_max = torch.sym_max(0, sub)`) as a node.
  void sym_node(const std::string& name, const std::string& target, bool infix, const std::vector<V>& args,
                const V& r, Location loc);
  int reify_sym(const std::string& expr, Location loc);
  /// `not b` of a SymBool as a value (UNARY_NOT, not a branch's jump): an `_operator_not_` node that stays in the graph,
  /// its result the negated relation (guarded only where its truth is used)
  V sym_not(const V& b, Location loc);
