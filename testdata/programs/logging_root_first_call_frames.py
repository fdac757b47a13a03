# logging.debug in a compiled frame: Dynamo inlines it and breaks at `len(root.handlers)` (GB0156); the call runs
# eagerly, and on the first call the root logger has no handler, so basicConfig builds one (StreamHandler, Formatter,
# the module lock, threading.RLock, the at-fork weak set): each of those functions is a frame the callback sees once
# (from TrajGRU's encoder `logging.debug(input.size())`); later calls see no new frame
import logging

import torch


@torch.compile(backend="eager")
def f(x):
    logging.debug(x.size())
    return x * 2


for _ in range(3):
    print(f(torch.ones(2)))
