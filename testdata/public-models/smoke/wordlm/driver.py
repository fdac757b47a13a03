# tparse smoke driver (our code) for github.com/pytorch/examples word_language_model/model.py at 77f55b9: the
# TransformerModel (a subclass of nn.Transformer: its encoder stack with a causal mask) and the LSTM model, tiny
# sizes, two sequence lengths, training mode; source root: <repo>/word_language_model.
import torch
import model

torch.manual_seed(0)
tm = model.TransformerModel(ntoken=50, ninp=16, nhead=2, nhid=32, nlayers=2, dropout=0.0)
ctm = torch.compile(tm, backend="eager")
for T in (6, 9):
    out = ctm(torch.randint(0, 50, (T, 2)))
rm = model.RNNModel("LSTM", ntoken=50, ninp=16, nhid=16, nlayers=2, dropout=0.0)
crm = torch.compile(rm, backend="eager")
hidden = rm.init_hidden(2)
for T in (6, 9):
    out, hidden = crm(torch.randint(0, 50, (T, 2)), hidden)
