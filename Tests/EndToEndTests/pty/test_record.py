#!/usr/bin/env python3
"""`record FILE` at the real prompt: a session typed at a terminal becomes a script that
`lprof test` passes.

    python3 Tests/EndToEndTests/pty/test_record.py BINARY

Runs the real binary in a pseudo-terminal (pexpect) with a private HOME, as
test_interactive.py does (whose Home and Session it uses), in a temporary folder that the
relative FILE is written to. Exits non-zero when a test fails.
"""

import os
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_interactive  # noqa: E402
from test_interactive import Home, Session  # noqa: E402

PROMPT = r"lprof> "
EDIT = r"lprof edit> "
PENDING = r"lprof edit\*> "


class RecordTests(unittest.TestCase):
    def setUp(self):
        self.home = Home()
        self.folder = tempfile.mkdtemp(prefix="lprof-record-", dir=self.home.path)
        self.session = None

    def tearDown(self):
        if self.session:
            self.session.kill()
        self.home.remove()

    def start(self):
        self.session = Session(
            self.home, args=("--memory", "--no-rc", "-q", "--now", "2026-11-30"),
            cwd=self.folder)
        return self.session

    def read(self, name):
        with open(os.path.join(self.folder, name), encoding="utf-8") as f:
            return f.read()

    def lprof_test(self, name):
        """`lprof test NAME` in the recording's folder: its output and exit status."""
        result = subprocess.run(
            [test_interactive.BINARY, "test", name], cwd=self.folder, env=self.home.env(),
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, encoding="utf-8", timeout=20)
        return result.stdout, result.returncode

    def test_a_session_at_the_prompt_becomes_a_script_that_passes(self):
        s = self.start()
        s.expect(PROMPT)
        s.line("edit on; set username hiker; done")
        s.expect(PROMPT)
        # Tab completes the command and its file (none yet: the name is typed).
        s.send("rec\t")
        s.expect("ord ")
        s.line("hike.lprof")
        s.expect(PROMPT)
        s.line("edit on")
        s.expect(EDIT)
        s.line("set season autumn")
        s.expect(PENDING)
        # A command that fails changes nothing and is not written.
        s.line("set goal +5y")
        s.expect(r"outside the allowed range")
        s.expect(PENDING)
        s.line("set goal +6m; show diff")
        s.expect(r"goal")
        s.expect(PENDING)
        s.line("done")
        s.expect(PROMPT)
        s.line("history")
        s.expect(PROMPT)
        # The file is being written as the session goes, one command a line.
        self.assertIn("\n# The session, one command a line, as typed:\nedit on\n"
                      "set season autumn\nset goal +6m\nshow diff\ndone\n",
                      self.read("hike.lprof"))
        s.send("record o\t")
        s.expect("ff ")
        s.send("\r")
        s.expect(r"Recorded to hike\.lprof; check it with 'lprof test hike\.lprof'\.\r?\n")
        s.expect(PROMPT)
        text = self.read("hike.lprof")
        self.assertNotIn("+5y", text)
        self.assertNotIn("history", text)
        self.assertNotIn("record", text.split("# The session")[1])
        self.assertIn("set username \"hiker\"\n", text)
        self.assertTrue(text.endswith("expect draft.goal 2027-05-30\n"), text)
        output, status = self.lprof_test("hike.lprof")
        self.assertEqual((output, status), ("PASS hike.lprof\n1 passed, 0 failed\n", 0))
        s.send("\x04")
        self.assertEqual(s.wait_exit(), 0)

    def test_leaving_the_prompt_ends_the_recording(self):
        s = self.start()
        s.expect(PROMPT)
        s.line("record left.lprof")
        s.expect(PROMPT)
        s.line("record left.lprof")
        s.expect(r"already recording to 'left\.lprof'; 'record off' ends it")
        s.expect(PROMPT)
        s.line("edit on; set notifications off")
        s.expect(PENDING)
        # The first quit warns about the draft; neither is written.
        s.line("quit")
        s.expect(r"warning:")
        s.expect(PENDING)
        s.line("quit")
        s.expect(r"Recorded to left\.lprof; check it with 'lprof test left\.lprof'\.")
        self.assertEqual(s.wait_exit(), 0)
        text = self.read("left.lprof")
        self.assertNotIn("quit", text)
        self.assertIn("expect mode active\n", text)
        self.assertIn("expect draft.notifications off\n", text)
        output, status = self.lprof_test("left.lprof")
        self.assertEqual(status, 0, output)

    def test_an_existing_file_is_kept_unless_forced(self):
        with open(os.path.join(self.folder, "old.lprof"), "w", encoding="utf-8") as f:
            f.write("print old\n")
        s = self.start()
        s.expect(PROMPT)
        s.line("record old.lprof")
        s.expect(r"'old\.lprof' exists already; 'record --force old\.lprof' replaces it")
        s.expect(PROMPT)
        self.assertEqual(self.read("old.lprof"), "print old\n")
        s.send("record --f\t")
        s.expect("orce ")
        s.line("old.lprof")
        s.expect(PROMPT)
        s.send("\x04")
        s.expect(r"Recorded to old\.lprof")
        self.assertEqual(s.wait_exit(), 0)
        self.assertNotIn("print old", self.read("old.lprof"))
        self.assertEqual(self.lprof_test("old.lprof")[1], 0)


if __name__ == "__main__":
    sys.exit(test_interactive.main())
