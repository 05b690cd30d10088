#!/usr/bin/env python3
"""Resizing the window while a wrapped line is being edited (issue 25 item 3).

    python3 Tests/EndToEndTests/pty/test_resize.py BINARY

Runs the real binary in tmux (a real screen that, like most terminals today, re-wraps a
wrapped line to the new width) with a private HOME as test_interactive.py does.
`tmux resize-window` sets the pseudo-terminal's size (TIOCSWINSZ), which sends lprof
SIGWINCH, while a line longer than the window is typed but not entered. The screen, read
with `capture-pane`, must then show the line once, whole and in place:
  * no stray copy of the prompt, or of the line's first row, above it;
  * no row lost: the earlier output above the line stays, and the line is all there;
  * after more typing and Enter, the output comes below the echoed command, not over it;
  * a line on the screen's top row, narrowed and widened again, shows no copy of its start
    (tmux scrolls it into the scrollback, then brings it back).
Exits non-zero when a test fails.
"""

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


@unittest.skipUnless(
    shutil.which("tmux") or os.environ.get("LPROF_REQUIRE_PTY_TOOLS") == "1",
    "tmux is not installed")
class ResizeWhileEditingTests(unittest.TestCase):
    def setUp(self):
        self.home = Home()
        # A server of its own per test: the last test's may still be exiting.
        self.socket = "lprof-resize-%d-%s" % (os.getpid(), self._testMethodName)
        self.tmux = ["tmux", "-L", self.socket, "-f", "/dev/null"]

    def tearDown(self):
        subprocess.run(self.tmux + ["kill-server"], capture_output=True)
        self.home.remove()

    def start(self, width, term="xterm-256color", height=16):
        env = self.home.env(term=term)
        command = ["env", "-i"] + ["%s=%s" % kv for kv in env.items()] + [
            test_interactive.BINARY, "--memory", "-q"]
        subprocess.run(
            self.tmux + ["new-session", "-d", "-x", str(width), "-y", str(height), "-s", "t",
                         " ".join(shlex.quote(a) for a in command)],
            check=True, env=dict(os.environ, TERM="xterm-256color"))
        self.wait_for(r"^lprof> ?$")

    def visible(self):
        """The rows on the screen only, trailing blank rows dropped."""
        text = subprocess.run(
            self.tmux + ["capture-pane", "-p", "-t", "t"], capture_output=True,
            text=True).stdout
        return self.until_blank([row.rstrip() for row in text.rstrip("\n").split("\n")])

    def screen(self):
        """The rows of the scrollback and the screen, trailing blanks dropped: tmux, as it
        re-wraps, keeps the cursor's row and scrolls the rows above it into the scrollback
        (or back)."""
        text = subprocess.run(
            self.tmux + ["capture-pane", "-p", "-S", "-", "-t", "t"], capture_output=True,
            text=True).stdout
        return [row.rstrip() for row in text.rstrip("\n").split("\n")]

    def wait_for(self, pattern, timeout=5):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            rows = self.screen()
            if re.search(pattern, "\n".join(rows), re.M):
                return rows
            time.sleep(0.05)
        self.fail("screen never showed %r:\n%s" % (pattern, "\n".join(self.screen())))

    def settled(self):
        """The screen once it has stopped changing."""
        previous = None
        for _ in range(40):
            time.sleep(0.1)
            rows = self.screen()
            if rows == previous:
                return rows
            previous = rows
        return previous

    def keys(self, *keys):
        subprocess.run(self.tmux + ["send-keys", "-t", "t"] + list(keys), check=True)

    def resize(self, width):
        subprocess.run(self.tmux + ["resize-window", "-t", "t", "-x", str(width)], check=True)

    def until_blank(self, rows):
        while rows and rows[-1] == "":
            rows = rows[:-1]
        return rows

    def edit_then_resize(self, start, letters, end):
        """Prints a marker, types `print` and `letters` A's at `start` columns, resizes to
        `end` and checks the screen; then Backspace (which has libedit redraw the line from
        where it believes the line starts), ZZ and Enter must print the line below it."""
        self.start(start)
        self.keys("print before-the-line", "Enter")
        self.wait_for(r"^before-the-line$")
        typed = "print " + "A" * letters
        self.keys(typed)
        self.wait_for(r"A$")
        self.settled()
        self.resize(end)
        rows = self.until_blank(self.settled())
        line = "lprof> " + typed
        expected = [line[i:i + end] for i in range(0, len(line), end)]
        self.assertEqual(
            rows, ["lprof> print before-the-line", "before-the-line"] + expected,
            "after the resize the line shows once, whole, below the earlier output:\n"
            + "\n".join(rows))

        self.keys("BSpace", "ZZ")
        self.wait_for(r"ZZ$")
        self.keys("Enter")
        self.wait_for(r"^lprof> ?$\Z")
        rows = self.until_blank(self.settled())
        line = line[:-1] + "ZZ"
        echoed = [line[i:i + end] for i in range(0, len(line), end)]
        output = "A" * (letters - 1) + "ZZ"
        printed = [output[i:i + end] for i in range(0, len(output), end)]
        self.assertEqual(
            rows,
            ["lprof> print before-the-line", "before-the-line"] + echoed + printed
            + ["lprof>"],
            "the line edited and entered after the resize, then its output below it:\n"
            + "\n".join(rows))

    def test_growing_from_50_to_100_columns(self):
        # 83 characters: two rows at 50 columns, one at 100.
        self.edit_then_resize(50, 70, 100)

    def test_shrinking_from_100_to_50_columns(self):
        # 80 characters: one row at 100 columns, two at 50.
        self.edit_then_resize(100, 67, 50)

    def test_shrinking_from_100_to_30_with_the_cursor_inside_the_line(self):
        # At 30 columns the line takes five rows and the cursor is on the fourth; tmux keeps
        # the cursor's row on the screen and scrolls the rows above it into the scrollback,
        # where nothing can erase them: the line is drawn whole from the top of the screen.
        self.start(100)
        self.keys("print before-the-line", "Enter")
        self.wait_for(r"^before-the-line$")
        typed = "print " + "B" * 60 + "C" * 60
        self.keys(typed)
        self.wait_for(r"C{20}$")
        self.keys(*(["Left"] * 15))  # amid the C's, on the second row at 100 columns
        self.settled()
        self.resize(30)
        self.settled()
        line = "lprof> " + typed
        expected = [line[i:i + 30] for i in range(0, len(line), 30)]
        rows = self.visible()
        self.assertEqual(rows[-len(expected):], expected, "\n".join(rows))
        self.assertEqual(
            sum(row.startswith("lprof> print B") for row in rows), 1, "\n".join(rows))
        self.keys("BSpace", "x", "Enter")
        self.wait_for(r"^lprof> ?$\Z")
        self.settled()
        rows = self.visible()
        entered = "print " + "B" * 60 + "C" * 44 + "x" + "C" * 15
        line = "lprof> " + entered
        output = entered[6:]
        self.assertEqual(
            rows[-10:],
            [line[i:i + 30] for i in range(0, len(line), 30)]
            + [output[i:i + 30] for i in range(0, len(output), 30)] + ["lprof>"],
            "\n".join(rows))
        self.assertEqual(
            sum(row.startswith("lprof> print B") for row in rows), 1, "\n".join(rows))

    def test_several_resizes_in_a_row_leave_no_stale_copy(self):
        # Issue 31 item 4: a line of 30 words typed at 100 columns, then narrower and wider
        # in turn. libedit, drawing the line afresh, ends a row whose last column is blank
        # with a line break of its own, which tmux keeps when it re-wraps (so the line took
        # more rows than computed and a stale copy of its start stayed above the prompt);
        # and tmux, asked to erase from the screen's top-left corner, scrolled a copy of
        # the line into its scrollback. The scrollback and the screen together must show
        # the earlier output and then the line once, wrapped at each width.
        typed = "print " + " ".join("w%d-ab" % i for i in range(1, 31))
        line = "lprof> " + typed
        for term in ("xterm-256color", "tmux-256color", "screen"):
            for mode in ("emacs", "vi"):
                with self.subTest(term=term, mode=mode):
                    self.home.remove()
                    self.home = Home()
                    if mode == "vi":
                        with open(os.path.join(self.home.path, ".editrc"), "w") as f:
                            f.write("bind -v\n")
                    # A server of its own: the last one may still be exiting.
                    subprocess.run(self.tmux + ["kill-server"], capture_output=True)
                    self.tmux = ["tmux", "-L", "%s-%s-%s" % (self.socket, term, mode),
                                 "-f", "/dev/null"]
                    self.start(100, term=term, height=24)
                    self.keys("print before-the-line", "Enter")
                    self.wait_for(r"^before-the-line$")
                    self.keys(typed)
                    self.wait_for(r"w30-ab$")
                    self.settled()
                    for width in (60, 100, 130, 60, 100, 60, 130, 100):
                        self.resize(width)
                        # tmux's own re-wrap may look final before lprof's redraw: wait
                        # for the redraw, so the next resize does not overtake it.
                        time.sleep(0.3)
                        rows = self.until_blank(self.settled())
                        expected = [line[i:i + width].rstrip()
                                    for i in range(0, len(line), width)]
                        self.assertEqual(
                            rows, ["lprof> print before-the-line", "before-the-line"]
                            + expected,
                            "at %d columns the line shows once:\n%s"
                            % (width, "\n".join(rows)))
                    self.keys("Enter")
                    self.wait_for(r"^w1-ab")
                    rows = self.until_blank(self.settled())
                    echoed = 2 + len(expected)
                    self.assertEqual(rows[:echoed], [
                        "lprof> print before-the-line", "before-the-line"] + expected,
                        "\n".join(rows))
                    self.assertEqual(
                        ("".join(rows[echoed:-1]), rows[-1]), (typed[6:], "lprof>"),
                        "\n".join(rows))

    # The tester's line: at 40 columns two rows, at 25 four, at 60 two.
    TOP_ROW_LINE = "print 0123456789 abcdefghijkl xyxyxy abcdefghijklmnopqrstuvwxyz eX end"

    def narrow_then_widen_at_the_top_row(self):
        """Types TOP_ROW_LINE on the screen's top row at 40 columns, then resizes to 25 and
        60: at 25 tmux scrolls the line's first two rows into its scrollback (the screen's
        blank rows below stay), where nothing erases them, and at 60 brings them back above
        the prompt. Returns the visible rows at 60."""
        typed = self.TOP_ROW_LINE
        line = "lprof> " + typed
        self.keys("-l", typed)
        self.wait_for(r"eX end$")
        self.settled()
        self.resize(25)
        time.sleep(0.3)
        self.settled()
        rows = self.visible()
        self.assertEqual(
            rows[-4:], [line[i:i + 25] for i in range(0, len(line), 25)], "\n".join(rows))
        self.assertEqual(sum("0123" in row for row in rows), 1, "\n".join(rows))
        self.resize(60)
        time.sleep(0.3)
        self.settled()
        rows = self.visible()
        self.assertEqual(
            rows[-2:], [line[i:i + 60] for i in range(0, len(line), 60)], "\n".join(rows))
        self.assertEqual(
            sum("0123" in row for row in rows), 1,
            "at 60 columns no copy of the line's first rows is back above it:\n"
            + "\n".join(rows))
        return rows

    def enter_top_row_line(self):
        """Enter: the line echoed once, its output below it, then the prompt."""
        self.keys("Enter")
        self.wait_for(r"^lprof> ?$\Z")
        rows = self.visible()
        line = "lprof> " + self.TOP_ROW_LINE
        output = self.TOP_ROW_LINE[6:]
        self.assertEqual(
            rows[-5:],
            [line[i:i + 60] for i in range(0, len(line), 60)]
            + [output[i:i + 60] for i in range(0, len(output), 60)] + ["lprof>"],
            "\n".join(rows))
        self.assertEqual(sum("0123" in row for row in rows), 2, "\n".join(rows))
        return rows

    def test_narrower_then_wider_with_the_line_on_the_top_row(self):
        # A fresh window (-q prints nothing before the prompt): the screen, scrollback
        # included, ends with the line once (the copy tmux scrolled away came back and
        # was erased).
        self.start(40, height=12)
        rows = self.narrow_then_widen_at_the_top_row()
        self.assertEqual(len(rows), 2, "\n".join(rows))
        self.assertEqual(
            sum("0123" in row for row in self.screen()), 1, "\n".join(self.screen()))
        rows = self.enter_top_row_line()
        self.assertEqual(len(rows), 5, "\n".join(rows))

    def test_narrower_then_wider_after_ctrl_l(self):
        # After Ctrl-L the line is on the top row again; above it may come back only what
        # tmux kept of the screen Ctrl-L cleared (its rows, prompt included), not the line.
        self.start(40, height=12)
        self.keys("print one", "Enter")
        self.wait_for(r"^one$")
        self.keys("C-l")
        time.sleep(0.3)
        self.settled()
        rows = self.narrow_then_widen_at_the_top_row()
        kept = ["lprof> print one", "one", "lprof>"]
        self.assertTrue(rows[:-2] == kept[len(kept) - len(rows) + 2:], "\n".join(rows))
        rows = self.enter_top_row_line()
        self.assertTrue(rows[:-5] == kept[len(kept) - len(rows) + 5:], "\n".join(rows))

    def test_ctrl_z_and_fg_twice_on_one_line(self):
        # lprof reads keys itself (for the resize), so it also stops itself on Ctrl-Z: the
        # terminal goes back to the shell's modes, and after 'fg' the line is drawn again
        # and edited in lprof's modes (no doubled echo), on every Ctrl-Z.
        env = self.home.env()
        shell = ["env", "-i"] + ["%s=%s" % kv for kv in env.items()] + [
            "bash", "--norc", "--noprofile"]
        subprocess.run(
            self.tmux + ["new-session", "-d", "-x", "100", "-y", "24", "-s", "t",
                         " ".join(shlex.quote(a) for a in shell)],
            check=True, env=dict(os.environ, TERM="xterm-256color"))
        self.wait_for(r"[$#] ?$")
        self.keys("PS1='$ '", "Enter")
        self.wait_for(r"^\$ ?$")
        self.keys(shlex.quote(test_interactive.BINARY) + " --memory -q", "Enter")
        self.wait_for(r"^lprof> ?$")
        self.keys("print abc")
        self.wait_for(r"print abc$")
        for more in (" def", " ghi"):
            self.keys("C-z")
            self.wait_for(r"Stopped")
            self.keys("fg", "Enter")
            self.wait_for(r"^lprof> print abc(.*)$\Z")
            self.keys(more)
            self.wait_for(more + "$")
        self.keys("Enter")
        self.wait_for(r"^abc def ghi$")
        self.keys("print ok", "Enter")
        self.wait_for(r"^ok$")
        rows = self.until_blank(self.settled())
        self.assertEqual(
            [row for row in rows if row.startswith("lprof> print abc")],
            ["lprof> print abc", "lprof> print abc def", "lprof> print abc def ghi"],
            "after each fg the line is drawn again:\n" + "\n".join(rows))
        self.assertFalse(
            any(row.strip() in ("def", "ghi") for row in rows),
            "nothing typed after fg is echoed twice:\n" + "\n".join(rows))
        self.keys("quit", "Enter")


if __name__ == "__main__":
    sys.exit(test_interactive.main())
