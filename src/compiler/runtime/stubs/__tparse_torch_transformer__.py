# torch.nn's transformer modules as tparse models them, in Python, so the interpreter inlines them as Dynamo
# inlines torch/nn/modules/transformer.py: TransformerEncoderLayer / TransformerDecoderLayer (post- or pre-norm,
# the eval fast path torch._transformer_encoder_layer_fwd), TransformerEncoder / TransformerDecoder (stacks of deep
# copies, causal-mask detection), Transformer. The functions of this file are torch's, not the user's: a frame of
# theirs is never compiled on its own (trace_rules skips torch's files), and a break inside one ends the user's
# graph at the call that reached it.
import copy
import torch
import torch.nn.functional as F
from torch.nn import Module, ModuleList, MultiheadAttention, Linear, Dropout, LayerNorm


def _square_subsequent_mask(sz, device=None, dtype=None):
    # -inf above the diagonal, 0 elsewhere
    return torch.triu(torch.full((sz, sz), float("-inf"), dtype=dtype, device=device), diagonal=1)


def _seq_len(src, batch_first):
    s = src.size()
    if len(s) == 2:
        return s[0]
    return s[1] if batch_first else s[0]


def _canonical_mask(mask, target_type):
    # F._canonical_mask: a boolean mask becomes an additive float mask (-inf where True)
    return F._canonical_mask(mask=mask, mask_name="", other_type=None, other_name="", target_type=target_type)


def _detect_is_causal_mask(mask, is_causal=None, size=None):
    # an explicit hint wins; else a mask of the causal pattern's size is compared with it (a tensor -> bool)
    make_causal = is_causal is True
    if is_causal is None and mask is not None:
        sz = size if size is not None else mask.size(-2)
        causal = _square_subsequent_mask(sz, device=mask.device, dtype=mask.dtype)
        if mask.size() == causal.size():
            make_causal = bool((mask == causal).all())
        else:
            make_causal = False
    return make_causal


def _activation(a):
    if a == "relu":
        return F.relu
    if a == "gelu":
        return F.gelu
    raise RuntimeError(f"activation should be relu/gelu, not {a}")


def _clones(module, n):
    return ModuleList([copy.deepcopy(module) for i in range(n)])


def _feed_forward_and_norms(layer, d_model, dim_feedforward, dropout, eps, bias, norm_first, n):
    # a layer's feed-forward block, then its n LayerNorms and n dropouts (self-attention and, in a decoder
    # layer, cross-attention each have theirs), in torch's order of registration
    layer.linear1 = Linear(d_model, dim_feedforward, bias=bias)
    layer.dropout = Dropout(dropout)
    layer.linear2 = Linear(dim_feedforward, d_model, bias=bias)
    layer.norm_first = norm_first
    for i in range(1, n + 1):
        setattr(layer, f"norm{i}", LayerNorm(d_model, eps=eps, bias=bias))
    for i in range(1, n + 1):
        setattr(layer, f"dropout{i}", Dropout(dropout))


def _merge_masks(attn, attn_mask, key_padding_mask, query):
    # MultiheadAttention.merge_masks: (mask, type) with type 0 = attention mask, 1 = key padding, 2 = both
    if key_padding_mask is None and attn_mask is None:
        return None, None
    if attn_mask is None:
        return key_padding_mask, 1
    if key_padding_mask is None:
        return attn_mask, 0
    b, s, _ = query.shape
    h = attn.num_heads
    am = attn_mask.view(1, 1, s, s).expand(b, h, -1, -1) if attn_mask.dim() == 2 else attn_mask.view(b, -1, s, s).expand(-1, h, -1, -1)
    return am + key_padding_mask.view(b, 1, 1, s).expand(-1, h, -1, -1), 2


