# ChatGLM3-style, fixed: the torch version is parsed once in __init__, never in forward.
# One graph on torch 2.3 and on torch 2.11.
import torch
import torch.nn as nn
import torch.nn.functional as F


class CoreAttention(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.heads = heads
        self.dim = dim
        self.pytorch_major_version = int(torch.__version__.split(".")[0])

    def forward(self, q, k, v):
        if self.pytorch_major_version >= 2:
            out = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        else:
            att = (q @ k.transpose(-2, -1)).softmax(dim=-1)
            out = att @ v
        return out


class SelfAttention(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.core = CoreAttention(dim, heads)
        self.dense = nn.Linear(dim, dim)

    def forward(self, x):
        b, t, c = x.shape
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        q = q.view(b, t, self.heads, c // self.heads).transpose(1, 2)
        k = k.view(b, t, self.heads, c // self.heads).transpose(1, 2)
        v = v.view(b, t, self.heads, c // self.heads).transpose(1, 2)
        y = self.core(q, k, v)
        y = y.transpose(1, 2).reshape(b, t, c)
        return self.dense(y)


class GLMBlock(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.input_layernorm = nn.RMSNorm(dim)
        self.self_attention = SelfAttention(dim, heads)
        self.post_attention_layernorm = nn.RMSNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 2 * dim), nn.SiLU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        x = x + self.self_attention(self.input_layernorm(x))
        x = x + self.mlp(self.post_attention_layernorm(x))
        return x


class GLMTransformer(nn.Module):
    def __init__(self, num_layers, dim, heads):
        super().__init__()
        self.layers = nn.ModuleList([GLMBlock(dim, heads) for _ in range(num_layers)])
        self.final_layernorm = nn.RMSNorm(dim)

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return self.final_layernorm(x)


class ChatGLMModel(nn.Module):
    def __init__(self, vocab, num_layers, dim, heads):
        super().__init__()
        self.embedding = nn.Embedding(vocab, dim)
        self.encoder = GLMTransformer(num_layers, dim, heads)
        self.output_layer = nn.Linear(dim, vocab, bias=False)

    def forward(self, ids):
        h = self.embedding(ids)
        h = self.encoder(h)
        return self.output_layer(h)


model = ChatGLMModel(64, 28, 16, 2)
cm = torch.compile(model, backend="eager")
cm(torch.randint(0, 64, (1, 8)))
