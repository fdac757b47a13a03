"""tparse stub of transformers.integrations.deepgemm (a CUDA kernel package: never selected on CPU)."""


def deepgemm_bf16_experts_forward(*args, **kwargs):
    raise NotImplementedError("deepgemm")
