# numpy arrays traced inside compiled frames (Dynamo's NumpyNdarrayVariable, through torch._numpy): PointNet's STN
# identity `torch.from_numpy(np.array([...]).astype(np.float32))`, STNkd's `np.eye(k).flatten()`, array arithmetic,
# reductions and reshapes, a numpy array passed as an argument and indexed (nerf's get_rays `K[0][2]`), and
# `Variable(...)` of the result (a graph break).
import numpy as np
import torch
from torch.autograd import Variable


def stn_iden(x):
    B = x.size()[0]
    x = x * 2
    iden = torch.from_numpy(np.array([1, 0, 0, 0, 1, 0, 0, 0, 1]).astype(np.float32)).view(1, 9).repeat(B, 1)
    return (x + iden).view(-1, 3, 3)


def stnkd_eye(x, k=4):
    iden = torch.from_numpy(np.eye(k).flatten().astype(np.float32)).view(1, k * k).repeat(x.size()[0], 1)
    return (x + iden).view(-1, k, k)


def array_math(x):
    a = np.linspace(0, 1, 5)
    b = np.exp(a) * 2 + a
    c = np.concatenate([a, b]).reshape(2, 5).sum(axis=0)
    d = np.zeros((2, 5)) + np.ones(5) * np.sqrt(c)
    return x + torch.as_tensor(d.T.mean(1), dtype=torch.float32)


def get_rays(i, j, K):
    dirs = torch.stack([(i - K[0][2]) / K[0][0], -(j - K[1][2]) / K[1][1], -torch.ones_like(i)], -1)
    return dirs * 2


def stn_variable(x):
    iden = Variable(torch.from_numpy(np.array([1, 0, 0, 0, 1, 0, 0, 0, 1]).astype(np.float32))).view(1, 9)
    return x + iden.repeat(x.size(0), 1)


print(torch.compile(stn_iden, backend="eager")(torch.rand(2, 9)).shape)
print(torch.compile(stnkd_eye, backend="eager")(torch.rand(2, 16)).shape)
print(torch.compile(array_math, backend="eager")(torch.rand(5)).shape)
K = np.array([[10.0, 0, 4], [0, 10.0, 3], [0, 0, 1]])
print(torch.compile(get_rays, backend="eager")(torch.rand(3, 4), torch.rand(3, 4), K).shape)
print(torch.compile(stn_variable, backend="eager")(torch.rand(2, 9)).shape)
