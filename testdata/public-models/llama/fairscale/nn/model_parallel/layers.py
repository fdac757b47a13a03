# Shim of fairscale's parallel layers at model-parallel size 1: plain nn.Linear / nn.Embedding (our code).
from torch import nn


class ColumnParallelLinear(nn.Linear):
    def __init__(self, in_features, out_features, bias=True, gather_output=True, init_method=None):
        super().__init__(in_features, out_features, bias=bias)


class RowParallelLinear(nn.Linear):
    def __init__(self, in_features, out_features, bias=True, input_is_parallel=False, init_method=None):
        super().__init__(in_features, out_features, bias=bias)


class ParallelEmbedding(nn.Embedding):
    def __init__(self, num_embeddings, embedding_dim, init_method=None):
        super().__init__(num_embeddings, embedding_dim)


class VocabParallelEmbedding(nn.Embedding):  # Llama 3's model.py
    def __init__(self, num_embeddings, embedding_dim, init_method=None):
        super().__init__(num_embeddings, embedding_dim)
