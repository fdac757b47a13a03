# Purpose: which guards under a compiled module make a dict cache filled in forward recompile on the next call?
# (a) PE as dict_cache_tuple_key (no other attribute read); (b) the same reading an int attribute (self.scale);
# (c) reading a bool attribute; (d) the int key of x.shape[0] instead of a tuple; (e) a recursive re-read after the store
import torch
import torch.nn as nn


class PE(nn.Module):
    def __init__(self, form):
        super().__init__()
        self.cache = {}
        self.form = form
        self.scale = 2
        self.flag = False

    def forward(self, x):
        key = x.shape[0] if self.form == "d" else (x.shape[-2], x.shape[-1])
        if key in self.cache:
            y = self.cache[key] + x
        else:
            pos = torch.arange(x.shape[-2] * x.shape[-1], dtype=torch.float32).view(x.shape[-2], x.shape[-1]) * 0.5
            self.cache[key] = pos
            if self.form == "e":
                y = self.cache[key] + x
            else:
                y = pos + x
        if self.form == "b":
            y = y * self.scale
        if self.form == "c" and self.flag:
            y = y + 1
        return y


for form in "abcde":
    m = torch.compile(PE(form), backend="eager")
    for _ in range(3):
        print(form, m(torch.randn(2, 4, 4)).shape)
