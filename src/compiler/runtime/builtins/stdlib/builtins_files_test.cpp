// open() and json as programs use them at setup: a real file read where tparse runs (text with universal newlines,
// lines, iteration, a context manager), what the program writes read back from the run's memory and never written to
// disk, and json's loads / dumps checked against the text CPython 3.12's json module gives.
#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "api.hpp"

using namespace tparse::compiler;
namespace fs = std::filesystem;

namespace {
struct TempDir {
  fs::path dir = fs::temp_directory_path() / ("tparse_files_" + std::to_string(::getpid()));
  TempDir() { fs::create_directories(dir); }
  ~TempDir() { fs::remove_all(dir); }
  void write(const std::string& rel, const std::string& text) { std::ofstream(dir / rel, std::ios::binary) << text; }
  Result run(const std::string& src) {
    write("main.py", src);
    return compile_script((dir / "main.py").string(), src, Options{});
  }
};
TEST_CASE("pickle.dump / pickle.load through a file, as CPython's pickle module") {
  TempDir t;
  Result r = t.run(
      "import pickle\n"
      "vocab = {'stoi': {c: i for i, c in enumerate(' abc')}, 'merges': {(1, 2): 27}, 'ids': [1, -2, 70000], 'f': 0.5}\n"
      "with open('v.pkl', 'wb') as f:\n    pickle.dump(vocab, f)\n"
      "with open('v.pkl', 'rb') as f:\n    back = pickle.load(f)\n"
      "assert back == vocab and back['merges'][(1, 2)] == 27\n"
      "assert pickle.loads(pickle.dumps(vocab, protocol=2)) == vocab\n"
      "assert pickle.dumps({'a': 1}) == b'\\x80\\x04\\x95\\n\\x00\\x00\\x00\\x00\\x00\\x00\\x00}\\x94\\x8c\\x01a\\x94K\\x01s.'\n"
      "try:\n    pickle.dumps(object())\n    raise AssertionError('pickled')\nexcept pickle.PicklingError:\n    pass\n"
      "try:\n    pickle.loads(b'\\x80\\x04K')\n    raise AssertionError('loaded')\nexcept pickle.UnpicklingError as e:\n"
      "    assert 'truncated' in str(e)\n");
  INFO(r.error);
  CHECK(r.ok);
}

}  // namespace

