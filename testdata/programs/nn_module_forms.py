# torch.nn classes a sweep of other authors' models build (SRGAN's PReLU, tacotron2's LSTMCell attention decoder,
# DLRM's EmbeddingBag, GAN / metric-learning losses, ...): each an ordinary module whose forward Dynamo inlines
# down to the functional op it calls.
import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.prelu = nn.PReLU(4)
        self.rrelu = nn.RReLU()
        self.th = nn.Threshold(0.1, 20.0)
        self.hs = nn.Hardshrink()
        self.ss = nn.Softshrink(0.3)
        self.smin = nn.Softmin(dim=1)
        self.sm2 = nn.Softmax2d()
        self.unflat = nn.Unflatten(1, (2, 2))
        self.up = nn.UpsamplingNearest2d(scale_factor=2)
        self.upb = nn.UpsamplingBilinear2d(scale_factor=2)
        self.lrn = nn.LocalResponseNorm(2)
        self.cos = nn.CosineSimilarity(dim=1)
        self.pd = nn.PairwiseDistance()
        self.bil = nn.Bilinear(4, 4, 3)
        self.bag = nn.EmbeddingBag(10, 4, mode="sum")
        self.lstm = nn.LSTMCell(4, 6)
        self.gru = nn.GRUCell(4, 6)
        self.rnn = nn.RNNCell(4, 6, nonlinearity="relu")
        self.mrl = nn.MarginRankingLoss(margin=0.1)
        self.tml = nn.TripletMarginLoss()
        self.scales = nn.ParameterList([nn.Parameter(torch.full((4,), float(i + 1))) for i in range(2)])
        self.scales.append(torch.ones(4))
        self.named = nn.ParameterDict({"shift": nn.Parameter(torch.zeros(4))})

    def forward(self, x, img, idx, off):
        a = self.prelu(img)
        a = self.rrelu(a) + self.th(a) + self.hs(a) + self.ss(a) + self.sm2(a) + self.lrn(a)
        b = self.up(a) + self.upb(a)
        c = self.smin(x) + self.cos(x, x * 2).unsqueeze(1) + self.pd(x, x + 1).unsqueeze(1)
        d = self.unflat(x).sum() + self.bil(x, x).sum() + self.bag(idx, off).sum()
        h, cc = self.lstm(x)
        h2, cc2 = self.lstm(x, (h, cc))
        g = self.gru(x) + self.gru(x[0]).unsqueeze(0) + self.rnn(x, h2)
        l = self.mrl(x[:, 0], x[:, 1], torch.ones(2)) + self.tml(x, x + 1, x - 1)
        for s in self.scales:
            x = x * s
        e = (x + self.named["shift"]).sum() * len(self.scales)
        return b.mean() + c.sum() + d + g.sum() + cc2.sum() + l + e


m = M()
cm = torch.compile(m, backend="eager")
out = cm(torch.randn(2, 4), torch.randn(2, 4, 4, 4), torch.tensor([1, 2, 3, 4]), torch.tensor([0, 2]))
print(out.shape, m.prelu.weight.shape, m.lstm.weight_ih.shape, m.bag.weight.shape)
