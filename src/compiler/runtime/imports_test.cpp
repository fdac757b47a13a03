// Programs of several files: packages, relative imports, the module cache, search roots, user stubs
// overriding bundled ones, and errors that name the importing file:line.
#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "api.hpp"
#include "test_util.hpp"

namespace fs = std::filesystem;
using namespace tparse::compiler;

namespace {

struct TempTree {
  fs::path root;
  TempTree() {
    root = fs::temp_directory_path() / ("tparse_imports_" + std::to_string(::getpid()) + "_" + std::to_string(counter()++));
    fs::remove_all(root);
    fs::create_directories(root);
  }
  ~TempTree() { fs::remove_all(root); }
  static int& counter() { static int n = 0; return n; }
  void write(const std::string& rel, const std::string& text) {
    fs::create_directories((root / rel).parent_path());
    std::ofstream(root / rel) << text;
  }
  Result compile(const std::string& script, Options o = {}) {
    fs::path p = root / script;
    return compile_script(p.string(), testing::slurp(p), o);
  }
};

int count_in(const std::string& s, const std::string& needle) {
  int n = 0;
  for (size_t p = s.find(needle); p != std::string::npos; p = s.find(needle, p + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("a package with __init__.py, relative imports and a sibling module compiles like one file") {
  TempTree t;
  t.write("pkg/__init__.py", "from .layers import Block\nVERSION = 3\n");
  t.write("pkg/layers.py", "import torch\nfrom torch import nn\nfrom . import util\n\nclass Block(nn.Module):\n"
                           "    def __init__(self):\n        super().__init__()\n        self.lin = nn.Linear(4, 4)\n\n"
                           "    def forward(self, x):\n        return util.double(self.lin(x))\n");
  t.write("pkg/util.py", "def double(x):\n    return x * 2\n");
  t.write("main.py", "import torch\nimport pkg\nfrom pkg.layers import Block\nimport pkg.util as u\n\n"
                     "assert pkg.VERSION == 3\nassert pkg.Block is Block\nm = torch.compile(Block())\ny = m(torch.randn(2, 4))\n");
  Result r = t.compile("main.py");
  INFO(r.error);
  REQUIRE(r.ok);
  CHECK(count_in(r.trace, "\"dynamo_output_graph\"") == 1);
  // the graph's nodes name the file that holds each line
  CHECK(r.trace.find("pkg/layers.py:11 in forward") != std::string::npos);
  CHECK(r.trace.find("pkg/util.py:2 in double") != std::string::npos);
}

TEST_CASE("Options::overlay: an imported module runs the overlay's text, its file untouched (tparse fix's verification)") {
  TempTree t;
  t.write("pkg/__init__.py", "");
  t.write("pkg/layers.py", "import torch\n\ndef f(x):\n    y = x * 2\n    print('eager')\n    return y + 1\n");
  t.write("main.py", "import torch\nfrom pkg.layers import f\ny = torch.compile(f)(torch.randn(3))\n");
  Result plain = t.compile("main.py");
  REQUIRE(plain.ok);
  CHECK(count_in(plain.trace, "\"dynamo_output_graph\"") == 2);  // print breaks the graph
  Options o;
  // the key is any spelling of the path (it is compared after weakly_canonical)
  o.overlay[(t.root / "pkg" / ".." / "pkg" / "layers.py").string()] = "import torch\n\ndef f(x):\n    y = x * 2\n    return y + 1\n";
  Result patched = t.compile("main.py", o);
  INFO(patched.error);
  REQUIRE(patched.ok);
  CHECK(count_in(patched.trace, "\"dynamo_output_graph\"") == 1);
  CHECK(testing::slurp(t.root / "pkg" / "layers.py").find("print('eager')") != std::string::npos);
}

TEST_CASE("a module's body runs once however often it is imported") {
  TempTree t;
  t.write("counter.py", "hits = []\nhits.append(1)\n");
  t.write("a.py", "import counter\n");
  t.write("main.py", "import counter\nimport a\nfrom counter import hits\nimport counter\nassert len(hits) == 1\n");
  Result r = t.compile("main.py");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("module.__getattribute__(name): the module's own lookup, bound (importlib-loaded model classes)") {
  // voxceleb_trainer: `importlib.import_module("models." + model).__getattribute__("MainModel")`
  TempTree t;
  t.write("models/net.py", "class MainModel:\n    pass\n");
  t.write("main.py",
          "import importlib\nm = importlib.import_module('models.net')\nC = m.__getattribute__('MainModel')\n"
          "assert C is m.MainModel\ntry:\n    m.__getattribute__('Missing')\n    raise AssertionError('no error')\n"
          "except AttributeError as e:\n    assert 'Missing' in str(e)\n");
  Result r = t.compile("main.py");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("a missing name or module is opaque, never an ImportError (issue 22); its use is listed with file:line") {
  TempTree t;
  t.write("lib/__init__.py", "");
  t.write("lib/model.py", "import torch\nfrom lib.helpers import nothing_here\n");
  t.write("lib/helpers.py", "x = 1\n");
  t.write("main.py", "import torch\nfrom lib.model import X\n");
  Result r = t.compile("main.py");
  REQUIRE_MESSAGE(r.ok, r.error);
  REQUIRE(r.unmodelled.size() == 2);  // Python would raise ImportError at both
  CHECK(r.unmodelled[0].find("lib/model.py:2: from lib.helpers import nothing_here [eager]") != std::string::npos);
  CHECK(r.unmodelled[1].find("main.py:2: from lib.model import X [eager]") != std::string::npos);
  t.write("main2.py", "import torch\nimport not_a_module_anywhere\n");
  Result r2 = t.compile("main2.py");
  REQUIRE_MESSAGE(r2.ok, r2.error);
  CHECK(r2.unmodelled.empty());  // importing an opaque module decides nothing; using it would be listed
}

TEST_CASE("a syntax error in an imported file names that file") {
  TempTree t;
  t.write("bad.py", "def f(:\n    pass\n");
  t.write("main.py", "import bad\n");
  Result r = t.compile("main.py");
  REQUIRE(!r.ok);
  CHECK(r.error.find("bad.py:1:") != std::string::npos);
  CHECK(r.error.find("main.py:1: note: while importing 'bad'") != std::string::npos);
}

TEST_CASE("relative import from the script itself is Python's error") {
  TempTree t;
  t.write("main.py", "from .x import y\n");
  Result r = t.compile("main.py");
  REQUIRE(!r.ok);
  CHECK(r.error.find("attempted relative import with no known parent package") != std::string::npos);
}

TEST_CASE("--source-root finds modules outside the script's folder; --stub-path overrides a bundled stub") {
  TempTree t;
  t.write("src/shared_lib.py", "SCALE = 2\n");
  t.write("stubs/transformers/__init__.py", "MARK = 'user stub'\n");
  t.write("app/main.py", "import shared_lib\nimport transformers\nassert shared_lib.SCALE == 2\nassert transformers.MARK == 'user stub'\n");
  Result without = t.compile("app/main.py");
  CHECK(!without.unmodelled.empty());  // shared_lib is opaque without the root: its SCALE test is listed
  Options o;
  o.source_roots = {(t.root / "src").string()};
  o.stub_paths = {(t.root / "stubs").string()};
  Result r = t.compile("app/main.py", o);
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("bundled transformers stubs: config attributes, ModelOutput indexing, a logger call breaks the graph") {
  TempTree t;
  t.write("main.py",
          "import torch\nfrom transformers import PretrainedConfig, PreTrainedModel\n"
          "from transformers.modeling_outputs import BaseModelOutputWithPast\nfrom transformers.utils import logging\n"
          "logger = logging.get_logger(__name__)\n\n"
          "class Cfg(PretrainedConfig):\n    def __init__(self, width=4, **kwargs):\n        self.width = width\n        super().__init__(**kwargs)\n\n"
          "class M(PreTrainedModel):\n    def __init__(self, config):\n        super().__init__(config)\n        self.lin = torch.nn.Linear(config.width, config.width)\n\n"
          "    def forward(self, x):\n        h = self.lin(x)\n        out = BaseModelOutputWithPast(last_hidden_state=h, past_key_values=None)\n"
          "        if self.config.use_return_dict:\n            logger.warning_once('returning a dict')\n        return out[0] + 1\n\n"
          "cfg = Cfg(width=4, torch_dtype='float32')\nassert cfg.torch_dtype == torch.float32\nassert cfg.use_return_dict\n"
          "m = torch.compile(M(cfg))\ny = m(torch.randn(2, 4))\n");
  Result r = t.compile("main.py");
  INFO(r.error);
  REQUIRE(r.ok);
  // one graph: the resume after the logger's break holds only the output object (a ModelOutput, which
  // has_tensor_in_frame does not look into) and names no torch global, so it runs eagerly (real torch 2.11: program
  // resume_model_output_only_skipped)
  CHECK(count_in(r.trace, "\"dynamo_output_graph\"") == 1);
  CHECK(r.trace.find("logging.Logger method not supported for non-export cases") != std::string::npos);
}

TEST_CASE("a package that replaces itself in sys.modules: the import yields that object, `from pkg import x` is getattr") {
  // Python's import returns sys.modules[name] after running the package body (transformers' lazy model packages
  // put a _LazyModule there whose __getattr__ imports the submodule defining the name)
  TempTree t;
  t.write("lazypkg/__init__.py",
          "import importlib\nimport sys\n\n"
          "class Lazy:\n    def __init__(self, name):\n        self.__name__ = name\n"
          "    def __getattr__(self, name):\n        if name.startswith('__'):\n            raise AttributeError(name)\n"
          "        return getattr(importlib.import_module('.impl', self.__name__), name)\n\n"
          "sys.modules[__name__] = Lazy(__name__)\n");
  t.write("lazypkg/impl.py", "VALUE = 41\n\ndef f():\n    return VALUE + 1\n");
  t.write("main.py",
          "import lazypkg\nfrom lazypkg import f, VALUE\nimport lazypkg.impl\n"
          "assert VALUE == 41 and f() == 42 and lazypkg.VALUE == 41\nassert lazypkg.impl.VALUE == 41\n");
  Result r = t.compile("main.py");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
}

TEST_CASE("sys.path is a list: a folder a script inserts is searched by later imports (Python's rule); sys.argv[0]") {
  TempTree t;
  t.write("lib/helpers.py", "SCALE = 3\n");
  t.write("app/main.py",
          "import os, sys\n"
          "assert isinstance(sys.path, list) and os.path.basename(sys.path[0]) == 'app'\n"
          "assert sys.argv[0].endswith('main.py') and len(sys.argv) == 1\n"
          "sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'lib'))\n"
          "import helpers\n"
          "assert helpers.SCALE == 3\n");
  Result r = t.compile("app/main.py");
  REQUIRE_MESSAGE(r.ok, r.error);
  CHECK(r.unmodelled.empty());  // found on the inserted folder, not an opaque module
  // without the insert the module is found nowhere: opaque, and its use is listed
  t.write("app/main2.py", "import helpers\nassert helpers.SCALE == 3\n");
  Result o = t.compile("app/main2.py");
  CHECK(!o.unmodelled.empty());
}

TEST_CASE("__file__ is absolute, the script's and an imported module's, as CPython 3.9+ gives it") {
  TempTree t;
  t.write("app/pkg/__init__.py", "");
  t.write("app/pkg/data/ds.py", "import os\nfrom pathlib import Path\nROOT = Path(__file__).parents[2]\nHERE = __file__\n");
  t.write("app/main.py",
          "import os\n"
          "assert os.path.isabs(__file__) and __file__.endswith(os.path.join('app', 'main.py')), __file__\n"
          "from pkg.data import ds\n"
          "assert os.path.isabs(ds.HERE) and ds.HERE.endswith(os.path.join('pkg', 'data', 'ds.py')), ds.HERE\n"
          "assert str(ds.ROOT) == os.path.dirname(__file__), (str(ds.ROOT), __file__)\n"
          "import pkg\n"
          "assert os.path.isabs(pkg.__path__[0])\n");
  // (run as `tparse explain app/main.py` from the tree's root: a relative path given)
  const fs::path here = fs::current_path();
  fs::current_path(t.root);
  Result r = compile_script("app/main.py", testing::slurp(t.root / "app/main.py"), Options{});
  fs::current_path(here);
  REQUIRE_MESSAGE(r.ok, r.error);
  CHECK(r.unmodelled.empty());
}

TEST_CASE("a namespace package on an inserted sys.path folder (PEP 420); a package's __path__ and a folder its __init__ adds") {
  TempTree t;
  t.write("src/models/mod.py", "def g(x):\n    return x * 2\n");  // no __init__.py: a namespace package
  t.write("src/pkg/__init__.py", "import os as _os\n__path__.append(_os.path.join(_os.path.dirname(__file__), 'extra'))\n");
  t.write("src/pkg/extra/more.py", "K = 5\n");
  t.write("app/main.py",
          "import os, sys\n"
          "sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'src'))\n"
          "import torch\n"
          "from models.mod import g\n"
          "import pkg\n"
          "assert len(pkg.__path__) == 2 and pkg.__path__[0].endswith('pkg')\n"
          "from pkg.more import K\n"
          "assert K == 5\n"
          "torch.compile(g, backend='eager')(torch.randn(3))\n");
  Result r = t.compile("app/main.py");
  REQUIRE_MESSAGE(r.ok, r.error);
  CHECK(r.unmodelled.empty());  // both found: no opaque module
  CHECK(count_in(r.trace, "{\"dynamo_output_graph\"") == 1);
}

TEST_CASE("packaging.version orders versions as PEP 440 does; find_spec finds modelled modules; logging's filters") {
  Result r = compile_script("v.py",
      "from packaging import version\n"
      "import importlib.util, logging, torch\n"
      "V = version.parse\n"
      "assert V(torch.__version__) >= V('2.1') and V('2.11.0') > V('2.2.0') and V('1.10') > V('1.9')\n"
      "assert V('2.0.0.dev1') < V('2.0.0a1') < V('2.0.0b2') < V('2.0.0rc1') < V('2.0.0') < V('2.0.0.post1')\n"
      "assert V('2.0') == V('2.0.0') and V('2.0.0+abc') > V('2.0.0') and V('1.2.3').micro == 3\n"
      "assert str(V('1.2.3rc1')) == '1.2.3rc1' and version.Version('2.3').base_version == '2.3'\n"
      "try:\n    V('not a version')\n    assert False\nexcept version.InvalidVersion:\n    pass\n"
      "assert importlib.util.find_spec('torch') is not None and importlib.util.find_spec('sys') is not None\n"
      "assert importlib.util.find_spec('no_such_module_anywhere') is None\n"
      "class F(logging.Filter):\n    def filter(self, record):\n        return True\n"
      "lg = logging.getLogger('x')\n"
      "if not any(isinstance(f, F) for f in lg.filters):\n    lg.addFilter(F())\n"
      "lg.addFilter(lg.filters[0])\n"
      "assert len(lg.filters) == 1 and lg.getEffectiveLevel() == logging.WARNING and logging.getLevelName(10) == 'DEBUG'\n"
      "h = logging.StreamHandler()\nlg.addHandler(h)\nassert lg.hasHandlers()\n",
      Options{});
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
}

TEST_CASE("types.ModuleType's __init__ sets __name__: a _LazyModule subclass reads it (no endless __getattr__)") {
  Result r = compile_script("m.py",
      "from types import ModuleType\n"
      "class Lazy(ModuleType):\n"
      "    def __init__(self, name):\n        super().__init__(name)\n        self._objects = {}\n"
      "    def __getattr__(self, name):\n        if name in self._objects:\n            return self._objects[name]\n"
      "        raise AttributeError(f'module {self.__name__} has no attribute {name}')\n"
      "m = Lazy('pkg')\n"
      "assert m.__name__ == 'pkg' and m.__doc__ is None\n"
      "try:\n    m.nothing\n    assert False\nexcept AttributeError as e:\n    assert str(e) == 'module pkg has no attribute nothing'\n",
      Options{});
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("sys.modules is looked in first: an object a script put there is what `import` gives, None halts it") {
  Result r = compile_script("m.py",
      "import sys, types\n"
      "m = types.ModuleType('fakemod')\n"
      "def f(x):\n    return x + 1\n"
      "m.f = f\n"
      "sys.modules['fakemod'] = m\n"
      "import fakemod\nfrom fakemod import f as g\n"
      "assert fakemod is m and g is f and fakemod.f(1) == 2\n"
      "sys.modules['flash_attn'] = None\n"
      "try:\n    import flash_attn\n    assert False\n"
      "except ModuleNotFoundError as e:\n    assert str(e) == 'import of flash_attn halted; None in sys.modules'\n",
      Options{});
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
}

TEST_CASE("a submodule the package's __init__ already imported runs once when it is imported first by its dotted name") {
  // `from pkg.inputs import Feat` imports pkg first; pkg/__init__ -> pkg.models.base -> `from ..inputs import Feat`
  // loads pkg.inputs, and importlib then finds it in sys.modules: one module, one class (DeepCTR-Torch's drivers)
  TempTree t;
  t.write("pkg/__init__.py", "from . import models\n");
  t.write("pkg/inputs.py", "LOADS = []\nLOADS.append(1)\n\nclass Feat:\n    def __init__(self, n):\n        self.n = n\n");
  t.write("pkg/models/__init__.py", "from .base import is_feat\n");
  t.write("pkg/models/base.py", "from ..inputs import Feat\n\ndef is_feat(c):\n    return isinstance(c, Feat)\n");
  t.write("main.py", "import torch\nfrom pkg.inputs import Feat, LOADS\nfrom pkg.models.base import is_feat\n\n"
                     "assert len(LOADS) == 1, LOADS\nc = Feat(3)\nassert is_feat(c)\n\n"
                     "@torch.compile(backend='eager')\ndef f(x):\n    if is_feat(c):\n        return x * c.n\n    return x.sin().cos()\n\n"
                     "f(torch.ones(4))\n");
  Result r = t.compile("main.py");
  INFO(r.error);
  REQUIRE(r.ok);
  CHECK(r.trace.find("l_x_ * 3") != std::string::npos);
  CHECK(r.trace.find("l_x_.sin()") == std::string::npos);
}

TEST_CASE("a submodule missing from a package of Python source raises ModuleNotFoundError where ImportError is handled; __future__ imports") {
  TempTree t;
  t.write("mpkg/__init__.py", "");
  t.write("mpkg/layers/__init__.py", "from __future__ import annotations\nX: int = 1\n");
  t.write("main.py", "try:\n    from mpkg.layers.helpers import to_2tuple\n    k = 'opaque'\nexcept ModuleNotFoundError as e:\n"
                     "    k = str(e)\nfrom mpkg.layers import X\nimport __future__\n"
                     "assert k == \"No module named 'mpkg.layers.helpers'\", k\nassert X == 1 and __future__.annotations == 'annotations'\n");
  Result r = t.compile("main.py");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
}

TEST_CASE("a package object a script puts in sys.modules with a __path__: `import pkg.sub` and `from pkg import sub` load "
          "its submodules from those folders and bind them on it, as importlib does") {
  TempTree t;
  t.write("hidden/sub_pkg/other.py", "VALUE = 7\n");
  t.write("hidden/sub_pkg/helper.py", "def f(x):\n    return x + 2\n");
  t.write("run.py",
          "import os, sys, types\n"
          "pkg = types.ModuleType('sub_pkg')\n"
          "pkg.__path__ = [os.path.join(os.path.dirname(os.path.abspath(__file__)), 'hidden', 'sub_pkg')]\n"
          "sys.modules['sub_pkg'] = pkg\n"
          "import sub_pkg.other\nassert sub_pkg.other.VALUE == 7\n"
          "from sub_pkg import helper\nassert helper.f(1) == 3 and pkg.helper is helper\n");
  Result r = t.compile("run.py");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("a module's __getattr__ (PEP 562) answers what its globals lack: attribute reads and from-imports; its "
          "AttributeError is Python's") {
  TempTree t;
  t.write("lazy/__init__.py", "def __getattr__(name):\n    if name == 'Late':\n        from lazy.sub import Late\n        return Late\n"
                              "    raise AttributeError(f'module lazy has no attribute {name}')\n");
  t.write("lazy/sub.py", "class Late:\n    x = 3\n");
  t.write("main.py", "import lazy\nfrom lazy import Late\nassert Late.x == 3 and lazy.Late is Late\n"
                     "try:\n    lazy.Missing\n    got = 'no error'\nexcept AttributeError as e:\n    got = str(e)\n"
                     "assert got == 'module lazy has no attribute Missing', got\n");
  Result r = t.compile("main.py");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
}

TEST_CASE("an overlay stub package gives way to the source root on __tparse_unstub__ (the lazy transformers.generation)") {
  TempTree t;
  t.write("stubs/ov/__init__.py", "__tparse_overlay__ = True\n");
  t.write("stubs/ov/gen/__init__.py", "KIND = 'stub'\n");
  t.write("src/ov/__init__.py", "KIND = 'real package'\n");
  t.write("src/ov/gen/__init__.py", "from .impl import KIND\n");
  t.write("src/ov/gen/impl.py", "KIND = 'real'\n");
  t.write("app/main.py",
          "import ov.gen\n"
          "first = ov.gen\n"
          "assert first.KIND == 'stub'\n"
          "assert __tparse_unstub__('ov.missing') == False\n"    // no source root has it: nothing changes
          "assert __tparse_unstub__('ov.gen') == True\n"
          "import importlib\n"
          "again = importlib.import_module('ov.gen')\n"
          "assert again.KIND == 'real' and again is not first and first.KIND == 'stub'\n"
          "assert __tparse_unstub__('ov.gen') == True\n"          // a second call keeps the modules now loaded
          "assert importlib.import_module('ov.gen') is again\n");
  Options o;
  o.source_roots = {(t.root / "src").string()};
  o.stub_paths = {(t.root / "stubs").string()};
  Result r = t.compile("app/main.py", o);
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
}

TEST_CASE("from m import * takes m.__all__ when it has one, underscored names included; else the public names") {
  // Python's import *: __all__ lists the names (LEDNet's core/nn: `__all__ = ['_ConvBNReLU', ...]`); a name it lists
  // that the module lacks is an AttributeError
  TempTree t;
  t.write("nn/__init__.py", "from .basic import *\nfrom .plain import *\n");
  t.write("nn/basic.py", "__all__ = ['_Conv', 'Block']\n\nclass _Conv:\n    pass\n\nclass Block:\n    pass\n\nclass Hidden:\n    pass\n");
  t.write("nn/plain.py", "class Open:\n    pass\n\nclass _Private:\n    pass\n");
  t.write("bad.py", "__all__ = ['missing']\n");
  t.write("main.py",
          "from nn import _Conv, Block, Open\nimport nn\n"
          "assert not hasattr(nn, 'Hidden') and not hasattr(nn, '_Private')\n"
          "try:\n    from bad import *\n    raise SystemExit(1)\nexcept AttributeError as e:\n"
          "    assert str(e) == \"module 'bad' has no attribute 'missing'\"\n"
          "import torch.utils.data as data\n"
          "assert data.sampler.SequentialSampler is data.SequentialSampler and data.dataloader.DataLoader is data.DataLoader\n");
  Result r = t.compile("main.py");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("`import a.b.c as x` binds what getattr finds from the top package down; os.path's names import; glob reads the folder") {
  TempTree t;
  t.write("pkg/__init__.py", "from .helper import helper\n");  // the package re-exports a function under its module's name
  t.write("pkg/helper.py", "def helper():\n    return 7\n");
  t.write("pkg/other.py", "VALUE = 2\n");
  t.write("main.py",
          "import pkg.helper as h\nimport pkg.other as o\nassert h() == 7 and o.VALUE == 2\n"
          "import torch.nn.utils.weight_norm as wn\nimport torch\nlin = wn(torch.nn.Linear(3, 2))\n"
          "assert hasattr(lin, 'weight_g') and tuple(lin.weight_v.shape) == (2, 3)\n"
          "from os.path import dirname, join, basename\nimport os.path as osp\nimport glob, os\n"
          "assert join('a', 'b') == 'a/b' and osp.basename('/x/y.py') == 'y.py'\n"
          "names = sorted(basename(f) for f in glob.glob(join(dirname(os.path.abspath(__file__)), 'pkg', '*.py')))\n"
          "assert names == ['__init__.py', 'helper.py', 'other.py'], names\n"
          "assert sorted(os.listdir(join(dirname(os.path.abspath(__file__)), 'pkg'))) == names\n"
          "assert glob.glob(join(dirname(os.path.abspath(__file__)), 'nothing', '*.py')) == []\n");
  Result r = t.compile("main.py");
  REQUIRE_MESSAGE(r.ok, r.error);
  CHECK(r.unmodelled.empty());
}

TEST_CASE("a standard-library module tparse has no model of is installed (opaque), never 'not installed'; urllib has only its submodules") {
  TempTree t;
  t.write("main.py",
          "try:\n    import cPickle as pickle\n    py2 = True\nexcept ImportError:\n    import pickle\n    py2 = False\n"
          "assert not py2\n"
          "try:\n    import shelve\n    has_shelve = True\nexcept ImportError:\n    has_shelve = False\nassert has_shelve\n"
          "try:\n    from urllib import urlretrieve\n    where = 'urllib'\nexcept ImportError:\n"
          "    from urllib.request import urlretrieve\n    where = 'urllib.request'\nassert where == 'urllib.request'\n");
  Result r = t.compile("main.py");
  REQUIRE_MESSAGE(r.ok, r.error);
  CHECK(exactness_text(r).find("shelve") == std::string::npos);  // (no "not installed" assumption)
}
