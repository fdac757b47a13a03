# Shim of ftfy for CLIP's tokenizer (our code; ftfy is not installed on the device and the model never calls it).
def fix_text(text):
    return text