class TransformerEncoderLayer(Module):
    def __init__(self, d_model, nhead, dim_feedforward=2048, dropout=0.1, activation=F.relu, layer_norm_eps=1e-5,
                 batch_first=False, norm_first=False, bias=True, device=None, dtype=None):
        super().__init__()
        self.self_attn = MultiheadAttention(d_model, nhead, dropout=dropout, bias=bias, batch_first=batch_first)
        _feed_forward_and_norms(self, d_model, dim_feedforward, dropout, layer_norm_eps, bias, norm_first, 2)
        if isinstance(activation, str):
            activation = _activation(activation)
        if activation is F.relu or isinstance(activation, torch.nn.ReLU):
            self.activation_relu_or_gelu = 1
        elif activation is F.gelu or isinstance(activation, torch.nn.GELU):
            self.activation_relu_or_gelu = 2
        else:
            self.activation_relu_or_gelu = 0
        self.activation = activation

    def _fast_path(self, src, src_mask, src_key_padding_mask):
        # the conditions of torch's fast path (eval, batched batch_first input, relu/gelu, even heads, no grad)
        if src.dim() != 3 or self.training or not self.self_attn.batch_first:
            return False
        if not self.activation_relu_or_gelu or self.norm1.eps != self.norm2.eps:
            return False
        if self.self_attn.num_heads % 2 == 1 or torch.is_autocast_enabled():
            return False
        # the tensors torch checks (device, requires_grad), read in its order: they become graph inputs so
        a = self.self_attn
        tensors = (src, a.in_proj_bias, a.in_proj_weight, a.out_proj.weight, a.out_proj.bias, self.norm1.weight,
                   self.norm1.bias, self.norm2.weight, self.norm2.bias, self.linear1.weight, self.linear1.bias,
                   self.linear2.weight, self.linear2.bias)
        if torch.is_grad_enabled():
            for p in tensors:
                if p is not None and p.requires_grad:
                    return False
        return True

    def forward(self, src, src_mask=None, src_key_padding_mask=None, is_causal=False):
        src_key_padding_mask = _canonical_mask(src_key_padding_mask, src.dtype)
        src_mask = _canonical_mask(src_mask, src.dtype)
        if self._fast_path(src, src_mask, src_key_padding_mask):
            merged_mask, mask_type = _merge_masks(self.self_attn, src_mask, src_key_padding_mask, src)
            a = self.self_attn
            return torch._transformer_encoder_layer_fwd(
                src, a.embed_dim, a.num_heads, a.in_proj_weight, a.in_proj_bias, a.out_proj.weight, a.out_proj.bias,
                self.activation_relu_or_gelu == 2, self.norm_first, self.norm1.eps, self.norm1.weight, self.norm1.bias,
                self.norm2.weight, self.norm2.bias, self.linear1.weight, self.linear1.bias, self.linear2.weight,
                self.linear2.bias, merged_mask, mask_type)
        x = src
        if self.norm_first:
            x = x + self._sa_block(self.norm1(x), src_mask, src_key_padding_mask, is_causal=is_causal)
            x = x + self._ff_block(self.norm2(x))
        else:
            x = self.norm1(x + self._sa_block(x, src_mask, src_key_padding_mask, is_causal=is_causal))
            x = self.norm2(x + self._ff_block(x))
        return x

    def _sa_block(self, x, attn_mask, key_padding_mask, is_causal=False):
        x = self.self_attn(x, x, x, attn_mask=attn_mask, key_padding_mask=key_padding_mask, need_weights=False,
                           is_causal=is_causal)[0]
        return self.dropout1(x)

    def _ff_block(self, x):
        x = self.linear2(self.dropout(self.activation(self.linear1(x))))
        return self.dropout2(x)


class TransformerDecoderLayer(Module):
    def __init__(self, d_model, nhead, dim_feedforward=2048, dropout=0.1, activation=F.relu, layer_norm_eps=1e-5,
                 batch_first=False, norm_first=False, bias=True, device=None, dtype=None):
        super().__init__()
        self.self_attn = MultiheadAttention(d_model, nhead, dropout=dropout, batch_first=batch_first, bias=bias)
        self.multihead_attn = MultiheadAttention(d_model, nhead, dropout=dropout, batch_first=batch_first, bias=bias)
        _feed_forward_and_norms(self, d_model, dim_feedforward, dropout, layer_norm_eps, bias, norm_first, 3)
        self.activation = _activation(activation) if isinstance(activation, str) else activation

    def forward(self, tgt, memory, tgt_mask=None, memory_mask=None, tgt_key_padding_mask=None,
                memory_key_padding_mask=None, tgt_is_causal=False, memory_is_causal=False):
        x = tgt
        if self.norm_first:
            x = x + self._sa_block(self.norm1(x), tgt_mask, tgt_key_padding_mask, tgt_is_causal)
            x = x + self._mha_block(self.norm2(x), memory, memory_mask, memory_key_padding_mask, memory_is_causal)
            x = x + self._ff_block(self.norm3(x))
        else:
            x = self.norm1(x + self._sa_block(x, tgt_mask, tgt_key_padding_mask, tgt_is_causal))
            x = self.norm2(x + self._mha_block(x, memory, memory_mask, memory_key_padding_mask, memory_is_causal))
            x = self.norm3(x + self._ff_block(x))
        return x

    def _sa_block(self, x, attn_mask, key_padding_mask, is_causal=False):
        x = self.self_attn(x, x, x, attn_mask=attn_mask, key_padding_mask=key_padding_mask, is_causal=is_causal,
                           need_weights=False)[0]
        return self.dropout1(x)

    def _mha_block(self, x, mem, attn_mask, key_padding_mask, is_causal=False):
        x = self.multihead_attn(x, mem, mem, attn_mask=attn_mask, key_padding_mask=key_padding_mask,
                                is_causal=is_causal, need_weights=False)[0]
        return self.dropout2(x)

    def _ff_block(self, x):
        x = self.linear2(self.dropout(self.activation(self.linear1(x))))
        return self.dropout3(x)


