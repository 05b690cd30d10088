#!/usr/bin/env python3
"""At a narrow terminal: a caret under a typed line that wrapped points at the right row
and column, and `lprof check` says at a terminal that all is well.

    python3 Tests/EndToEndTests/pty/test_wrapping.py BINARY

Runs the real binary in a 40-column pseudo-terminal (pexpect) with a private HOME, as
test_interactive.py does (whose Home and Session it uses). Exits non-zero when a test fails.
"""

import os
import sys
import tempfile
import unittest

import pexpect

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_interactive  # noqa: E402
from test_interactive import Home, Session  # noqa: E402

PROMPT = r"lprof> "


class NarrowTerminalTests(unittest.TestCase):
    def setUp(self):
        self.home = Home()
        self.session = None

    def tearDown(self):
        if self.session:
            self.session.kill()
        self.home.remove()

    def start(self, args=("--memory", "--no-rc", "-q")):
        self.session = Session(self.home, args=args)
        # A 40-column terminal (libedit and lprof follow the resize, as at any terminal).
        self.session.child.setwinsize(24, 40)
        return self.session

    def test_caret_on_an_earlier_row_shows_that_row_again(self):
        s = self.start()
        s.expect(PROMPT)
        # 'lprof> ' (7) + 51 columns: the terminal wraps after 33 typed characters, and
        # 'sesaon' is on the first row.
        s.send("set sesaon " + "x" * 40 + "\r")
        s.expect(r"\n {7}set sesaon x{22}\r?\n {11}\^~{5}\r?\n")
        s.expect(r"unknown field 'sesaon'")
        s.expect(PROMPT)

    def test_caret_on_the_last_row_goes_straight_under_it(self):
        s = self.start()
        s.expect(PROMPT)
        # The quote touching the word is at column 52 of the line: row 2, column 12.
        s.send('set username "' + "a" * 30 + '"x\r')
        s.expect(r"\n {12}\^\r?\n")
        s.expect(r"error:")
        s.expect(PROMPT)

    def test_messages_wrap_at_word_boundaries(self):
        s = self.start()
        s.expect(PROMPT)
        s.send("set season autumn\r")
        s.expect(r"'edit on' first\r?\nlprof> ")
        start = s.text.rindex("error: ")
        lines = s.text[start:].split("lprof> ")[0].replace("\r", "").strip("\n").split("\n")
        self.assertGreater(len(lines), 2, lines)
        for line in lines:
            self.assertLessEqual(len(line), 40, line)
        # Broken only at spaces: the lines, joined, are the message word for word.
        joined = " ".join(line.strip() for line in lines)
        self.assertEqual(
            joined,
            "error: fields change only in edit mode: until then ProfileHost shows"
            " ProfileSummary, and ProfileEditor is not in the view tree at all; type"
            " 'edit on' first")

    def test_trace_lines_wrap_at_spaces(self):
        s = self.start(args=("--memory", "--no-rc", "-q", "--edition", "beta", "--trace"))
        s.expect(PROMPT)
        s.send("edit on\r")
        s.expect(r"lprof edit> ")
        start = s.text.rindex("edit on")
        lines = s.text[start:].replace("\r", "").split("\n")[1:-1]
        self.assertTrue(any(line.startswith("    ") for line in lines), lines)
        for line in lines:
            self.assertLessEqual(len(line), 40, line)
        joined = " ".join(line.strip() for line in lines)
        self.assertIn("~ ProfileEditor has no onAppear: it shows the draft as it is", joined)

    def test_a_failing_test_line_wraps_at_spaces(self):
        folder = tempfile.mkdtemp(prefix="lprof-test-")
        path = os.path.join(folder, "t.lprof")
        with open(path, "w", encoding="utf-8") as f:
            f.write("expect season autumn\n")
        s = self.start(args=("test", path))
        s.expect(r"0 passed, 1 failed")
        lines = s.text.replace("\r", "").split("\n")
        for line in lines:
            self.assertLessEqual(len(line), 40, line)
        self.assertIn("    ", "\n".join(lines))
        os.remove(path)
        os.rmdir(folder)

    def test_check_at_a_terminal_says_the_files_are_clean(self):
        folder = tempfile.mkdtemp(prefix="lprof-check-")
        path = os.path.join(folder, "ok.lprof")
        with open(path, "w", encoding="utf-8") as f:
            f.write("edit on\nset season autumn\ndone\n")
        s = self.start(args=("check", path, path))
        s.expect(r"2 files checked: no errors")
        os.remove(path)
        os.rmdir(folder)

    def test_the_start_up_store_error_wraps_at_word_boundaries(self):
        # As the same error does inside a session (issue 25 item 5), not cut at the edge.
        store = os.path.join(self.home.path, "corrupt.json")
        with open(store, "w") as f:
            f.write("garbage{")
        child = pexpect.spawn(
            test_interactive.BINARY, ["--store", store, "-c", "get season"],
            env=self.home.env(), cwd=self.home.path, dimensions=(24, 40), encoding="utf-8",
            timeout=5)
        text = child.read()
        child.close()
        self.assertEqual(child.exitstatus, 3, text)
        lines = test_interactive.strip(text).replace("\r", "").strip("\n").split("\n")
        self.assertGreater(len(lines), 2, lines)
        for line in lines:
            self.assertLessEqual(len(line), 40, lines)
        joined = " ".join(line.strip() for line in lines)
        self.assertIn(
            "is corrupt: invalid JSON: unexpected character at line 1, column 1; it is left"
            " untouched. To start afresh, move it aside or delete it; to run without it,"
            " use --memory", joined)



