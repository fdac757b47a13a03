// The numpy stub's small eager ndarray (runtime/stubs/numpy/): each rule checked by a script whose asserts hold the
// values numpy (1.24 / 2.x, as each test says) gives — shapes, dtypes, numpy's type promotion, linalg through LAPACK's
// algorithms, reductions and their scalars. Tensor values: torch/values/values_test.cpp.
#include <doctest/doctest.h>

#include "api.hpp"
#include "test_util.hpp"

using namespace tparse::compiler;

using tparse::compiler::testing::run_values;

TEST_CASE("numpy stub: a small eager ndarray (HF BiT / DINOv3 ConvNeXt drop-path rates)") {
  Result r = run_values(
      "assert np.linspace(0, 0.1, 5).tolist() == [0.0, 0.025, 0.05, 0.07500000000000001, 0.1]\n"
      "assert [x.tolist() for x in torch.Tensor(np.linspace(0, 1, 5)).split([2, 3])] == [[0.0, 0.25], [0.5, 0.75, 1.0]]\n"
      "assert torch.Tensor(np.linspace(0, 1, 3)).dtype == torch.float32 and torch.tensor(np.linspace(0, 1, 3)).dtype == torch.float64\n"
      "assert torch.tensor(np.arange(3)).dtype == torch.int64 and torch.tensor(np.arange(3)).tolist() == [0, 1, 2]\n"
      "a = np.array([[1, 2], [3, 4]])\n"
      "assert len(a) == 2 and a.shape == (2, 2) and a[1].tolist() == [3, 4] and a[0][1] == 2 and [r.tolist() for r in a] == [[1, 2], [3, 4]]\n"
      "assert (np.arange(3) * 2 + 1).tolist() == [1, 3, 5] and [float(v) for v in np.linspace(0, 1, 3)] == [0.0, 0.5, 1.0]\n"
      "assert np.cumsum([1, 2, 3]).tolist() == [1, 3, 6] and np.arange(4).sum() == 6 and np.zeros(2).tolist() == [0.0, 0.0]\n"
      "assert np.argsort([32, 8, 16], axis=0).tolist() == [1, 2, 0]\n"  // PP-DocLayoutV3's FPN order
      // WPMixer's filter banks: ravel / flatten / copy / reshape keep the row-major data
      "h = np.array([[1.5, 2.0], [3.0, 4.0]])\n"
      "assert h.ravel().tolist() == [1.5, 2.0, 3.0, 4.0] and np.copy(h.flatten()).shape == (4,)\n"
      "assert h.reshape(-1, 1).shape == (4, 1) and np.reshape(h, (1, 4)).tolist() == [[1.5, 2.0, 3.0, 4.0]]\n"
      "t = torch.tensor(np.ravel(h), dtype=torch.float32).reshape((1, 1, -1))\nassert t.shape == (1, 1, 4) and t[0, 0, 3].item() == 4.0\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
}

TEST_CASE("numpy stub: numpy 2's C-type names on Linux are the sized dtypes (dc-tts' np.longlong text ids); np.dtype(); a sequence set into a slice") {
  // (asserts run under numpy 2.x on Linux: np.dtype(np.longlong) == np.dtype('int64'), np.dtype('q') too)
  Result r = run_values(
      "a = np.zeros((1, 5), np.longlong)\na[0, :3] = [4, 2, 3]\n"
      "assert a.dtype == np.int64 and np.dtype(np.longlong) == np.dtype('int64') and a.tolist() == [[4, 2, 3, 0, 0]]\n"
      "t = torch.from_numpy(a)\nassert t.dtype == torch.int64 and t.shape == (1, 5)\n"
      "assert np.zeros(2, np.intc).dtype == np.int32 and np.zeros(2, np.double).dtype == np.float64\n"
      "assert np.zeros(2, np.single).dtype == np.float32 and np.zeros(2, np.half).dtype == np.float16\n"
      "assert np.zeros(2, np.short).dtype == np.int16 and np.zeros(2, np.ubyte).dtype == np.uint8 and np.zeros(2, np.intp).dtype == np.int64\n"
      "assert np.zeros(2, 'q').dtype == np.int64 and np.zeros(2, 'f').dtype == np.float32 and np.zeros(2, 'd').dtype == np.float64\n"
      // a sequence set into a basic index is the array numpy makes of it; a row broadcast over the leading axes
      "m = np.zeros((2, 3))\nm[:, :] = np.array([1.0, 2.0, 3.0])\nassert m.tolist() == [[1.0, 2.0, 3.0], [1.0, 2.0, 3.0]]\n"
      "m[1] = [7, 8, 9]\nassert m.tolist() == [[1.0, 2.0, 3.0], [7.0, 8.0, 9.0]] and np.dtype(float) == np.float64\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
}

TEST_CASE("numpy stub: `+` / `*` of two boolean arrays stay boolean (logical or / and), `-` of them is refused; a 2-d mask then indexes two axes (PixelCNN's MaskedConv2d)") {
  // (asserts hold under numpy 1.24 and 2.x: bool * bool is bool, bool * int is int64, bool - bool a TypeError)
  Result r = run_values(
      "a = np.array([True, False, True])\nb = np.array([False, True, True])\n"
      "assert (a * b).dtype == np.bool_ and (a * b).tolist() == [False, False, True]\n"
      "assert (a + b).dtype == np.bool_ and (a + b).tolist() == [True, True, True] and (a * True).dtype == np.bool_\n"
      "assert (a * 2).dtype == np.int64 and (a + 1).tolist() == [2, 1, 2]\n"
      "try:\n    a - b\n    raise AssertionError('no TypeError')\nexcept TypeError as e:\n    assert 'boolean subtract' in str(e)\n"
      "sel = (np.arange(6) % 3 == 0)[:, None] * (np.arange(3) % 3 == 1)[None, :]\n"
      "assert sel.dtype == np.bool_ and sel.shape == (6, 3)\n"
      "m = np.ones((6, 3, 1, 3), dtype=np.float32)\nm[sel, 0, 1] = 0\n"
      "assert int((m == 0).sum()) == 2 and m[0, 1, 0, 1] == 0 and m[3, 1, 0, 1] == 0 and m[0, 0, 0, 1] == 1\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
}

TEST_CASE("numpy stub: item assignment and dtypes (ESMFold's atom masks); what it does not model stays opaque") {
  Result r = run_values(
      "mask = np.zeros([3, 2], dtype=np.int32)\nmask[1, 0] = 1\nmask[-1, -1] = 2.7\n"
      "assert mask.tolist() == [[0, 0], [1, 0], [0, 2]] and mask.dtype == np.int32 and np.float32(1) == 1.0\n"
      "assert torch.tensor(mask).dtype == torch.int32 and torch.tensor(mask).sum().item() == 3\n"
      "y = np.zeros(4).reshape(2, 2)\nz = np.ones(3)\nz[0:2] = 5\nw = torch.tensor(z)\nassert w.shape == (3,) and w.tolist() == [5.0, 5.0, 1.0]\n"
      "v = z[np.array([True, False, True])]\nassert v.tolist() == [5.0, 1.0]\n"  // (a boolean mask: numpy's rows)
      // (Tensor.numpy() of known data is numpy's array of it: NCSNv2's sigmas iterated for step sizes)
      "s = torch.tensor([5.0, 0.5]).numpy()\nassert isinstance(s, np.ndarray) and s.dtype == np.float32 and s.tolist() == [5.0, 0.5]\n"
      "assert (s / s[-1]).tolist() == [10.0, 1.0] and torch.arange(3).numpy().tolist() == [0, 1, 2]\n"
      "u = np.fft.fft(z)\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(!r.unmodelled.empty());  // np.fft is not modelled: opaque, noted
}

TEST_CASE("numpy stub: new axes, broadcasting with numpy's dtype promotion, transposes, joins (N-BEATS' basis tables)") {
  Result r = run_values(
      "n, p = 6, 3\n"
      "trend = np.concatenate([np.power(np.arange(n, dtype=np.float32) / n, i)[None, :] for i in range(p)])\n"
      "assert trend.shape == (3, 6) and trend.dtype == np.float32 and trend[2, 3] == 0.25\n"
      "grid = 2 * np.pi * (np.arange(n, dtype=np.float32)[:, None] / n) * np.arange(p, dtype=np.float32)[None, :]\n"
      "assert grid.shape == (6, 3) and np.transpose(np.cos(grid)).shape == (3, 6) and grid.T.shape == (3, 6)\n"
      "a = np.arange(6).reshape(2, 3)\n"
      "assert a.T.tolist() == [[0, 3], [1, 4], [2, 5]] and a.transpose(1, 0).tolist() == a.T.tolist()\n"
      "assert (a + np.array([10, 20, 30])).tolist() == [[10, 21, 32], [13, 24, 35]]\n"
      "assert (a[:, None, :] * np.ones((1, 2, 1))).shape == (2, 2, 3) and a[..., None].shape == (2, 3, 1)\n"
      "assert np.stack([a, a]).shape == (2, 2, 3) and np.stack([a, a], axis=-1).shape == (2, 3, 2)\n"
      "assert np.concatenate([a, a], axis=1).tolist() == [[0, 1, 2, 0, 1, 2], [3, 4, 5, 3, 4, 5]]\n"
      "assert np.vstack([np.arange(3), np.arange(3)]).shape == (2, 3) and np.expand_dims(a, 0).shape == (1, 2, 3)\n"
      "assert (a / 2).dtype == np.float64 and (a * 2).dtype == np.int64 and (np.ones(2, dtype=np.float32) + np.ones(2)).dtype == np.float64\n"
      "assert torch.tensor(trend).dtype == torch.float32 and (1, 2, 3).index(2) == 1 and (1, 2, 2).count(2) == 2\n"
      "try:\n    np.ones((2, 3)) + np.ones((4,))\n    assert False\nexcept ValueError:\n    pass\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
}

TEST_CASE("numpy stub: tile, repeat and % of small arrays (DiverseBranchBlock's kernel index arrays)") {
  // expected values: numpy 1.24's own (np.tile / np.repeat / ndarray.repeat / np.remainder's sign rule)
  Result r = run_values(
      "assert np.tile(np.arange(2), (2, 3)).tolist() == [[0, 1, 0, 1, 0, 1], [0, 1, 0, 1, 0, 1]]\n"
      "assert np.tile(np.array([1.5, 2.5]), 2).tolist() == [1.5, 2.5, 1.5, 2.5]\n"
      "assert np.arange(6).reshape(2, 3).repeat(2, axis=1).tolist() == [[0, 0, 1, 1, 2, 2], [3, 3, 4, 4, 5, 5]]\n"
      "assert np.repeat([[1, 2], [3, 4]], [1, 2], axis=0).tolist() == [[1, 2], [3, 4], [3, 4]]\n"
      "assert np.arange(3).repeat(2).tolist() == [0, 0, 1, 1, 2, 2] and np.repeat(np.arange(4).reshape(2, 2), 2).shape == (8,)\n"
      "assert (np.arange(5) % 3).tolist() == [0, 1, 2, 0, 1] and (-7 % np.arange(1, 4)).tolist() == [0, 1, 2]\n"
      "k = torch.zeros((4, 2, 3, 3))\n"
      "k[np.arange(4), np.tile(np.arange(2), 2), :, :] = 1.0\n"
      "assert k.sum().item() == 36.0 and k[1, 1].sum().item() == 9.0 and k[1, 0].sum().item() == 0.0\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
}

TEST_CASE("numpy stub: sort / argsort along any axis and numpy's string dtypes (CGCNN's neighbour distances, LiteMono's channels)") {
  // expected values: numpy 1.24's own (np.sort along axis 0 / 1 / None, argsort along axis 0; 'int' is int64, 'f4' float32)
  Result r = run_values(
      "a = np.array([[3.0, 1.0, 2.0], [0.5, 9.0, -1.0]])\n"
      "assert np.sort(a, axis=0).tolist() == [[0.5, 1.0, -1.0], [3.0, 9.0, 2.0]]\n"
      "assert np.sort(a, axis=1).tolist() == [[1.0, 2.0, 3.0], [-1.0, 0.5, 9.0]] and np.sort(a).shape == (2, 3)\n"
      "assert np.sort(a, axis=None).tolist() == [-1.0, 0.5, 1.0, 2.0, 3.0, 9.0]\n"
      "assert np.argsort(a, axis=0).tolist() == [[1, 0, 1], [0, 1, 0]] and np.argsort(np.array([2, 0, 1])).tolist() == [1, 2, 0]\n"
      "f = np.arange(0, 1.2, 0.2)\n"
      "assert np.exp(-(np.sort(a, axis=1)[..., np.newaxis] - f) ** 2 / 0.04).shape == (2, 3, 6)\n"
      "c = (np.array([32, 64, 128]) / 2).astype('int')\n"
      "assert c.tolist() == [16, 32, 64] and str(c.dtype) == 'int64' and str(c.astype('f4').dtype) == 'float32'\n"
      "assert torch.nn.Conv2d(int(c[1]), int(c[2] + 3), 3).weight.shape == (67, 32, 3, 3)\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
}

TEST_CASE("numpy stub: elementwise == / != / & / | / ~, truth of an array, arrays of arrays, moveaxis, narrow dtypes (EfficientZero's frames)") {
  // expected values: numpy 1.24's own (uint8 + int8 promotes to int16, uint8 with float32 stays float32, int16 with
  // float16 gives float32; an array of more than one element has no truth value)
  Result r = run_values(
      "m = np.array([3, 4, 6]) % 3 == 0\n"
      "assert m.tolist() == [True, False, True] and str(m.dtype) == 'bool' and (np.arange(3) != 1).tolist() == [True, False, True]\n"
      "assert (~m).tolist() == [False, True, False] and (m & np.array([True, True, False])).tolist() == [True, False, False]\n"
      "assert (m | ~m).tolist() == [True] * 3 and (np.arange(4) & 1).tolist() == [0, 1, 0, 1] and (~np.arange(2)).tolist() == [-1, -2]\n"
      "assert bool(np.array([2]) == 2) and not (np.array([1]) == 2)\n"
      "try:\n"
      "    bool(m)\n"
      "    raise AssertionError('no ValueError')\n"
      "except ValueError as e:\n"
      "    assert 'ambiguous' in str(e)\n"
      "frames = [np.random.randint(0, 256, size=(4, 6, 6, 3), dtype=np.uint8) for _ in range(2)]\n"
      "a = np.array(frames, dtype=np.uint8)\n"
      "assert a.shape == (2, 4, 6, 6, 3) and str(a.dtype) == 'uint8' and np.array(frames).shape == (2, 4, 6, 6, 3)\n"
      "b = np.moveaxis(a, -1, 2)\n"
      "assert b.shape == (2, 4, 3, 6, 6) and np.swapaxes(a, 0, 4).shape == (3, 4, 6, 6, 2)\n"
      "assert np.moveaxis(np.arange(6).reshape(1, 2, 3), [0, 1], [2, 0]).shape == (2, 3, 1)\n"
      "t = torch.from_numpy(b.reshape((2, -1, 6, 6)))\n"
      "assert t.dtype == torch.uint8 and t.shape == (2, 12, 6, 6)\n"
      "assert str((np.zeros(2, dtype=np.uint8) + np.zeros(2, dtype=np.int8)).dtype) == 'int16'\n"
      "assert str((np.zeros(2, dtype=np.uint8) * np.zeros(2, dtype=np.float32)).dtype) == 'float32'\n"
      "assert str((np.zeros(2, dtype=np.int16) + np.zeros(2, dtype=np.float16)).dtype) == 'float32'\n"
      "assert str((np.zeros(2, dtype=np.uint8) / 2).dtype) == 'float64' and str(np.zeros(2, dtype='f2').dtype) == 'float16'\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
}

TEST_CASE("numpy stub: linalg (solve / inv / det / norm / qr), argmax / argmin, empty and *_like eagerly; scipy.linalg qr / lu") {
  // expected values: numpy 1.24's own (HRNet's cv2 shim solves for an affine map; NCRF++ fills np.empty rows)
  Result r = run_values(
      "a = np.array([[2.0, 1.0], [1.0, 3.0]])\n"
      "x = np.linalg.solve(a, np.array([3.0, 5.0]))\n"
      "assert abs(x[0] - 0.8) < 1e-12 and abs(x[1] - 1.4) < 1e-12 and x.shape == (2,)\n"
      "assert abs(np.linalg.det(a) - 5.0) < 1e-12 and np.linalg.det(np.array([[1.0, 2.0], [2.0, 4.0]])) == 0.0\n"
      "i = np.linalg.inv(a)\nassert abs(i[0, 0] - 0.6) < 1e-12 and abs(i[0, 1] + 0.2) < 1e-12\n"
      "assert np.linalg.solve(a, np.eye(2)).shape == (2, 2)\n"
      "assert np.linalg.norm(np.array([3.0, 4.0])) == 5.0 and np.linalg.norm([1, 2, 2]) == 3.0\n"
      "assert np.linalg.norm(np.array([[3.0, 4.0], [6.0, 8.0]]), axis=1).tolist() == [5.0, 10.0]\n"
      "assert np.linalg.norm(np.array([[1.0, -2.0], [3.0, 4.0]]), 1) == 6.0\n"
      // along one axis of any array, keepdims (PointNet++'s point normalisation); float32 stays float32
      "n = np.linalg.norm(np.ones((2, 5, 4), dtype=np.float32), axis=2, keepdims=True)\n"
      "assert n.shape == (2, 5, 1) and n.dtype == np.float32 and n[1, 4, 0] == 2.0\n"
      // digitize: numpy's docs example, right=True, a number
      "assert np.digitize(np.array([0.2, 6.4, 3.0, 1.6]), np.array([0.0, 1.0, 2.5, 4.0, 10.0])).tolist() == [1, 4, 3, 2]\n"
      "assert np.digitize(np.array([1.0, 2.5]), np.array([0.0, 1.0, 2.5]), right=True).tolist() == [1, 2]\n"
      "assert np.digitize(-1.0, np.array([0.0, 1.0])) == 0\n"
      "try:\n    np.linalg.inv(np.array([[1.0, 2.0], [2.0, 4.0]]))\n    raise AssertionError('inverted')\n"
      "except np.linalg.LinAlgError:\n    pass\n"
      "b = np.array([[1, 5, 5], [7, 0, 7]])\n"
      "assert np.argmax(b) == 3 and np.argmin(b) == 4 and b.argmax() == 3\n"
      "assert np.argmax(b, 1).tolist() == [1, 0] and np.argmin(b, axis=0).tolist() == [0, 1, 0] and np.argmax(b, 1).dtype == np.int64\n"
      "e = np.empty([3, 4])\nassert e.shape == (3, 4) and e.dtype == np.float64\ne[0, :] = np.ones([1, 4])\n"
      "assert e[0].tolist() == [1.0, 1.0, 1.0, 1.0]\n"
      "assert np.zeros_like(np.arange(3)).tolist() == [0, 0, 0] and np.zeros_like(np.arange(3)).dtype == np.int64\n"
      "assert np.ones_like(e, dtype=np.float32).dtype == np.float32 and np.ones_like(e)[2, 3] == 1.0\n"
      // scipy.linalg's qr / lu (Glow's LU-decomposed 1x1 convolution); expected values: scipy 1.14 (LAPACK)
      "import scipy.linalg as la\n"
      "q, r = la.qr(np.array([[1.0, 2.0], [3.0, 4.0]]))\n"
      "assert abs(q[0, 0] + 0.31622776601683794) < 1e-12 and abs(q[0, 1] + 0.9486832980505138) < 1e-12\n"
      "assert abs(r[0, 0] + 3.1622776601683795) < 1e-12 and abs(r[1, 1] + 0.632455532033676) < 1e-12 and r[1, 0] == 0.0\n"
      "p, l, u = la.lu(np.array([[1.0, 2.0], [3.0, 4.0]], dtype=np.float32))\n"
      "assert p.tolist() == [[0.0, 1.0], [1.0, 0.0]] and p.dtype == np.float32 and l[0, 0] == 1.0\n"
      "assert abs(l[1, 0] - 1 / 3) < 1e-7 and u[0, 0] == 3.0 and abs(u[1, 1] - (2.0 - 4.0 / 3)) < 1e-6 and u[1, 0] == 0.0\n"
      "q3, r3 = la.qr(np.random.randn(5, 5))\nassert q3.shape == (5, 5) and r3.shape == (5, 5)\n"
      // numpy.linalg.qr: the same LAPACK values; reduced / complete / r modes' shapes, Q @ R == A (a random-features
      // model's orthogonal blocks: `q, _ = np.linalg.qr(np.random.normal(size=(8, 8)))`)
      "q, r = np.linalg.qr(np.array([[1.0, 2.0], [3.0, 4.0]]))\n"
      "assert abs(q[0, 0] + 0.31622776601683794) < 1e-12 and abs(r[0, 0] + 3.1622776601683795) < 1e-12 and r[1, 0] == 0.0\n"
      "a = np.random.normal(size=(5, 3))\nq, r = np.linalg.qr(a)\nassert q.shape == (5, 3) and r.shape == (3, 3)\n"
      "assert np.abs(q @ r - a).max() < 1e-12 and np.abs(q.T @ q - np.eye(3)).max() < 1e-12\n"
      "qc, rc = np.linalg.qr(a, mode='complete')\nassert qc.shape == (5, 5) and rc.shape == (5, 3)\n"
      "assert np.linalg.qr(a, mode='r').shape == (3, 3)\n"
      // a float32 array's reductions are np.float32 scalars (their values a float's), an int array's sum np.int64
      // (numpy's own: a data scaler's `data.mean()`, `data.std()`)
      "d = np.linspace(0.0, 70.0, 100, dtype=np.float32)\n"
      "assert d.mean().dtype == np.float32 and d.std().dtype == np.float32 and d.sum().dtype == np.float32\n"
      "assert d.max().dtype == np.float32 and np.float32(0.1) == 0.10000000149011612 and np.asarray(d.mean()).dtype == np.float32\n"
      "assert np.arange(4).sum().dtype == np.int64 and np.ones(3).mean().dtype == np.float64\n"
      // np.copyto in place, broadcast, into a row view (a replay buffer's add)
      "buf = np.zeros((4, 3), dtype=np.float32)\nnp.copyto(buf[1], np.array([1.0, 2.0, 3.0]))\nnp.copyto(buf[2], 2.0)\n"
      "assert buf.sum() == 12.0 and buf[1].tolist() == [1.0, 2.0, 3.0] and buf.dtype == np.float32\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
}

TEST_CASE("numpy stub: split / array_split / unique / isin / where / binary ufuncs eagerly; a row view writes through (SR-GNN's session graphs)") {
  // expected values: numpy 1.24's own
  Result r = run_values(
      "s = np.split(np.arange(12), 4)\n"
      "assert [x.tolist() for x in s] == [[0, 1, 2], [3, 4, 5], [6, 7, 8], [9, 10, 11]] and s[-1][:2].tolist() == [9, 10]\n"
      "assert [x.tolist() for x in np.array_split(np.arange(7), 3)] == [[0, 1, 2], [3, 4], [5, 6]]\n"
      "assert [x.shape for x in np.split(np.arange(12).reshape(3, 4), [1, 3], axis=1)] == [(3, 1), (3, 2), (3, 1)]\n"
      "try:\n    np.split(np.arange(7), 3)\n    raise AssertionError('no error')\nexcept ValueError as e:\n"
      "    assert 'equal division' in str(e)\n"
      "u, idx, inv, cnt = np.unique(np.array([4, 2, 4, 7, 0]), return_index=True, return_inverse=True, return_counts=True)\n"
      "assert u.tolist() == [0, 2, 4, 7] and idx.tolist() == [4, 1, 0, 3] and inv.tolist() == [2, 1, 2, 3, 0] and cnt.tolist() == [1, 1, 2, 1]\n"
      "assert np.isin(np.array([1, 5, 2]), [2, 1]).tolist() == [True, False, True] and np.isin(3, [3]) is True\n"
      // histogram with given edges: [e0, e1), [e1, e2), the last bin closed (PSPNet's intersectionAndUnion)
      "h, e = np.histogram(np.array([0, 1, 1, 2, 3, 3, 5]), bins=np.arange(4))\n"
      "assert h.tolist() == [1, 2, 3] and e.tolist() == [0, 1, 2, 3] and e.dtype == np.int64\n"
      "A = np.zeros((3, 3))\n"
      "A[1][2] = 1\n"
      "A[0, :][1] = 5\n"
      "assert A.tolist() == [[0.0, 5.0, 0.0], [0.0, 0.0, 1.0], [0.0, 0.0, 0.0]]\n"
      "r, c = np.where(A > 0)\n"
      "assert r.tolist() == [0, 1] and c.tolist() == [1, 2] and np.where(np.arange(3) > 0, 1.0, -1.0).tolist() == [-1.0, 1.0, 1.0]\n"
      "t = np.sum(A, 0)\n"
      "t[np.where(t == 0)] = 1\n"
      "assert t.tolist() == [1.0, 5.0, 1.0]\n"
      "t[t > 2] = 0\n"
      "assert t.tolist() == [1.0, 0.0, 1.0] and np.divide(A, [1.0, 5.0, 1.0])[0].tolist() == [0.0, 1.0, 0.0]\n"
      "assert np.add([1, 2], 3).tolist() == [4, 5] and np.equal(np.arange(3), 1).tolist() == [False, True, False]\n"
      "assert np.isnan(np.array([]).mean()) and np.isfinite(np.array([1.0, float('inf')])).tolist() == [True, False]\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
}

TEST_CASE("numpy stub: reductions along an axis (ndarray methods and np.max / np.min / np.mean), keepdims, their values") {
  // the PINN notebooks' bounds `lb, ub = X.min(0), X.max(0)`; values as numpy gives them
  Result r = run_values(
      "X = np.array([[1., 5.], [3., 2.]])\n"
      "assert X.min(0).tolist() == [1.0, 2.0] and X.max(1).tolist() == [5.0, 3.0] and X.sum(0).tolist() == [4.0, 7.0]\n"
      "assert X.mean(1, keepdims=True).shape == (2, 1) and X.mean(axis=0).tolist() == [2.0, 3.5]\n"
      "assert np.min(X, 0).tolist() == [1.0, 2.0] and np.max(X, axis=1).tolist() == [5.0, 3.0] and np.mean(X) == 2.75\n"
      "assert X.prod(axis=1).tolist() == [5.0, 6.0] and X.min() == 1.0 and np.amax(X, axis=0, keepdims=True).shape == (1, 2)\n"
      "lb, ub = X.min(0), X.max(0)\n"
      "assert ((X - lb) / (ub - lb)).tolist() == [[0.0, 1.0], [1.0, 0.0]]\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
}

TEST_CASE("numpy stub: MAE / DiT's 2-D sin-cos position embedding (meshgrid, einsum outer, in-place division) with its values; numpy scalars") {
  Result r = run_values(
      "def one_d(d, pos):\n    omega = np.arange(d // 2, dtype=np.float64)\n    omega /= d / 2.\n    omega = 1. / 10000**omega\n"
      "    out = np.einsum('m,d->md', pos.reshape(-1), omega)\n    return np.concatenate([np.sin(out), np.cos(out)], axis=1)\n"
      "g = np.stack(np.meshgrid(np.arange(4, dtype=np.float32), np.arange(4, dtype=np.float32)), axis=0).reshape([2, 1, 4, 4])\n"
      "pe = np.concatenate([np.zeros([1, 16]), np.concatenate([one_d(8, g[0]), one_d(8, g[1])], axis=1)], axis=0)\n"
      "t = torch.from_numpy(pe).float().unsqueeze(0)\n"
      "assert t.shape == (1, 17, 16) and abs(float(t[0, 2, 12]) - 1.0) < 1e-6 and abs(float(t[0, 2, 0]) - 0.8414709848) < 1e-6\n"
      "a = np.arange(5, dtype=np.float32)\nassert a[2].item() == 2.0 and a.max().item() == 4.0 and np.outer(a, a).shape == (5, 5)\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
}

TEST_CASE("numpy stub: np.pad's modes on a small array (numpy's documented results), the padded shape otherwise") {
  Result r = run_values(
      "a = np.array([1, 2, 3])\n"
      "assert np.pad(a, 2, 'edge').tolist() == [1, 1, 1, 2, 3, 3, 3]\n"
      "assert np.pad(a, 2, 'reflect').tolist() == [3, 2, 1, 2, 3, 2, 1]\n"
      "assert np.pad(a, 2, 'symmetric').tolist() == [2, 1, 1, 2, 3, 3, 2]\n"
      "assert np.pad(a, 2, 'wrap').tolist() == [2, 3, 1, 2, 3, 1, 2]\n"
      "assert np.pad(a, (1, 2), constant_values=9).tolist() == [9, 1, 2, 3, 9, 9]\n"
      "m = np.pad(np.array([[1, 2, 3], [4, 5, 6]]), ((1, 0), (0, 1)), 'edge')\n"
      "assert m.shape == (3, 4) and m.tolist() == [[1, 2, 3, 3], [1, 2, 3, 3], [4, 5, 6, 6]]\n"
      // VideoPose3D's keypoint sequence: frames padded by their edge values, the joints and coordinates not
      "s = np.pad(np.ones((4, 17, 2)), ((13, 13), (0, 0), (0, 0)), 'edge')\n"
      "assert s.shape == (30, 17, 2) and torch.from_numpy(s.astype('float32')).shape == (30, 17, 2)\n");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
}
