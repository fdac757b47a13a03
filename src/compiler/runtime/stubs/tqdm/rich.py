"""tparse stub of tqdm.rich: the same tqdm / trange."""
from tqdm import tqdm, trange
