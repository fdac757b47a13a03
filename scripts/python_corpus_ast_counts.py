#!/usr/bin/env python3
"""Truth for the reference compiler's corpus parse test: per .py file of a source tarball, the number
of statements, function definitions and class definitions that CPython's own `ast` module finds
(ast.walk over ast.stmt / FunctionDef+AsyncFunctionDef / ClassDef). Output: TSV `path stmts defs classes`.
Usage: python_corpus_ast_counts.py TARBALL | gzip -9n > testdata/python-corpus/NAME-ast-counts.tsv.gz
"""
import ast
import sys
import tarfile


def main():
    tf = tarfile.open(sys.argv[1], "r:*")
    for m in tf:
        if not m.isfile() or not m.name.endswith(".py"):
            continue
        tree = ast.parse(tf.extractfile(m).read().decode("utf-8"))
        nodes = list(ast.walk(tree))
        stmts = sum(isinstance(n, ast.stmt) for n in nodes)
        defs = sum(isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) for n in nodes)
        classes = sum(isinstance(n, ast.ClassDef) for n in nodes)
        print(f"{m.name}\t{stmts}\t{defs}\t{classes}")


if __name__ == "__main__":
    main()
