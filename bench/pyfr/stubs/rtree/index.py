"""The names PyFR imports from rtree.index; using them is an error."""


class Index:
    def __init__(self, *args, **kwargs):
        raise RuntimeError('rtree is not installed: only a stand-in for the benchmark')


class Property(Index):
    pass
