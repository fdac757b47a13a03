// nn.Module's state dict and the dict-as-namespace idioms that training scripts of other authors use before they
// compile (the fifth scouting: cleanrl's target networks `target.load_state_dict(q.state_dict())`, hifi-gan's
// AttrDict config), checked by `assert`s that make compile_script fail when the interpreter gets them wrong.
#include <doctest/doctest.h>

#include "api.hpp"
#include "test_util.hpp"

using namespace tparse::compiler;
using tparse::compiler::testing::run_source;

TEST_CASE("Module.state_dict: own parameters, then own persistent buffers, then each child's under its name (a module "
          "registered twice is saved twice); detached values; load_state_dict copies values and checks keys") {
  Result r = run_source("forms.py",
      "import torch\nimport torch.nn as nn\n"
      "class M(nn.Module):\n"
      "    def __init__(self):\n"
      "        super().__init__()\n"
      "        self.a = nn.Linear(2, 3)\n"
      "        self.bn = nn.BatchNorm1d(3)\n"
      "        self.register_buffer('tmp', torch.zeros(2), persistent=False)\n"
      "        self.register_buffer('keep', torch.zeros(2))\n"
      "        self.shared = self.a\n"
      "m = M()\nsd = m.state_dict()\n"
      "assert list(sd.keys()) == ['keep', 'a.weight', 'a.bias', 'bn.weight', 'bn.bias', 'bn.running_mean', "
      "'bn.running_var', 'bn.num_batches_tracked', 'shared.weight', 'shared.bias'], list(sd.keys())\n"
      "assert not sd['a.weight'].requires_grad and m.a.weight.requires_grad\n"
      "assert m.state_dict(keep_vars=True)['a.weight'].requires_grad\n"
      "assert list(m.a.state_dict(prefix='p.').keys()) == ['p.weight', 'p.bias']\n"
      "sd['keep'] = torch.tensor([1.0, 2.0])\n"
      "n = M()\nmissing, unexpected = n.load_state_dict(sd)\nassert missing == [] and unexpected == []\n"
      "assert n.keep.tolist() == [1.0, 2.0] and torch.equal(n.keep, sd['keep']) and not torch.equal(n.keep, torch.zeros(2))\n"
      "assert torch.allclose(n.keep, torch.tensor([1.0, 2.000001])) and not torch.allclose(n.keep, torch.tensor([1.0, 2.1]))\n"
      "sd.pop('keep')\nsd['extra'] = torch.zeros(1)\n"
      "missing, unexpected = n.load_state_dict(sd, strict=False)\n"
      "assert missing == ['keep'] and unexpected == ['extra']\n"
      "try:\n    n.load_state_dict(sd)\n    assert False\n"
      "except RuntimeError as e:\n"
      "    assert str(e) == 'Error(s) in loading state_dict for M:\\n\\tMissing key(s) in state_dict: \"keep\". \\n\\t"
      "Unexpected key(s) in state_dict: \"extra\". ', str(e)\n"
      "sd = m.state_dict()\nsd['a.weight'] = torch.zeros(4, 2)\n"
      "try:\n    n.load_state_dict(sd)\n    assert False\n"
      "except RuntimeError as e:\n"
      "    assert 'size mismatch for a.weight: copying a param with shape torch.Size([4, 2]) from checkpoint, the shape in "
      "current model is torch.Size([3, 2]).' in str(e), str(e)\n");
  INFO(r.error);
  CHECK(r.ok);
  std::string us;
  for (auto& u : r.unmodelled) us += u + "\n";
  INFO(us);
  CHECK(r.unmodelled.empty());
}

TEST_CASE("a dict subclass whose __dict__ is itself (AttrDict): keys read and stored as attributes") {
  Result r = run_source("forms.py",
      "class AttrDict(dict):\n"
      "    def __init__(self, *args, **kwargs):\n"
      "        super(AttrDict, self).__init__(*args, **kwargs)\n"
      "        self.__dict__ = self\n"
      "h = AttrDict(dict(k=3, scale=2.0))\n"
      "assert h.k == 3 and h.scale == 2.0\n"
      "h.extra = 5\nassert h['extra'] == 5 and len(h) == 3\n"
      "h['late'] = 'x'\nassert h.late == 'x' and getattr(h, 'late') == 'x' and hasattr(h, 'k')\n"
      "class NS:\n    pass\n"
      "o = NS()\no.__dict__ = {'a': 1, 'b': 2}\nassert o.a == 1 and o.b == 2 and vars(o) == {'a': 1, 'b': 2}\n");
  INFO(r.error);
  CHECK(r.ok);
  std::string us;
  for (auto& u : r.unmodelled) us += u + "\n";
  INFO(us);
  CHECK(r.unmodelled.empty());
}

TEST_CASE("nn.Module's hook registries: _forward_hooks / _forward_pre_hooks / _backward_hooks hold the registered hooks until their handles remove them") {
  // (torch's nn.Module keeps OrderedDicts keyed by the handle's id; ddae reads them in eager code)
  Result r = testing::run_values(
      "m = torch.nn.Linear(2, 2)\n"
      "assert len(m._forward_hooks) == 0 and not m._forward_pre_hooks and len(m._backward_hooks) == 0\n"
      "hook = lambda mod, i, o: None\n"
      "h = m.register_forward_hook(hook)\nh2 = m.register_forward_pre_hook(lambda mod, i: None)\n"
      "assert len(m._forward_hooks) == 1 and list(m._forward_hooks.values())[0] is hook and len(m._forward_pre_hooks) == 1\n"
      "h.remove()\nassert len(m._forward_hooks) == 0 and len(m._forward_pre_hooks) == 1\n"
      "h2.remove()\nassert not m._forward_pre_hooks\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
}
