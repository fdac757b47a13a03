// Python and torch.nn semantics that model files of other authors use while they build (the fourth scouting:
// encodec, open_clip, RWKV, EDM, DLA, SwinIR, EfficientNet-PyTorch), each checked by `assert`s that fail (and make
// compile_script fail) when the interpreter gets Python wrong; every line stopped a run or was silently wrong before.
#include <doctest/doctest.h>

#include "api.hpp"

using namespace tparse::compiler;

namespace {
Result run_forms(const std::string& src) { return compile_script("forms.py", src, Options{}); }
}  // namespace

TEST_CASE("torch.nn's private bases answer isinstance / issubclass as torch's class hierarchy does") {
  Result r = run_forms(
      "import torch\nfrom torch import nn\n"
      "assert isinstance(nn.Conv1d(1, 4, 3), nn.modules.conv._ConvNd) and isinstance(nn.ConvTranspose2d(2, 2, 3), nn.modules.conv._ConvNd)\n"
      "assert isinstance(nn.BatchNorm1d(4), nn.modules.batchnorm._BatchNorm) and isinstance(nn.BatchNorm2d(4), nn.modules.batchnorm._NormBase)\n"
      "assert isinstance(nn.InstanceNorm2d(4), nn.modules.batchnorm._NormBase) and not isinstance(nn.InstanceNorm2d(4), nn.modules.batchnorm._BatchNorm)\n"
      "assert isinstance(nn.LSTM(2, 2), nn.RNNBase) and isinstance(nn.MaxPool2d(2), nn.modules.pooling._MaxPoolNd)\n"
      "assert not isinstance(nn.Linear(2, 2), nn.modules.conv._ConvNd) and isinstance(nn.Linear(2, 2), nn.Module)\n"
      "assert issubclass(nn.Conv2d, nn.modules.conv._ConvNd) and not issubclass(nn.Linear, nn.modules.conv._ConvNd)\n"
      "class MyConv(nn.Conv2d):\n    pass\n"
      "assert isinstance(MyConv(1, 1, 1), nn.modules.conv._ConvNd) and issubclass(MyConv, nn.modules.conv._ConvNd)\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
}

TEST_CASE("module-level setup: math.log with a base, str.maketrans / translate, object.__new__, sys.modules['__main__'], "
          "a module's __dict__, torch.backends flags") {
  Result r = run_forms(
      "import math\nimport string\nimport sys\nimport torch\n"
      "assert int(math.log(2, 2)) == 1 and int(math.log(8, 2)) == 3 and math.log(100, 10) == 2.0\n"
      "t = str.maketrans('', '', string.punctuation)\nassert len(t) == 32 and t[33] is None and 'a,b!'.translate(t) == 'ab'\n"
      "assert 'abc'.translate(str.maketrans('ab', 'xy')) == 'xyc' and 'ab'.translate({97: 'zz', 98: None}) == 'zz'\n"
      "class State:\n    def __init__(self):\n        raise RuntimeError('no checkpoint here')\n"
      "s = State.__new__(State)\nassert type(s) is State and isinstance(s, State)\ns.k = 3\nassert s.k == 3\n"
      "o = object.__new__(State)\nassert isinstance(o, State)\n"
      "this = sys.modules[__name__]\nassert this.State is State and 'State' in this.__dict__ and 'math' in vars(this)\n"
      "torch.backends.cudnn.benchmark = True\nassert torch.backends.cudnn.benchmark is True\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
}

TEST_CASE("random: ints in range, floats in [0, 1), shuffles keep the items, seeding repeats the sequence") {
  Result r = run_forms(
      "import random\n"
      "random.seed(0)\nx = [random.randrange(5) for _ in range(100)]\n"
      "assert all(0 <= v < 5 for v in x) and len(set(x)) == 5\n"
      "assert all(0.0 <= random.random() < 1.0 for _ in range(100)) and 3 <= random.randint(3, 4) <= 4\n"
      "assert 2 <= random.randrange(2, 10, 4) < 10 and random.randrange(2, 10, 4) in (2, 6)\n"
      "l = list(range(10))\nrandom.shuffle(l)\nassert sorted(l) == list(range(10))\n"
      "assert len(random.sample(range(10), 3)) == 3 and random.choice([7]) == 7\n"
      "random.seed(5)\na = random.random()\nrandom.seed(5)\nassert random.random() == a\n"
      "try:\n    random.randrange(0)\n    assert False\nexcept ValueError:\n    pass\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
}
