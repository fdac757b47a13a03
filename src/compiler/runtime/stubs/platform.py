"""tparse stub of platform: the machine the torch 2.11 truth runs on (Linux on x86_64, CPython 3.12.3), so a model's
`platform.system() == 'Windows'` branches take the Linux side as they do there."""


def system():
    return "Linux"


def machine():
    return "x86_64"


def processor():
    return "x86_64"


def architecture(executable=None, bits="", linkage=""):
    return ("64bit", "ELF")


def python_version():
    return "3.12.3"


def python_version_tuple():
    return ("3", "12", "3")


def python_implementation():
    return "CPython"


def node():
    return "localhost"


def release():
    return "6.8.0"


def version():
    return "#1 SMP"


def platform(aliased=False, terse=False):
    return "Linux-6.8.0-x86_64-with-glibc2.39"


def mac_ver(release="", versioninfo=("", "", ""), machine=""):
    return ("", ("", "", ""), "")


def win32_ver(release="", version="", csd="", ptype=""):
    return ("", "", "", "")


def uname():
    return ("Linux", "localhost", "6.8.0", "#1 SMP", "x86_64", "x86_64")
