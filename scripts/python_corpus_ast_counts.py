#!/usr/bin/env python3
"""Truth for the reference compiler's corpus parse test: per .py file of a source tarball, the number
of statements, function definitions and class definitions that CPython's own `ast` module finds
(ast.walk over ast.stmt / FunctionDef+AsyncFunctionDef / ClassDef), and of Call, Name, Attribute and
Subscript nodes outside annotations (the front end parses annotations and drops them: parameter and
return annotations, the annotation of an annotated assignment).
Output: TSV `path stmts defs classes calls names attributes subscripts`.
Usage: python_corpus_ast_counts.py TARBALL | gzip -9n > testdata/python-corpus/NAME-ast-counts.tsv.gz
"""
import ast
import sys
import tarfile


ANNOTATION_FIELDS = {(ast.arg, "annotation"), (ast.FunctionDef, "returns"), (ast.AsyncFunctionDef, "returns"),
                     (ast.AnnAssign, "annotation")}


def expr_counts(node, c):
    """Adds the Call/Name/Attribute/Subscript nodes under `node` to c, skipping annotations."""
    for i, kind in enumerate((ast.Call, ast.Name, ast.Attribute, ast.Subscript)):
        if isinstance(node, kind):
            c[i] += 1
    for field, value in ast.iter_fields(node):
        if (type(node), field) in ANNOTATION_FIELDS:
            continue
        for v in value if isinstance(value, list) else [value]:
            if isinstance(v, ast.AST):
                expr_counts(v, c)


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
        c = [0, 0, 0, 0]
        expr_counts(tree, c)
        print(f"{m.name}\t{stmts}\t{defs}\t{classes}\t" + "\t".join(map(str, c)))


if __name__ == "__main__":
    main()
