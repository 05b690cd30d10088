#!/usr/bin/env python3
"""End-to-end tests of lprof's interactive shell through a pseudo-terminal.

    python3 Tests/EndToEndTests/pty/test_interactive.py BINARY

Each test runs the real binary under pexpect (and one under tmux) with a private HOME and
XDG folders in a temporary folder, an in-memory or temporary store, TERM=xterm-256color
(dumb for the no-colour checks) and an 80x24 window. Output is matched with escape
sequences stripped, so colour and libedit's cursor movement do not matter; where the
screen matters (Ctrl-A with colour), the test checks the command's effect instead.
Exits non-zero when a test fails.
"""

import fcntl
import os
import re
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
import unittest

import pexpect

BINARY = None

# CSI sequences, two-character escapes and BEL: what libedit and colour add to the text.
ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>78DEHM]|\x07")


def strip(text):
    return ANSI.sub("", text)


class Home:
    """A private home: HOME, XDG_STATE_HOME, XDG_CONFIG_HOME and XDG_DATA_HOME inside a
    temporary folder that is removed afterwards."""

    def __init__(self):
        self.path = tempfile.mkdtemp(prefix="lprof-pty-")
        self.state = os.path.join(self.path, "state")
        self.config = os.path.join(self.path, "config")
        self.data = os.path.join(self.path, "data")
        self.history = os.path.join(self.state, "lprof", "history")

    def env(self, term="xterm-256color", **extra):
        env = {
            "PATH": "/usr/bin:/bin",
            # A sanitizer build keeps its options (Scripts/test --sanitize, the suppressions).
            **{k: v for k, v in os.environ.items() if k.startswith(("ASAN_", "LSAN_"))},
            "HOME": self.path,
            "XDG_STATE_HOME": self.state,
            "XDG_CONFIG_HOME": self.config,
            "XDG_DATA_HOME": self.data,
            "TERM": term,
            "LANG": "C.UTF-8",
        }
        for key, value in extra.items():
            if value is None:
                env.pop(key, None)
            else:
                env[key] = value
        return env

    def write_rc(self, text):
        folder = os.path.join(self.config, "lprof")
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "lprofrc"), "w", encoding="utf-8") as f:
            f.write(text)

    def read_history(self):
        with open(self.history, "rb") as f:
            return f.read()

    def remove(self):
        shutil.rmtree(self.path, ignore_errors=True)


