#!/usr/bin/env python3
"""The prompt edits characters, not code points (issue 31 item 1, SPEC §8).

    python3 Tests/EndToEndTests/pty/test_characters.py BINARY

Runs the real binary in tmux (a real screen) with a private HOME as test_interactive.py
does, in emacs keys and in vi keys (`bind -v` in $EDITRC), at TERM xterm-256color,
tmux-256color and screen. Each case types a line holding characters of several code points
(e + U+0301, ☃️, 🇰🇷, 👍🏽, a ZWJ family, 한 as three jamo, CJK, a tab typed with Ctrl-V),
edits it with Backspace, Delete, the arrows, transpose and kills, and enters it. Then both
must be the line a person sees:
  * what ran: `print`'s output;
  * what the screen shows: the echoed command, read with `capture-pane`.
Today's libedit alone deletes U+FE0F of ☃️, leaves `x🇰` of a flag, and puts `Z` inside ☃️.
Exits non-zero when a test fails.
"""

import os
import shlex
import shutil
import subprocess
import sys
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_interactive  # noqa: E402
from test_interactive import Home  # noqa: E402

JAMO = "\u1112\u1161\u11ab"  # 한 as three conjoining jamo
CAFE = "cafe\u0301"  # é as e + U+0301

# (keys, what runs and shows): a str is typed as it is, a list item is a tmux key name.
EMACS_CASES = [
    (["print x☃️", "BSpace"], "x"),
    (["print " + CAFE, "BSpace", "X"], "cafX"),
    (["print x🇰🇷", "BSpace"], "x"),
    (["print x👍🏽", "BSpace"], "x"),
    (["print x👩‍👩‍👧", "BSpace"], "x"),
    (["print x👩‍👩‍👧!", "Left", "BSpace"], "x!"),
    (["print " + JAMO + "x", "Left", "BSpace"], "x"),
    (["print 漢字", "Left", "a"], "漢a字"),
    (["print x☃️!", "Left", "Left", "Z"], "xZ☃️!"),
    (["print x👍🏽y", "Left", "Left", "Right", "Z"], "x👍🏽Zy"),
    (["print " + CAFE + "!", "Left", "Left", "C-d"], "caf!"),
    (["print a👍🏽b", "Left", "Left", "C-t"], "👍🏽ab"),
    (["print ab☃️cd", "C-t"], "ab☃️dc"),
    (["print 🇰🇷x☃️y", "Left", "Left", "C-k"], "🇰🇷x"),
    (["print " + CAFE + "s tt", "M-b", "BSpace"], CAFE + "stt"),
    (["print a", "C-v", "Tab", "b", "Left", "BSpace"], "ab"),
    # A word is letters: é as e + U+0301 is one; ☃️ is not.
    (["print x " + CAFE + "s", "M-b", "C-k"], "x"),
    (["print x☃️yy", "M-b", "C-k"], "x☃️"),
    # Ctrl-R finds an earlier case's line; the keys then move from where the match starts.
    (["C-r", "dc", "Left", "Left", "Q"], "aQb☃️dc"),
    (["C-r", "Zy", "Left", "C-d"], "xZy"),
]

VI_CASES = [
    (["print x☃️y", "Escape", "h", "x"], "xy"),
    (["print x👍🏽y", "Escape", "h", "x"], "xy"),
    (["print x👍🏽y", "Escape", "0", "w", "l", "r", "Q"], "xQy"),
    (["print " + CAFE + "s", "Escape", "X"], "cafs"),
    (["print x☃️y", "BSpace", "BSpace"], "x"),
    (["print x🇰🇷y", "Escape", "h", "i", "Z"], "xZ🇰🇷y"),
    (["print " + JAMO + "y", "Escape", "h", "x"], "y"),
    # x keeps the whole character for p; a repair never takes the paste buffer's place.
    (["print x👍🏽y", "Escape", "h", "x", "p"], "xy👍🏽"),
    (["print x☃️y", "Escape", "h", "x", "p"], "xy☃️"),
]


