# Shim of simple_parsing (our code; not installed on the device): mistral-inference's args only subclass Serializable.
