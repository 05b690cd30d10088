#!/usr/bin/env python3
"""Keys at the prompt on a real screen, in emacs and vi keys (issue 31 items 2, 3, 5).

    python3 Tests/EndToEndTests/pty/test_keys.py BINARY

Runs the real binary in tmux (real keys, a real screen) with a private HOME as
test_interactive.py does, once per TERM (xterm-256color, tmux-256color, screen) and key
map (emacs; vi from `bind -v` in ~/.editrc). Each case types keys, ends the line with
Enter, and checks both what ran (the command's output) and what the screen shows
(`capture-pane`): the echoed line, its output, the next prompt, and nothing else.
  * A key's escape sequence is one key in vi keys too: Delete deletes forward, the arrows,
    Home, End and Ctrl-arrows move, and while inserting the line stays in insert mode.
  * After Ctrl-R, Up and Down go on through history from the match, as in readline.
  * Ctrl-C marks the abandoned line (`^C`) at its end, before the new prompt.
Exits non-zero when a test fails.
"""

import itertools
import os
import re
import shlex
import shutil
import subprocess
import sys
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_interactive  # noqa: E402
from test_interactive import Home  # noqa: E402

TERMS = ("xterm-256color", "tmux-256color", "screen")
MODES = ("emacs", "vi")


class Screen:
    """lprof in a tmux window of its own, `width` columns wide."""

    # A server of its own per window, never a name used before: the last one's server may
    # still be exiting.
    made = itertools.count()

    def __init__(self, home, term, width=80, height=40):
        self.home = home
        self.socket = "lprof-keys-%d-%d" % (os.getpid(), next(Screen.made))
        self.tmux = ["tmux", "-L", self.socket, "-f", "/dev/null"]
        env = home.env(term=term)
        command = ["env", "-i"] + ["%s=%s" % kv for kv in env.items()] + [
            test_interactive.BINARY, "--memory", "-q", "--no-rc"]
        subprocess.run(
            self.tmux + ["new-session", "-d", "-x", str(width), "-y", str(height), "-s", "t",
                         " ".join(shlex.quote(a) for a in command)],
            check=True, env=dict(os.environ, TERM="xterm-256color"))
        self.wait_for(r"^lprof> ?$")

    def close(self):
        subprocess.run(self.tmux + ["kill-server"], capture_output=True)

    def rows(self):
        """The scrollback and the screen, trailing blank rows dropped."""
        text = subprocess.run(
            self.tmux + ["capture-pane", "-p", "-S", "-", "-t", "t"], capture_output=True,
            text=True).stdout
        rows = [row.rstrip() for row in text.rstrip("\n").split("\n")]
        while rows and rows[-1] == "":
            rows.pop()
        return rows

    def wait_for(self, pattern, timeout=5):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            rows = self.rows()
            if re.search(pattern, "\n".join(rows), re.M):
                return rows
            time.sleep(0.05)
        raise AssertionError("screen never showed %r:\n%s" % (pattern, "\n".join(self.rows())))

    def settled(self):
        previous = None
        for _ in range(60):
            time.sleep(0.05)
            rows = self.rows()
            if rows == previous:
                return rows
            previous = rows
        return previous

    def keys(self, *keys):
        """Each key (a tmux key name, or literal text) as a person types it."""
        for key in keys:
            if key.startswith("text:"):
                subprocess.run(
                    self.tmux + ["send-keys", "-t", "t", "-l", "--", key[5:]], check=True)
            else:
                subprocess.run(self.tmux + ["send-keys", "-t", "t", key], check=True)
            # After Escape, a person's pause: within 50 ms, Escape and a key's sequence are
            # one key (Alt and the key).
            time.sleep(0.12 if key == "Escape" else 0.03)
        return self.settled()


@unittest.skipUnless(
    shutil.which("tmux") or os.environ.get("LPROF_REQUIRE_PTY_TOOLS") == "1",
    "tmux is not installed")
