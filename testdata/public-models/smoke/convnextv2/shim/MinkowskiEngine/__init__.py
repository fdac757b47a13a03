"""Shim of ours for MinkowskiEngine (a CUDA extension the device lacks): ConvNeXt-V2's models/utils.py imports
SparseTensor at module level for its sparse (FCMAE pre-training) layers; the dense ConvNeXtV2 classifier never
builds one."""


class SparseTensor:
    def __init__(self, *args, **kwargs):
        raise RuntimeError("MinkowskiEngine shim: sparse tensors are not available")
