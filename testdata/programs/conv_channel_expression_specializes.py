# Seen on torch 2.11 (a helper's device run): 0/1 6 ops, L_x_ f32[2, 3, 8, 8][s7, 64, 8, 1], no sym_sum.
# Expected torch 2.11 behaviour (backend="eager"):
#   Call 1 compiles f with x = frames [2,4,3,8,8]. Call 2 passes x = frames[:, 0] ([2,3,8,8], a view, stride[0]=768)
#   -> recompile (rank change). Automatic dynamic: FrameStateSizeEntry._merge_atom_tup returns auto_dynamic for a
#   rank change, so EVERY size and stride of x is marked dynamic in 0/1. The cat with m specializes dims 0, 2, 3
#   (equal to m's static sizes), and conv2d's input-channel check (aten::convolution's check_shape_forward,
#   `input.size(1) == weight.size(1) * groups`, run on SymInts under fake mode) guards s_chan + 2 == 5 -> the
#   ShapeEnv replaces s_chan by 3. torch's 0/1 graph: x "f32[2, 3, 8, 8][s?, 64, 8, 1]" (only the view's
#   stride[0] stays symbolic), ops unsqueeze, expand, cat, flatten, conv2d, view = 6, NO sym_sum node.
#   (Real case: XMem's encode_value frame 2/1, torch 143 ops, L_args_0_ f32[2, 3, 64, 64][s47, 4096, 64, 1].)
# Rule: torch/_dynamo/pgo.py FrameStateSizeEntry._merge_atom_tup (rank change -> auto_dynamic);
#   aten/src/ATen/native/Convolution.cpp check_shape_forward (channel equality on SymInts -> guard + replacement).
# (tparse before round 61 specialized only a bare channel symbol: s27 kept, a sym_sum node, 7 ops.)
import torch
torch.manual_seed(0)
conv = torch.nn.Conv2d(5, 4, 3)


def f(mode, x, m):
    if mode == 'a':
        return x.sum()
    g = torch.cat([x.unsqueeze(1).expand(-1, 2, -1, -1, -1), m], 2)
    b, n = g.shape[:2]
    g = g.flatten(0, 1)
    return conv(g).view(b, n, 4, 6, 6)


cf = torch.compile(f, backend="eager")
frames = torch.randn(2, 4, 3, 8, 8)
print(cf('a', frames, None).item())
print(cf('b', frames[:, 0], torch.randn(2, 2, 2, 8, 8)).sum().item())
