"""tparse stub of tqdm.notebook: the same tqdm / trange."""
from tqdm import tqdm, trange
