#!/usr/bin/env python3
"""lprof honours libedit's start-up file (~/.editrc, or $EDITRC): vi keys from `bind -v`,
and the user's own bindings, which win over lprof's.

    python3 Tests/EndToEndTests/pty/test_editrc.py BINARY

Runs the real binary in a pseudo-terminal (pexpect) with a private HOME, TERM=xterm-256color
and LANG=C.UTF-8, as test_interactive.py does (whose Home and Session it uses). Every test
checks what the edited line really was: it ends the line with Enter and reads what lprof
printed for it (`print WORDS` prints the words; anything else is an error).
Exits non-zero when a test fails.
"""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_interactive  # noqa: E402
from test_interactive import Home, Session  # noqa: E402

PROMPT = r"lprof> "
ESC = "\x1b"


class EditrcTestCase(unittest.TestCase):
    def setUp(self):
        self.home = Home()
        self.sessions = []

    def tearDown(self):
        for session in self.sessions:
            session.kill()
        self.home.remove()

    def write_editrc(self, text, path=None):
        path = path or os.path.join(self.home.path, ".editrc")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        return path

    def start(self, **env_extra):
        session = Session(self.home, args=("--memory", "--no-rc", "-q"), **env_extra)
        self.sessions.append(session)
        session.expect(PROMPT)
        return session

    def keys(self, session, *groups):
        """Sends each group of keys as one write, waiting for the screen to settle after
        each, as a person typing would."""
        for group in groups:
            session.send(group)
            session.settle()

    def enter(self, session):
        """Ends the line; returns the line lprof printed just before its next prompt."""
        session.send("\r")
        return session.expect(r"\n([^\r\n]*)\r\n" + PROMPT).group(1)

    def leave(self, session):
        session.send("\x04")
        self.assertEqual(session.wait_exit(), 0)


class ViKeysTests(EditrcTestCase):
    """`bind -v` in ~/.editrc."""

    def setUp(self):
        super().setUp()
        self.write_editrc("bind -v\n")

    def test_escape_then_x_deletes_the_character(self):
        s = self.start()
        self.keys(s, "print seasonX", ESC, "x")
        self.assertEqual(self.enter(s), "season")
        self.leave(s)

    def test_a_lone_escape_does_not_wait_for_more(self):
        # Escape and x in one write, as a fast typist or a paste sends them.
        s = self.start()
        self.keys(s, "print seasonX" + ESC + "x")
        self.assertEqual(self.enter(s), "season")
        self.leave(s)

    def test_dw_deletes_a_word(self):
        s = self.start()
        self.keys(s, "print alpha beta gamma", ESC, "b", "b", "d", "w")
        self.assertEqual(self.enter(s), "alpha gamma")
        self.leave(s)

    def test_k_and_j_walk_history(self):
        s = self.start()
        for word in ("first", "second", "third"):
            s.line("print " + word)
            s.expect(PROMPT)
        self.keys(s, ESC, "k")
        self.assertEqual(self.enter(s), "third")
        self.keys(s, ESC, "k", "k", "k", "j")
        self.assertEqual(self.enter(s), "second")
        self.leave(s)

    def test_i_inserts_before_the_cursor(self):
        s = self.start()
        self.keys(s, "print bd", ESC, "i", "c")
        self.assertEqual(self.enter(s), "bcd")
        self.leave(s)

    def test_a_appends_after_the_cursor(self):
        s = self.start()
        self.keys(s, "print bd", ESC, "h", "a", "c")
        self.assertEqual(self.enter(s), "bcd")
        self.leave(s)

    def test_capital_a_appends_at_the_end(self):
        s = self.start()
        self.keys(s, "print ab", ESC, "0", "A", "c")
        self.assertEqual(self.enter(s), "abc")
        self.leave(s)

    def test_tab_completes_while_inserting(self):
        s = self.start()
        self.keys(s, "pri\t", "done")
        self.assertEqual(self.enter(s), "done")
        # And again after a round trip through command mode.
        self.keys(s, "xyz", ESC, "0", "c", "w", "pri\t")
        self.keys(s, "again")
        self.assertEqual(self.enter(s), "again")
        self.leave(s)

    def test_ctrl_r_searches_history_while_inserting(self):
        s = self.start()
        for word in ("alpha-1", "beta-2", "gamma-3"):
            s.line("print " + word)
            s.expect(PROMPT)
        self.keys(s, "\x12", "alp")
        self.assertEqual(self.enter(s), "alpha-1")
        self.leave(s)

    def test_ctrl_left_and_home_move_from_insert_mode(self):
        # A key's escape sequence is one key (SPEC §8): it moves and, as in readline, the
        # line stays in insert mode.
        s = self.start()
        self.keys(s, "print one two", "\x1b[1;5D", "new ")
        self.assertEqual(self.enter(s), "one new two")
        self.keys(s, "rint a", "\x1b[1~", "p")
        self.assertEqual(self.enter(s), "a")
        self.keys(s, "print a", ESC, "0", "\x1b[4~", "a", "b")
        self.assertEqual(self.enter(s), "ab")
        self.leave(s)

    def test_escape_still_works_after_lprof_sequences(self):
        s = self.start()
        self.keys(s, "print x", "\x1b[1;5C", "\x1b[7~", ESC, "A", "yZ", ESC, "x")
        self.assertEqual(self.enter(s), "xy")
        self.leave(s)


