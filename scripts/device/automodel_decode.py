# Usage (device): for i in 0..W-1: python automodel_decode.py W i  (OUT=dir, AUTOMODEL_BUILD=automodel_build.jsonl;
# one decode<I>.jsonl per worker, concatenated to testdata/hf-population/automodel_decode.jsonl).
# device: GREEDY DECODING WITH A KV CACHE, the way a user compiles a causal LM for inference: the model built by
# AutoModelForCausalLM.from_config(tiny config, pad token 0) in eval mode, wrapped by torch.compile(backend=...), a
# prompt of 8 tokens, then three steps of one token each that hand the model the cache it returned
# (`past_key_values=out.past_key_values, use_cache=True`), all under no_grad. The cache grows by one position per
# step, so the steps are where recompiles (and the dynamic sequence dimension) show. The same loop runs eagerly first
# (a type without a causal-LM head, or whose cached forward raises, is not compared). The record holds the program
# text (`program`: the reference compiler runs exactly it with BACKEND a backend function), torch's counters after
# the compiled loop, every frame ConvertFrame was handed (frames_seen) and each graph's op count in compile order
# (graph_ops): the truth of tparse's "KV-cache decoding" population.
import os
from automodel_common import run_program, run_workers, select_input_ids

# The decoding loop, one type's text with @TYPE@ replaced (program(); BACKEND is set by whoever runs it): the model's
# build (PROGRAM_HEAD), then the steps. The reference compiler's test (src/compiler/hf_decode_population_test.cpp)
# reads these very texts from this file.
PROGRAM_HEAD = """import torch
import transformers
from transformers import AutoConfig
torch.manual_seed(0)
cfg = AutoConfig.for_model('@TYPE@')
tiny = {'hidden_size': 64, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'num_key_value_heads': 2, 'intermediate_size': 128,
        'vocab_size': 256, 'head_dim': 16, 'max_position_embeddings': 128, 'n_embd': 64, 'n_layer': 2, 'n_head': 4,
        'n_positions': 128, 'num_experts': 4, 'num_local_experts': 4, 'num_experts_per_tok': 2, 'd_model': 64, 'num_layers': 2}
for k, v in tiny.items():
    if hasattr(cfg, k):
        setattr(cfg, k, v)
cfg.pad_token_id = 0
model = transformers.AutoModelForCausalLM.from_config(cfg).eval()
prompt = torch.randint(1, 256, (1, 8))


"""
PROGRAM_DYNAMIC = """@torch.no_grad()
def decode(m, ids, steps):
    out = m(input_ids=ids, use_cache=True)
    past = out.past_key_values
    for _ in range(steps):
        ids = out.logits[:, -1:].argmax(-1)
        out = m(input_ids=ids, past_key_values=past, use_cache=True)
        past = out.past_key_values
    return ids


decode(model, prompt, 3)
cm = torch.compile(model, backend=BACKEND)
decode(cm, prompt, 3)
"""
PROGRAM = PROGRAM_HEAD + PROGRAM_DYNAMIC

# The same steps with a StaticCache, as transformers recommends for compiled generation: the cache preallocates 16
# positions (its tensors keep their sizes, the steps write into them with index_copy_) and each call passes
# `cache_position`; AUTOMODEL_CACHE=static selects it (decode_static<I>.jsonl -> automodel_decode_static.jsonl).
PROGRAM_STATIC_STEPS = """from transformers import StaticCache


@torch.no_grad()
def decode(m, ids, steps):
    past = StaticCache(config=cfg, max_cache_len=16)
    out = m(input_ids=ids, past_key_values=past, use_cache=True, cache_position=torch.arange(8))
    for i in range(steps):
        ids = out.logits[:, -1:].argmax(-1)
        out = m(input_ids=ids, past_key_values=past, use_cache=True, cache_position=torch.tensor([8 + i]))
    return ids


decode(model, prompt, 3)
cm = torch.compile(model, backend=BACKEND)
decode(cm, prompt, 3)
"""
PROGRAM_STATIC = PROGRAM_HEAD + PROGRAM_STATIC_STEPS

# The loop transformers itself runs: `model.generate()` (greedy, four new tokens) with the model's forward compiled, as
# transformers' guide on compiled generation writes it (`model.forward = torch.compile(model.forward, ...)`); the
# end-of-sequence token is unset so that every type generates all four tokens whatever its random weights pick.
# AUTOMODEL_CACHE=generate: generate's default DynamicCache (generate<I>.jsonl -> automodel_generate.jsonl);
# AUTOMODEL_CACHE=generate_static: `cache_implementation = "static"` (generate_static<I>.jsonl).
PROGRAM_GENERATE_STEPS = """model.generation_config.eos_token_id = None


def generate(m):
    return m.generate(prompt, max_new_tokens=4, do_sample=False)


generate(model)
model.forward = torch.compile(model.forward, backend=BACKEND)
generate(model)
"""
PROGRAM_GENERATE_STATIC_STEPS = """model.generation_config.cache_implementation = "static"
model.generation_config.eos_token_id = None


def generate(m):
    return m.generate(prompt, max_new_tokens=4, do_sample=False)


generate(model)
model.forward = torch.compile(model.forward, backend=BACKEND)
generate(model)
"""

PROGRAMS = {"dynamic": PROGRAM, "static": PROGRAM_STATIC, "generate": PROGRAM_HEAD + PROGRAM_GENERATE_STEPS,
            "generate_static": PROGRAM_HEAD + PROGRAM_GENERATE_STATIC_STEPS}
PREFIXES = {"dynamic": "decode", "static": "decode_static", "generate": "generate", "generate_static": "generate_static"}


def program(t, cache="dynamic"):
    return PROGRAMS[cache].replace("@TYPE@", t)


def run_one(t, r):
    run_program(program(t, os.environ.get("AUTOMODEL_CACHE", "dynamic")), r)


if __name__ == "__main__":
    run_workers(select_input_ids, PREFIXES[os.environ.get("AUTOMODEL_CACHE", "dynamic")], run_one)
