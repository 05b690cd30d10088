#!/usr/bin/env python3
"""`lprof learn` at a real prompt (a pseudo-terminal, libedit): a learner types every
lesson's commands as the narration asks, gets a hint when stuck, completes with Tab, and
leaves with Ctrl-D; progress is kept.

    python3 Tests/EndToEndTests/pty/test_learn.py BINARY

The learner types the built-in lessons' `answer` lines (a question's is its number; a free
step's is 'next'), read
from their source (Sources/LprofLessons/BuiltInLessons*.swift), in the catalogue's order.
"""

import glob
import os
import re
import shutil
import sys
import tempfile
import unittest

import pexpect

ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>78DEHM]|\x07")
BINARY = None
ANSWERS = []


class LearnAtThePrompt(unittest.TestCase):
    def setUp(self):
        self.home = tempfile.mkdtemp(prefix="lprof-learn-pty-")
        self.env = {
            "PATH": "/usr/bin:/bin",
            # A sanitizer build keeps its options (Scripts/test --sanitize, the suppressions).
            **{k: v for k, v in os.environ.items() if k.startswith(("ASAN_", "LSAN_"))},
            "HOME": self.home, "TERM": "xterm-256color",
            "LANG": "C.UTF-8", "NO_COLOR": "1", "XDG_STATE_HOME": os.path.join(self.home, "state"),
            "XDG_DATA_HOME": os.path.join(self.home, "data"),
        }

    def tearDown(self):
        shutil.rmtree(self.home, ignore_errors=True)

    def spawn(self, *args):
        child = pexpect.spawn(BINARY, ["--now", "2026-11-30", "learn"] + list(args), env=self.env,
                              dimensions=(40, 100), encoding="utf-8", codec_errors="replace", timeout=5)
        self.addCleanup(child.close, force=True)
        return child

    def test_every_lesson_by_typing_the_tasks(self):
        child = self.spawn()
        for entry in ANSWERS:
            child.expect(PROMPT)
            child.sendline(entry)
        child.expect("That was the last lesson")
        # The prompt stays after the last lesson, and takes 'lessons' (issue 34 item 12).
        child.expect(PROMPT)
        child.sendline("lessons")
        child.expect(r"✓ 11\. quiz")
        child.expect(PROMPT)
        child.sendcontrol("d")
        child.expect(pexpect.EOF)
        with open(os.path.join(self.env["XDG_STATE_HOME"], "lprof", "lessons")) as f:
            progress = f.read()
        self.assertEqual(progress.count(" completed\n"), 11, progress)
        self.assertFalse(os.path.exists(os.path.join(self.env["XDG_DATA_HOME"], "lprof")))

    def test_stuck_learner_gets_a_hint_and_tab_completes(self):
        child = self.spawn("draft")
        child.expect("Task:")
        for _ in range(3):
            child.expect("lprof> ")
            child.sendline("show")
        child.expect("Hint:")
        child.expect("lprof> ")
        child.send("ed\t")
        child.send("on")
        child.send("\r")
        child.expect("ProfileHost now shows ProfileEditor")
        child.expect(r"lprof edit> ")
        child.send("ski\t")
        child.send("\r")
        child.expect("Skipped: lprof types it for you")
        # skip types the answer after the prompt, where the learner sees it.
        child.expect(r"lprof edit> set season autumn")
        child.expect("says the draft differs")
        child.expect(PROMPT)
        child.sendline("done")
        # A commit the task's answer lacks: only 'back' helps, and lprof says so.
        child.expect("committed the draft")
        child.expect("nothing undoes it")
        child.expect(PROMPT)
        child.sendline("back")
        child.expect("Back where this task began")
        child.expect(r"lprof edit\*> ")
        child.sendcontrol("d")
        child.expect("picks up where you stopped")
        child.expect(pexpect.EOF)


PROMPT = r"lprof( \(wired\))?( \(dismissed\))?( edit\*?)?> "


def lesson_answers():
    """Every `answer` of the built-in lessons, in the catalogue's order, as the learner types it."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    source = ""
    for path in sorted(glob.glob(os.path.join(root, "Sources", "LprofLessons", "BuiltInLessons*.swift"))):
        with open(path) as f:
            source += f.read()
    texts = dict(re.findall(r'static let (\w+) = #"""(.*?)"""#', source, re.S))
    order = re.findall(r"\w+", re.search(r"static let texts = \[(.*?)\]", source, re.S).group(1))
    answers = []
    for name in order:
        # A free step ('free TEXT') goes on when the learner types 'next'.
        for match in re.finditer(r"^\s*(answer|free) (.*)$", texts[name], re.M):
            if match.group(1) == "free":
                answers.append("next")
                continue
            text = match.group(2)
            answers.append(text[1:-1] if text.startswith('"') else text)
    return answers


def main():
    global BINARY, ANSWERS
    if len(sys.argv) < 2:
        print("usage: test_learn.py BINARY", file=sys.stderr)
        return 2
    BINARY = os.path.abspath(sys.argv[1])
    ANSWERS = lesson_answers()
    program = unittest.main(argv=[sys.argv[0]] + sys.argv[2:], exit=False, verbosity=2)
    return 0 if program.result.wasSuccessful() else 1


if __name__ == "__main__":
    sys.exit(main())
