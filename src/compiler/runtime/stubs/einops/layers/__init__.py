# tparse stub of einops.layers: the framework layers live in einops.layers.torch.
