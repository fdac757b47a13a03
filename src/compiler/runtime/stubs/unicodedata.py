"""tparse stub of unicodedata: category() from Unicode's table (the engine __tparse_unicode__, builtins_unicode.cpp);
normalize() hands ASCII text back as it is (its normal form in every form), other text too, noted as unmodelled.
Every other name is an opaque value."""

unidata_version = "15.0.0"


def category(chr):
    return __tparse_unicode__("category", chr)


def normalize(form, unistr):
    if form not in ("NFC", "NFD", "NFKC", "NFKD"):
        raise ValueError("invalid normalization form")
    return __tparse_unicode__("normalize", form, unistr)


def is_normalized(form, unistr):
    return normalize(form, unistr) == unistr