TEST_CASE("open() reads a real file: read, readline, readlines, iteration, with; text mode reads \\r\\n as \\n") {
  TempDir t;
  t.write("vocab.txt", "the 10\r\ncat 3\nsat 1");
  t.write("config.json", "{\"hidden\": 32, \"layers\": [1, 2], \"act\": \"gelu\", \"drop\": 0.1, \"bias\": true, \"x\": null}");
  const std::string d = t.dir.string();
  Result r = t.run("import os, json\n"
                   "d = '" + d + "'\n"
                   "with open(os.path.join(d, 'vocab.txt')) as f:\n    lines = [l.strip().split() for l in f]\n"
                   "assert lines == [['the', '10'], ['cat', '3'], ['sat', '1']]\n"
                   "f = open(os.path.join(d, 'vocab.txt'), 'r', encoding='utf-8')\n"
                   "assert f.readline() == 'the 10\\n' and f.readlines() == ['cat 3\\n', 'sat 1']\n"
                   "f.close()\nassert f.closed\n"
                   "assert open(os.path.join(d, 'vocab.txt'), 'rb').read() == 'the 10\\r\\ncat 3\\nsat 1'\n"
                   "cfg = json.load(open(os.path.join(d, 'config.json')))\n"
                   "assert cfg == {'hidden': 32, 'layers': [1, 2], 'act': 'gelu', 'drop': 0.1, 'bias': True, 'x': None}\n"
                   "assert list(cfg) == ['hidden', 'layers', 'act', 'drop', 'bias', 'x']\n"
                   "try:\n    open(d)\n    raise AssertionError('opened a folder')\nexcept IsADirectoryError:\n    pass\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
}

TEST_CASE("a file the program writes is read back from the run's memory and never reaches the disk") {
  TempDir t;
  const std::string d = t.dir.string();
  Result r = t.run("import os, json\n"
                   "p = '" + d + "/out/log.txt'\n"
                   "with open(p, 'w') as f:\n    f.write('a\\n')\n    f.write('b\\n')\n"
                   "with open(p, 'a') as f:\n    f.write('c')\n"
                   "assert open(p).read() == 'a\\nb\\nc' and os.path.exists(p)\n"
                   "json.dump({'k': [1, 2]}, open('" + d + "/s.json', 'w'))\n"
                   "assert json.load(open('" + d + "/s.json')) == {'k': [1, 2]}\n"
                   "try:\n    open(p, 'x')\n    raise AssertionError('x opened an existing file')\nexcept FileExistsError:\n    pass\n"
                   "try:\n    open(p).write('z')\n    raise AssertionError('wrote to a file opened for reading')\nexcept OSError:\n    pass\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(!fs::exists(t.dir / "out" / "log.txt"));
  CHECK(!fs::exists(t.dir / "s.json"));
}

TEST_CASE("json.loads / json.dumps as CPython's json module") {
  TempDir t;
  Result r = t.run(
      "import json\n"
      "assert json.dumps({'a': [1, 2.5, None, True], 'b': '\\u00e9\\n'}) == '{\"a\": [1, 2.5, null, true], \"b\": \"\\\\u00e9\\\\n\"}'\n"
      "assert json.dumps({'b': 1, 'a': ()}, sort_keys=True) == '{\"a\": [], \"b\": 1}'\n"
      "assert json.dumps([1, {'x': 2}], indent=2) == '[\\n  1,\\n  {\\n    \"x\": 2\\n  }\\n]'\n"
      "assert json.dumps({'a': 1, 'b': [1, 2]}, separators=(',', ':')) == '{\"a\":1,\"b\":[1,2]}'\n"
      "assert json.dumps('\\u00e9', ensure_ascii=False) == '\"\\u00e9\"' and json.dumps({1: 0.5}) == '{\"1\": 0.5}'\n"
      "assert json.dumps(float('inf')) == 'Infinity' and json.dumps(1e-07) == '1e-07'\n"
      "assert json.loads('[1, -2, 3.0e2, \"x\\\\ty\", {\"k\": false}]') == [1, -2, 300.0, 'x\\ty', {'k': False}]\n"
      "assert json.loads('{\"a\": {\"b\": 1}}', object_hook=lambda d: sorted(d)) == ['a']\n"
      "try:\n    json.loads('{\"a\": }')\n    raise AssertionError('parsed')\nexcept json.JSONDecodeError as e:\n"
      "    assert isinstance(e, ValueError)\n"
      "try:\n    json.dumps({'t': object()})\n    raise AssertionError('dumped')\nexcept TypeError as e:\n"
      "    assert 'not JSON serializable' in str(e)\n"
      // a JSONEncoder subclass's default() (a training script's numpy-aware encoder), passed as cls=
      "class SetEncoder(json.JSONEncoder):\n    def default(self, o):\n        if isinstance(o, set):\n"
      "            return sorted(o)\n        return super().default(o)\n"
      "assert json.dumps({'s': {3, 1}}, cls=SetEncoder) == '{\"s\": [1, 3]}'\n"
      "assert SetEncoder(sort_keys=True).encode({'b': 1, 'a': 2}) == '{\"a\": 2, \"b\": 1}'\n"
      "try:\n    json.dumps({'t': object()}, cls=SetEncoder)\n    raise AssertionError('dumped')\nexcept TypeError:\n    pass\n"
      "assert json.JSONDecoder().decode('[1, 2]') == [1, 2]\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
}