@unittest.skipUnless(
    shutil.which("tmux") or os.environ.get("LPROF_REQUIRE_PTY_TOOLS") == "1",
    "tmux is not installed")
class CharactersTests(unittest.TestCase):
    def setUp(self):
        self.home = Home()
        self.socket = "lprof-chars-%d-%s" % (os.getpid(), self._testMethodName)
        self.tmux = ["tmux", "-L", self.socket, "-f", "/dev/null"]

    def tearDown(self):
        subprocess.run(self.tmux + ["kill-server"], capture_output=True)
        self.home.remove()

    def start(self, term, vi):
        extra = {}
        if vi:
            editrc = os.path.join(self.home.path, "editrc")
            with open(editrc, "w") as f:
                f.write("bind -v\n")
            extra["EDITRC"] = editrc
        env = self.home.env(term=term, **extra)
        command = ["env", "-i"] + ["%s=%s" % kv for kv in env.items()] + [
            test_interactive.BINARY, "--memory", "-q", "--no-rc"]
        subprocess.run(
            self.tmux + ["new-session", "-d", "-x", "100", "-y", "50", "-s", "t",
                         " ".join(shlex.quote(a) for a in command)],
            check=True, env=dict(os.environ, TERM="xterm-256color"))
        self.wait_for_prompt(0)

    def rows(self):
        text = subprocess.run(
            self.tmux + ["capture-pane", "-p", "-t", "t"], capture_output=True,
            text=True).stdout
        return [row.rstrip() for row in text.split("\n")]

    def wait_for_prompt(self, count, timeout=5):
        """Waits until the screen shows `count` + 1 prompts."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            rows = self.rows()
            if sum(1 for r in rows if r.startswith("lprof>")) > count:
                return rows
            time.sleep(0.05)
        self.fail("no prompt %d:\n%s" % (count + 1, "\n".join(self.rows())))

    KEY_NAMES = ("BSpace", "Left", "Right", "Escape", "Tab", "Home", "End", "DC")

    def type_case(self, keys):
        for key in keys:
            named = key in self.KEY_NAMES or key.startswith(("C-", "M-"))
            subprocess.run(
                self.tmux + ["send-keys", "-t", "t"] + ([key] if named else ["-l", key]),
                check=True)
            time.sleep(0.08)
        subprocess.run(self.tmux + ["send-keys", "-t", "t", "Enter"], check=True)

    def run_cases(self, term, vi, cases):
        """All cases in one session, on a screen tall enough for them all."""
        self.start(term, vi)
        for number, (keys, expected) in enumerate(cases, start=1):
            self.type_case(keys)
            rows = self.wait_for_prompt(number)
            prompts = [i for i, r in enumerate(rows) if r.startswith("lprof>")]
            echoed = rows[prompts[number - 1]]
            ran = rows[prompts[number - 1] + 1]
            label = "%s %s keys, case %d %r" % (term, "vi" if vi else "emacs", number, keys)
            self.assertEqual(ran, expected, "what ran: " + label)
            shown = expected.replace("\t", "^I")  # libedit draws a tab as ^I
            self.assertEqual(echoed, "lprof> print " + shown, "what the screen shows: " + label)

    def test_emacs_keys_xterm(self):
        self.run_cases("xterm-256color", False, EMACS_CASES)

    def test_emacs_keys_tmux(self):
        self.run_cases("tmux-256color", False, EMACS_CASES)

    def test_emacs_keys_screen(self):
        self.run_cases("screen", False, EMACS_CASES)

    def test_vi_keys_xterm(self):
        self.run_cases("xterm-256color", True, VI_CASES)

    def test_vi_keys_tmux(self):
        self.run_cases("tmux-256color", True, VI_CASES)

    def test_vi_keys_screen(self):
        self.run_cases("screen", True, VI_CASES)


if __name__ == "__main__":
    sys.exit(test_interactive.main())
