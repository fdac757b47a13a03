// Class semantics real model files rely on (super() in its forms, descriptors reached through super(), nn.Module
// walks over shared and cyclic submodules), checked by small scripts whose `assert`s fail the run when the
// interpreter gets them wrong.
#include <doctest/doctest.h>

#include "api.hpp"
#include "test_util.hpp"

using namespace tparse::compiler;
using tparse::compiler::testing::run_source;

TEST_CASE("zero-argument super() in a classmethod: the defining class's base, bound to the calling class") {
  // transformers' TimmWrapperConfig.from_dict ends with `return super().from_dict(config_dict, **kwargs)`
  Result r = run_source("classes.py", "class A:\n    @classmethod\n    def make(cls, d):\n        return cls(d)\n"
                 "    def __init__(self, d):\n        self.d = d\n"
                 "class B(A):\n    @classmethod\n    def make(cls, d):\n        return super().make(d + 1)\n"
                 "class C(B):\n    pass\n"
                 "c = C.make(1)\nassert type(c) is C and c.d == 2\n"
                 "b = B.make(5)\nassert type(b) is B and b.d == 6\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("super() from a method reaches the base's property, staticmethod and classmethod as descriptors") {
  Result r = run_source("classes.py", "class A:\n    @property\n    def p(self):\n        return self.v * 2\n"
                 "    @staticmethod\n    def s(x):\n        return x + 100\n"
                 "    @classmethod\n    def k(cls):\n        return cls.__name__\n"
                 "class B(A):\n    def __init__(self):\n        self.v = 4\n"
                 "    @property\n    def p(self):\n        return super().p + 1\n"
                 "    def go(self):\n        return super().s(1), super().k()\n"
                 "b = B()\nassert b.p == 9, b.p\nassert b.go() == (101, 'B')\n");
  INFO(r.error);
  CHECK(r.ok);
  // the wrong class is an error, not a crash
  CHECK(!run_source("classes.py", "def f():\n    return super().x\nf()\n").ok);
}

TEST_CASE("nn.Module eval() / parameters() visit a module reachable twice (or through a cycle) once") {
  Result r = run_source("classes.py", "import torch\nimport torch.nn as nn\n"
                 "class Block(nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.lin = nn.Linear(4, 4)\n"
                 "class M(nn.Module):\n    def __init__(self):\n        super().__init__()\n        shared = Block()\n"
                 "        self.a = shared\n        self.b = shared\n        self.a.back = self\n"  // a cycle: a child holding its parent
                 "m = M().eval()\nassert not m.training and not m.a.lin.training\n"
                 "assert len(list(m.parameters())) == 2\n"
                 "assert [n for n, _ in m.named_parameters()] == ['a.lin.weight', 'a.lin.bias']\n"
                 "m.train()\nassert m.b.lin.training\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("super() follows the MRO of self's type: a mixin's super().__init__ reaches its sibling base (C3 order)") {
  // transformers' BackboneMixin.__init__ calls super().__init__(*args), which must reach PreTrainedModel
  Result r = run_source("classes.py", "log = []\n"
                 "class Base:\n    def __init__(self, c):\n        log.append('Base')\n        self.c = c\n"
                 "class Mixin:\n    def __init__(self, *a):\n        log.append('Mixin')\n        super().__init__(*a)\n"
                 "class Model(Base):\n    def __init__(self, c):\n        log.append('Model')\n        super().__init__(c)\n"
                 "class Both(Mixin, Model):\n    pass\n"
                 "b = Both(7)\nassert log == ['Mixin', 'Model', 'Base'], log\nassert b.c == 7\n"
                 // the diamond: each class once, the shared base last
                 "class A:\n    def who(self):\n        return ['A']\n"
                 "class B(A):\n    def who(self):\n        return ['B'] + super().who()\n"
                 "class C(A):\n    def who(self):\n        return ['C'] + super().who()\n"
                 "class D(B, C):\n    def who(self):\n        return ['D'] + super().who()\n"
                 "assert D().who() == ['D', 'B', 'C', 'A'], D().who()\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("__init_subclass__ runs for each subclass; its super().__init_subclass__() reaches object's (a no-op)") {
  // transformers' CacheLayerMixin registers each layer class this way
  Result r = run_source("classes.py", "registry = []\n"
                 "class Base:\n    def __init_subclass__(cls, **kwargs):\n        super().__init_subclass__(**kwargs)\n"
                 "        registry.append(cls.__name__)\n"
                 "class A(Base):\n    pass\nclass B(A):\n    pass\n"
                 "if registry != ['A', 'B']:\n    raise RuntimeError(str(registry))\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("class introspection: __mro__, __bases__, __annotations__, vars(cls), reprs, dict.fromkeys") {
  // transformers' PreTrainedConfig.to_dict walks the MRO's annotated fields; its linear-attention cache builds
  // its state tables with dict.fromkeys
  Result r = run_source("classes.py", "import typing\n"
                 "class A:\n    x: int = 3\n    y = 4\n    k: typing.ClassVar[int] = 1\n"
                 "class M:\n    m: 'str' = 'q'\n"
                 "class B(A, M):\n    z: str\n    def __init__(self):\n        self.w = 1\n"
                 "assert B.__mro__ == (B, A, M, object), B.__mro__\n"
                 "assert B.__bases__ == (A, M) and A.__bases__ == (object,)\n"
                 "assert list(A.__annotations__) == ['x', 'k'] and A.__annotations__['x'] is int\n"
                 "assert typing.get_origin(A.__annotations__['k']) is typing.ClassVar and typing.get_args(A.__annotations__['k']) == (int,)\n"
                 "assert list(B.__annotations__) == ['z'] and M.__annotations__ == {'m': 'str'}\n"
                 "assert 'y' in vars(A) and 'x' in vars(A) and '__init__' in vars(B) and 'y' not in vars(B)\n"
                 "b = B()\nassert vars(b) == {'w': 1}\n"
                 "assert repr(B) == \"<class '__main__.B'>\", repr(B)\n"
                 "assert repr(b).startswith('<__main__.B object at 0x')\n"
                 "def f():\n    pass\nassert repr(f).startswith('<function f at 0x')\n"
                 "assert repr({'a': [1, (2,)]}) == \"{'a': [1, (2,)]}\"\n"
                 "d = dict.fromkeys(range(3), False)\nassert d == {0: False, 1: False, 2: False}\n"
                 "assert dict.fromkeys(['a', 'b']) == {'a': None, 'b': None}\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("copy.deepcopy of a plain object is a new object of its class; copy.copy shares the attribute values") {
  // transformers' get_text_config(decoder=True) renames a deep copy's decoder_* fields: the model's own config
  // must keep them
  Result r = run_source("classes.py", "import copy\n"
                 "class Cfg:\n    def __init__(self):\n        self.layers = [1, 2]\n        self.n = 2\n"
                 "    def twice(self):\n        return self.n * 2\n"
                 "a = Cfg()\nb = copy.deepcopy(a)\n"
                 "assert b is not a and type(b) is Cfg and b.twice() == 4\n"
                 "b.n = 7\nb.layers.append(3)\n"
                 "assert a.n == 2 and a.layers == [1, 2] and b.layers == [1, 2, 3]\n"
                 "c = copy.copy(a)\nassert c is not a and c.layers is a.layers\n"
                 "shared = [0]\nx = Cfg()\nx.p = shared\nx.q = shared\ny = copy.deepcopy(x)\n"
                 "assert y.p is y.q and y.p is not shared\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("isinstance(x, nn.Module) holds for modules only: a plain object (a config) is no module") {
  // copy.deepcopy copies plain objects and keeps modules: a config taken for a module was shared, not copied
  Result r = run_source("classes.py", "import torch\nfrom torch import nn\n"
                 "class Cfg:\n    pass\n"
                 "class Block(nn.Module):\n    pass\n"
                 "assert not isinstance(Cfg(), nn.Module) and not isinstance(Cfg(), nn.Linear)\n"
                 "assert isinstance(Block(), nn.Module) and isinstance(nn.Linear(2, 2), nn.Module)\n"
                 "assert isinstance(nn.Linear(2, 2), nn.Linear) and not isinstance(nn.ReLU(), nn.Linear)\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("super().__getattribute__ / object.__getattribute__: the lookup without __getattr__") {
  // transformers' HeterogeneousConfigMixin reads config attributes through super().__getattribute__ so its
  // per-layer checks (and a config's __getattr__ aliases) are bypassed
  Result r = run_source("classes.py", "class A:\n    k = 'cls'\n    def __init__(self):\n        self.x = 1\n"
                 "    def __getattr__(self, name):\n        return 'fallback'\n"
                 "    def raw(self, name):\n        return super().__getattribute__(name)\n"
                 "a = A()\nassert a.missing == 'fallback' and a.raw('x') == 1 and a.raw('k') == 'cls'\n"
                 "assert object.__getattribute__(a, 'x') == 1\n"
                 "try:\n    a.raw('missing')\n    raise RuntimeError('no AttributeError')\nexcept AttributeError:\n    pass\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("a class's own __getattribute__ runs on every read through the instance; AttributeError falls back to __getattr__") {
  // CPython's slot_tp_getattr_hook: transformers' PreTrainedConfig maps attribute_map aliases in __getattribute__; a
  // base class's __getattribute__ runs through super() (HeterogeneousConfigMixin), object's is the plain lookup
  Result r = run_source("classes.py", "seen = []\n"
                 "class Base:\n    def __getattribute__(self, key):\n        seen.append('base:' + key)\n"
                 "        return super().__getattribute__(key)\n"
                 "class Cfg(Base):\n    attribute_map = {'n': 'hidden'}\n    def __init__(self):\n        self.hidden = 3\n"
                 "    def __getattribute__(self, key):\n        seen.append(key)\n"
                 "        if key.startswith('opt_'):\n            raise AttributeError(key)\n"
                 "        if key != 'attribute_map' and key in super().__getattribute__('attribute_map'):\n"
                 "            key = super().__getattribute__('attribute_map')[key]\n"
                 "        return super().__getattribute__(key)\n"
                 "    def __getattr__(self, key):\n        return 'default'\n"
                 "c = Cfg()\nseen.clear()\nassert c.n == 3\n"
                 "assert seen == ['n', 'base:attribute_map', 'base:attribute_map', 'base:hidden'], seen\n"
                 "assert c.opt_x == 'default' and getattr(c, 'opt_y', 1) == 'default'\n"
                 "assert object.__getattribute__(c, 'hidden') == 3\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("a function's __code__: co_varnames of its parameters in CPython's order, co_argcount, co_name") {
  // transformers' merge_with_config_defaults finds an argument's position by func.__code__.co_varnames.index(name)
  Result r = run_source("classes.py", "def f(self, a, b=1, *args, c, d=2, **kw):\n    x = a\n    return x\n"
                 "co = f.__code__\n"
                 "assert co.co_varnames[:7] == ('self', 'a', 'b', 'c', 'd', 'args', 'kw'), co.co_varnames\n"
                 "assert co.co_argcount == 3 and co.co_kwonlyargcount == 2 and co.co_name == 'f'\n"
                 "assert 'b' in co.co_varnames and co.co_varnames.index('b') - 1 == 1\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("nn.Module._modules / _parameters / _buffers: the registries in order; a store through _modules registers") {
  // transformers' replace_batch_norm swaps each BatchNorm2d for a frozen one with `model._modules[name] = new`
  Result r = run_source("classes.py", "import torch\nfrom torch import nn\n"
                 "class Frozen(nn.Module):\n    def __init__(self, n):\n        super().__init__()\n        self.n = n\n"
                 "class Net(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
                 "        self.conv = nn.Conv2d(3, 4, 1)\n        self.bn = nn.BatchNorm2d(4)\n        self.register_buffer('s', torch.ones(2))\n"
                 "m = Net()\nassert list(m._modules) == ['conv', 'bn'] and list(m._buffers) == ['s']\n"
                 "assert list(m.conv._parameters) == ['weight', 'bias']\n"
                 "for name, mod in m.named_children():\n"
                 "    if isinstance(mod, nn.BatchNorm2d):\n        m._modules[name] = Frozen(mod.num_features)\n"
                 "assert type(m.bn) is Frozen and m.bn.n == 4\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("isinstance(out, dict) holds for transformers' ModelOutput (an OrderedDict), which has items() / values()") {
  // DETR's conv encoder: `if isinstance(features, dict): features = features.feature_maps`
  tparse::compiler::Options o;
  Result r = compile_script("m.py",
                            "from transformers.utils import ModelOutput\n"
                            "class Out(ModelOutput):\n    _field_names = ('a', 'b')\n"
                            "o = Out(a=1)\nassert isinstance(o, dict) and list(o.items()) == [('a', 1)] and list(o.values()) == [1]\n"
                            "assert o.get('b', 5) == 5 and not isinstance(3, dict)\n",
                            o);
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("a torch.nn class named with self: nn.Module.__init__(self), nn.LayerNorm.__init__(self, ...) / .forward(self, x)") {
  // older model code and SqueezeBERT's NCW LayerNorm call the base through the class, not super()
  Result r = run_source("classes.py", "import torch\nimport torch.nn as nn\n"
                 "class LN(nn.LayerNorm):\n    def __init__(self, h):\n        nn.LayerNorm.__init__(self, normalized_shape=h, eps=1e-5)\n"
                 "    def forward(self, x):\n        return nn.LayerNorm.forward(self, x.permute(0, 2, 1)).permute(0, 2, 1)\n"
                 "class M(nn.Module):\n    def __init__(self):\n        nn.Module.__init__(self)\n        self.ln = LN(8)\n"
                 "m = M()\nassert [n for n, _ in m.named_parameters()] == ['ln.weight', 'ln.bias']\n"
                 "assert m.ln.eps == 1e-5 and tuple(m.ln.weight.shape) == (8,)\n"
                 "assert tuple(m.ln(torch.randn(2, 8, 5)).shape) == (2, 8, 5)\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
  // without self it is Python's TypeError, not a crash
  CHECK_FALSE(run_source("classes.py", "import torch.nn as nn\nnn.LayerNorm.forward()\n").ok);
}

TEST_CASE("item assignment on ModuleDict / ParameterDict / ModuleList registers the module (a subclass filling itself)") {
  // switch_transformers / nllb_moe experts: `class Experts(nn.ModuleDict)` with `self[f"expert_{i}"] = Expert()`
  Result r = run_source("classes.py", "import torch\nimport torch.nn as nn\n"
                 "class Experts(nn.ModuleDict):\n    def __init__(self, n):\n        super().__init__()\n"
                 "        for i in range(n):\n            self[f'expert_{i}'] = nn.Linear(4, 4)\n"
                 "e = Experts(3)\nassert list(e.keys()) == ['expert_0', 'expert_1', 'expert_2']\n"
                 "assert len(list(e.parameters())) == 6 and isinstance(e['expert_2'], nn.Linear)\n"
                 "e['expert_1'] = nn.Identity()\nassert list(e.keys()) == ['expert_0', 'expert_1', 'expert_2']\n"
                 "assert len(list(e.parameters())) == 4\n"
                 "l = nn.ModuleList([nn.Linear(2, 2), nn.Linear(2, 2)])\nl[-1] = nn.Identity()\n"
                 "assert isinstance(l[1], nn.Identity) and len(list(l.parameters())) == 2\n"
                 "try:\n    l[5] = nn.Identity()\n    assert False\nexcept IndexError:\n    pass\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("torch.nn.init's helpers: _calculate_fan_in_and_fan_out and calculate_gain as torch computes them") {
  // timm's variance_scaling_: `fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)`
  Result r = run_source("classes.py", "import math\nimport torch\nfrom torch.nn.init import _calculate_fan_in_and_fan_out\n"
                 "assert _calculate_fan_in_and_fan_out(torch.empty(8, 4, 3, 3)) == (36, 72)\n"
                 "assert _calculate_fan_in_and_fan_out(torch.empty(5, 7)) == (7, 5)\n"
                 "try:\n    _calculate_fan_in_and_fan_out(torch.empty(3))\n    assert False\nexcept ValueError:\n    pass\n"
                 "g = torch.nn.init.calculate_gain\n"
                 "assert g('linear') == 1 and g('tanh') == 5.0 / 3 and g('relu') == math.sqrt(2.0)\n"
                 "assert g('leaky_relu', 0.2) == math.sqrt(2.0 / (1 + 0.2 ** 2)) and g('selu') == 0.75\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("a Python subclass of dict has a __dict__: setattr, __getattr__, @dataclass fields as attributes") {
  // diffusers' FrozenDict (setattr of every key), ConfigMixin's __getattr__ on it, BaseOutput(OrderedDict) + @dataclass
  Result r = run_source("classes.py", "from collections import OrderedDict\n"
                 "from dataclasses import dataclass\n"
                 "class Frozen(OrderedDict):\n"
                 "    def __init__(self, *args, **kwargs):\n        super().__init__(*args, **kwargs)\n"
                 "        for k, v in self.items():\n            setattr(self, k, v)\n"
                 "f = Frozen({'a': 1, 'b': 2})\n"
                 "assert f.a == 1 and f.b == 2 and f['a'] == 1 and len(f) == 2\n"
                 "class D(dict):\n"
                 "    def __getattr__(self, name):\n        if name in self:\n            return self[name]\n"
                 "        raise AttributeError(name)\n"
                 "d = D(x=3)\n"
                 "assert d.x == 3 and d.keys is not None and getattr(d, 'y', 7) == 7\n"
                 "d.z = 4\nassert d.z == 4 and 'z' not in d\n"
                 "@dataclass\nclass Out(OrderedDict):\n    sample: int\n    extra: int = 5\n"
                 "o = Out(sample=9)\nassert o.sample == 9 and o.extra == 5 and len(o) == 0\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
}

TEST_CASE("== and != call a user class's __eq__ / __ne__ (reflected too); != is not __eq__ by default") {
  Result r = run_source("classes.py", "class A:\n    def __init__(self, k):\n        self.k = k\n"
                 "    def __eq__(self, other):\n        return isinstance(other, A) and self.k == other.k\n"
                 "class B:\n    pass\n"
                 "assert A(1) == A(1) and not (A(1) == A(2)) and A(1) != A(2) and not (A(1) != A(1))\n"
                 "assert not (B() == A(1)) and B() != A(1)\n"
                 "class N:\n    def __ne__(self, other):\n        return 'ne'\n"
                 "assert (N() != 3) == 'ne'\n"
                 "b = B()\nassert b == b and B() != B()\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("a Module subclass's __getattr__ runs only when lookup fails; super().__getattr__ is nn.Module's") {
  // diffusers' ModelMixin: def __getattr__(self, name): ... return super().__getattr__(name)
  Result r = run_source("classes.py", "import torch\n"
                 "class Net(torch.nn.Module):\n"
                 "    def __init__(self):\n        super().__init__()\n        self.l = torch.nn.Linear(4, 4)\n"
                 "        self.register_buffer('buf', torch.zeros(2))\n        self.plain = 3\n"
                 "    def __getattr__(self, name):\n        if name == 'alias':\n            return 'via getattr'\n"
                 "        return super().__getattr__(name)\n"
                 "m = Net()\n"
                 "m.eval()\nassert not m.training and len(list(m.parameters())) == 2\n"
                 "assert m.alias == 'via getattr' and super(Net, m).__getattr__('l') is m.l\n"
                 "assert tuple(super(Net, m).__getattr__('buf').shape) == (2,)\n"
                 "try:\n    super(Net, m).__getattr__('plain')\n    assert False, 'a plain attribute is not in _parameters / _buffers / _modules'\n"
                 "except AttributeError as e:\n    assert str(e) == \"'Net' object has no attribute 'plain'\", str(e)\n"
                 "try:\n    m.missing\n    assert False\nexcept AttributeError:\n    pass\n"
                 "cm = torch.compile(m, backend='eager')\n"
                 "class Fwd(Net):\n    def forward(self, x):\n        return super().__getattr__('l')(x).relu()\n"
                 "torch.compile(Fwd(), backend='eager')(torch.randn(2, 4))\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
  CHECK(r.trace.find("linear") != std::string::npos);
}

TEST_CASE("copy.deepcopy of a module is a new module tree with new parameters; shared parts stay shared") {
  // transformer stacks clone one layer N times (torch's _get_clones, DETR, many single-file models): each clone
  // has parameters of its own, so a compiled model reads each as its own graph input
  Result r = run_source("classes.py", "import copy\nimport torch\nimport torch.nn as nn\n"
                 "l = nn.Linear(2, 3)\nm = nn.ModuleList([copy.deepcopy(l) for _ in range(2)])\n"
                 "assert m[0] is not m[1] and m[0] is not l and m[0].weight is not m[1].weight\n"
                 "assert m[1].weight.shape == (3, 2) and isinstance(m[1].weight, nn.Parameter)\n"
                 "class B(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
                 "        self.a = nn.Linear(2, 2)\n        self.b = self.a\n        self.k = [1]\n"
                 "b = B()\nb2 = copy.deepcopy(b)\n"
                 "assert type(b2) is B and b2.a is b2.b and b2.a is not b.a and b2.k == [1] and b2.k is not b.k\n"
                 "t = torch.ones(2)\nassert copy.deepcopy(t) is not t and copy.deepcopy(t).shape == (2,)\n");
  INFO(r.error);
  CHECK(r.ok);
  // compiled: two clones are two sets of graph inputs
  r = run_source("classes.py", "import copy\nimport torch\nimport torch.nn as nn\n"
                  "class M(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
                  "        self.layers = nn.ModuleList([copy.deepcopy(nn.Linear(4, 4)) for _ in range(2)])\n"
                  "    def forward(self, x):\n        for l in self.layers:\n            x = l(x)\n        return x\n"
                  "torch.compile(M(), backend='eager')(torch.randn(2, 4))\n");
  INFO(r.error);
  REQUIRE(r.ok);
  CHECK(r.trace.find("L_self_modules_layers_modules_0_parameters_weight_") != std::string::npos);
  CHECK(r.trace.find("L_self_modules_layers_modules_1_parameters_weight_") != std::string::npos);
}

TEST_CASE("eval() of an expression in eager code: the caller's names, or the names of the dicts given") {
  // yolov5's parse_model: `m = eval(m) if isinstance(m, str) else m`, arguments given as names
  Result r = run_source("classes.py", "import torch.nn as nn\nn_out = 4\n"
                 "assert eval('n_out * 2') == 8 and eval('  n_out') == 4\n"
                 "cls = eval('nn.' + 'Linear')\nm = cls(2, eval('n_out'))\nassert m.weight.shape == (4, 2)\n"
                 "assert eval('a + b', {'a': 1, 'b': 2}) == 3\n"
                 "assert eval('len(xs) + y', {'xs': [1, 2]}, {'y': 10}) == 12\n"
                 "def f(k):\n    return eval('k * 3')\nassert f(5) == 15\n"
                 "g = eval('lambda v: v * n_out')\nassert g(2) == 8\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
}

TEST_CASE("torch.accelerator on a CPU-only install: none available, no current accelerator") {
  // pytorch/examples: `device = torch.accelerator.current_accelerator() if torch.accelerator.is_available() else "cpu"`
  Result r = run_source("classes.py", "import torch\n"
                 "assert torch.accelerator.is_available() is False and torch.accelerator.device_count() == 0\n"
                 "assert torch.accelerator.current_accelerator() is None\n"
                 "dev = torch.accelerator.current_accelerator().type if torch.accelerator.is_available() else 'cpu'\n"
                 "assert dev == 'cpu'\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("type(m) of a torch.nn module is its class: is, ==, in and dict keys agree with Python") {
  // weight initialisers dispatch on the class (`if type(m) == nn.Linear`, `{nn.Conv2d: init_conv}[type(m)]`)
  Result r = run_source("classes.py", "import torch\nimport torch.nn as nn\nm = nn.Linear(2, 2)\n"
                 "assert type(m) == nn.Linear and type(m) is nn.Linear and m.__class__ is nn.Linear\n"
                 "assert type(m) != nn.ReLU and not (type(m) is nn.Conv2d)\n"
                 "assert type(m) in (nn.Conv2d, nn.Linear) and type(m) not in [nn.ReLU] and type(m) in {nn.Linear}\n"
                 "assert {nn.Linear: 1, nn.ReLU: 2}[type(m)] == 1 and {nn.Linear: 1}.get(type(nn.ReLU())) is None\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("a tensor has a __dict__: Python attributes set on a parameter are read back; hasattr sees them") {
  // s4 / mamba mark parameters for their optimizer: setattr(p, '_optim', {...}), p._no_weight_decay = True
  Result r = run_source("classes.py", "import torch\nimport torch.nn as nn\n"
                 "class K(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
                 "        self.register_parameter('log_dt', nn.Parameter(torch.zeros(4)))\n"
                 "        setattr(self.log_dt, '_optim', {'weight_decay': 0.0})\n        self.log_dt._no_weight_decay = True\n"
                 "    def forward(self, x):\n        return x * self.log_dt.exp()\n"
                 "m = K()\nassert [getattr(p, '_optim', None) for p in m.parameters()] == [{'weight_decay': 0.0}]\n"
                 "assert m.log_dt._no_weight_decay and hasattr(m.log_dt, '_optim') and not hasattr(torch.ones(2), '_optim')\n"
                 "torch.compile(m, backend='eager')(torch.randn(2, 4))\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.trace.find("\"dynamo_output_graph\"") != std::string::npos);
  CHECK(r.unmodelled.empty());
}

TEST_CASE("zero-argument super() in a decorated __init__ binds the class whose body defines it") {
  // hiera's @has_config wraps __init__: the wrapper is the class member, the def's __class__ cell is still Base
  Result r = run_source("classes.py", "import torch.nn as nn\n"
                 "def has_config(func):\n    def wrapper(self, *args, **kwargs):\n        self.config = dict(kwargs)\n"
                 "        func(self, **kwargs)\n    return wrapper\n"
                 "class Base(nn.Module):\n    @has_config\n    def __init__(self, dim=4):\n        super().__init__()\n"
                 "        self.lin = nn.Linear(dim, dim)\n"
                 "class Child(Base):\n    def __init__(self, **kw):\n        super().__init__(**kw)\n        self.extra = 1\n"
                 "c = Child(dim=3)\nassert c.config == {'dim': 3} and c.lin.weight.shape == (3, 3) and c.extra == 1\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("a class's own __new__ runs at construction, __init__ only on an instance of the class") {
  // type.__call__: cls.__new__(cls, *args, **kwargs), then __init__(obj, *args, **kwargs) when obj is an instance of
  // cls (a subclass counts); DeepCTR-Torch's feature columns are namedtuple subclasses with their own __new__
  Result r = run_source("classes.py",
      "from collections import namedtuple\n"
      "class Feat(namedtuple('Feat', ['name', 'dim', 'dtype'])):\n    __slots__ = ()\n"
      "    def __new__(cls, name, dim=4, dtype='float32'):\n        return super(Feat, cls).__new__(cls, name, dim * 2, dtype)\n"
      "f = Feat('a')\nassert f.dim == 8 and f.name == 'a' and f[2] == 'float32' and isinstance(f, Feat), f.dim\n"
      "g = Feat('b', dim=1)\nassert tuple(g) == ('b', 2, 'float32'), tuple(g)\n"
      "P = namedtuple('P', ['x', 'y'], defaults=[5])\nassert P(1).y == 5 and P(1, 2).y == 2\n"
      "log = []\n"
      "class A:\n    def __new__(cls, v):\n        log.append('new')\n        self = object.__new__(cls)\n        self.v = v\n        return self\n"
      "    def __init__(self, v):\n        log.append('init')\n        self.w = v + 1\n"
      "a = A(3)\nassert (a.v, a.w) == (3, 4) and log == ['new', 'init'], log\n"
      "class B(A):\n    pass\n"
      "b = B(1)\nassert type(b) is B and b.w == 2\n"
      "class Other:\n    def __new__(cls):\n        return 42\n    def __init__(self):\n        raise RuntimeError('not an instance: no __init__')\n"
      "assert Other() == 42\n"
      "class Single:\n    _it = None\n    def __new__(cls):\n        if cls._it is None:\n            cls._it = super().__new__(cls)\n        return cls._it\n"
      "assert Single() is Single()\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("an object's truth: its class's __bool__, else __len__, else true; nn containers are false when empty") {
  // (these were all true before: `if batch:` over a user container with no items took the wrong branch)
  Result r = run_source("classes.py", "import torch.nn as nn\n"
                         "class E:\n    def __len__(self):\n        return 0\n"
                         "class F:\n    def __bool__(self):\n        return False\n    def __len__(self):\n        return 3\n"
                         "class G:\n    pass\n"
                         "assert not E() and not F() and G() and bool(E()) is False and bool(F()) is False and bool(G())\n"
                         "assert (1 if E() else 2) == 2 and len([x for x in (E(), G()) if x]) == 1\n"
                         "assert not nn.ModuleList() and nn.ModuleList([nn.ReLU()]) and not nn.Sequential() and nn.Linear(2, 2)\n"
                         "class Bad:\n    def __bool__(self):\n        return 1\n"
                         "try:\n    bool(Bad())\n    raise AssertionError('no TypeError')\nexcept TypeError as e:\n"
                         "    assert str(e) == '__bool__ should return bool, returned int'\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("user descriptors: __set_name__, a non-data __get__ under the instance's dict, a data descriptor over it") {
  // functools.cached_property is a non-data descriptor: the first read stores into __dict__, later reads find it there
  Result r = run_source("classes.py", "import functools\ncalls = []\n"
                 "class A:\n    def __init__(self, n):\n        self.n = n\n"
                 "    @functools.cached_property\n    def sq(self):\n        calls.append(self.n)\n        return self.n * self.n\n"
                 "a = A(3)\nassert a.sq == 9\nassert a.sq == 9\nassert calls == [3]\nassert a.__dict__['sq'] == 9\n"
                 "del a.__dict__['sq']\nassert a.sq == 9 and calls == [3, 3]\n"
                 "assert isinstance(A.sq, functools.cached_property) and A.sq.attrname == 'sq'\n"
                 "class Typed:\n    def __set_name__(self, owner, name):\n        self.name = '_' + name\n"
                 "    def __get__(self, obj, owner=None):\n        return self if obj is None else getattr(obj, self.name) * 10\n"
                 "    def __set__(self, obj, v):\n        setattr(obj, self.name, int(v))\n"
                 "class B:\n    x = Typed()\n    def __init__(self):\n        self.x = '4'\n"
                 "b = B()\nassert b._x == 4\nassert b.x == 40\nassert B.x.name == '_x'\n"
                 "class Plain:\n    def __get__(self, obj, owner=None):\n        return 'class'\n"
                 "class C:\n    y = Plain()\nc = C()\nassert c.y == 'class'\nc.y = 'own'\nassert c.y == 'own'\n");
  INFO(r.error);
  CHECK(r.ok);
  // one cached_property under two names is CPython's TypeError
  CHECK(!run_source("classes.py", "import functools\nclass A:\n    @functools.cached_property\n    def p(self):\n        return 1\n    q = p\n").ok);
}

TEST_CASE("a classmethod reached through an instance: autograd.Function().apply, nn.Embedding(...).from_pretrained") {
  // integer_discrete_flows' `RoundStraightThrough().apply` (the legacy instance form), HAN's
  // `nn.Embedding(n, d).from_pretrained(w)`: a new module built from w; the instance stays as it was
  Result r = run_source("classes.py", "import torch\nimport torch.nn as nn\n"
                 "class Round(torch.autograd.Function):\n    def __init__(self):\n        super().__init__()\n"
                 "    @staticmethod\n    def forward(ctx, x):\n        return torch.round(x)\n"
                 "    @staticmethod\n    def backward(ctx, g):\n        return g.clone()\n"
                 "f = Round().apply\ny = f(torch.tensor([0.2, 1.7, -2.6]))\nassert y.tolist() == [0.0, 2.0, -3.0]\n"
                 "e = nn.Embedding(3, 2)\nw = torch.ones(5, 4)\nm = e.from_pretrained(w)\n"
                 "assert m is not e and isinstance(m, nn.Embedding)\n"
                 "assert tuple(m.weight.shape) == (5, 4) and not m.weight.requires_grad\n"
                 "assert tuple(e.weight.shape) == (3, 2) and e.weight.requires_grad\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("a dict subclass keeps its own type name, module and __class__, its __getattr__ never asked for them") {
  // (jukebox's Hyperparams(dict) with __getattr__ = self[attr]; expected values: CPython's)
  Result r = run_source("classes.py",
                        "class H(dict):\n    pass\n"
                        "class G(dict):\n    def __getattr__(self, a):\n        return self[a]\n"
                        "h = H(a=1)\ng = G(a=1, b=2)\n"
                        "assert type(h).__name__ == 'H' and H.__qualname__ == 'H' and h.__class__.__name__ == 'H'\n"
                        "assert g.__class__ is G and type(g).__name__ == 'G' and g.b == 2 and H.__module__ == '__main__'\n"
                        "assert str(type(h)) == \"<class '__main__.H'>\"\n");
  INFO(r.error);
  CHECK(r.ok);
}

TEST_CASE("attribute lookup follows the C3 MRO: in a diamond a sibling's override comes before the shared base") {
  // (rlkit's `class Independent(Distribution, torch.distributions.Independent)`: the second base's __init__ runs)
  Result r = run_source("classes.py",
                        "class A:\n    def f(self):\n        return 'A'\n    def __init__(self, **kw):\n        self.k = 'A'\n"
                        "class B(A):\n    pass\n"
                        "class C(A):\n    def f(self):\n        return 'C'\n    def __init__(self, n=0):\n        self.k = 'C%d' % n\n"
                        "class D(B, C):\n    pass\n"
                        "d = D(n=2)\nassert d.f() == 'C' and d.k == 'C2'\n"
                        "assert [k.__name__ for k in D.__mro__] == ['D', 'B', 'C', 'A', 'object']\n");
  INFO(r.error);
  CHECK(r.ok);
}