class TransformerEncoder(Module):
    def __init__(self, encoder_layer, num_layers, norm=None, enable_nested_tensor=True, mask_check=True):
        super().__init__()
        self.layers = _clones(encoder_layer, num_layers)
        self.num_layers = num_layers
        self.norm = norm
        self.enable_nested_tensor = enable_nested_tensor
        self.use_nested_tensor = enable_nested_tensor
        self.mask_check = mask_check
        ok = isinstance(encoder_layer, TransformerEncoderLayer) and not encoder_layer.norm_first and \
            encoder_layer.self_attn.batch_first and encoder_layer.activation_relu_or_gelu and \
            encoder_layer.norm1.eps == encoder_layer.norm2.eps and encoder_layer.self_attn.num_heads % 2 == 0
        if not ok:
            self.use_nested_tensor = False

    def forward(self, src, mask=None, src_key_padding_mask=None, is_causal=None):
        src_key_padding_mask = _canonical_mask(src_key_padding_mask, src.dtype)
        mask = _canonical_mask(mask, src.dtype)
        output = src
        first = self.layers[0]
        if self.use_nested_tensor and not first.training and src.dim() == 3 and src_key_padding_mask is not None \
                and mask is None and not torch.is_grad_enabled():
            # torch packs the padded batch into a nested tensor here (not modelled: the layers run on the padded one)
            __tparse_unmodelled__("nn.TransformerEncoder's nested-tensor fast path (torch._nested_tensor_from_mask)")
        seq_len = _seq_len(src, first.self_attn.batch_first)
        is_causal = _detect_is_causal_mask(mask, is_causal, seq_len)
        for mod in self.layers:
            output = mod(output, src_mask=mask, is_causal=is_causal, src_key_padding_mask=src_key_padding_mask)
        if self.norm is not None:
            output = self.norm(output)
        return output


class TransformerDecoder(Module):
    def __init__(self, decoder_layer, num_layers, norm=None):
        super().__init__()
        self.layers = _clones(decoder_layer, num_layers)
        self.num_layers = num_layers
        self.norm = norm

    def forward(self, tgt, memory, tgt_mask=None, memory_mask=None, tgt_key_padding_mask=None,
                memory_key_padding_mask=None, tgt_is_causal=None, memory_is_causal=False):
        output = tgt
        seq_len = _seq_len(tgt, self.layers[0].self_attn.batch_first)
        tgt_is_causal = _detect_is_causal_mask(tgt_mask, tgt_is_causal, seq_len)
        for mod in self.layers:
            output = mod(output, memory, tgt_mask=tgt_mask, memory_mask=memory_mask,
                         tgt_key_padding_mask=tgt_key_padding_mask, memory_key_padding_mask=memory_key_padding_mask,
                         tgt_is_causal=tgt_is_causal, memory_is_causal=memory_is_causal)
        if self.norm is not None:
            output = self.norm(output)
        return output


class Transformer(Module):
    def __init__(self, d_model=512, nhead=8, num_encoder_layers=6, num_decoder_layers=6, dim_feedforward=2048,
                 dropout=0.1, activation=F.relu, custom_encoder=None, custom_decoder=None, layer_norm_eps=1e-5,
                 batch_first=False, norm_first=False, bias=True, device=None, dtype=None):
        super().__init__()
        if custom_encoder is not None:
            self.encoder = custom_encoder
        else:
            layer = TransformerEncoderLayer(d_model, nhead, dim_feedforward, dropout, activation, layer_norm_eps,
                                            batch_first, norm_first, bias)
            self.encoder = TransformerEncoder(layer, num_encoder_layers, LayerNorm(d_model, eps=layer_norm_eps, bias=bias))
        if custom_decoder is not None:
            self.decoder = custom_decoder
        else:
            layer = TransformerDecoderLayer(d_model, nhead, dim_feedforward, dropout, activation, layer_norm_eps,
                                            batch_first, norm_first, bias)
            self.decoder = TransformerDecoder(layer, num_decoder_layers, LayerNorm(d_model, eps=layer_norm_eps, bias=bias))
        self.d_model = d_model
        self.nhead = nhead
        self.batch_first = batch_first

    def forward(self, src, tgt, src_mask=None, tgt_mask=None, memory_mask=None, src_key_padding_mask=None,
                tgt_key_padding_mask=None, memory_key_padding_mask=None, src_is_causal=None, tgt_is_causal=None,
                memory_is_causal=False):
        batched = src.dim() == 3
        if batched and src.size(0 if self.batch_first else 1) != tgt.size(0 if self.batch_first else 1):
            raise RuntimeError("the batch number of src and tgt must be equal")
        if src.size(-1) != self.d_model or tgt.size(-1) != self.d_model:
            raise RuntimeError("the feature number of src and tgt must be equal to d_model")
        memory = self.encoder(src, mask=src_mask, src_key_padding_mask=src_key_padding_mask, is_causal=src_is_causal)
        return self.decoder(tgt, memory, tgt_mask=tgt_mask, memory_mask=memory_mask,
                            tgt_key_padding_mask=tgt_key_padding_mask,
                            memory_key_padding_mask=memory_key_padding_mask, tgt_is_causal=tgt_is_causal,
                            memory_is_causal=memory_is_causal)

    @staticmethod
    def generate_square_subsequent_mask(sz, device=None, dtype=None):
        return _square_subsequent_mask(sz, device=device, dtype=dtype)
