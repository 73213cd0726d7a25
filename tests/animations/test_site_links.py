"""What the site shows of renders, decks and kits: caption tracks and transcripts with each video,
no teacher's render in the gallery, PowerPoint and kit downloads once they are built."""

from __future__ import annotations

import json

from sitebuild import fragments

NARRATION = [{"start": 0.0, "end": 1.5, "text": "The norm starts at 1 & falls."},
             {"start": 1.5, "end": 64.0, "text": "At t = 64 it is 0.00118."}]


def stamp(scene: str = "Powers", **extra: object) -> dict:
    return {"scene": scene, "module": "animations.powers", "chapter": 1, "title": "Powers",
            "caption": "Powers $W^t$ fade.", "narration": NARRATION,
            "files": {f"{scene}{suffix}": {} for suffix in (".webm", ".mp4", ".png", ".vtt",
                                                            ".txt")}, **extra}


def test_a_video_carries_its_caption_track_and_its_transcript_describes_it():
    text = fragments.video_fragment(stamp())
    assert '<track kind="captions" src="media/Powers.vtt" srclang="en" label="English">' in text
    assert 'aria-describedby="scene-Powers-transcript"' in text
    assert '<ol id="scene-Powers-transcript">' in text
    assert "The norm starts at 1 &amp; falls." in text and "1:04" not in text
    assert '<span class="transcript-time">0:01</span> At t = 64 it is 0.00118.' in text
    assert 'href="media/Powers.txt" download' in text
    assert text.index("</video>") > text.index("<track")


def test_a_render_without_captions_gets_no_track_and_no_transcript():
    old = {"scene": "Powers", "module": "animations.powers", "chapter": 1,
           "caption": "Powers $W^t$ fade.", "files": {"Powers.webm": {}}}
    text = fragments.video_fragment(old)
    assert "<track" not in text and "transcript" not in text and "aria-describedby" not in text


def test_a_teachers_render_is_named_for_its_scene_and_kept_out_of_the_gallery(tmp_path,
                                                                              monkeypatch):
    media = tmp_path / "media" / "draft"
    media.mkdir(parents=True)
    (media / "Powers.json").write_text(json.dumps(stamp()))
    mine = stamp("Powers--steps-100--0123456789", scene_class="Powers",
                 parameters={"steps": 100})
    (media / "Powers--steps-100--0123456789.json").write_text(json.dumps(mine))
    monkeypatch.setattr(fragments, "MEDIA", media)
    monkeypatch.setattr(fragments, "DECKS", tmp_path / "decks")
    gallery = fragments.gallery_fragment()
    assert 'id="scene-Powers"' in gallery and "steps-100" not in gallery
    assert "manim -ql animations/powers.py Powers</code>" in fragments.video_fragment(mine)


def test_decks_link_powerpoint_and_the_kit_once_built(tmp_path, monkeypatch):
    decks, kits = tmp_path / "decks", tmp_path / "kits"
    decks.mkdir()
    kits.mkdir()
    monkeypatch.setattr(fragments, "DECKS", decks)
    files = {f"chapter-2{suffix}": {} for suffix in (".html", ".pptx", ".pdf")}
    (decks / "chapter-2.json").write_text(json.dumps({"chapter": 2, "theme": "dark",
                                                      "files": files}))
    (decks / "chapter-2-light.json").write_text(json.dumps({"chapter": 2, "theme": "light",
                                                            "files": {}}))
    text = fragments.deck_fragments()
    assert list(text) == ["decks/chapter-2.md"]
    tip = text["decks/chapter-2.md"]
    assert "(decks/chapter-2.pptx)" in tip and "(decks/chapter-2.pdf)" in tip
    assert "kits/" not in tip
    (kits / "chapter-2.json").write_text("{}")
    assert "(kits/chapter-2.zip)" in fragments.deck_fragments()["decks/chapter-2.md"]