class EditrcFileTests(EditrcTestCase):
    def test_editrc_variable_names_the_file(self):
        path = self.write_editrc("bind -v\n", os.path.join(self.home.path, "my-editrc"))
        s = self.start(EDITRC=path)
        self.keys(s, "print seasonX", ESC, "x")
        self.assertEqual(self.enter(s), "season")
        self.keys(s, ESC, "k", "0", "d", "w", "i", "print again ", ESC, "A", "!")
        self.assertEqual(self.enter(s), "again season!")
        self.leave(s)

    def test_an_editrc_that_is_a_fifo_or_a_folder_is_said_at_once(self):
        # A FIFO would keep libedit's start-up read waiting for a writer for ever.
        fifo = os.path.join(self.home.path, "fifo-editrc")
        os.mkfifo(fifo)
        for path, kind in ((fifo, "a FIFO (named pipe)"), (self.home.path, "a folder")):
            s = self.start(EDITRC=path)  # the prompt comes (Session waits 5 s at most)
            self.assertIn("is %s, not a file; its key bindings were not read" % kind,
                          s.text.replace("\r\n         ", " "))
            self.keys(s, "print still")
            self.assertEqual(self.enter(s), "still")
            self.leave(s)

    def test_editrc_variable_wins_over_home_editrc(self):
        self.write_editrc("bind -v\n")
        path = self.write_editrc("bind ^W ed-delete-prev-word\n",
                                 os.path.join(self.home.path, "other"))
        s = self.start(EDITRC=path)
        # Emacs keys: Ctrl-A goes to the start of the line.
        self.keys(s, "rint a", "\x01", "p")
        self.assertEqual(self.enter(s), "a")
        self.leave(s)

    def test_emacs_binding_takes_effect(self):
        # libedit's emacs ^W is em-kill-region, which would kill the whole line here.
        self.write_editrc("bind ^W ed-delete-prev-word\n")
        s = self.start()
        self.keys(s, "print alpha beta", "\x17")
        self.assertEqual(self.enter(s), "alpha")
        self.leave(s)

    def test_user_binding_after_bind_v_wins_over_lprof_keys(self):
        # lprof binds Tab to completion after `bind -v`; the user's later line rebinds it.
        self.write_editrc("bind -v\nbind ^I ed-insert\n")
        s = self.start()
        self.keys(s, "print a\tb", ESC, "x")
        self.assertEqual(self.enter(s), "a")
        self.keys(s, "print a\tb")
        self.assertEqual(self.enter(s), "a b")
        self.leave(s)

    def test_user_binding_in_emacs_mode_wins_over_lprof_keys(self):
        # Ctrl-R types itself instead of searching history.
        self.write_editrc("bind ^R ed-insert\n")
        s = self.start()
        self.keys(s, "print a", "\x12", "b")
        self.assertIn("control character U+0012", self.enter(s))
        self.leave(s)

    def test_program_prefix_limits_a_line(self):
        # `lprof:` lines apply; other programs' lines do not, and do not reset lprof's keys
        # (Tab stays the user's, a literal tab).
        self.write_editrc("bind ^I ed-insert\nmysql:bind -v\n")
        s = self.start()
        self.keys(s, "rint a\tb", "\x01", "p")
        self.assertEqual(self.enter(s), "a b")
        self.leave(s)
        self.write_editrc("lprof:bind -v\n")
        s = self.start()
        self.keys(s, "print seasonX", ESC, "x")
        self.assertEqual(self.enter(s), "season")
        self.leave(s)


if __name__ == "__main__":
    sys.exit(test_interactive.main())
