# Every live local is an argument of a resume function, a str too: where the resume reads it, it is guarded
# (`L['s'] == 'Wh'`), so a call with another string recompiles the resume (char-rnn's generate(prime_str)); the
# break is torch.autograd.Variable (GB0007, a skipped legacy constructor).
import torch
from torch.autograd import Variable

def g(x, s):
    h = Variable(torch.zeros(1))
    return x[:len(s)] + h

gen = torch.compile(g, backend="eager")
print(gen(torch.ones(5), "Wh").shape)
print(gen(torch.ones(5), "The").shape)
print(gen(torch.ones(5), "Wh").shape)
