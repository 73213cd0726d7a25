"""Stamps vouch for every byte they list; publishing is atomic; one build per folder at a time."""

from __future__ import annotations

import json

import pytest

from animations import stamps
from foundation.files import write_atomically


def published(folder, contents: dict[str, bytes]) -> object:
    """A stamp in ``folder`` for files with ``contents``, published from a scratch folder."""
    scratch = folder / ".scratch"
    scratch.mkdir(parents=True)
    outputs = {}
    for name, data in contents.items():
        (scratch / name).write_bytes(data)
        outputs[scratch / name] = folder / name
    stamp = folder / "Scene.json"
    stamps.publish(stamp, {"scene": "Scene"}, outputs)
    return stamp


@pytest.fixture
def stamp(tmp_path):
    return published(tmp_path, {"Scene.webm": b"\x1aE\xdf\xa3" * 1000, "Scene.png": b"png" * 10})


def test_a_fresh_stamp_lists_sizes_and_digests_and_has_no_problems(stamp):
    written = json.loads(stamp.read_text())
    assert written["format"] == stamps.FORMAT and written["scene"] == "Scene"
    assert written["files"]["Scene.webm"]["bytes"] == 4000
    # `printf 'png%.0s' {1..10} | sha256sum`
    assert written["files"]["Scene.png"] == {
        "bytes": 30, "sha256": "2b6e8646eb7e0f665fbb77cdce103f6edfd9f7eb5f710c8bdc6ea03dddad5a92"}
    assert stamps.problems(stamp) == []
    assert [p.name for p in stamps.outputs(stamp)] == ["Scene.webm", "Scene.png"]
    assert not list(stamp.parent.glob(".*.tmp")) and not list((stamp.parent / ".scratch").iterdir())


def test_a_truncated_file_is_caught(stamp):
    video = stamp.parent / "Scene.webm"
    video.write_bytes(video.read_bytes()[:1000])
    [problem] = stamps.problems(stamp)
    assert "Scene.webm" in problem and "1000 bytes" in problem and "4000" in problem


def test_a_deleted_file_is_caught(stamp):
    (stamp.parent / "Scene.png").unlink()
    [problem] = stamps.problems(stamp)
    assert "Scene.png" in problem and "missing" in problem


def test_a_file_with_the_same_size_but_other_bytes_is_caught(stamp):
    video = stamp.parent / "Scene.webm"
    data = bytearray(video.read_bytes())
    data[2000] ^= 0xFF
    video.write_bytes(bytes(data))
    [problem] = stamps.problems(stamp)
    assert "Scene.webm" in problem and "contents differ" in problem


def test_every_broken_file_is_reported(stamp):
    (stamp.parent / "Scene.png").unlink()
    (stamp.parent / "Scene.webm").write_bytes(b"")
    assert len(stamps.problems(stamp)) == 2


@pytest.mark.parametrize("text, expected", [
    (None, "cannot be read"),
    ("{not json", "not JSON"),
    ('{"format": 1, "bytes": {".webm": 3}}', "not a stamp of format"),
    ('{"format": 2, "files": {}}', "'files' must map"),
    ('{"format": 2, "files": {"Scene.webm": {"bytes": 1}}}', "'files' must map"),
    ('{"format": 2, "files": {"../x.webm": {"bytes": 1, "sha256": "0"}}}', "not a file name"),
])
def test_a_missing_or_malformed_stamp_is_a_problem(tmp_path, text, expected):
    stamp = tmp_path / "Scene.json"
    if text is not None:
        stamp.write_text(text)
    [problem] = stamps.problems(stamp)
    assert expected in problem
    with pytest.raises(ValueError, match=r"Scene\.json"):
        stamps.read(stamp)


def test_publish_replaces_old_outputs_and_refuses_targets_elsewhere(tmp_path):
    stamp = published(tmp_path, {"Scene.webm": b"old"})
    (tmp_path / ".scratch" / "new").write_bytes(b"newer")
    stamps.publish(stamp, {}, {tmp_path / ".scratch" / "new": tmp_path / "Scene.webm"})
    assert (tmp_path / "Scene.webm").read_bytes() == b"newer" and stamps.problems(stamp) == []
    with pytest.raises(ValueError, match="not beside the stamp"):
        stamps.publish(stamp, {}, {tmp_path / "Scene.webm": tmp_path / "other" / "Scene.webm"})


def test_write_atomically_leaves_the_old_file_if_writing_fails(tmp_path):
    target = tmp_path / "stamp.json"
    target.write_text("old")
    with pytest.raises(TypeError):
        write_atomically(target, 42)  # type: ignore[arg-type]
    assert target.read_text() == "old" and list(tmp_path.iterdir()) == [target]


@pytest.mark.slow
def test_a_second_build_of_the_same_folder_waits_then_gives_up(tmp_path):
    announced: list[str] = []
    with stamps.folder_lock(tmp_path, announced.append), \
            pytest.raises(stamps.Busy, match="still being written"), \
            stamps.folder_lock(tmp_path, announced.append, timeout=0.3, poll=0.05):
        pass
    [line] = announced
    assert str(tmp_path) in line and "waiting" in line and "pid" in line
    with stamps.folder_lock(tmp_path, announced.append, timeout=0):  # free again
        pass
    assert len(announced) == 1


def test_folder_lock_rejects_bad_timings(tmp_path):
    with pytest.raises(ValueError, match="timeout"), stamps.folder_lock(tmp_path, print, -1):
        pass
    with pytest.raises(ValueError, match="poll"), stamps.folder_lock(tmp_path, print, poll=0):
        pass
