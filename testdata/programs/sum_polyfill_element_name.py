# builtin sum() over a list of fresh tensors runs Dynamo's sum polyfill, whose loop variable `element` names each unnamed node (set_name_hint on STORE_FAST): torch `element = 1 * loss; value = 0 + element`, tparse keeps `mul` (from HRNet/HRNet-Semantic-Segmentation lib/core/criterion.py CrossEntropy.forward)
import torch
torch.manual_seed(0)

def f(x, y):
    weights = [1, 0.5]
    scores = [x, y]
    return sum([w * s.mean() for (w, s) in zip(weights, scores)])

cf = torch.compile(f, backend="eager")
print(cf(torch.randn(4), torch.randn(4)))   # torch: mean, element = 1 * mean, value = 0 + element, mean_1, element_1 = 0.5 * mean_1, value_1 = value + element_1