class KeysOnScreenTests(unittest.TestCase):
    def each(self, check, width=80):
        """Runs `check(screen, mode)` in a fresh lprof for every TERM and key map."""
        for term in TERMS:
            for mode in MODES:
                with self.subTest(term=term, mode=mode):
                    home = Home()
                    if mode == "vi":
                        with open(os.path.join(home.path, ".editrc"), "w") as f:
                            f.write("bind -v\n")
                    screen = Screen(home, term, width=width)
                    try:
                        check(screen, mode)
                    finally:
                        screen.close()
                        home.remove()

    def entered(self, screen, keys, line, output):
        """Types `keys`, then Enter: the screen ends with the echoed `line`, `output` and
        a new prompt, and shows no row of anything else since the last prompt."""
        before = len(screen.rows())
        screen.keys(*keys)
        screen.keys("Enter")
        screen.wait_for(r"^lprof> ?\Z")
        rows = screen.settled()
        self.assertEqual(
            rows[-3:], ["lprof> " + line, output, "lprof>"],
            "what ran and what the screen shows:\n" + "\n".join(rows))
        self.assertEqual(len(rows), before + 2, "one row echoed, one printed:\n"
                         + "\n".join(rows))

    # Item 2: a key is a key.

    def test_delete_deletes_forward(self):
        # vi keys used to run Delete's `ESC [ 3 ~` as commands (`~` toggled a case).
        def check(screen, mode):
            self.entered(screen, ["text:print abcdef", "Left", "Left", "DC", "DC", "text:X"],
                         "print abcdX", "abcdX")
            # At the end of the line Delete deletes nothing, and on an empty line it does
            # not end input.
            self.entered(screen, ["DC", "text:print ok", "DC"], "print ok", "ok")
        self.each(check)

    def test_delete_in_vi_command_mode(self):
        def check(screen, mode):
            if mode == "vi":
                keys = ["text:print xyz", "Escape", "text:0", "DC", "DC", "text:i", "text:pr"]
            else:
                keys = ["text:print xyz", "Home", "DC", "DC", "text:pr"]
            self.entered(screen, keys, "print xyz", "xyz")
            if mode == "vi":  # on the last character, as `x`: the cursor stays on one
                self.entered(screen, ["text:print abc", "Escape", "DC", "DC", "text:a",
                                      "text:Z"], "print aZ", "aZ")
        self.each(check)

    def test_arrows_move_and_keep_insert_mode(self):
        def check(screen, mode):
            self.entered(screen, ["text:print 12345", "Left", "Left", "Left", "Right",
                                  "text:Z", "Right", "Right", "text:!"],
                         "print 123Z45!", "123Z45!")
            self.entered(screen, ["text:rint a", "Home", "text:p", "End", "text:b"],
                         "print ab", "ab")
            self.entered(screen, ["text:print one three", "C-Left", "text:two ", "C-Right",
                                  "text:s"], "print one two threes", "one two threes")
        self.each(check)

    def test_up_and_down_keep_insert_mode(self):
        def check(screen, mode):
            self.entered(screen, ["text:print h1"], "print h1", "h1")
            self.entered(screen, ["text:print x", "Up", "text:-more"],
                         "print h1-more", "h1-more")
            self.entered(screen, ["text:print y", "Up", "Up", "Down", "text:+"],
                         "print h1-more+", "h1-more+")
        self.each(check)

    def test_function_keys_type_nothing(self):
        def check(screen, mode):
            self.entered(screen, ["text:print ab", "F5", "F12", "IC", "text:c"],
                         "print abc", "abc")
        self.each(check)

    # Item 3: Ctrl-R, then Up or Down.

    def test_ctrl_r_then_up_or_down_goes_on_from_the_match(self):
        def check(screen, mode):
            for word in ("a1", "a2-user", "a3", "a4"):
                self.entered(screen, ["text:print " + word], "print " + word, word)
            for key, line in (("Up", "print a1"), ("Down", "print a3")):
                screen.keys("C-r", "text:user")
                screen.wait_for(r"reverse-i-search\)`user': print a2-user$")
                rows = screen.keys(key)
                self.assertEqual(rows[-1], "lprof> " + line, "\n".join(rows))
                self.assertNotIn("reverse-i-search", rows[-1])
                self.entered(screen, [], line, line[6:])
            # Up twice goes on; Down past the newest entry gives back the line typed
            # before the search.
            self.entered(screen, ["C-r", "text:a2", "Up", "Up", "Down"],
                         "print a2-user", "a2-user")
            self.entered(screen, ["text:print typed", "C-r", "text:a4", "Down", "Down",
                                  "Down", "Down", "Down", "Down"], "print typed", "typed")
        self.each(check)

    def test_ctrl_r_then_left_still_edits_the_match(self):
        def check(screen, mode):
            self.entered(screen, ["text:print first-one"], "print first-one", "first-one")
            self.entered(screen, ["text:print second"], "print second", "second")
            self.entered(screen, ["C-r", "text:one", "Left", "text:X"],
                         "print firstX-one", "firstX-one")
            # And the place in history is the match's: Up recalls the entry before it.
            self.entered(screen, ["C-r", "text:sec", "End", "Up"],
                         "print first-one", "first-one")
        self.each(check)

    # Item 5: Ctrl-C.

    def test_ctrl_c_marks_the_abandoned_line_at_its_end(self):
        def check(screen, mode):
            before = len(screen.rows())
            rows = screen.keys("text:print abandoned", "Left", "Left", "Left", "C-c")
            self.assertEqual(rows[-2:], ["lprof> print abandoned^C", "lprof>"],
                             "\n".join(rows))
            self.assertEqual(len(rows), before + 1, "\n".join(rows))
            self.entered(screen, ["text:print kept"], "print kept", "kept")
            self.assertNotIn("abandoned", screen.rows()[-3:])
            # A line that wraps, the cursor on its first row: the mark follows its end.
            long = "print " + "w" * 90
            screen.keys("text:" + long, "Home", "C-c")
            rows = screen.wait_for(r"\^C\nlprof> ?\Z")
            line = "lprof> " + long + "^C"
            self.assertEqual(rows[-3:], [line[:80], line[80:], "lprof>"], "\n".join(rows))
            # An empty line, and during Ctrl-R.
            rows = screen.keys("C-c")
            self.assertEqual(rows[-2:], ["lprof> ^C", "lprof>"], "\n".join(rows))
            rows = screen.keys("C-r", "text:kep", "C-c")
            self.assertEqual(rows[-2:], ["(reverse-i-search)`kep': print kept^C", "lprof>"],
                             "\n".join(rows))
            self.entered(screen, ["text:print ok"], "print ok", "ok")
        self.each(check)


if __name__ == "__main__":
    sys.exit(test_interactive.main())
