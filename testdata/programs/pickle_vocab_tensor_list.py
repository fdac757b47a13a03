# A tokenizer's tables from pickle (minLlama3's tiny_shakespeare_tokenizer reads them with pickle.load): tparse reads
# CPython's pickle format, so the prompt's tokens are known. torch.tensor(tokens) of the token list in the frame
# realizes the list: its length is guarded (a longer prompt recompiles, its items then dynamic), and tolist() breaks.
# (The pickle is made in memory here.)
import pickle
import torch

blob = pickle.dumps({"stoi": {c: i for i, c in enumerate(" abcdefghijklmnopqrstuvwxyz")}, "merges": {(1, 2): 27}})
data = pickle.loads(blob)
stoi, merges = data["stoi"], data["merges"]
itos = {i: c for c, i in stoi.items()}


@torch.compile(backend="eager")
def step(tokens):
    t = torch.tensor(tokens).unsqueeze(0)
    nxt = (t.sum(-1, keepdim=True) * 7) % 27
    out = torch.cat([t, nxt], dim=1)
    return out.squeeze(0).tolist()


for prompt in ("abc", "hello world"):
    toks = [stoi.get(c, 0) for c in prompt]
    out = step(toks)
    print(prompt, out, "".join(itos.get(i, "?") for i in out))
