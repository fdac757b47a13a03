# Pins: PreTrainedModel.gradient_checkpointing_enable() (HF's usual way to turn on activation checkpointing;
# sets _gradient_checkpointing_func = partial(checkpoint, use_reentrant=False) on GradientCheckpointingLayer).
# tiny LlamaForCausalLM, train, compiled module with labels. Expect tag_activation_checkpoint per layer.
import torch
from transformers.models.llama.configuration_llama import LlamaConfig
from transformers.models.llama.modeling_llama import LlamaForCausalLM

torch.manual_seed(0)
cfg = LlamaConfig(vocab_size=64, hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                  num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=64)
model = LlamaForCausalLM(cfg)
model.gradient_checkpointing_enable()
model.train()
cmodel = torch.compile(model, backend="eager")
ids = torch.randint(0, 64, (2, 8))
out = cmodel(input_ids=ids, labels=ids)
out.loss.backward()
print(out.loss.item())
