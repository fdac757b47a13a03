# A graph break inside a list comprehension (a data-dependent index `h[y]` of a 0-d tensor) that sits in a for loop over
# enumerate(): torch 2.11 polyfills enumerate as a generator, which the comprehension's fallback cannot rebuild once
# advanced (GB8335, "Generator reconstruction with mutations"): the frame is skipped (lstm-crf's CRF score); over
# range() the comprehension's own graph break applies
import torch


def score(h, y):
    s = torch.zeros(h.size(1))
    for t, (ht, yt) in enumerate(zip(h, y)):
        e = torch.stack([hb[yb] for hb, yb in zip(ht, yt)])
        s = s + e * (t + 1)
    return s


def score_range(h, y):
    s = torch.zeros(h.size(1))
    for t in range(h.size(0)):
        e = torch.stack([hb[yb] for hb, yb in zip(h[t], y[t])])
        s = s + e
    return s


h = torch.randn(3, 2, 5)
y = torch.randint(0, 5, (3, 2))
print(torch.compile(score, backend="eager")(h, y).shape)
print(torch.compile(score_range, backend="eager")(h, y).shape)
