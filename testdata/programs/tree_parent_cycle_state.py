# A recursive model over plain Python tree nodes that point at their parent (TreeLSTM's Tree): the compiled
# function stores each node's state on the node and returns the root's; the object graph has cycles
import torch


class Tree:
    def __init__(self, children=()):
        self.parent = None
        self.children = list(children)
        for c in self.children:
            c.parent = self
        self.state = None


def f(tree, x):
    for c in tree.children:
        f(c, x)
    h = x.sum(0) if not tree.children else torch.stack([c.state for c in tree.children]).sum(0) * 0.5
    tree.state = torch.tanh(h)
    return tree.state, tree


cf = torch.compile(f, backend="eager")
for shape in ((Tree([Tree(), Tree([Tree()])]), 3), (Tree([Tree(), Tree()]), 4)):
    t, n = shape
    out, root = cf(t, torch.ones(n, 5))
    print(tuple(out.shape), round(float(out.sum()), 4), root is t)
