# torch.utils._pytree (tree_flatten / tree_unflatten / tree_map / tree_leaves / tree_structure): Python of ours over
# lists, tuples, namedtuples, dicts and None. Dynamo inlines torch's own Python version, which adds no graph node.


class TreeSpec:
    def __init__(self, type, context, children_specs):
        self.type = type
        self.context = context
        self.children_specs = children_specs
        n = 0
        for c in children_specs:
            n += c.num_leaves
        self.num_leaves = 1 if type is None else n
        self.num_children = len(children_specs)

    def is_leaf(self):
        return self.type is None

    def __eq__(self, other):
        if not isinstance(other, TreeSpec):
            return False
        return self.type is other.type and self.context == other.context and self.children_specs == other.children_specs


class LeafSpec(TreeSpec):
    def __init__(self):
        TreeSpec.__init__(self, None, None, [])


def _flatten(node, leaves, is_leaf):
    # torch's helper binds each child in a comprehension (`subspecs = [helper(child, leaves) for child in
    # children]`): a tensor child's node is named `child` there
    if is_leaf is not None and is_leaf(node):
        leaves.append(node)
        return LeafSpec()
    if node is None:
        return TreeSpec(type(None), None, [])
    if isinstance(node, dict):
        context = list(node.keys())
        children = list(node.values())
        node_type = dict
    elif hasattr(node, "_fields"):  # a namedtuple
        children, context, node_type = list(node), None, type(node)
    elif isinstance(node, list):
        children, context, node_type = list(node), None, list
    elif isinstance(node, tuple):
        children, context, node_type = list(node), None, tuple
    else:
        leaves.append(node)
        return LeafSpec()
    subspecs = [_flatten(child, leaves, is_leaf) for child in children]
    return TreeSpec(node_type, context, subspecs)


def tree_flatten(tree, is_leaf=None):
    leaves = []
    spec = _flatten(tree, leaves, is_leaf)
    return leaves, spec


def _unflatten(spec, leaves):
    # as TreeSpec.unflatten: no leaf is bound to a local (a tensor's node keeps the name it has)
    if spec.type is None:
        return leaves[0]
    if spec.type is type(None):
        return None
    start = 0
    end = 0
    child_pytrees = []
    for child_spec in spec.children_specs:
        end += child_spec.num_leaves
        child_pytrees.append(_unflatten(child_spec, leaves[start:end]))
        start = end
    if spec.type is dict:
        return dict(zip(spec.context, child_pytrees))
    if spec.type is list:
        return child_pytrees
    if spec.type is tuple:
        return tuple(child_pytrees)
    return spec.type(*child_pytrees)


def tree_unflatten(leaves, treespec):
    if not isinstance(leaves, (list, tuple)):
        leaves = list(leaves)
    if len(leaves) != treespec.num_leaves:
        raise ValueError("treespec.unflatten(leaves): `leaves` has length " + str(len(leaves)) +
                         " but the spec refers to a pytree that holds " + str(treespec.num_leaves) + " items")
    return _unflatten(treespec, leaves)


def tree_leaves(tree, is_leaf=None):
    return tree_flatten(tree, is_leaf)[0]


def tree_structure(tree, is_leaf=None):
    return tree_flatten(tree, is_leaf)[1]


def tree_map(func, tree, *rests, is_leaf=None):
    leaves, spec = tree_flatten(tree, is_leaf)
    others = [spec_leaves for spec_leaves in (tree_flatten(r, is_leaf)[0] for r in rests)]
    out = []
    for i in range(len(leaves)):
        out.append(func(leaves[i], *[o[i] for o in others]))
    return tree_unflatten(out, spec)


def tree_iter(tree, is_leaf=None):
    return iter(tree_flatten(tree, is_leaf)[0])


def tree_map_only(type_or_types, func, tree, is_leaf=None):
    return tree_map(lambda x: func(x) if isinstance(x, type_or_types) else x, tree, is_leaf=is_leaf)
