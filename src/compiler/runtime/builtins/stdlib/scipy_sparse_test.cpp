// The scipy.sparse stub (runtime/stubs/scipy/sparse/) and the numpy stub's nonzero family / index-array assignment,
// checked by a script whose asserts hold the values scipy 1.14.1 / numpy 2 give (entry orders included: csr_matmat's
// first-touch order, astype's sort), as graph and recommender code (pygcn's normalize, vae-cf's masks) uses them.
#include <doctest/doctest.h>

#include "api.hpp"
#include "test_util.hpp"

using namespace tparse::compiler;
using tparse::compiler::testing::run_source;

TEST_CASE("scipy.sparse matrices as graph / recommender code uses them; numpy's nonzero and index-array assignment") {
  Result r = run_source("stdlib.py", R"PY(import numpy as np
import torch
import scipy
from scipy import sparse
import scipy.sparse as sp
assert scipy.sparse is sp and sparse is sp
A = np.array([[1, 0, 2], [0, 0, 3], [4, 5, 0]])
m = sp.csr_matrix(A)
assert m.shape == (3, 3) and m.nnz == 5 and m.dtype == np.int64 and m.format == 'csr' and sp.issparse(m) and sp.isspmatrix(m)
assert m.indptr.tolist() == [0, 2, 3, 5] and m.indices.tolist() == [0, 2, 2, 0, 1] and m.indices.dtype == np.int32
assert sp.csc_matrix(A).data.tolist() == [1, 4, 5, 2, 3] and m.toarray().tolist() == A.tolist() and m.todense().shape == (3, 3)
assert sp.csr_matrix((2, 3)).nnz == 0 and sp.csr_matrix((2, 3)).dtype == np.float64 and sp.csr_matrix(A, dtype=np.float32).dtype == np.float32
co = sp.coo_matrix((np.array([4, 5, 7, 9]), (np.array([0, 3, 1, 0]), np.array([0, 3, 1, 2]))), shape=(4, 4))
assert co.row.tolist() == [0, 3, 1, 0] and co.row.dtype == np.int32 and co.toarray()[0].tolist() == [4, 0, 9, 0]
u = sp.csr_matrix(([3., 1., 2.], ([1, 0, 1], [2, 1, 0])), shape=(2, 3))
assert u.indices.tolist() == [1, 0, 2] and u.tocoo().row.tolist() == [0, 1, 1] and u.tocsc().tocoo().row.tolist() == [1, 0, 1]
assert sp.coo_matrix(([1, 1], ([0, 0], [1, 1])), shape=(2, 2)).tocsr().data.tolist() == [2]
# products keep csr_matmat's order; astype to another dtype sorts
p = m @ m
assert p.toarray().tolist() == [[9, 10, 2], [12, 15, 0], [4, 0, 23]] and p.indices.tolist() == [1, 2, 0, 1, 0, 2, 0]
assert p.tocoo().astype(np.float32).col.tolist() == [0, 1, 2, 0, 1, 0, 2] and (m * m).nnz == 7
assert (m @ np.array([1, 1, 1])).tolist() == [3, 3, 9] and (np.array([1, 1, 1]) @ m).tolist() == [5, 5, 5]
assert m.dot(np.ones((3, 1))).shape == (3, 1) and (m * 2).data.tolist() == [2, 4, 6, 8, 10] and (m / 2).dtype == np.float64
assert (m + m.T).toarray().tolist() == [[2, 0, 6], [0, 0, 8], [6, 8, 0]] and (m - m).nnz == 0 and (m * 0).nnz == 5
e = m + sp.eye(3)
assert e.format == 'csr' and e.dtype == np.float64 and e.toarray()[1].tolist() == [0.0, 1.0, 3.0]
assert (m + np.ones((3, 3)))[2].tolist() == [5.0, 6.0, 1.0] and m.multiply(m).data.tolist() == [1, 4, 9, 16, 25]
assert m.multiply(np.full((3, 3), 2.0)).format == 'coo' and m.power(2).data.tolist() == [1, 4, 9, 16, 25]
gt = m > 2
assert gt.dtype == np.bool_ and gt.indices.tolist() == [2, 0, 1] and (m.T > m).format == 'csc' and (m < 3).nnz == 6
# reductions: 2-D arrays along an axis, numpy scalars overall
assert m.sum() == 15 and m.sum(axis=0).tolist() == [[5, 5, 5]] and m.sum(1).tolist() == [[3], [3], [9]]
assert m.mean() == 1.6666666666666665 and m.max() == 5 and m.diagonal().tolist() == [1, 0, 0] and m.getnnz(axis=1).tolist() == [2, 1, 2]
r, c = m.nonzero()
assert r.tolist() == [0, 0, 1, 2, 2] and c.tolist() == [0, 2, 2, 0, 1]
# indexing: rows, slices, elements, pairs, columns
assert m[[0, 2]].toarray().tolist() == [[1, 0, 2], [4, 5, 0]] and m[1:].shape == (2, 3) and m[-1].toarray().tolist() == [[4, 5, 0]]
assert m[0, 2] == 2 and m[:, 1].toarray().tolist() == [[0], [0], [5]] and m[[0, 2], [2, 1]].tolist() == [[2, 5]]
assert m[:, [2, 0]].indices.tolist() == [1, 0, 0, 1] and m.tocoo().getrow(0).indices.tolist() == [2, 0]
# eye / diags / stacking
assert sp.eye(3).format == 'dia' and sp.eye(2, 3, k=1).toarray().tolist() == [[0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]
assert sp.identity(2, format='csr').indices.tolist() == [0, 1] and sp.diags(np.array([1, 2])).dtype == np.float64
assert sp.diags([1.0, 0.0, 2.0]).tocsr().nnz == 2 and sp.diags(np.array([1.0, 2.0], dtype=np.float32)).dtype == np.float32
a, b = sp.csr_matrix([[1, 0], [0, 2]]), sp.csr_matrix([[0, 3]])
assert sp.vstack([a, b]).format == 'csr' and sp.vstack([a, b]).toarray().tolist() == [[1, 0], [0, 2], [0, 3]]
assert sp.hstack([a, a]).indices.tolist() == [0, 2, 1, 3] and sp.hstack([a.tocoo(), a.tocoo()]).row.tolist() == [0, 1, 0, 1]
assert repr(m) == "<Compressed Sparse Row sparse matrix of dtype 'int64'\n\twith 5 stored elements and shape (3, 3)>"
try:
    m.A  # (removed in scipy 1.14)
    assert False
except AttributeError:
    pass
# pygcn's preprocessing on a small graph
def normalize(mx):
    r_inv = np.power(np.array(mx.sum(1)), -1).flatten()
    r_inv[np.isinf(r_inv)] = 0.
    return sp.diags(r_inv).dot(mx)
edges = np.array([[0, 1], [1, 2], [2, 0], [3, 1]], dtype=np.int32)
adj = sp.coo_matrix((np.ones(4), (edges[:, 0], edges[:, 1])), shape=(5, 5), dtype=np.float32)
adj = adj + adj.T.multiply(adj.T > adj) - adj.multiply(adj.T > adj)
adj = normalize(adj + sp.eye(adj.shape[0]))
assert adj.format == 'csr' and adj.toarray()[3].tolist() == [0.0, 0.5, 0.0, 0.5, 0.0] and adj.indices[:3].tolist() == [2, 1, 0]
coo = adj.tocoo().astype(np.float32)
t = torch.sparse.FloatTensor(torch.from_numpy(np.vstack((coo.row, coo.col)).astype(np.int64)), torch.from_numpy(coo.data), torch.Size(coo.shape))
assert t.shape == (5, 5) and coo.col[:3].tolist() == [0, 1, 2]
x = torch.FloatTensor(sp.csr_matrix(np.array([[1., 0., 1., 0.], [0., 0., 0., 0.], [0., 0., 0., 0.]]))[[0, 2]].toarray())
assert x.shape == (2, 4) and x.sum().item() == 2.0
# numpy: nonzero, flatnonzero, argwhere, count_nonzero, fancy assignment
d = np.array([[1., 0., 0.], [0., 1., 1.]])
idx = d.nonzero()
assert len(idx) == 2 and idx[1].tolist() == [0, 1, 2] and idx[0].dtype == np.int64 and np.nonzero([0, 3])[0].tolist() == [1]
assert np.flatnonzero(d).tolist() == [0, 4, 5] and np.argwhere(d).tolist() == [[0, 0], [1, 1], [1, 2]] and np.count_nonzero(d) == 3
recon = torch.tensor([[5., 4., 1.], [3., 9., 8.]]).numpy()
recon[idx] = -np.inf
assert np.argmax(recon, axis=1).tolist() == [1, 0] and recon[0].tolist() == [-np.inf, 4.0, 1.0]
mask = np.zeros((2, 3), dtype=bool)
mask[np.arange(2)[:, None], np.array([[2, 0], [1, 1]])] = True
assert mask.tolist() == [[True, False, True], [False, True, False]]
assert np.arange(6).reshape(2, 3)[np.arange(2)[:, None], np.array([[2, 0], [1, 1]])].tolist() == [[2, 0], [4, 4]]
assert np.power(np.array([2.0, 0.0]), -1).tolist() == [0.5, np.inf] and np.power(np.array([2, 3]), 2).dtype == np.int64
)PY");
  INFO(r.error);
  CHECK(r.ok);
  CHECK(r.unmodelled.empty());
}
