"""tparse stub of tqdm.std: the same tqdm / trange."""
from tqdm import tqdm, trange
