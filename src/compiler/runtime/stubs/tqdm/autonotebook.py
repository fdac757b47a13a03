"""tparse stub of tqdm.autonotebook: the same tqdm / trange."""
from tqdm import tqdm, trange