class WordBoundaryTests(unittest.TestCase):
    """Outside the prompt too (issue 31 item 7): a script's and -c text's diagnostics,
    'lprof check', 'lprof test', usage errors and the banner wrap to the terminal's width
    between words, at 60 and at 30 columns; a source line wider than the terminal is
    cropped around its caret instead of being broken by the terminal."""

    WIDTHS = (60, 30)

    def setUp(self):
        self.home = Home()
        # Short names, run from their folder: a path wider than the terminal is one word
        # that cannot be kept whole.
        self.folder = self.home.path
        self.bad = "bad.lprof"
        with open(os.path.join(self.folder, self.bad), "w", encoding="utf-8") as f:
            f.write("set season autmn\n")
            f.write("print " + " ".join("word%d" % i for i in range(30)) + "; set goal 2026-02-30\n")
            f.write('edit on; set username "abc\\q"\n')
        self.failing = "failing.lprof"
        with open(os.path.join(self.folder, self.failing), "w", encoding="utf-8") as f:
            f.write("edit on\nset season autumn\nexpect season winter\n")

    def tearDown(self):
        self.home.remove()

    def output(self, args, columns, stdin=None):
        """What lprof writes to a terminal `columns` wide (stdout and stderr both), as
        lines, escape sequences stripped."""
        child = pexpect.spawn(
            test_interactive.BINARY, list(args), env=self.home.env(), cwd=self.home.path,
            dimensions=(24, columns), encoding="utf-8", timeout=5)
        text = ""
        if stdin is not None:
            child.expect(r"> ")
            text = child.before + child.after
            child.send(stdin)
        text += child.read()
        child.close()
        return test_interactive.strip(text).replace("\r", "").strip("\n").split("\n")

    def words(self, args, stdin=None):
        """Every word lprof writes for `args` at a terminal too wide to wrap anything."""
        lines = self.output(args, 400, stdin)
        return set(" ".join(lines).split())

    def assert_wraps_between_words(self, args, stdin=None):
        whole = self.words(args, stdin)
        for columns in self.WIDTHS:
            lines = self.output(args, columns, stdin)
            self.assertGreater(len(lines), 1, lines)
            for line in lines:
                self.assertLessEqual(len(line), columns, "\n".join(lines))
                # The source line under a message may be cropped (its ends are then '…'):
                # every other word is one the unwrapped text has whole.
                for word in line.split():
                    if "…" not in word:
                        self.assertIn(word, whole, "'%s' is cut: %s" % (word, "\n".join(lines)))

    def test_a_command_text_error_wraps_between_words(self):
        self.assert_wraps_between_words(("--memory", "-c", "set season autumn"))

    def test_script_and_check_errors_wrap_between_words(self):
        self.assert_wraps_between_words(("--memory", self.bad))
        self.assert_wraps_between_words(("check", self.bad))

    def test_test_results_and_the_end_of_script_warning_wrap_between_words(self):
        self.assert_wraps_between_words(("test", self.failing, self.bad))
        self.assert_wraps_between_words(("--memory", "-c", "edit on; set season autumn"))

    def test_usage_errors_wrap_between_words(self):
        self.assert_wraps_between_words(("--bogus",))
        self.assert_wraps_between_words(("chek",))

    def test_the_banner_wraps_between_words(self):
        self.assert_wraps_between_words(("--memory", "--no-rc"), stdin="quit\r")


if __name__ == "__main__":
    sys.exit(test_interactive.main())
