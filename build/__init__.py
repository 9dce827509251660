"""Build scripts: the PyInstaller spec and build, the native engine, the package benchmark."""
