# Usage (device): for i in 0..W-1: AUTOMODEL_HEAD=H python automodel_train.py W i  (OUT=dir,
# AUTOMODEL_BUILD=automodel_build.jsonl; one <prefix><I>.jsonl per worker, concatenated to
# testdata/hf-population/automodel_train<suffix>.jsonl; HEADS below names each head's prefix / suffix).
# device: a TRAINING LOOP over one of transformers' task heads, the way a user compiles one: the model built by
# AutoModelFor<Head>.from_config(tiny config, 3 labels, pad token 0) in train mode, wrapped by
# torch.compile(backend=...), each step `out = model(input_ids=ids, labels=labels)`, `out.loss.backward()`,
# `opt.step()`, `opt.zero_grad()` outside the compiled model; two batches, (2, 8) then (2, 12) (the second recompiles
# with a dynamic length). The heads: sequence classification (one label per row), causal LM (the labels are the ids,
# the model shifts them), token classification (one label per token) and masked LM (the ids as labels, every
# even id -100, the ignored index), question answering (start / end positions: the call's arguments are the head's own)
# and multiple choice (the two rows as two choices of one example); `seqcls_step` compiles the whole step function
# instead (PROGRAM_STEP). The
# same loop runs eagerly first (a type whose head or backward raises is not
# compared). The record holds the program text itself (`program`: our own driver, the reference compiler runs exactly
# it with BACKEND = "eager"), torch's counters after the compiled loop, every frame ConvertFrame was handed
# (frames_seen) and each graph's op count in compile order (graph_ops): the truth of tparse's "training loop"
# populations.
import json, os
import torch
from automodel_common import run_program, run_workers, select_input_ids

# The training loop, one type's text with @TYPE@, @HEAD@ and @LABELS@ replaced (program(); BACKEND is set by whoever
# runs it). The reference compiler's test (src/compiler/hf_train_population_test.cpp) reads this very text and HEADS
# from this file.
PROGRAM = """import torch
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
cfg.num_labels = @NUM_LABELS@
cfg.pad_token_id = 0
model = transformers.@HEAD@.from_config(cfg).train()
opt = torch.optim.SGD(model.parameters(), lr=0.01)
batches = []
for T, y in ((8, [0, 2]), (12, [1, 0])):
    ids = torch.randint(1, 256, (2, T))
    batches.append((ids, @LABELS@))


def step(m, ids, labels):
    out = m(@CALL@)
    out.loss.backward()
    opt.step()
    opt.zero_grad()


for ids, labels in batches:
    step(model, ids, labels)
cm = torch.compile(model, backend=BACKEND)
for ids, labels in batches:
    step(cm, ids, labels)
"""

# The same loop with the whole training step compiled instead of the model (forward, backward and the optimizer's step
# under one torch.compile: Dynamo breaks at loss.backward() and traces SGD's step in a resume function).
PROGRAM_STEP = PROGRAM[:PROGRAM.index("cm = torch.compile")] + """cstep = torch.compile(step, backend=BACKEND)
for ids, labels in batches:
    cstep(model, ids, labels)
"""


# head name -> (model class, labels expression of `ids` (2, T) and `y` (two class indices), output file suffix[, the
# call's arguments ("input_ids=ids, labels=labels" unless given), the config's num_labels ("3" unless given)])
HEADS = {
    "seqcls": ("AutoModelForSequenceClassification", "torch.tensor(y)", ""),
    "causallm": ("AutoModelForCausalLM", "ids", "_causallm"),
    "tokcls": ("AutoModelForTokenClassification", "ids % 3", "_tokcls"),
    "maskedlm": ("AutoModelForMaskedLM", "ids.masked_fill(ids % 2 == 0, -100)", "_maskedlm"),
    "seqcls_step": ("AutoModelForSequenceClassification", "torch.tensor(y)", "_seqcls_step"),
    "qa": ("AutoModelForQuestionAnswering", "(torch.tensor(y), torch.tensor(y) + 1)", "_qa",
           "input_ids=ids, start_positions=labels[0], end_positions=labels[1]", "2"),
    "mc": ("AutoModelForMultipleChoice", "torch.tensor(y[:1]) % 2", "_mc", "input_ids=ids.view(1, 2, -1), labels=labels"),
}
CALL = "input_ids=ids, labels=labels"


def program(t, head="seqcls"):
    cls, labels, _, *more = HEADS[head]
    more += [CALL, "3"][len(more):]
    return ((PROGRAM_STEP if head.endswith("_step") else PROGRAM).replace("@TYPE@", t).replace("@HEAD@", cls)
            .replace("@LABELS@", labels).replace("@CALL@", more[0]).replace("@NUM_LABELS@", more[1]))


def run_one(t, r):
    run_program(program(t, os.environ.get("AUTOMODEL_HEAD", "seqcls")), r)


def run_fresh(t, r):
    """run_one in a fresh process (a `_step` head: the first autograd backward under the eval_frame callback hands
    Dynamo typing's cold Union subscription, 17 frames, only once per process; torch._dynamo.reset() does not undo
    typing's cache, so a worker's later types would see fewer frames than a user's run of that type alone)."""
    import subprocess, sys
    p = subprocess.run([sys.executable, __file__, "--one", t], capture_output=True, text=True, timeout=140,
                       env=dict(os.environ))
    lines = [l for l in p.stdout.splitlines() if l.startswith("{")]
    if not lines:
        r["error"] = f"child exited {p.returncode}: {p.stderr[-300:]}"
        return
    r.update(json.loads(lines[-1]))


if __name__ == "__main__":
    import sys
    if len(sys.argv) == 3 and sys.argv[1] == "--one":
        rec = {"type": sys.argv[2]}
        run_one(sys.argv[2], rec)
        print(json.dumps(rec))
        sys.exit(0)
    head = os.environ.get("AUTOMODEL_HEAD", "seqcls")
    run_workers(select_input_ids, "train" + HEADS[head][2], run_fresh if head.endswith("_step") else run_one)
