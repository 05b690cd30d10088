#!/usr/bin/env python3
"""Ctrl-C stops the check of a large sourced file (issue 31 item 5, SPEC §8).

    python3 Tests/EndToEndTests/pty/test_interrupt.py BINARY

At the prompt, `source FILE` reads and checks the whole file before any of it runs; a
file of millions of lines takes seconds to check. Ctrl-C then stops the check at once:
an error says so, none of the file ran, and the prompt comes back. (Ctrl-C while the
file runs was already covered by test_interactive.py.)
Exits non-zero when a test fails.
"""

import os
import sys
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_interactive  # noqa: E402
from test_interactive import Home, Session  # noqa: E402


class InterruptTheCheckTests(unittest.TestCase):
    def setUp(self):
        self.home = Home()
        self.session = None

    def tearDown(self):
        if self.session:
            self.session.kill()
        self.home.remove()

    def test_ctrl_c_stops_the_check_of_a_large_sourced_file(self):
        big = os.path.join(self.home.path, "big.lprof")
        with open(big, "w") as f:
            f.write("print RAN\n")
            f.write("get mode\n" * 4_000_000)  # 36 MB: seconds to check, even in release
        s = self.session = Session(self.home, args=("--memory", "-q", "--no-rc"))
        s.expect(r"lprof> ")
        s.line("source big.lprof")
        s.expect(r"source big\.lprof")
        time.sleep(0.5)  # reading is done; checking is under way
        started = time.monotonic()
        s.send("\x03")
        s.expect(r"interrupted: '.*big\.lprof' was being checked \(line \d+\); none of\s+it ran",
                 timeout=10)
        s.expect(r"lprof> ")
        self.assertLess(time.monotonic() - started, 2.5, "the check stopped at once")
        self.assertNotIn("RAN", s.text)
        s.line("print after")
        s.expect(r"\nafter")


if __name__ == "__main__":
    sys.exit(test_interactive.main())
