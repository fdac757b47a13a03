# A `while` loop keeps nothing on the stack (a `for` keeps its iterator), so each statement of its body is a checkpoint
# of Dynamo's step(): an RNN loaded by the body (`self.rnn(...)`, a LOAD_ATTR's break "Attempted to wrap RNN, GRU, or
# LSTM") compiles the graph up to that statement of the first iteration, ops of the iteration included, and the rest
# runs eagerly (Sentence-VAE's greedy decoding loop). The same in a `for` loop compiles only up to the loop.
# Predicted (torch 2.11): f: one graph of 4 ops (the mul, the add, the loop's embedding and unsqueeze), the break at
# the GRU's line; g: one graph of 2 ops (up to the for loop), the break at the for loop's line.
import torch


class Dec(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(10, 6)
        self.rnn = torch.nn.GRU(6, 6, batch_first=True)

    def f(self, x, h):
        x = x * 2
        x = x + 1
        t = 0
        while t < 3:
            e = self.emb(x).unsqueeze(1)
            out, h = self.rnn(e, h)
            x = out.argmax(-1).squeeze(1)
            t += 1
        return h

    def g(self, x, h):
        x = x * 2
        x = x + 1
        for _ in range(3):
            e = self.emb(x).unsqueeze(1)
            out, h = self.rnn(e, h)
            x = out.argmax(-1).squeeze(1)
        return h


torch.manual_seed(0)
d = Dec()
x = torch.tensor([1, 2, 3])
h = torch.zeros(1, 3, 6)
print(round(torch.compile(d.f, backend="eager")(x, h).sum().item(), 4))
print(round(torch.compile(d.g, backend="eager")(x, h).sum().item(), 4))
