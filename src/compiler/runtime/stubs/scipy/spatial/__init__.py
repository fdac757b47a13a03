"""tparse stub of scipy.spatial: its distance module (pdist / cdist / squareform), computed eagerly; any other name is
an opaque value."""
from . import distance
