# Shim of xformers.ops.fmha.attn_bias (our code): the mask classes mistral-inference names; the cache-free
# path never builds one.
class AttentionBias:
    pass


class BlockDiagonalMask(AttentionBias):
    @classmethod
    def from_seqlens(cls, *args, **kwargs):
        raise NotImplementedError("shim: block-diagonal masks are not modelled")


class BlockDiagonalCausalMask(BlockDiagonalMask):
    pass


class BlockDiagonalCausalWithOffsetPaddedKeysMask(BlockDiagonalMask):
    pass
