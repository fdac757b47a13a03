"""tparse stub of __future__: the feature names a file may import (always importable; `annotations` is a compiler
directive the importer applies to the file, runtime/imports.cpp)."""
annotations = "annotations"
division = "division"
absolute_import = "absolute_import"
print_function = "print_function"
unicode_literals = "unicode_literals"
generator_stop = "generator_stop"
nested_scopes = "nested_scopes"
generators = "generators"
with_statement = "with_statement"
all_feature_names = ["nested_scopes", "generators", "division", "absolute_import", "with_statement", "print_function",
                     "unicode_literals", "barry_as_FLUFL", "generator_stop", "annotations"]
