// Public API of the reference compiler: compile a model script to a TORCH_TRACE log.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace tparse::compiler {

struct Options {
  std::string torch_version = "2.11";  ///< rule profile: "2.11" (default) or "2.3"
  /// Extra folders searched for imported modules after the script's own folder (as PYTHONPATH).
  std::vector<std::string> source_roots;
  /// Folders of user-written stubs (`transformers/__init__.py`, ...), searched before the bundled ones.
  std::vector<std::string> stub_paths;
  /// Stop the script after this many top-level calls of a compiled function or module (0: run it all).
  /// `tparse explain model.py` uses 1: torch._dynamo.explain runs the model once, on the first input.
  int max_compiled_calls = 0;
  /// Texts read in place of files (path -> text; paths compared after weakly_canonical): an imported module whose
  /// file is here runs this text. `tparse fix` verifies a patch of a module the script imports this way, the user's
  /// files untouched and nothing copied.
  std::map<std::string, std::string> overlay;
};

struct Result {
  bool ok = false;
  std::string trace;  ///< full TORCH_TRACE log text (what torch writes to dedicated_log_torch_trace_*.log)
  std::string error;  ///< compiler-style diagnostics: file:line:col, the line, a caret
  /// The same error as fields (for --json): where, the message, and the import/call-chain notes.
  std::string error_file, error_message, error_notes;
  int error_line = 0, error_col = 0;
  /// What the run could not model, one `file:line: name` per entry (issue 22). Empty: the result is exact.
  std::vector<std::string> unmodelled;
  /// The script parsed but its run stopped at `error` (not `ok`): `trace` holds what ran before and the
  /// stop is the last `unmodelled` entry. Tools show that partial result as approximate (issue 22: the only
  /// error that gives no result is a file that does not parse).
  bool stopped = false;
  /// What the run took as a fact of the user's machine, one `file:line: what` per entry: a module found nowhere,
  /// imported under `except ImportError`, is taken as not installed (that branch runs, as Python would run it).
  /// The result stays exact; the closing line lists these before itself.
  std::vector<std::string> assumptions;
  /// Frames eval_frame's callback handed to Dynamo (torch's counters["frames"]["total"]): each compile or recompile
  /// of a frame and of a resume function, and each frame returned at once because it holds no tensor (which no
  /// trace record shows: its code is skipped from then on).
  long long frames_total = 0;
  /// What to change, one `file:line: text` per entry, where the run shows a compile that cannot have the effect the
  /// script means: a method of the original module called through torch.compile(module) (`cm.generate(...)`), the
  /// compiled module itself never called.
  std::vector<std::string> hints;
};

/// The closing line of `tparse explain` / `tparse compile`: `exact`, or `approximate: N unmodelled calls`
/// followed by one indented `file:line: name` line per entry; before it one `hint: ` line per hint and one
/// `assumed: ` line per assumption.
std::string exactness_text(const Result& r);

/// Parses and abstractly runs `source` (the script at `path`), as torch.compile would run it.
Result compile_script(const std::string& path, const std::string& source, const Options& opts);

}  // namespace tparse::compiler

namespace tparse::compiler {

// ---- Source outline (for `tparse fix`: patches placed by the parser's locations) ----

/// A name read inside a statement's own expressions, and how it is used there.
struct OutlineName {
  std::string name;
  int line = 0, col = 0;
  /// "binop" (operand of + - * / ... or a comparison), "len" (the argument of len()),
  /// "call_arg" (another call's argument), "attr" (x.attr / x.method()), "other".
  std::string use;
};

/// A call inside a statement's own expressions.
struct OutlineCall {
  std::string callee;          ///< dotted name ("print", "torch.__version__.split", "logger.warning_once");
                               ///< a method on a computed value starts with '.' (".item", ".tolist")
  int line = 0, col = 0;       ///< where the call expression starts (leftmost token)
  int paren_line = 0, paren_col = 0;  ///< its '('
  int name_line = 0, name_col = 0;    ///< for a method call: the method name's position ("item" in x.item())
  int nargs = 0;
  std::vector<std::string> keywords;  ///< keyword argument names
};

/// One statement with its place in the file (1-based lines and byte columns).
struct OutlineStmt {
  std::string kind;            ///< "expr", "assign", "augassign", "annassign", "if", "for", "while", "def", "class",
                               ///< "return", "with", "try", "import", "pass", "raise", "other"
  int line = 0, col = 0, end_line = 0;
  int parent = -1;             ///< index of the enclosing compound statement (-1: module level)
  std::string block;           ///< which block of the parent: "body", "orelse", "final", "handler"
  int function = -1;           ///< index of the innermost enclosing def (-1: none)
  int cls = -1;                ///< index of the class that directly holds that def (-1: none)
  std::string name;            ///< def / class name
  std::vector<std::string> params;   ///< def: parameter names
  std::vector<std::string> targets;  ///< assignment / for / augassign: the plain Name targets
  int value_line = 0, value_col = 0; ///< where the value (assign), test (if/while) or returned expr starts
  std::string value_kind;      ///< "call", "compare", "attr", "binop", "name", "other" (the value's top node)
  std::vector<OutlineCall> calls;
  std::vector<OutlineName> names;
  std::vector<int> body, orelse;     ///< child statement indices
  bool in_loop = false;        ///< inside a for/while of the same function
};

struct Outline {
  bool ok = false;
  std::string error;           ///< file:line:col diagnostic when the file does not parse
  std::vector<OutlineStmt> stmts;
};

/// Parses `source` with the compiler's front end and lists every statement with its location.
Outline outline_source(const std::string& path, const std::string& source);

}  // namespace tparse::compiler
