# A nested function compiled as its own frame reads its closure's cells as frame locals (L['ret_dict']): a list it
# appends to (IBM seq2seq's decode, `ret_dict['attention_score'].append(step_attn)`) is guarded on its length, so every
# step recompiles, up to the recompile limit
import torch


def run(x, steps):
    ret_dict = {"attn": []}
    outputs = []

    @torch.compile(backend="eager")
    def decode(step, out, attn):
        outputs.append(out)
        ret_dict["attn"].append(attn)
        return outputs[-1].topk(1)[1] + step

    for i in range(steps):
        decode(i, x * i, x + i)
    return len(outputs), len(ret_dict["attn"])


print(run(torch.randn(2, 5), 4))
print(run(torch.randn(2, 5), 3))
