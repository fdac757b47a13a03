# Installation layout (cmake --install) and the Debian package (cpack -G DEB in a build dir).
# Binaries, completions and the man page are installed by apps/tparse and viewer; here: docs,
# the desktop entry and icon, and CPack. The .deb's Depends come from dpkg-shlibdeps, so they
# name Debian's runtime library packages (libgvc6, libfmt9, ...), never -dev packages.
install(FILES README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs
        FILES_MATCHING PATTERN "*.md" PATTERN "*.png" PATTERN "*.xsd" PATTERN "*.json")
if(TARGET tparse-view)
  install(FILES packaging/tparse-view.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
  install(FILES packaging/tparse-view.svg DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
endif()

set(CPACK_PACKAGE_NAME tparse)
set(CPACK_PACKAGE_VENDOR "tparse")
set(CPACK_PACKAGE_CONTACT "tparse maintainers <tparse@users.noreply.github.com>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "explains torch.compile graph breaks and recompiles from TORCH_TRACE logs")
set(CPACK_PACKAGE_DESCRIPTION
    "tparse reads the structured TORCH_TRACE logs PyTorch writes and tells why torch.compile split a model "
    "into many graphs, recompiled it or failed, and what to change. tparse run wraps a training command, "
    "tparse gate fails CI on regressions (text, JSON, JUnit, GitHub annotations, SARIF), and tparse-view "
    "is a desktop viewer.")
set(CPACK_GENERATOR DEB)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)            # tparse_0.1.0_amd64.deb
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# tparse-view falls back to ImGui's built-in font without DejaVu; report --open uses xdg-open.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "fonts-dejavu-core, xdg-utils")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "python3-torch")
include(CPack)
