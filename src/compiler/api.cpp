// compile_script: lexer -> parser -> interpreter (with the Dynamo model) -> trace text.
#include "api.hpp"

#include <new>
#include <stdexcept>

#include "diag.hpp"
#include "interp.hpp"
#include "parser.hpp"

namespace tparse::compiler {

Result compile_script(const std::string& path, const std::string& source, const Options& opts) {
  Result r;
  Profile prof;
  if (opts.torch_version == "2.3" || opts.torch_version == "2.11") {
    prof.major = 2;
    prof.minor = std::atoi(opts.torch_version.c_str() + 2);
  } else {
    r.error = "unsupported --torch version '" + opts.torch_version + "' (known: 2.3, 2.11)\n";
    return r;
  }
  try {
    Module m = parse_module(source);
    Interp interp(path, source, prof);
    try {
      interp.run(m);
    } catch (CompileError&) {
      throw;
    } catch (GraphBreak& gb) {
      throw CompileError(gb.loc, "graph break outside a compiled frame: " + gb.gb_type);
    }
    r.trace = interp.trace();
    r.ok = true;
  } catch (CompileError& e) {
    r.error = format_diag(path, source, e.loc, e.what());
  } catch (const std::bad_alloc&) {
    r.error = path + ": error: the script needs more memory than the reference compiler allows (e.g. a huge range())\n";
  } catch (const std::exception& e) {  // a bug in the compiler must not kill the caller
    r.error = path + ": internal error in the reference compiler: " + e.what() + "\n";
  }
  return r;
}

}  // namespace tparse::compiler
