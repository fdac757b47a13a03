"""tparse stub of tqdm.auto: the same tqdm / trange."""
from tqdm import tqdm, trange
