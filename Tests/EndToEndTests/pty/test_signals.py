#!/usr/bin/env python3
"""Signals at the prompt with a pending draft (issues 26 and 32).

    python3 Tests/EndToEndTests/pty/test_signals.py BINARY

Runs the real binary in a pseudo-terminal (pexpect), with a private HOME as
test_interactive.py does (whose Home and Session it uses) and a store in it. The session
edits (a pending draft, a line half typed) and then gets the signal at the prompt: TERM,
HUP, QUIT, USR1, USR2, ALRM, a real-time signal, or a crash's (SEGV, ABRT). lprof ends by
that signal (a crash with one line of report, never Swift's backtracer), and leaves:
  * the store as it was: the same bytes, the same file (inode) and modification time, and
    no temporary file beside it; the draft is discarded, as a quit would discard it;
  * the history with every line entered, and not the half-typed one;
  * the terminal as it found it: the pseudo-terminal's settings, raw while lprof reads a
    line, are again exactly those of a terminal nothing has touched.
Exits non-zero when a test fails.
"""

import os
import shlex
import signal
import subprocess
import sys
import termios
import time
import unittest

import pexpect

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_interactive  # noqa: E402
from test_interactive import Home, Session  # noqa: E402

PROMPT = r"lprof> "
PENDING = r"lprof edit\*> "


def untouched_terminal_settings():
    """The settings of a pseudo-terminal like Session's that no program has changed."""
    child = pexpect.spawn("/bin/sleep", ["30"], dimensions=(24, 80))
    try:
        return termios.tcgetattr(child.child_fd)
    finally:
        child.terminate(force=True)


def snapshot(path):
    """A file's bytes, inode and modification time."""
    info = os.stat(path)
    with open(path, "rb") as f:
        return f.read(), info.st_ino, info.st_mtime_ns


class SignalAtThePromptTests(unittest.TestCase):
    def setUp(self):
        self.home = Home()
        self.session = None
        self.store = os.path.join(self.home.path, "profile.json")
        first = subprocess.run(
            [test_interactive.BINARY, "--store", self.store, "--now", "2026-11-30", "-c",
             "edit on; set season autumn; done"],
            env=self.home.env(term="dumb"), capture_output=True, timeout=10)
        self.assertEqual(first.returncode, 0, first.stderr)

    def tearDown(self):
        if self.session:
            self.session.kill()
        self.home.remove()

    def signal_with_a_pending_draft(self, signo):
        before = snapshot(self.store)
        s = self.session = Session(
            self.home, args=("--store", self.store, "--now", "2026-11-30", "-q", "--no-rc"))
        s.expect(PROMPT)
        s.line("edit on")
        s.line("set season summer")
        s.line("set username kim")
        s.expect(PENDING)
        s.expect(PENDING)
        s.send("set goal +1")  # typed, not entered
        s.expect(r"set goal \+1")
        # At the prompt libedit has the terminal raw: the check below means something.
        at_prompt = termios.tcgetattr(s.child.child_fd)
        self.assertFalse(at_prompt[3] & termios.ICANON, "the prompt reads in raw mode")
        time.sleep(0.1)

        os.kill(s.child.pid, signo)
        s.child.expect(pexpect.EOF, timeout=5)
        s.raw += s.child.before  # what lprof wrote as it ended
        # The terminal, before the pseudo-terminal is closed: as nothing had touched it.
        after = termios.tcgetattr(s.child.child_fd)
        self.assertEqual(after, untouched_terminal_settings(), "the terminal is restored")
        s.child.close()
        self.assertEqual(s.child.signalstatus, signo, "lprof ends by the signal")
        self.assertNotIn("Fatal error", s.text)
        self.assertNotIn("Backtrace", s.text)
        self.assertNotIn("Press space", s.text)
        reports = [line for line in s.text.splitlines() if "internal error" in line]
        if signo in (signal.SIGSEGV, signal.SIGABRT):
            self.assertEqual(len(reports), 1, s.text)
            self.assertIn("This is a bug in lprof", reports[0])
        else:
            self.assertEqual(reports, [], "only a crash is reported")

        # The store as it was: the draft (summer, kim) was not committed.
        self.assertEqual(snapshot(self.store), before)
        files = sorted(
            n for n in os.listdir(self.home.path) if n not in ("state", "data", "config"))
        self.assertEqual(files, ["profile.json", "profile.json.lock"], "no temporary file")
        # Every entered line is in the history; the half-typed one is not.
        self.assertEqual(
            self.home.read_history(), b"edit on\nset season summer\nset username kim\n")
        # And the next session starts from the stored profile.
        check = subprocess.run(
            [test_interactive.BINARY, "--store", self.store, "-c", "get --json"],
            env=self.home.env(term="dumb"), capture_output=True, timeout=10)
        self.assertEqual(check.returncode, 0, check.stderr)
        self.assertIn(b'"username":"g_kumar"', check.stdout)
        self.assertIn(b'"seasonalPhoto":"autumn"', check.stdout)

    def test_sigterm_with_a_pending_draft(self):
        self.signal_with_a_pending_draft(signal.SIGTERM)

    def test_sighup_with_a_pending_draft(self):
        self.signal_with_a_pending_draft(signal.SIGHUP)

    def test_sigquit_with_a_pending_draft(self):
        self.signal_with_a_pending_draft(signal.SIGQUIT)

    def test_sigusr1_with_a_pending_draft(self):
        self.signal_with_a_pending_draft(signal.SIGUSR1)

    def test_sigusr2_with_a_pending_draft(self):
        self.signal_with_a_pending_draft(signal.SIGUSR2)

    def test_sigalrm_with_a_pending_draft(self):
        self.signal_with_a_pending_draft(signal.SIGALRM)

    def test_a_real_time_signal_with_a_pending_draft(self):
        self.signal_with_a_pending_draft(signal.SIGRTMIN + 3)

    def test_a_crash_with_a_pending_draft(self):
        self.signal_with_a_pending_draft(signal.SIGSEGV)

    def test_an_abort_with_a_pending_draft(self):
        self.signal_with_a_pending_draft(signal.SIGABRT)

    def signal_spares_the_shell(self, signo):
        # A shell without job control runs lprof in its own process group, the shell's:
        # the signal sent to lprof alone ends lprof alone (libedit's handlers passed it
        # on to the whole group with kill(0, …), which killed the shell too).
        command = "%s --memory -q --no-rc; echo after-lprof $?" % shlex.quote(
            test_interactive.BINARY)
        shell = pexpect.spawn(
            "/bin/sh", ["-c", command], env=self.home.env(), dimensions=(24, 80),
            encoding="utf-8", codec_errors="replace", timeout=5)
        try:
            shell.expect(r"> ")  # the prompt, coloured
            lprof = int(subprocess.run(
                ["pgrep", "-P", str(shell.pid)], capture_output=True, text=True,
                check=True).stdout.split()[0])
            os.kill(lprof, signo)
            shell.expect(r"after-lprof %d" % (128 + signo))
            shell.expect(pexpect.EOF)
        finally:
            shell.close(force=True)
        self.assertEqual(shell.exitstatus, 0, "the shell ended by itself, not by the signal")

    def test_sigterm_spares_the_shell_that_ran_lprof(self):
        self.signal_spares_the_shell(signal.SIGTERM)

    def test_sighup_spares_the_shell_that_ran_lprof(self):
        self.signal_spares_the_shell(signal.SIGHUP)


if __name__ == "__main__":
    sys.exit(test_interactive.main())