class Session:
    """One lprof process on a pseudo-terminal; `expect` searches the output seen so far
    (escape sequences stripped) from where the last match ended."""

    def __init__(self, home, args=("--memory",), env=None, cwd=None, preexec_fn=None,
                 **env_extra):
        self.home = home
        self.child = pexpect.spawn(
            BINARY, list(args), env=env or home.env(**env_extra), cwd=cwd or home.path,
            dimensions=(24, 80), encoding="utf-8", codec_errors="replace", timeout=5,
            preexec_fn=preexec_fn)
        self.raw = ""
        self.position = 0
        self.status = None

    @property
    def text(self):
        return strip(self.raw)

    def _read(self, timeout):
        try:
            self.raw += self.child.read_nonblocking(65536, timeout=timeout)
            return True
        except pexpect.TIMEOUT:
            return True
        except pexpect.EOF:
            return False

    def expect(self, pattern, timeout=5):
        regex = re.compile(pattern, re.M)
        deadline = time.monotonic() + timeout
        while True:
            match = regex.search(self.text, self.position)
            if match:
                self.position = match.end()
                return match
            if time.monotonic() > deadline:
                raise AssertionError(
                    "timed out waiting for %r; output ends with:\n%r" % (pattern, self.text[-600:]))
            if not self._read(0.05):
                match = regex.search(self.text, self.position)
                if match:
                    self.position = match.end()
                    return match
                raise AssertionError(
                    "lprof ended while waiting for %r; output ends with:\n%r"
                    % (pattern, self.text[-600:]))

    def settle(self, quiet=0.15, timeout=3):
        """Reads until nothing arrives for `quiet` seconds."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            before = len(self.raw)
            if not self._read(quiet) or len(self.raw) == before:
                return

    def send(self, text):
        self.child.send(text)

    def line(self, text):
        self.child.send(text + "\r")

    def run(self, text, prompt=r"lprof[^\n]*> $"):
        """Types a line and waits for the next prompt; returns the output in between."""
        start = len(self.text)
        self.line(text)
        self.expect(r"(lprof( edit\*?)?|\.\.\.)> ")
        self.settle(0.05, 1)
        return self.text[start:]

    def wait_exit(self, timeout=5):
        deadline = time.monotonic() + timeout
        while self._read(0.1):
            if time.monotonic() > deadline:
                raise AssertionError("lprof did not leave; output ends with:\n%r" % self.text[-600:])
        self.child.close()
        self.status = self.child.exitstatus
        return self.status

    def is_alive(self):
        return self.child.isalive()

    def kill(self):
        if self.child.isalive():
            self.child.terminate(force=True)


PROMPT = r"lprof> "
EDIT = r"lprof edit> "
PENDING = r"lprof edit\*> "
UP = "\x1b[A"


class InteractiveTestCase(unittest.TestCase):
    def setUp(self):
        self.home = Home()
        self.sessions = []

    def tearDown(self):
        for session in self.sessions:
            session.kill()
        self.home.remove()

    def start(self, *args, home=None, preexec_fn=None, **env_extra):
        session = Session(
            home or self.home, args=args or ("--memory",), preexec_fn=preexec_fn, **env_extra)
        self.sessions.append(session)
        return session

    def leave(self, session):
        session.send("\x04")
        self.assertEqual(session.wait_exit(), 0)


class PromptTests(InteractiveTestCase):
    def test_prompt_follows_the_mode(self):
        s = self.start("--memory")
        banner = s.expect(r"lprof 0\.1\.0[^\r\n]*'help'[^\r\n]*").group(0)
        self.assertLessEqual(len(banner), 80, "the banner fits an 80-column terminal")
        s.expect(PROMPT)
        s.line("edit on")
        s.expect(EDIT)
        s.line("set season autumn")
        s.expect(PENDING)
        s.line("print one \\")
        s.expect(r"\.\.\.> ")
        s.line("two")
        s.expect(r"one two\r\n")
        s.expect(PENDING)
        s.line("cancel")
        s.expect("\n" + PROMPT)
        self.leave(s)

    def test_prompt_shows_the_dismissed_sheet(self):
        s = self.start("--memory")
        s.expect(PROMPT)
        s.send("dis\t")
        s.expect("miss ")
        s.send("\r")
        s.expect(r"\nlprof \(dismissed\)> ")
        s.line("edit on")
        s.expect(r"but its sheet is dismissed; type 'present'")
        s.expect(r"lprof \(dismissed\)> ")
        s.send("pre\t")
        s.expect("sent ")
        s.send("\r")
        s.expect("\n" + PROMPT)
        s.line("get sheet")
        s.expect(r"\npresented\r\n")
        self.leave(s)

    def test_quiet_hides_the_banner(self):
        s = self.start("--memory", "-q")
        s.expect(PROMPT)
        self.assertNotIn("lprof 0.1.0", s.text)
        self.assertNotIn("help", s.text)
        self.leave(s)

    def test_a_terminal_type_with_escapes_is_not_echoed_raw(self):
        # libedit's own "No entry for terminal type" warning would write TERM raw (here an
        # OSC that sets the window title); lprof makes it dumb first and warns, escaped.
        s = self.start("--memory", "-q", term="\x1b]0;PWNED\x07")
        s.expect(PROMPT)
        self.assertIn("TERM='\\u{1B}]0;PWNED\\u{7}' names no terminal type", s.text)
        self.assertNotIn("\x1b]0;", s.raw)
        self.assertNotIn("\x1b[1", s.raw, "dumb: no colour")
        self.leave(s)

    def test_color_never_keeps_errors_plain_on_a_terminal(self):
        # --color never holds for diagnostics too, with stderr a terminal (SPEC §5): a
        # script's errors, -c's, check's, and lprof's own (learn's).
        script = os.path.join(self.home.path, "bad.lprof")
        with open(script, "w") as f:
            f.write("sett season autumn\n")
        for args in (["--color", "never", "--memory", "-c", "set season fall"],
                     ["--color", "never", "--memory", script],
                     ["--color", "never", "check", script],
                     ["--color", "never", "learn", "nosuch"]):
            child = pexpect.spawn(BINARY, args, env=self.home.env(), encoding="utf-8")
            child.expect(pexpect.EOF, timeout=20)
            self.assertIn("error:", child.before, args)
            self.assertNotIn("\x1b[", child.before, args)
        child = pexpect.spawn(BINARY, ["--memory", "-c", "set season fall"],
                              env=self.home.env(), encoding="utf-8")
        child.expect(pexpect.EOF, timeout=20)
        self.assertIn("\x1b[1;31merror:", child.before, "coloured by default")

    def test_dumb_terminal_has_no_colour(self):
        s = self.start("--memory", term="dumb")
        s.expect(PROMPT)
        s.line("edit on")
        s.expect(EDIT)
        s.line("set season autumn")
        s.expect(PENDING)
        s.line("set seson autumn")
        s.expect(r"error: ")
        s.expect(PENDING)
        self.assertNotIn("\x1b[1", s.raw)
        self.assertNotIn("\x1b[0m", s.raw)
        s.line("cancel")
        self.leave(s)


class OtherShellsTests(InteractiveTestCase):
    """What people type in other shells: '?' and '\\?' are help (Julia, psql); the words
    that leave them are answered with 'quit'."""

    def test_question_mark_shows_help(self):
        s = self.start("--memory", "-q")
        s.expect(PROMPT)
        s.line("?")
        s.expect(r"Commands:\r\n  help \[TOPIC\]")
        s.expect(PROMPT)
        s.line("\\? set")
        s.expect(r"\r\nset FIELD VALUE\r\n  Changes the draft")
        s.expect(PROMPT)
        # Tab after '?' completes help topics, as after 'help'.
        s.send("? lim\t")
        s.expect("its ")
        s.send("\r")
        s.expect(r"\r\nLimits\r\n")
        s.expect(PROMPT)
        self.assertNotIn("unknown command", s.text)
        self.leave(s)

    def test_words_that_leave_other_shells_point_at_quit(self):
        s = self.start("--memory", "-q")
        s.expect(PROMPT)
        for word in ("\\q", ":q", ".quit"):
            s.line(word)
            s.expect(r"unknown command '%s'; did you mean 'quit'\?" % re.escape(word))
            s.expect(PROMPT)
        self.assertTrue(s.is_alive())
        self.leave(s)


class EditingTests(InteractiveTestCase):
    def test_up_recalls_the_previous_line(self):
        s = self.start()
        s.expect(PROMPT)
        s.line("print first")
        s.expect(r"first\r\n")
        s.line("print second")
        s.expect(r"second\r\n")
        s.expect(PROMPT)
        s.send(UP)
        s.settle()
        s.send("\r")
        s.expect(r"second\r\n")
        s.expect(PROMPT)
        self.leave(s)

    def test_ctrl_r_finds_an_earlier_line(self):
        s = self.start()
        s.expect(PROMPT)
        s.line("print alpha-1")
        s.expect(r"alpha-1\r\n")
        s.line("print beta-2")
        s.expect(r"beta-2\r\n")
        s.line("print gamma-3")
        s.expect(r"gamma-3\r\n")
        s.expect(PROMPT)
        s.send("\x12alp")
        s.settle()
        s.send("\r")
        s.expect(r"\nalpha-1\r\n")
        s.expect(PROMPT)
        self.leave(s)

    def test_ctrl_r_then_a_key_ends_the_search_and_does_what_the_key_does(self):
        # SPEC §8: an arrow, Home or End ends the search keeping the match and moves the
        # cursor; no key types its escape sequence into the line or into history.
        s = self.start()
        s.expect(PROMPT)
        for keys, typed, printed in [
            ("\x1b[C", "Z", r"uZnique-marker-1"),  # Right: after the match's first letter
            ("\x1bOC", "Y", r"uYnique-marker-1"),  # Right, as an application-mode keypad
            ("\x1b[D", "W", r"unknown command 'printW'"),  # Left: before the match
            ("\x1b[4~", "-end", r"unique-marker-1-end"),  # End
            ("\x1b[1~", "print X; ", r"X\r\nunique-marker-1"),  # Home
        ]:
            # The newest entry is the one each search finds.
            s.line("print unique-marker-1")
            s.expect(r"unique-marker-1\r\n")
            s.expect(PROMPT)
            s.send("\x12uniq")
            s.settle()
            s.send(keys)
            s.settle()
            s.send(typed + "\r")
            s.expect(printed)
            s.expect(PROMPT)
        # Up after a search recalls history as Up does; nothing escaped was entered.
        s.send("\x12uniq")
        s.settle()
        s.send("\x1b[A")
        s.settle()
        s.send("\x15")  # Ctrl-U
        s.settle()
        s.line("print after")
        s.expect(r"\nafter\r\n")
        self.leave(s)
        history = self.home.read_history().decode()
        self.assertNotIn("[C", history)
        self.assertNotIn("[D", history)
        self.assertNotIn("[4~", history)
        self.assertNotIn("[1~", history)
        self.assertNotIn("[A", history)

    def test_keys_libedit_does_not_know_type_nothing(self):
        # SPEC §8: F1, F5, F12, Insert and a modified Delete send escape sequences libedit
        # has no binding for; their tails ('~', '5~', '4~') must not reach the line or
        # history, at the prompt or during Ctrl-R.
        s = self.start()
        s.expect(PROMPT)
        s.send("print x")
        for key in ["\x1bOP", "\x1b[15~", "\x1b[24~", "\x1b[2~", "\x1b[3;5~", "\x1b[1;2P",
                    "\x1b[[A", "\x1b\x1b[1~", "\x1b\x1bOH"]:
            s.send(key)
            s.settle(0.1)
        s.send("y\r")
        s.expect(r"\nxy\r\n")
        s.expect(PROMPT)
        s.send("\x12xy")
        s.settle()
        s.send("\x1b[15~")
        s.settle()
        s.send("\r")
        s.expect(r"\nxy\r\n")
        s.expect(PROMPT)
        # Ctrl-C while lprof waits to see whether an Escape starts a key's sequence clears
        # the line as ever, and the next line runs.
        s.send("print abc\x1b")
        time.sleep(0.02)
        s.send("\x03")
        s.settle()
        s.send("print zz\r")
        s.expect(r"\nzz\r\n")
        s.expect(PROMPT)
        # A stray UTF-8 lead byte does not swallow the Enter after it.
        s.send("print z")
        os.write(s.child.child_fd, b"\xc3")
        s.settle(0.1)
        s.send("\r")
        s.expect(r"\nz\r\n")
        s.expect(PROMPT)
        self.leave(s)
        # (the search's run of 'print xy' again is not kept twice in a row)
        self.assertEqual(self.home.read_history(), b"print xy\nprint zz\nprint z\n")

    def test_ctrl_r_aborts_with_ctrl_g_and_ctrl_c(self):
        s = self.start()
        s.expect(PROMPT)
        s.line("print older-line")
        s.expect(r"older-line\r\n")
        s.expect(PROMPT)
        s.send("print typed")
        s.settle()
        s.send("\x12older")
        s.expect("reverse-i-search")
        s.send("\x07")  # Ctrl-G: the line as it was
        s.settle()
        s.send("\r")
        s.expect(r"\ntyped\r\n")
        s.expect(PROMPT)
        s.send("\x12older")
        s.expect("reverse-i-search")
        s.send("\x03")  # Ctrl-C: a fresh prompt, the line dropped
        s.expect(PROMPT)
        s.line("print still-here")
        s.expect(r"\nstill-here\r\n")
        self.leave(s)

    def test_tab_completes_field_then_value(self):
        s = self.start()
        s.expect(PROMPT)
        s.line("edit on")
        s.expect(EDIT)
        s.send("set sea\t")
        s.expect("son ")
        s.send("au\t")
        s.expect("tumn ")
        s.send("\r")
        s.expect(PENDING)
        s.line("get season")
        s.expect(r"\nautumn\r\n")
        s.line("cancel")
        s.expect(PROMPT)
        self.leave(s)
        self.assertIn(b"set season autumn\n", self.home.read_history())

    def test_tab_lists_several_candidates(self):
        s = self.start()
        s.expect(PROMPT)
        s.send("set \t")
        s.expect(r"username\s+notifications\s+season\s+goal")
        s.settle()
        # Tab again on the same text lists nothing more and leaves the line in place.
        s.send("\t")
        s.settle()
        s.send("\t")
        s.settle()
        self.assertEqual(s.text.count("notifications"), 1, s.text)
        # Typing on, the next ambiguous Tab lists again.
        s.send("s\t")
        s.expect("eason ")
        s.send("\x15")  # Ctrl-U: kill the line
        s.settle()
        self.leave(s)

    def test_ctrl_a_with_colour_lands_at_the_start(self):
        s = self.start("--memory", "--color", "always")
        s.expect(PROMPT)
        self.assertIn("\x1b[", s.raw, "--color always should colour the prompt")
        s.line("edit on")
        s.expect(EDIT)
        s.send("et season autumn")
        s.settle()
        s.send("\x01")
        s.settle()
        s.send("s\r")
        s.expect(PENDING)
        s.line("get season")
        s.expect(r"\nautumn\r\n")
        self.assertNotIn("unknown command", s.text)
        s.line("cancel")
        self.leave(s)

    def test_utf8_editing_with_arrows_and_backspace(self):
        s = self.start("--memory", "-q")
        s.expect(PROMPT)
        s.line("edit on")
        s.expect(EDIT)
        s.send('set username "한글🍂é"')
        s.settle()
        # Left over the quote and é, over 🍂; Backspace deletes 글.
        s.send("\x1b[D\x1b[D\x1b[D\x7f")
        s.settle()
        s.send("\r")
        s.expect(PENDING)
        s.line("get username")
        s.expect("\n한🍂é\r\n")
        s.line("cancel")
        self.leave(s)

    def test_output_wraps_to_the_window(self):
        s = self.start("--memory", "-q", term="dumb", COLUMNS="120")
        s.child.setwinsize(24, 40)
        s.expect(PROMPT)
        start = len(s.text)
        s.line("show summary")
        s.expect(r"Recent Hikes")
        s.expect(PROMPT)
        lines = s.text[start:].split("\r\n")[1:-1]
        self.assertGreater(len(lines), 5)
        widest = max(lines, key=len)
        self.assertLessEqual(len(widest), 40, widest)
        self.leave(s)

    def test_why_names_the_history_entry_and_wraps_under_its_step(self):
        s = self.start("--memory", "-q")
        s.expect(PROMPT)
        for line in ["edit on", "set season autumn", "done"]:
            s.line(line)
            s.expect(PROMPT if line == "done" else r"> ")
        start = len(s.text)
        s.line("why profile.season")
        s.expect(r"from its origin to now:")
        s.expect("\n" + PROMPT)
        shown = strip(s.text[start:])
        flat = re.sub(r"\s+", " ", shown)
        self.assertIn("'set season autumn' (history 2)", flat)
        self.assertIn("'done' (history 3)", flat)
        lines = [l for l in shown.split("\r\n")[1:-1] if l]
        self.assertLessEqual(max(len(l) for l in lines), 80, lines)
        # A step's continued rows start under its text, after "  1. ".
        continued = [l for l in lines if not re.match(r"^(  \d+\. |profile\.season)", l)]
        self.assertTrue(continued, lines)
        for row in continued:
            self.assertTrue(row.startswith("     ") and row[5] != " ", row)
        self.leave(s)

    def test_help_and_errors_wrap_to_the_window(self):
        s = self.start("--memory", "-q", term="dumb", COLUMNS="120")
        s.child.setwinsize(24, 40)
        s.expect(PROMPT)
        start = len(s.text)
        s.line("help")
        s.expect(
            r"  help \[TOPIC\]\r\n      this list, or one command or topic\r\n"
            r"      in detail \(also: \? and \\\?\)\r\n")
        s.expect(PROMPT)
        s.line("set season autumn")
        s.expect(r"error: fields change only in edit mode:\r\n       until then")
        s.expect(PROMPT)
        lines = s.text[start:].split("\r\n")
        widest = max(lines, key=len)
        self.assertLessEqual(len(widest), 40, widest)
        self.leave(s)

    def test_word_and_line_keys_of_other_terminals_move_the_cursor(self):
        s = self.start()
        s.expect(PROMPT)
        # Ctrl-Left, Alt-Left (xterm) and rxvt's Ctrl-Left, then Home and End as tmux and the
        # Linux console send them: none may type the tail of its escape sequence.
        for keys, expected in [
            ("print ab cd\x1b[1;5DX", "ab Xcd"),
            ("print ab cd\x1b[1;3DX", "ab Xcd"),
            ("print ab cd\x1bOdX", "ab Xcd"),
            ("print ab cd\x1b[1;5D\x1b[1;5D\x1b[1;5CX", "abX cd"),
            ("Xprint ab\x1b[1~\x1b[3~\x1b[4~Y", "abY"),
            ("print ab\x1b[7~\x1b[8~Z", "abZ"),
        ]:
            s.line(keys)
            s.expect("\n" + re.escape(expected) + "\r\n")
            s.expect(PROMPT)
        # PgUp searches history for the typed prefix instead of typing a tilde.
        s.send("print ab")
        s.send("\x1b[5~")
        s.send("\r")
        s.expect(r"\nabZ\r\n")
        s.expect(PROMPT)
        self.leave(s)

    def test_typed_utf8_username_round_trips(self):
        for lang in ("C.UTF-8", None, "C"):
            with self.subTest(LANG=lang):
                s = self.start("--memory", "-q", LANG=lang, LC_ALL=None, LC_CTYPE=None)
                s.expect(PROMPT)
                s.line("edit on")
                s.expect(EDIT)
                s.line('set username "Zoë 🍂 한글"')
                s.expect(PENDING)
                s.line("get username")
                s.expect("\nZoë 🍂 한글\r\n")
                s.line("cancel")
                s.expect(PROMPT)
                self.leave(s)


class InterruptTests(InteractiveTestCase):
    def test_ctrl_c_clears_the_line(self):
        s = self.start()
        s.expect(PROMPT)
        s.send("print discarded")
        s.settle()
        s.send("\x03")
        s.expect(PROMPT)
        s.line("print kept")
        s.expect(r"\nkept\r\n")
        s.expect(PROMPT)
        self.assertTrue(s.is_alive())
        self.assertNotRegex(s.text, r"\ndiscarded\r\n")
        self.leave(s)

    def test_ctrl_c_and_resize_work_when_started_with_signals_blocked(self):
        # As from a libdispatch thread (Foundation's Process under swift test): the mask
        # survives exec.
        def block():
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGWINCH})

        s = self.start("--memory", "-q", term="dumb", preexec_fn=block)
        s.expect(PROMPT)
        s.send("print discarded")
        s.settle()
        s.send("\x03")
        s.expect(PROMPT)
        s.child.setwinsize(24, 40)
        s.line("show summary")
        s.expect(r"Recent Hikes")
        s.expect(PROMPT)
        self.assertNotRegex(s.text, r"\ndiscarded\r\n")
        self.assertNotRegex(s.text, r"[─]{41}", "the divider follows the new width")
        self.leave(s)

    def test_ctrl_c_stops_a_long_source(self):
        path = os.path.join(self.home.path, "long.lprof")
        with open(path, "w") as f:
            f.writelines("print line %d\n" % i for i in range(30000))
        s = self.start()
        s.expect(PROMPT)
        s.line("source long.lprof")
        s.expect(r"line 200\r\n")
        s.send("\x03")
        s.expect(r"interrupted", timeout=10)
        s.expect(PROMPT)
        self.assertNotIn("line 29999", s.text)
        s.line("print alive")
        s.expect(r"\nalive\r\n")
        self.leave(s)

    def test_ctrl_c_stops_a_source_waiting_on_a_fifo(self):
        fifo = os.path.join(self.home.path, "fifo.lprof")
        os.mkfifo(fifo)
        s = self.start()
        s.expect(PROMPT)
        s.line("source fifo.lprof")
        s.settle(0.3)
        s.send("\x03")
        s.expect(r"error: 'fifo\.lprof' was not read: interrupted", timeout=5)
        s.expect(PROMPT)
        s.line("print alive")
        s.expect(r"\nalive\r\n")
        self.leave(s)

    # Ctrl-C stops every enclosing `source`, not only the innermost one.
    def test_ctrl_c_stops_nested_sources(self):
        # A binary tree of sources 18 deep: about 260000 leaves, each printing a tick.
        depth = 18
        for level in range(depth):
            with open(os.path.join(self.home.path, "n%d.lprof" % level), "w") as f:
                f.write("source n%d.lprof\nsource n%d.lprof\n" % (level + 1, level + 1))
        with open(os.path.join(self.home.path, "n%d.lprof" % depth), "w") as f:
            f.write("print tick\n")
        s = self.start()
        s.expect(PROMPT)
        s.line("source n0.lprof")
        s.expect(r"(tick\r\n){20}")
        s.send("\x03")
        s.expect(r"interrupted", timeout=5)
        s.expect(r"\n" + PROMPT, timeout=3)
        s.line("print alive")
        s.expect(r"\nalive\r\n")
        self.leave(s)


class LeavingTests(InteractiveTestCase):
    # Said as the prompt says errors ('error: …'), not as a script's ('lprof: warning: …').
    WARNING = r"^warning: [^\n]*not committed"

    def test_ctrl_d_on_an_empty_line_leaves(self):
        s = self.start()
        s.expect(PROMPT)
        s.send("\x04")
        self.assertEqual(s.wait_exit(), 0)

    def test_ctrl_d_with_pending_edits_warns_first(self):
        s = self.start()
        s.expect(PROMPT)
        s.line("edit on")
        s.line("set season autumn")
        s.expect(PENDING)
        s.send("\x04")
        s.expect(self.WARNING)
        s.expect(PENDING)
        self.assertTrue(s.is_alive())
        s.send("\x04")
        self.assertEqual(s.wait_exit(), 0)

    def test_quit_and_exit_with_pending_edits(self):
        for word in ("quit", "exit"):
            with self.subTest(word=word):
                s = self.start()
                s.expect(PROMPT)
                s.line("edit on")
                s.line("set notifications off")
                s.expect(PENDING)
                s.line(word)
                s.expect(self.WARNING)
                s.expect(PENDING)
                self.assertTrue(s.is_alive())
                s.line(word)
                self.assertEqual(s.wait_exit(), 0)

    def test_quit_without_pending_edits_leaves_at_once(self):
        s = self.start()
        s.expect(PROMPT)
        s.line("edit on")
        s.expect(EDIT)
        s.line("quit")
        self.assertEqual(s.wait_exit(), 0)
        self.assertNotIn("warning", s.text)

    def test_quit_warning_says_quitting_is_not_dismissing(self):
        s = self.start()
        s.expect(PROMPT)
        s.line("edit on")
        s.line("set season autumn")
        s.expect(PENDING)
        s.line("quit")
        s.expect(self.WARNING)
        s.expect(r"quitting\s+lprof\s+dismisses\s+nothing")
        s.expect(r"'dismiss'\s+would\s+commit\s+them,\s+as\s+the\s+editor's\s+onDisappear\s+commits")
        s.line("quit")
        self.assertEqual(s.wait_exit(), 0)

    # The beta's buttons with the profile in ModelData (the wiring lab) show a stale draft
    # (Profile.default, never edited): no change of the learner's, so no star and no
    # warning; after a set, the warning names only that field and says what a commit
    # would also write. The prompt says the wiring is changed.
    def test_a_stale_draft_is_not_a_pending_change(self):
        store = os.path.join(self.home.path, "profile.json")
        seeded = subprocess.run(
            [BINARY, "--store", store, "-c", "edit on; set username hiker; done"],
            env=self.home.env(term="dumb"), capture_output=True, timeout=10)
        self.assertEqual(seeded.returncode, 0, seeded.stderr)
        s = self.start("--store", store, "--edition", "beta", "-q")
        s.expect(PROMPT)
        s.line("env wiring profile modeldata")
        s.expect(r"lprof \(wired\)> ")
        s.line("edit on")
        # The prompt's '*' says the draft differs (a commit would write it), though
        # nothing was set: quit still leaves at once (issue 34 item 13).
        s.expect(r"lprof \(wired\) edit\*> ")
        s.line("set season autumn")
        s.expect(r"lprof \(wired\) edit\*> ")
        s.line("quit")
        s.expect(r"not\s+committed\s+\(season\);")
        s.expect(r"a\s+commit\s+would\s+also\s+write\s+username,\s+which\s+you\s+did\s+not\s+set")
        s.line("set season winter")
        s.expect(r"lprof \(wired\) edit\*> ")
        s.line("quit")
        self.assertEqual(s.wait_exit(), 0)

    def test_typing_between_rearms_the_warning(self):
        s = self.start()
        s.expect(PROMPT)
        s.line("edit on")
        s.line("set season spring")
        s.expect(PENDING)
        s.line("quit")
        s.expect(self.WARNING)
        s.line("print between")
        s.expect(r"\nbetween\r\n")
        s.line("quit")
        s.expect(self.WARNING)
        s.expect(PENDING)
        s.send("\x04")  # Ctrl-D right after a refused quit: leaves
        self.assertEqual(s.wait_exit(), 0)


class HistoryTests(InteractiveTestCase):
    def test_history_is_plain_text_and_persists(self):
        s = self.start()
        s.expect(PROMPT)
        for line in ("print one", " print secret", "print two", "print two", "print three"):
            s.line(line)
            s.expect(PROMPT)
        self.leave(s)
        data = self.home.read_history()
        self.assertNotIn(b"_HiStOrY_V2_", data)
        self.assertEqual(data, b"print one\nprint two\nprint three\n")

        s = self.start()
        s.expect(PROMPT)
        s.send(UP)
        s.settle()
        s.send("\r")
        s.expect(r"\nthree\r\n")
        s.expect(PROMPT)
        s.line("history")
        # The recalled line repeats the newest entry, so it is kept once.
        s.expect(r"\n\s+1  print one\r\n\s+2  print two\r\n\s+3  print three\r\n\s+4  history\r\n")
        s.expect(PROMPT)
        s.line("history 2")
        s.expect(r"\n\s+4  history\r\n\s+5  history 2\r\n")
        s.expect(PROMPT)
        self.assertNotIn("secret", s.text.split("history 2")[-1])
        self.leave(s)

    def test_control_bytes_typed_with_ctrl_v_never_reach_the_file_raw(self):
        # Ctrl-V Ctrl-A and Ctrl-V Esc put the raw bytes in the line (which the language
        # refuses, but history keeps); the file holds them escaped (a marked line), and
        # the next session gets the entry back as typed.
        s = self.start()
        s.expect(PROMPT)
        s.send("print a\x16\x01b\r")
        s.expect(r"control character U\+0001 is not allowed here\r\n")
        s.expect(PROMPT)
        s.send("print c\x16\x1bd\r")
        s.expect(r"control character U\+001B is not allowed here\r\n")
        s.expect(PROMPT)
        self.leave(s)
        data = self.home.read_history()
        self.assertEqual(data, b" print a\\u{1}b\n print c\\u{1B}d\n")
        s = self.start()
        s.expect(PROMPT)
        s.send(UP + UP)
        s.settle()
        s.send("\r")
        s.expect(r"control character U\+0001 is not allowed here\r\n")
        s.expect(PROMPT)
        self.leave(s)

    def test_two_sessions_both_keep_their_lines(self):
        a = self.start()
        b = self.start()
        a.expect(PROMPT)
        b.expect(PROMPT)
        a.line("print from-a-1")
        a.expect(r"\nfrom-a-1\r\n")
        b.line("print from-b-1")
        b.expect(r"\nfrom-b-1\r\n")
        a.line("print from-a-2")
        a.expect(r"\nfrom-a-2\r\n")
        b.line("print from-b-2")
        b.expect(r"\nfrom-b-2\r\n")
        self.leave(a)
        self.leave(b)
        lines = self.home.read_history().decode().splitlines()
        for entry in ("print from-a-1", "print from-b-1", "print from-a-2", "print from-b-2"):
            self.assertIn(entry, lines)

    def test_two_sessions_ending_with_quit_leave_it_once(self):
        # Each session loaded the file before the other's lines: the append looks at the
        # file's last entry as it is now (SPEC section 7).
        a = self.start()
        b = self.start()
        a.expect(PROMPT)
        b.expect(PROMPT)
        a.line("print from-a")
        a.expect(r"\nfrom-a\r\n")
        b.line("print from-b")
        b.expect(r"\nfrom-b\r\n")
        a.line("quit")
        self.assertEqual(a.wait_exit(), 0)
        b.line("quit")
        self.assertEqual(b.wait_exit(), 0)
        self.assertEqual(self.home.read_history(), b"print from-a\nprint from-b\nquit\n")

    def test_empty_lprof_history_disables_it(self):
        s = self.start(LPROF_HISTORY="")
        s.expect(PROMPT)
        s.line("print nothing-kept")
        s.expect(PROMPT)
        self.leave(s)
        self.assertFalse(os.path.exists(self.home.history))
        self.assertFalse(os.path.exists(os.path.join(self.home.state, "lprof")))

    def test_non_utf8_history_is_left_untouched(self):
        os.makedirs(os.path.dirname(self.home.history))
        original = b"print caf\xe9\nprint \xff\xfe\n"
        with open(self.home.history, "wb") as f:
            f.write(original)
        s = self.start()
        # Said at once, before the first prompt; wrapped at spaces to the 80 columns, each
        # line within them.
        match = s.expect(
            r"(warning: history is not saved \([^\n]*\r?\n(?: {9}[^\n]*\r?\n)*)")
        s.expect(PROMPT)
        s.line("print typed")
        self.assertIn("history is not UTF-8 text; it is left", " ".join(match.group(1).split()))
        for line in match.group(1).splitlines():
            self.assertLessEqual(len(line), 80, line)
        s.expect(r"^typed\r\n")
        s.line("history")
        s.expect(r"1  print typed\r\n")
        self.leave(s)
        self.assertEqual(self.home.read_history(), original)

    def test_unwritable_history_warns_once(self):
        s = self.start(LPROF_HISTORY="/proc/lprof-no-such-folder/history")
        s.expect(PROMPT)
        s.line("print one")
        s.expect(r"warning: history is not saved[^\n]*\n")
        s.expect(r"^one\r\n", timeout=5)
        s.line("print two")
        s.expect(r"\ntwo\r\n")
        s.expect(PROMPT)
        self.assertEqual(s.text.count("history is not saved"), 1)
        s.line("history")
        s.expect(r"1  print one\r\n\s+2  print two\r\n")
        self.leave(s)

    def test_a_history_file_that_is_a_fifo_or_device_is_said_at_once(self):
        # A FIFO nobody writes to would hang a blocking open (Ctrl-C ignored); a device
        # (/dev/zero) would be read as history. Each is one warning at once, naming the
        # file and what it is, and the prompt comes; history is kept in memory only.
        fifo = os.path.join(self.home.path, "history-fifo")
        os.mkfifo(fifo)
        for path, what in ((fifo, r"a FIFO \(named pipe\)"), ("/dev/zero", "a device")):
            s = self.start(LPROF_HISTORY=path)
            match = s.expect(
                r"(warning: history is not saved \([^\n]*\r?\n(?: {9}[^\n]*\r?\n)*)",
                timeout=3)
            flat = " ".join(match.group(1).split())
            self.assertRegex(
                flat, r"'%s' is %s, not a regular file; it is left untouched"
                % (re.escape(path), what))
            s.expect(PROMPT, timeout=3)
            s.line("print typed")
            s.expect(r"\ntyped\r\n")
            s.expect(PROMPT)
            s.line("history")
            s.expect(r"1  print typed\r\n")
            self.leave(s)
            self.assertEqual(s.text.count("history is not saved"), 1)
        self.assertTrue(stat.S_ISFIFO(os.stat(fifo).st_mode))

    def test_unreadable_history_is_left_untouched(self):
        # A folder where the file should be (unreadable as a file even for root), and,
        # when not root, a file without read permission.
        # Either is said once, at start: before the first prompt, not after the first
        # command's output.
        folder = os.path.join(self.home.path, "history-folder")
        os.makedirs(os.path.join(folder, "inside"))
        s = self.start(LPROF_HISTORY=folder)
        s.expect(r"^warning: history is not saved \(")
        s.expect(PROMPT)
        self.assertNotIn(PROMPT, s.text[:s.text.index("history is not saved")])
        s.line("print typed")
        s.expect(r"\ntyped\r\n")
        s.expect(PROMPT)
        self.assertEqual(s.text.count("history is not saved"), 1)
        self.leave(s)
        self.assertEqual(os.listdir(folder), ["inside"])
        if os.geteuid() != 0:
            path = os.path.join(self.home.path, "locked-history")
            with open(path, "wb") as f:
                f.write(b"print old\n")
            os.chmod(path, 0o200)
            s = self.start(LPROF_HISTORY=path)
            s.expect(r"^warning: history is not saved \(")
            s.expect(PROMPT)
            s.line("print typed")
            s.expect(r"\ntyped\r\n")
            self.leave(s)
            os.chmod(path, 0o600)
            with open(path, "rb") as f:
                self.assertEqual(f.read(), b"print old\n")


class ErrorTests(InteractiveTestCase):
    def caret_column(self, session, typed):
        start = len(session.text)
        session.line(typed)
        session.expect(r"error: [^\n]*\n")
        session.expect(r"> ")
        after = session.text[start:]
        carets = [l for l in after.split("\r\n") if re.fullmatch(r" *\^~*", l)]
        self.assertEqual(len(carets), 1, "one caret line after %r in %r" % (typed, after))
        self.assertNotRegex(after, r"<prompt>|:\d+:\d+:", "no location prefix")
        return carets[0].index("^"), len(carets[0]) - carets[0].index("^")

    def test_errors_continue_with_the_caret_under_the_token(self):
        s = self.start("--memory", term="dumb")
        s.expect(PROMPT)
        # 'lprof> ' is 7 columns; 'set ' 4 more.
        self.assertEqual(self.caret_column(s, "set seson autumn"), (11, 5))
        self.assertEqual(self.caret_column(s, "frobnicate"), (7, 10))
        s.line("edit on")
        s.expect(EDIT)
        # 'lprof edit> ' is 12 columns; '한글' is 4 columns wide.
        self.assertEqual(self.caret_column(s, "set season 한글"), (23, 4))
        self.assertEqual(self.caret_column(s, 'print 한글 "abc'), (23, 1))
        s.line("print still-here")
        s.expect(r"\nstill-here\r\n")
        self.leave(s)

    def test_the_caret_finds_a_token_far_along_a_wide_line(self):
        # 200 columns: the whole line fits one row, and the caret goes under 'monsoon' at
        # column 7 + 6 + 130 + 3 + 11 = 157, not under the x's (a script's excerpt, cropped
        # around the caret, is not what the prompt shows).
        s = self.start("--memory", term="dumb")
        s.child.setwinsize(30, 200)
        s.expect(PROMPT)
        self.assertEqual(
            self.caret_column(s, "print " + "x" * 130 + " ; set season monsoon"), (157, 7))
        self.leave(s)

    def test_caret_ignores_colour_in_the_prompt(self):
        s = self.start("--memory", "--color", "always")
        s.expect(PROMPT)
        s.line("edit on")
        s.expect(EDIT)
        s.line("set season autumn")
        s.expect(PENDING)
        # 'lprof edit*> ' is 13 columns.
        self.assertEqual(self.caret_column(s, "set goal 2026-13-01"), (22, 10))
        s.line("cancel")
        self.leave(s)


class StartupTests(InteractiveTestCase):
    def test_rc_file_runs_at_start(self):
        # A failing line is reported, located in the rc file, and the lines after it run.
        self.home.write_rc("set season autumn\nenv sizeCategory ax1\nedit on\n")
        s = self.start("--memory", "-q")
        s.expect(r"lprofrc:1:1: error: fields change only in\s+edit mode")
        s.expect(EDIT)
        s.line("env sizeCategory")
        s.expect(r"\naccessibilityMedium\r\n")
        s.line("cancel")
        self.leave(s)

    def test_a_syntax_error_in_the_rc_file_skips_only_its_line(self):
        # A typo is reported, located, and the lines before and after it still run (as
        # the man page and README say), not the whole file dropped.
        self.home.write_rc("print from-rc\nset seasn x\nenv locale ko_KR\nedit on\n")
        s = self.start("--memory", "-q")
        s.expect(r"^from-rc\r\n")
        s.expect(r"lprofrc:2:5: error: unknown field 'seasn'")
        s.expect(EDIT)
        s.line("env locale")
        s.expect(r"\nko_KR\r\n")
        s.line("cancel")
        self.leave(s)

    def rc_path(self):
        folder = os.path.join(self.home.config, "lprof")
        os.makedirs(folder, exist_ok=True)
        return os.path.join(folder, "lprofrc")

    def test_an_rc_file_that_is_a_fifo_or_device_is_an_error_at_once(self):
        # A FIFO nobody writes to, a device, a folder: each is said at once, naming the
        # file and what it is, and the prompt comes (a blocking open would hang here, with
        # Ctrl-C ignored).
        for make, what in ((os.mkfifo, "a FIFO (named pipe)"),
                           (lambda p: os.symlink("/dev/zero", p), "a device"),
                           (os.mkdir, "a folder")):
            path = self.rc_path()
            make(path)
            try:
                s = self.start("--memory", "-q")
                match = s.expect(r"error: rc file [\s\S]*?not run", timeout=3)
                self.assertEqual(
                    " ".join(match.group(0).split()),
                    "error: rc file '%s' is %s, not a file; it was not run" % (path, what))
                s.expect(PROMPT, timeout=3)
                s.line("print still-here")
                s.expect(r"\nstill-here\r\n")
                s.expect(PROMPT)  # Ctrl-D before the prompt can be lost as modes change
                self.leave(s)
            finally:
                if os.path.isdir(path) and not os.path.islink(path):
                    os.rmdir(path)
                else:
                    os.unlink(path)

    def test_no_rc_skips_it(self):
        self.home.write_rc("env sizeCategory ax1\n")
        s = self.start("--memory", "-q", "--no-rc")
        s.expect(PROMPT)
        s.line("env sizeCategory")
        s.expect(r"\nlarge\r\n")
        self.leave(s)


class StoreTests(InteractiveTestCase):
    def test_conflict_keeps_edit_mode_and_the_draft(self):
        store = os.path.join(self.home.path, "profile.json")
        s = self.start("--store", store, "-q")
        s.expect(PROMPT)
        s.line("edit on")
        s.line("set season autumn")
        s.expect(PENDING)
        other = subprocess.run(
            [BINARY, "--store", store, "-c", "edit on; set season spring; done"],
            env=self.home.env(term="dumb"), capture_output=True, timeout=10)
        self.assertEqual(other.returncode, 0, other.stderr)
        s.line("done")
        # The message wraps at the terminal's width.
        s.expect(r"error: (?:[^\n]*\r\n {7})+[^\n]*'done --force'")
        s.expect(PENDING)
        s.line("get mode")
        s.expect(r"\nactive\r\n")
        s.line("get season")
        s.expect(r"\nautumn\r\n")
        s.line("done --force")
        s.expect("\n" + PROMPT)
        self.leave(s)
        with open(store) as f:
            self.assertIn('"seasonalPhoto":"autumn"', f.read())

    def test_ctrl_c_ends_the_wait_for_another_sessions_lock(self):
        # done waits up to 10 s for the store's lock; Ctrl-C ends the wait, with the
        # draft kept and the store untouched, and done works once the lock is free.
        store = os.path.join(self.home.path, "profile.json")
        s = self.start("--store", store, "-q", "--no-rc")
        s.expect(PROMPT)
        s.line("edit on")
        s.line("set season autumn")
        s.expect(PENDING)
        with open(store + ".lock", "w") as held:
            fcntl.flock(held, fcntl.LOCK_EX)
            s.line("done")
            time.sleep(1)
            started = time.monotonic()
            s.send("\x03")
            s.expect(r"was\s+interrupted", timeout=5)
            self.assertLess(time.monotonic() - started, 3, "not the 10-second timeout")
            s.expect(PENDING)
        self.assertFalse(os.path.exists(store))
        s.line("done")
        s.expect("\n" + PROMPT)
        self.leave(s)
        with open(store) as f:
            self.assertIn('"seasonalPhoto":"autumn"', f.read())

    def two_sessions(self):
        """Sessions A and B at the prompt on one store that holds revision 1 (autumn)."""
        store = os.path.join(self.home.path, "profile.json")
        first = subprocess.run(
            [BINARY, "--store", store, "-c", "edit on; set season autumn; done"],
            env=self.home.env(term="dumb"), capture_output=True, timeout=10)
        self.assertEqual(first.returncode, 0, first.stderr)
        a = self.start("--store", store, "-q", "--no-rc")
        b = self.start("--store", store, "-q", "--no-rc")
        a.expect(PROMPT)
        b.expect(PROMPT)
        return store, a, b

    def test_disjoint_edits_merge_at_the_prompt(self):
        store, a, b = self.two_sessions()
        a.run("edit on")
        a.run("set username kim")
        b.run("edit on")
        b.run("set season spring")
        out = b.run("done")
        self.assertIn("\n" + PROMPT, "\n" + out.split("\n")[-1])
        out = a.run("done")
        self.assertRegex(out, r"note: another session saved revision 2[^\n]*\r\n[^\n]*took its")
        self.assertTrue(out.endswith(PROMPT), out)
        self.assertIn("\nspring\r\n", a.run("get season"))
        self.assertIn("\nkim\r\n", a.run("get username"))
        out = b.run("reload")
        self.assertIn("Reloaded revision 3 (this session had revision 2).", out)
        self.assertIn("username: g_kumar → kim", out)
        self.leave(a)
        self.leave(b)
        with open(store) as f:
            text = f.read()
        self.assertIn('"username":"kim"', text)
        self.assertIn('"seasonalPhoto":"spring"', text)

    def test_conflict_then_cancel_and_reload_takes_theirs(self):
        store, a, b = self.two_sessions()
        a.run("edit on")
        a.run("set season summer")
        b.run("edit on")
        b.run("set season spring")
        b.run("done")
        out = a.run("done")
        flat = re.sub(r"\r\n\s*", " ", out)
        self.assertIn("both changed season (yours summer, theirs spring)", flat)
        self.assertIn("'done --force' keeps yours, 'cancel' then 'reload' takes theirs", flat)
        # Still in edit mode, the draft intact.
        self.assertTrue(out.endswith("lprof edit*> "), out)
        self.assertIn("\nsummer\r\n", a.run("get draft.season"))
        a.run("cancel")
        out = a.run("reload")
        self.assertIn("season: autumn → spring", out)
        self.assertIn("\nspring\r\n", a.run("get season"))
        # The next commit builds on what it reloaded: no conflict.
        a.run("edit on")
        a.run("set username kim")
        out = a.run("done")
        self.assertNotIn("error", out)
        self.leave(a)
        self.leave(b)
        with open(store) as f:
            text = f.read()
        self.assertIn('"revision":3', text)
        self.assertIn('"seasonalPhoto":"spring"', text)

    def test_done_without_changes_neither_writes_nor_conflicts(self):
        store, a, b = self.two_sessions()
        a.run("edit on")
        a.run("set season spring")
        a.run("done")
        before = os.stat(store)
        with open(store, "rb") as f:
            content = f.read()
        time.sleep(0.02)
        b.run("edit on")
        out = b.run("done")
        self.assertNotIn("error", out)
        self.assertTrue(out.endswith(PROMPT), out)
        after = os.stat(store)
        self.assertEqual((before.st_ino, before.st_mtime_ns), (after.st_ino, after.st_mtime_ns))
        with open(store, "rb") as f:
            self.assertEqual(content, f.read())
        self.assertIn("\nautumn\r\n", b.run("get season"))
        self.assertIn("season: autumn → spring", b.run("reload"))
        self.leave(a)
        self.leave(b)


@unittest.skipUnless(
    shutil.which("tmux") or os.environ.get("LPROF_REQUIRE_PTY_TOOLS") == "1",
    "tmux is not installed")
class TmuxTests(InteractiveTestCase):
    def test_prompt_on_a_real_screen(self):
        socket = "lprof-pty-%d" % os.getpid()
        env = self.home.env()
        command = ["env", "-i"] + ["%s=%s" % kv for kv in env.items()] + [BINARY, "--memory"]
        tmux = ["tmux", "-L", socket, "-f", "/dev/null"]

        def capture():
            return subprocess.run(
                tmux + ["capture-pane", "-p", "-t", "t"], capture_output=True, text=True).stdout

        def wait_for(pattern):
            deadline = time.monotonic() + 5
            while time.monotonic() < deadline:
                screen = capture()
                if re.search(pattern, screen, re.M):
                    return screen
                time.sleep(0.05)
            self.fail("screen never showed %r:\n%s" % (pattern, capture()))

        subprocess.run(
            tmux + ["new-session", "-d", "-x", "80", "-y", "24", "-s", "t",
                    " ".join(shlex_quote(a) for a in command)],
            check=True, env=dict(os.environ, TERM="xterm-256color"))
        try:
            wait_for(r"^lprof> ?$")
            subprocess.run(tmux + ["send-keys", "-t", "t", "edit on", "Enter"], check=True)
            wait_for(r"^lprof edit> ?$")
            subprocess.run(
                tmux + ["send-keys", "-t", "t", "set season autumn", "Enter"], check=True)
            screen = wait_for(r"^lprof edit\*> ?$")
            self.assertIn("lprof edit> set season autumn", screen)
            lines = screen.rstrip("\n").split("\n")
            self.assertTrue(all(len(line) <= 80 for line in lines))
            # Ctrl-R draws its search prompt in place of lprof's, on the same row, and
            # each key redraws that row; a key that ends it puts lprof's prompt back.
            subprocess.run(tmux + ["send-keys", "-t", "t", "cancel", "Enter"], check=True)
            wait_for(r"^lprof> ?$")
            for key in ["C-r", "s", "e", "a"]:
                subprocess.run(tmux + ["send-keys", "-t", "t", key], check=True)
                time.sleep(0.1)
            screen = wait_for(r"^\(reverse-i-search\)`sea': set season autumn$")
            self.assertNotIn("lprof> (reverse", screen)
            self.assertEqual(screen.count("reverse-i-search"), 1, screen)
            subprocess.run(tmux + ["send-keys", "-t", "t", "Left", "X"], check=True)
            screen = wait_for(r"^lprof> setX season autumn$")
            self.assertNotIn("reverse-i-search", screen)
            # A SIGCONT without a stop (kill -CONT) leaves the screen as it was: no second
            # prompt drawn after the line.
            subprocess.run(tmux + ["send-keys", "-t", "t", "C-u", "print abc"], check=True)
            wait_for(r"^lprof> print abc$")
            pid = int(subprocess.run(
                tmux + ["display-message", "-p", "-t", "t", "#{pane_pid}"], capture_output=True,
                text=True, check=True).stdout)
            os.kill(pid, signal.SIGCONT)
            time.sleep(0.3)
            subprocess.run(tmux + ["send-keys", "-t", "t", "d", "Enter"], check=True)
            screen = wait_for(r"^abcd$")
            self.assertIn("lprof> print abcd\n", screen)
            self.assertNotIn("abclprof>", screen)
        finally:
            subprocess.run(tmux + ["kill-server"], capture_output=True)


def shlex_quote(text):
    import shlex
    return shlex.quote(text)


def main():
    """Runs the unittest cases of the script that was started (`__main__`) against the
    binary named on the command line; the pty scripts beside this one share it."""
    global BINARY
    if len(sys.argv) < 2:
        print("usage: %s BINARY [unittest options]" % os.path.basename(sys.argv[0]),
              file=sys.stderr)
        return 2
    BINARY = os.path.abspath(sys.argv[1])
    if not os.access(BINARY, os.X_OK):
        print("not an executable: %s" % BINARY, file=sys.stderr)
        return 2
    # The Swift test runner (Foundation's Process) starts this script with most signals
    # blocked, and every child inherits the mask: a tmux server started from here could
    # then take neither its SIGCHLD nor kill-server's SIGTERM, and outlived every test.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    program = unittest.main(argv=[sys.argv[0]] + sys.argv[2:], exit=False, verbosity=2)
    return 0 if program.result.wasSuccessful() else 1


if __name__ == "__main__":
    sys.exit(main())
