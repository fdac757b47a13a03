# tparse smoke driver (our code) for github.com/openai/whisper at c0d2f62; source root: <repo>/.
import torch
from whisper.model import ModelDimensions, Whisper
torch.manual_seed(0)
dims = ModelDimensions(n_mels=16, n_audio_ctx=32, n_audio_state=64, n_audio_head=4, n_audio_layer=2,
                       n_vocab=256, n_text_ctx=32, n_text_state=64, n_text_head=4, n_text_layer=2)
m = Whisper(dims)
cm = torch.compile(m, backend="eager")
mel = torch.randn(1, 16, 64)
for T in (8, 12):
    tokens = torch.randint(0, 256, (1, T))
    cm(mel, tokens)
