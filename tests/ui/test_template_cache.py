"""The compiled-templates cache (app/ui/templating.py): a private folder, refused when anyone else could write to it,
and each template compiled once for every later process."""

from __future__ import annotations

import os
import stat

from jinja2 import Environment, FileSystemLoader

from app.ui import templating


def test_the_cache_is_a_private_folder_of_this_user():
    cache = templating.templates.env.bytecode_cache
    assert cache is not None
    info = os.lstat(cache.directory)
    assert stat.S_ISDIR(info.st_mode) and info.st_uid == os.getuid()
    assert info.st_mode & 0o077 == 0, oct(info.st_mode)


def test_a_folder_others_could_write_to_is_not_used(tmp_path, monkeypatch):
    monkeypatch.setattr(templating.tempfile, "gettempdir", lambda: str(tmp_path))
    made = templating._compiled_templates_cache()
    assert made is not None and made.directory.startswith(str(tmp_path))
    os.chmod(made.directory, 0o777)
    assert templating._compiled_templates_cache() is None
    os.chmod(made.directory, 0o700)
    assert templating._compiled_templates_cache() is not None


def test_a_template_compiled_once_is_loaded_by_the_next_process(tmp_path, monkeypatch):
    monkeypatch.setattr(templating.tempfile, "gettempdir", lambda: str(tmp_path))
    folder = tmp_path / "templates"
    folder.mkdir()
    (folder / "t.html").write_text("{% for x in xs %}{{ x }}{% endfor %}")
    first = Environment(loader=FileSystemLoader(folder), bytecode_cache=templating._compiled_templates_cache())
    assert first.get_template("t.html").render(xs=[1, 2]) == "12"
    cached = list(os.scandir(first.bytecode_cache.directory))
    assert len(cached) == 1
    later = Environment(loader=FileSystemLoader(folder), bytecode_cache=templating._compiled_templates_cache())
    compiled = []
    monkeypatch.setattr(later, "compile", lambda *a, **k: compiled.append(a) or Environment.compile(later, *a, **k))
    assert later.get_template("t.html").render(xs=[3]) == "3"
    assert not compiled, "the second environment compiled the template again"
