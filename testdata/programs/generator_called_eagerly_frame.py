# A generator function called eagerly under the callback (inside a frame Dynamo skipped for holding no tensor): its
# frame is made by the call (RETURN_GENERATOR runs in it), handed to ConvertFrame once, then skipped for good
import torch


def gen(n):
    for i in range(n):
        yield i


def helper(n):
    print("helper")          # a break inside the inlined call: helper then runs eagerly, a frame of its own
    return sum(gen(n)) + sum(gen(n + 1))


def f(x):
    y = x * 2
    k = helper(3)
    return y + k


cf = torch.compile(f, backend="eager")
for _ in range(2):
    print(cf(torch.ones(2)))
