"""tparse stub of transformers.integrations.sonicmoe (a CUDA kernel package: never selected on CPU)."""


def sonicmoe_experts_forward(*args, **kwargs):
    raise NotImplementedError("sonicmoe")
