/* The only C in lprof: non-variadic wrappers around libedit, whose el_set, el_get and
 * history calls are variadic and cannot be called from Swift. */
#ifndef LPROF_CEDITLINE_SHIM_H
#define LPROF_CEDITLINE_SHIM_H

#include <histedit.h>
#include <stdio.h>
#include <stdlib.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <locale.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>

typedef char *(*lprof_prompt_fn)(EditLine *);
typedef unsigned char (*lprof_command_fn)(EditLine *, int);

/* libedit on stdin, stderr and `out`, a stream that draws on stdout (whose descriptor
 * libedit is given for its terminal checks, since `out` has none). */
static inline EditLine *lprof_el_init(const char *prog, FILE *out) {
    return el_init_fd(prog, stdin, out, stderr, STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO);
}
static inline int lprof_el_set_prompt_esc(EditLine *el, lprof_prompt_fn fn, char esc) {
    return el_set(el, EL_PROMPT_ESC, fn, esc);
}
static inline int lprof_el_refresh(EditLine *el) { return el_set(el, EL_REFRESH); }
/* libedit's terminal modes: its raw editing modes (1) or the modes it found (0). */
static inline int lprof_el_prep_term(EditLine *el, int raw) {
    return el_set(el, EL_PREP_TERM, raw);
}
static inline int lprof_el_set_editor(EditLine *el, const char *mode) {
    return el_set(el, EL_EDITOR, mode);
}
/* libedit's history through lprof_history_walk (below), which can end one walk early. */
static int lprof_history_walk(void *h, HistEvent *ev, int op, ...);
static inline int lprof_el_set_hist(EditLine *el, History *h) {
    return el_set(el, EL_HIST, lprof_history_walk, h);
}
static inline int lprof_el_set_clientdata(EditLine *el, void *data) {
    return el_set(el, EL_CLIENTDATA, data);
}
static inline void *lprof_el_get_clientdata(EditLine *el) {
    void *data = NULL;
    el_get(el, EL_CLIENTDATA, &data);
    return data;
}
static inline int lprof_el_addfn(EditLine *el, const char *name, const char *help,
                                 lprof_command_fn fn) {
    return el_set(el, EL_ADDFN, name, help, fn);
}
static inline int lprof_el_bind(EditLine *el, const char *key, const char *command) {
    return el_set(el, EL_BIND, key, command, NULL);
}
/* bind -s: `key` types `string` (which may name other keys). */
static inline int lprof_el_bind_string(EditLine *el, const char *key, const char *string) {
    return el_set(el, EL_BIND, "-s", key, string, NULL);
}
/* bind -a: in vi's command map. */
static inline int lprof_el_bind_command_mode(EditLine *el, const char *key, const char *command) {
    return el_set(el, EL_BIND, "-a", key, command, NULL);
}
static inline History *lprof_history_init(void) { return history_init(); }
static inline void lprof_history_end(History *h) { history_end(h); }
static inline int lprof_history_setsize(History *h, int size) {
    HistEvent ev;
    return history(h, &ev, H_SETSIZE, size);
}
static inline int lprof_history_enter(History *h, const char *line) {
    HistEvent ev;
    return history(h, &ev, H_ENTER, line);
}
static inline int lprof_history_count(History *h) {
    HistEvent ev;
    return history(h, &ev, H_GETSIZE) == 0 ? ev.num : -1;
}
/* After Ctrl-R, libedit's place in history is the match, so that Up and Down go on from
 * it (as in readline). libedit keeps that place (the event number ed-prev-history counts
 * from) to itself; the one public way to set it is vi-to-history-line without a count,
 * which walks from the newest entry (H_FIRST, then H_NEXT) until the walk ends and stays
 * on the entry where it ended. So libedit's history goes through this function, which,
 * once armed with an entry's number (1: the newest), ends the next walk there. libedit
 * calls it only with H_FIRST, H_NEXT, H_LAST and H_PREV, which take no argument. */
static int lprof_history_stop = 0, lprof_history_steps = 0;
static int lprof_history_walk(void *h, HistEvent *ev, int op, ...) {
    if (op == H_FIRST) {
        lprof_history_steps = 0;
    } else if (op == H_NEXT && lprof_history_stop > 0 &&
               ++lprof_history_steps >= lprof_history_stop) {
        lprof_history_stop = 0;  /* once: vi-to-history-line's second walk loads it */
        return -1;
    }
    if (op != H_FIRST && op != H_NEXT && op != H_LAST && op != H_PREV) return -1;
    return history((History *)h, ev, op);
}
/* Arms the walk: the next vi-to-history-line stays on entry `number` (1: the newest). */
static inline void lprof_history_stop_at(int number) { lprof_history_stop = number; }

static inline const char *lprof_el_get_editor(EditLine *el) {
    const char *mode = NULL;
    if (el_get(el, EL_EDITOR, &mode) != 0) return NULL;
    return mode;
}

/* Ctrl-C at the prompt. The handler only sets a flag. It is installed without SA_RESTART,
 * so the wait inside lprof_getc fails with EINTR, the read fails, and el_gets returns,
 * putting the terminal back.
 * The flag has internal linkage: call these from one Swift file only. */
static volatile sig_atomic_t lprof_sigint_seen = 0;
/* Gives `signo` the handler `handler` (or SIG_DFL) with `flags` and no signal masked while
 * it runs, keeping the disposition before it in `previous` unless that is NULL. */
static int lprof_set_handler(int signo, void (*handler)(int), int flags,
                             struct sigaction *previous) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = flags;
    return sigaction(signo, &action, previous);
}
/* Unblocks `signo` (or, with `how` SIG_BLOCK, blocks it again). */
static void lprof_mask_one(int how, int signo) {
    sigset_t only;
    sigemptyset(&only);
    sigaddset(&only, signo);
    sigprocmask(how, &only, NULL);
}
/* Set while el_gets reads a line. Outside it (a command is running) the terminal has just
 * echoed ^C with no line break, so the handler ends that line, and the message that the
 * command was interrupted starts on a line of its own. */
static volatile sig_atomic_t lprof_reading_line = 0;
static void lprof_sigint_handler(int signo) {
    (void)signo;
    lprof_sigint_seen = 1;
    if (!lprof_reading_line) {
        ssize_t ignored = write(STDERR_FILENO, "\n", 1);
        (void)ignored;
    }
}
static inline void lprof_set_reading_line(int reading) { lprof_reading_line = reading; }
/* Also unblocks the signals an interactive session must see: a parent that starts lprof
 * from a thread with them blocked (a libdispatch or Swift concurrency thread does, and
 * the mask survives exec) would otherwise leave Ctrl-C, resizes and job control dead. */
static inline int lprof_install_sigint(struct sigaction *previous) {
    int result = lprof_set_handler(SIGINT, lprof_sigint_handler, 0, previous);
    sigset_t wanted;
    sigemptyset(&wanted);
    sigaddset(&wanted, SIGINT);
    sigaddset(&wanted, SIGWINCH);
    sigaddset(&wanted, SIGCONT);
    sigaddset(&wanted, SIGTSTP);
    sigaddset(&wanted, SIGHUP);
    sigaddset(&wanted, SIGTERM);
    sigprocmask(SIG_UNBLOCK, &wanted, NULL);
    return result;
}
static inline int lprof_restore_sigint(const struct sigaction *previous) {
    return sigaction(SIGINT, previous, NULL);
}
/* Reads and clears the flag in one atomic exchange: a Ctrl-C that lands between a read
 * and a clear would otherwise be lost. */
static inline int lprof_take_sigint(void) {
    return __atomic_exchange_n(&lprof_sigint_seen, 0, __ATOMIC_SEQ_CST);
}
/* A resize of the window while a line is read. SIGWINCH's handler only writes a byte to a
 * pipe (async-signal-safe); lprof_getc, libedit's character reader (EL_GETCFN), waits on
 * the terminal and that pipe together, and on a byte calls the resize callback, outside
 * the handler, to redraw the line for the new width. */
typedef void (*lprof_resize_fn)(EditLine *);
static int lprof_winch_pipe[2] = {-1, -1};
static lprof_resize_fn lprof_on_resize = NULL;
/* Called by the reader when Ctrl-C abandons the line, before el_wgets returns (the
 * terminal still in libedit's modes), to mark the line (^C). */
static lprof_resize_fn lprof_on_interrupt = NULL;
static inline void lprof_set_on_interrupt(lprof_resize_fn fn) { lprof_on_interrupt = fn; }
/* Tells the reader, from a signal handler: one byte into the pipe (async-signal-safe). */
static void lprof_tell_reader(const char *what) {
    int saved = errno;
    if (lprof_winch_pipe[1] >= 0) {
        ssize_t ignored = write(lprof_winch_pipe[1], what, 1);
        (void)ignored;
    }
    errno = saved;
}
static void lprof_winch_handler(int signo) {
    (void)signo;
    lprof_tell_reader("w");
}
/* Installs the handler (SA_RESTART: a command running meanwhile is not interrupted) and
 * the callback; 0 on success. */
static inline int lprof_install_sigwinch(struct sigaction *previous, lprof_resize_fn onResize) {
    if (lprof_winch_pipe[0] < 0) {
        if (pipe(lprof_winch_pipe) != 0) return -1;
        for (int i = 0; i < 2; i++) {
            fcntl(lprof_winch_pipe[i], F_SETFD, FD_CLOEXEC);
            fcntl(lprof_winch_pipe[i], F_SETFL, fcntl(lprof_winch_pipe[i], F_GETFL) | O_NONBLOCK);
        }
    }
    lprof_on_resize = onResize;
    return lprof_set_handler(SIGWINCH, lprof_winch_handler, SA_RESTART, previous);
}
static inline int lprof_restore_sigwinch(const struct sigaction *previous) {
    lprof_on_resize = NULL;
    return sigaction(SIGWINCH, previous, NULL);
}
/* Ctrl-Z, then fg. libedit puts the terminal back and redraws the line itself only from
 * its own character reader, which lprof replaces (lprof_getc); so lprof stops itself: the
 * handler puts back the terminal's modes from before editing (tcsetattr is
 * async-signal-safe), stops the process with the default action, and once continued
 * writes 'c' to the pipe, so that the reader has libedit take the terminal again and
 * redraw the line. It re-installs itself, so every Ctrl-Z on a line works alike. */
/* The saved modes live in a function (a static termios at file scope is not emitted for
 * Swift's importer). */
static inline struct termios *lprof_cooked_modes(void) {
    static struct termios modes;
    return &modes;
}
static int lprof_cooked_saved = 0;
static lprof_resize_fn lprof_on_continue = NULL;
static void lprof_tstp_handler(int signo) {
    (void)signo;
    int saved = errno;
    if (lprof_cooked_saved) tcsetattr(STDIN_FILENO, TCSADRAIN, lprof_cooked_modes());
    struct sigaction mine;
    lprof_set_handler(SIGTSTP, SIG_DFL, 0, &mine);
    lprof_mask_one(SIG_UNBLOCK, SIGTSTP);
    kill(getpid(), SIGTSTP);  /* stopped here until fg */
    lprof_mask_one(SIG_BLOCK, SIGTSTP);
    sigaction(SIGTSTP, &mine, NULL);
    lprof_tell_reader("c");
    errno = saved;
}
/* Saves the terminal's modes and installs the handler; 0 on success. */
static inline int lprof_install_sigtstp(struct sigaction *previous, lprof_resize_fn onContinue) {
    if (isatty(STDIN_FILENO) && tcgetattr(STDIN_FILENO, lprof_cooked_modes()) == 0) {
        lprof_cooked_saved = 1;
    }
    lprof_on_continue = onContinue;
    return lprof_set_handler(SIGTSTP, lprof_tstp_handler, SA_RESTART, previous);
}
static inline int lprof_restore_sigtstp(const struct sigaction *previous) {
    lprof_on_continue = NULL;
    return sigaction(SIGTSTP, previous, NULL);
}
/* Every signal whose default action ends the process (TERM, HUP, QUIT, USR1, USR2, ALRM,
 * VTALRM, PROF, XCPU, IO, PWR, STKFLT and the real-time ones): the terminal's modes from
 * before editing put back, then the signal's default action, on lprof alone. (libedit's
 * own handlers, EL_SIGNAL, pass a signal on with kill(0, …): to the whole process group,
 * which killed a shell that ran lprof without job control; lprof does not use them.)
 * SIGINT, SIGTSTP and SIGWINCH have handlers of their own above; the crash signals (SEGV,
 * BUS, ILL, FPE, ABRT, TRAP, SYS) are LprofSystem's FatalSignals, for the whole process. */
static void lprof_fatal_handler(int signo) {
    /* Only while a line is read (else the modes are already the cooked ones), and only in
     * the foreground: a stopped or background lprof that touched the terminal would be
     * stopped again by SIGTTOU instead of ending. */
    if (lprof_cooked_saved && lprof_reading_line && tcgetpgrp(STDIN_FILENO) == getpgrp()) {
        tcsetattr(STDIN_FILENO, TCSADRAIN, lprof_cooked_modes());
    }
    lprof_set_handler(signo, SIG_DFL, 0, NULL);
    lprof_mask_one(SIG_UNBLOCK, signo);
    kill(getpid(), signo);
}
/* Continued (after SIGSTOP too, which no handler sees): the reader has libedit take its
 * terminal modes again, which a shell may have changed meanwhile; it redraws the line
 * only after lprof's own Ctrl-Z ('c' above), since a SIGCONT without a stop leaves the
 * screen as it was. */
static void lprof_cont_handler(int signo) {
    (void)signo;
    lprof_tell_reader("C");
}
/* The signals lprof_install_fatal handles: those that end the process by default, then
 * SIGCONT last. `previous` in lprof_install_fatal has room for LPROF_FATAL_SIGNALS. */
#define LPROF_FATAL_SIGNALS 64
static inline int lprof_fatal_signals(int numbers[LPROF_FATAL_SIGNALS]) {
    static const int fixed[] = {SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM,
                                SIGVTALRM, SIGPROF, SIGXCPU, SIGIO, SIGPWR, SIGSTKFLT};
    int count = 0;
    for (unsigned i = 0; i < sizeof fixed / sizeof fixed[0]; i++) numbers[count++] = fixed[i];
    for (int rt = SIGRTMIN; rt <= SIGRTMAX && count < LPROF_FATAL_SIGNALS - 1; rt++) {
        numbers[count++] = rt;
    }
    numbers[count++] = SIGCONT;
    return count;
}
/* Installs the handlers, keeping each signal's disposition as it was in `previous`; a
 * signal whoever started lprof ignores stays ignored. Call after lprof_install_sigtstp,
 * which saves the terminal's modes. */
static inline void lprof_install_fatal(struct sigaction previous[LPROF_FATAL_SIGNALS]) {
    int numbers[LPROF_FATAL_SIGNALS];
    int count = lprof_fatal_signals(numbers);
    for (int i = 0; i < count; i++) {
        sigaction(numbers[i], NULL, &previous[i]);
        if (previous[i].sa_handler == SIG_IGN) continue;
        void (*handler)(int) = numbers[i] == SIGCONT ? lprof_cont_handler : lprof_fatal_handler;
        lprof_set_handler(numbers[i], handler, SA_RESTART, NULL);
    }
}
static inline void lprof_restore_fatal(const struct sigaction previous[LPROF_FATAL_SIGNALS]) {
    int numbers[LPROF_FATAL_SIGNALS];
    int count = lprof_fatal_signals(numbers);
    for (int i = 0; i < count; i++) sigaction(numbers[i], &previous[i], NULL);
}
/* Empties the pipe: 1 if it held a resize, 2 if lprof was continued after its own Ctrl-Z,
 * 4 if it was continued at all; or several. */
static inline int lprof_take_resize(void) {
    char bytes[64];
    int seen = 0;
    ssize_t got;
    if (lprof_winch_pipe[0] < 0) return 0;
    while ((got = read(lprof_winch_pipe[0], bytes, sizeof bytes)) > 0) {
        for (ssize_t i = 0; i < got; i++) {
            seen |= bytes[i] == 'c' ? 2 : bytes[i] == 'C' ? 4 : 1;
        }
    }
    return seen;
}
/* Bytes read ahead that the reader hands out before reading more: a key's whole escape
 * sequence, read to its end, when libedit knows it. */
static inline unsigned char *lprof_pending_buffer(void) {  /* in a function: see above */
    static unsigned char bytes[32];
    return bytes;
}
#define lprof_pending (lprof_pending_buffer())
static int lprof_pending_count = 0, lprof_pending_next = 0;

/* How many bytes of a key's sequence are queued, not yet handed out. */
static inline int lprof_pending_bytes(void) { return lprof_pending_count - lprof_pending_next; }

/* Keys typed while lprof waited for the terminal's answer to a question (the cursor's
 * position, lprof_cursor_column), handed out before anything else is read. (Like every
 * static here, it exists once in each Swift file that uses it: the reader's functions are
 * all called from EditLineReader.swift.) */
static inline unsigned char *lprof_typed_ahead_buffer(void) {  /* in a function: see above */
    static unsigned char bytes[256];
    return bytes;
}
static int lprof_typed_ahead_count = 0, lprof_typed_ahead_next = 0;

static inline int lprof_take_typed_ahead(unsigned char *byte) {
    if (lprof_typed_ahead_next == lprof_typed_ahead_count) return 0;
    *byte = lprof_typed_ahead_buffer()[lprof_typed_ahead_next++];
    if (lprof_typed_ahead_next == lprof_typed_ahead_count) {
        lprof_typed_ahead_next = lprof_typed_ahead_count = 0;
    }
    return 1;
}

static inline void lprof_keep_typed_ahead(const unsigned char *bytes, int n) {
    for (int i = 0; i < n && lprof_typed_ahead_count < 256; i++) {
        lprof_typed_ahead_buffer()[lprof_typed_ahead_count++] = bytes[i];
    }
}

static int lprof_read_terminal_soon(unsigned char *byte, int ms);

/* The next byte typed, if one comes within `ms` milliseconds: 1, or 0 when none came (or
 * the read failed). */
static int lprof_read_soon(unsigned char *byte, int ms) {
    if (lprof_take_typed_ahead(byte)) return 1;
    return lprof_read_terminal_soon(byte, ms);
}

/* Asks the terminal where the cursor is (DSR, ESC [ 6 n) and waits up to `ms` ms for its
 * answer, ESC [ row ; column R: the column (1 the first), or -1 when none came; the row (1
 * the top) goes in `*row` when it is not NULL. Keys typed meanwhile are kept for the
 * reader, which hands them out first. */
static inline int lprof_cursor_position(int ms, int *row) {
    static const char ask[] = "\033[6n";
    if (write(STDOUT_FILENO, ask, sizeof ask - 1) != (ssize_t)(sizeof ask - 1)) return -1;
    unsigned char reply[16];
    int n = 0;
    unsigned char byte;
    while (lprof_read_terminal_soon(&byte, ms)) {
        reply[n++] = byte;
        int answer = reply[0] == 0x1B && (n < 2 || reply[1] == '[');
        for (int i = 2; answer && i < n; i++) {
            answer = (reply[i] >= '0' && reply[i] <= '9') || reply[i] == ';' ||
                     (i == n - 1 && reply[i] == 'R');
        }
        if (!answer || n == (int)sizeof reply) {  /* typed keys, not the answer */
            lprof_keep_typed_ahead(reply, n);
            n = 0;
            continue;
        }
        if (byte == 'R') break;
    }
    if (n == 0 || reply[n - 1] != 'R') {
        lprof_keep_typed_ahead(reply, n);
        return -1;
    }
    const unsigned char *semicolon = memchr(reply, ';', (size_t)n);
    int column = 0;
    for (const unsigned char *p = semicolon ? semicolon + 1 : reply + n; *p != 'R'; p++) {
        column = column * 10 + (*p - '0');
    }
    if (row && semicolon) {
        *row = 0;
        for (const unsigned char *p = reply + 2; p < semicolon; p++) {
            *row = *row * 10 + (*p - '0');
        }
    }
    return semicolon && column > 0 ? column : -1;
}
/* The cursor's column alone (lprof_cursor_position). */
static inline int lprof_cursor_column(int ms) { return lprof_cursor_position(ms, NULL); }

/* Waits up to `ms` milliseconds for a byte on the terminal and reads it: 1, or 0 when none
 * came (or the read failed). */
static int lprof_read_terminal_soon(unsigned char *byte, int ms) {
    for (int tries = 0; tries < 8; tries++) {
        struct pollfd fd = {STDIN_FILENO, POLLIN, 0};
        int ready = poll(&fd, 1, ms);
        if (ready < 0 && errno == EINTR && !lprof_sigint_seen) continue;  /* a resize */
        if (ready <= 0 || !(fd.revents & POLLIN)) return 0;
        ssize_t got = read(STDIN_FILENO, byte, 1);
        if (got < 0 && errno == EINTR && !lprof_sigint_seen) continue;
        return got == 1;
    }
    return 0;
}

/* Whether libedit (with lprof's keys, EditLineReader.extraKeys) has a binding for the
 * escape sequence `seq` (without its Escape): the arrows, Home, End, Delete, PgUp and PgDn,
 * and Ctrl- or Alt-arrows in the forms terminals send. Any other key's sequence (F1–F12,
 * Insert, a modified Delete…) would leave its tail ("~", "5~") in the line: it is dropped
 * whole (SPEC §8: no key ever puts the bytes of an escape sequence into the line). */
static int lprof_known_sequence(const unsigned char *seq, int n) {
    if (n == 2 && (seq[0] == '[' || seq[0] == 'O')) {
        return strchr("ABCDHF", seq[1]) != NULL || (seq[0] == 'O' && strchr("cd", seq[1]));
    }
    if (n == 3 && seq[0] == '[' && seq[2] == '~') return strchr("1345678", seq[1]) != NULL;
    if (n == 3 && seq[0] == '[' && strchr("CD", seq[2])) return seq[1] == '5';
    if (n == 5 && seq[0] == '[' && seq[1] == '1' && seq[2] == ';' && strchr("35", seq[3])) {
        return strchr("CD", seq[4]) != NULL;
    }
    return 0;
}

/* Characters of lprof's own that stand for keys, bound with EL_BIND (EditLineReader's
 * bindKeys): C1 control characters, which no key types (lprof_getc drops them when typed
 * or pasted) and which libedit's maps can bind (only characters below 256 are looked up).
 * 0x88 and 0x8C stay free: emacs keys bind them (M-^H, M-^L). */
enum {
    LPROF_KEY_HISTORY_PLACE = 0x80, /* vi-to-history-line, stopped at the match (Ctrl-R) */
    LPROF_KEY_SEARCH_CURSOR = 0x81, /* the cursor back where the search left it */
    LPROF_KEY_UP = 0x82, LPROF_KEY_DOWN, LPROF_KEY_RIGHT, LPROF_KEY_LEFT, LPROF_KEY_HOME,
    LPROF_KEY_END, LPROF_KEY_DELETE = 0x89, LPROF_KEY_PAGE_UP, LPROF_KEY_PAGE_DOWN,
    LPROF_KEY_WORD_LEFT = 0x8D, LPROF_KEY_WORD_RIGHT,
    /* Steps of the keys above while inserting in vi keys (EditLineReader's viKeys). */
    LPROF_KEY_PREV_HISTORY = 0x90, LPROF_KEY_NEXT_HISTORY, LPROF_KEY_TO_END,
};

/* The key a known escape sequence (`seq` without its `escapes` Escapes) is, as one of the
 * characters above; 0 for none. */
static int lprof_key_of_sequence(const unsigned char *seq, int n, int escapes) {
    if (escapes == 2) {  /* Alt-Left and Alt-Right as some terminals send them */
        if (n != 2 || seq[0] != '[') return 0;
        return seq[1] == 'D' ? LPROF_KEY_WORD_LEFT : seq[1] == 'C' ? LPROF_KEY_WORD_RIGHT : 0;
    }
    if (escapes != 1 || !lprof_known_sequence(seq, n)) return 0;
    unsigned char last = seq[n - 1];
    if (n == 2) {
        switch (last) {
        case 'A': return LPROF_KEY_UP;
        case 'B': return LPROF_KEY_DOWN;
        case 'C': return LPROF_KEY_RIGHT;
        case 'D': return LPROF_KEY_LEFT;
        case 'H': return LPROF_KEY_HOME;
        case 'F': return LPROF_KEY_END;
        case 'c': return LPROF_KEY_WORD_RIGHT;
        case 'd': return LPROF_KEY_WORD_LEFT;
        }
        return 0;
    }
    if (n == 3 && last == '~') {
        switch (seq[1]) {
        case '1': case '7': return LPROF_KEY_HOME;
        case '4': case '8': return LPROF_KEY_END;
        case '3': return LPROF_KEY_DELETE;
        case '5': return LPROF_KEY_PAGE_UP;
        case '6': return LPROF_KEY_PAGE_DOWN;
        }
        return 0;
    }
    return last == 'C' ? LPROF_KEY_WORD_RIGHT : last == 'D' ? LPROF_KEY_WORD_LEFT : 0;
}

/* In vi keys, the key whose whole escape sequence is queued, taken off the queue; 0 when
 * the queue holds something else (a lone Escape, Escape and an ordinary key). libedit
 * would run a sequence's bytes as vi commands (Escape, then `[3~`: `~` toggles a case),
 * so in vi keys the reader hands libedit the key as one character instead. */
static int lprof_take_vi_key(EditLine *el) {
    const char *mode = NULL;
    if (el_get(el, EL_EDITOR, &mode) != 0 || mode == NULL || strcmp(mode, "vi") != 0) return 0;
    int escapes = 0;
    while (escapes < lprof_pending_count && lprof_pending[escapes] == 0x1B) escapes++;
    int key = lprof_key_of_sequence(lprof_pending + escapes, lprof_pending_count - escapes,
                                    escapes);
    if (key) lprof_pending_count = lprof_pending_next = 0;
    return key;
}

/* After an Escape: the rest of a CSI (`[` parameters, intermediates, a final byte) or SS3
 * (`O` and one byte) sequence whose bytes follow at once. A known one is queued with its
 * Escape; an unknown one is dropped; a lone Escape (or Escape and an ordinary key, Alt-b)
 * is queued as typed. Returns 1 when something was queued. */
static int lprof_read_escape(void) {
    unsigned char seq[24];
    int n = 0;
    lprof_pending_count = lprof_pending_next = 0;
    lprof_pending[lprof_pending_count++] = 0x1B;
    for (;;) {  /* Escapes before it (Alt-arrows as some terminals send them) go with it */
        if (!lprof_read_soon(&seq[0], 50)) return 1;
        if (seq[0] != 0x1B || lprof_pending_count == 4) break;
        lprof_pending[lprof_pending_count++] = 0x1B;
    }
    n = 1;
    int escapes = lprof_pending_count;
    if (seq[0] == '[' || seq[0] == 'O') {
        for (;;) {
            if (n == (int)sizeof seq || !lprof_read_soon(&seq[n], 50)) break;
            unsigned char c = seq[n++];
            if (n == 2 && seq[0] == '[' && c == '[') continue;  /* the Linux console's F1-F5 */
            if (seq[0] == 'O' || c >= 0x40 && c <= 0x7E) {
                /* With Escapes before it, libedit knows only Alt-Left and Alt-Right. */
                int known = escapes == 1 ? lprof_known_sequence(seq, n)
                                         : n == 2 && seq[0] == '[' && (c == 'C' || c == 'D');
                if (!known) {
                    lprof_pending_count = 0;
                    return 0;
                }
                break;
            }
            if (c < 0x20 || c > 0x3F) break; /* not a sequence's byte: handed on as typed */
        }
    }
    memcpy(lprof_pending + lprof_pending_count, seq, n);
    lprof_pending_count += n;
    return 1;
}

/* The next byte: a queued one, else one from the terminal. A resize or a continue meanwhile
 * calls its callback and reading goes on; Ctrl-C (the flag above) fails the read with
 * EINTR, as libedit's reader fails, so that el_wgets returns. 1: a byte; 2: in vi keys, a
 * key (`*byte` is one of the LPROF_KEY characters); 0: end of input; -1: error. */
static int lprof_next_byte(EditLine *el, unsigned char *byte) {
    for (;;) {
        if (lprof_sigint_seen) {  /* Ctrl-C, also while a key's sequence was read */
            lprof_pending_count = lprof_pending_next = 0;
            if (lprof_on_interrupt) lprof_on_interrupt(el);
            errno = EINTR;
            return -1;
        }
        if (lprof_pending_next < lprof_pending_count) {
            *byte = lprof_pending[lprof_pending_next++];
            return 1;
        }
        if (lprof_take_typed_ahead(byte)) {
            if (*byte == 0x1B) {
                lprof_read_escape();
                continue;
            }
            return 1;
        }
        struct pollfd fds[2] = {{STDIN_FILENO, POLLIN, 0}, {lprof_winch_pipe[0], POLLIN, 0}};
        int ready = poll(fds, lprof_winch_pipe[0] >= 0 ? 2 : 1, -1);
        if (ready < 0) {
            if (errno != EINTR) return -1;
            continue;  /* Ctrl-C: the check above */
        }
        if (lprof_winch_pipe[0] >= 0 && (fds[1].revents & POLLIN)) {
            int what = lprof_take_resize();
            if ((what & 2) && lprof_on_continue) {
                lprof_on_continue(el);
            } else if (what & 4) {  /* the modes only: the screen is as it was */
                el_set(el, EL_PREP_TERM, 0);
                el_set(el, EL_PREP_TERM, 1);
            } else if ((what & 1) && lprof_on_resize) {
                lprof_on_resize(el);
            }
            continue;
        }
        if (fds[0].revents == 0) continue;
        ssize_t got = read(STDIN_FILENO, byte, 1);
        if (got == 0) return 0;
        if (got < 0) {
            if (errno == EINTR) continue;  /* Ctrl-C: the check above */
            if (errno == EAGAIN || errno == EWOULDBLOCK) continue;
            return -1;
        }
        if (*byte == 0x1B) {
            lprof_read_escape();  /* queued whole, or dropped when no key of libedit's */
            int key = lprof_take_vi_key(el);
            if (key) {
                *byte = (unsigned char)key;
                return 2;
            }
            continue;
        }
        return 1;
    }
}

/* Called as each key is about to be read, after the command of the key before it has run
 * (not inside a key's escape sequence): the prompt puts the line's characters back into
 * one code point each (CharacterStandIns) after an edit that split or joined one. */
typedef void (*lprof_key_hook_fn)(EditLine *);
static lprof_key_hook_fn lprof_before_key = NULL;
static inline void lprof_set_before_key(lprof_key_hook_fn hook) { lprof_before_key = hook; }

/* libedit's character reader (EL_GETCFN): one character, decoded from the locale's
 * multibyte encoding as libedit's own reader does. A byte that cannot continue the
 * character begun is read afresh, so that a stray lead byte (0xC3) does not swallow the
 * Enter after it. 1: a character; 0: end of input; -1: error. */
static int lprof_getc(EditLine *el, wchar_t *out) {
    if (lprof_before_key && lprof_pending_bytes() == 0) lprof_before_key(el);
    mbstate_t state;
    memset(&state, 0, sizeof state);
    int partial = 0;
    for (;;) {
        unsigned char byte;
        int got = lprof_next_byte(el, &byte);
        if (got <= 0) return got;
        if (got == 2) {  /* a key, in vi keys */
            *out = byte;
            return 1;
        }
        wchar_t wide;
        size_t used = mbrtowc(&wide, (const char *)&byte, 1, &state);
        if (used == (size_t)-2) {  /* more bytes to come */
            partial = 1;
            continue;
        }
        if (used == (size_t)-1) {  /* not the locale's encoding */
            memset(&state, 0, sizeof state);
            if (!partial) continue;  /* a byte no character starts with: skipped */
            partial = 0;
            used = mbrtowc(&wide, (const char *)&byte, 1, &state);
            if (used == (size_t)-2) { partial = 1; continue; }
            if (used == (size_t)-1) { memset(&state, 0, sizeof state); continue; }
        }
        if (wide >= 0x80 && wide < 0xA0) continue;  /* C1 controls: the keys' own (above) */
        *out = wide;
        return 1;
    }
}
static inline int lprof_el_set_getcfn(EditLine *el) {
    return el_wset(el, EL_GETCFN, lprof_getc);
}

/* What libedit writes to the terminal, through the prompt's translation (each character's
 * stand-in becomes its scalars: CharacterStandIns.TerminalText) and then to stdout. glibc's
 * fopencookie is declared only under _GNU_SOURCE, which Swift's Glibc module is built
 * without; this declaration has its exact signature (a struct of four function pointers,
 * passed by value), and a compiler that saw both would say so. */
typedef void (*lprof_output_fn)(void *cookie, const unsigned char *bytes, size_t count);
typedef struct {
    ssize_t (*read)(void *, char *, size_t);
    ssize_t (*write)(void *, const char *, size_t);
    int (*seek)(void *, long *, int);
    int (*close)(void *);
} lprof_cookie_io_functions;
extern FILE *fopencookie(void *cookie, const char *mode, lprof_cookie_io_functions io);
static lprof_output_fn lprof_output_writer = NULL;
static ssize_t lprof_output_write(void *cookie, const char *bytes, size_t count) {
    if (lprof_output_writer) lprof_output_writer(cookie, (const unsigned char *)bytes, count);
    return (ssize_t)count;
}
/* A stream whose bytes go to `writer` (with `cookie`), flushed when libedit flushes. */
static inline FILE *lprof_translated_output(void *cookie, lprof_output_fn writer) {
    lprof_output_writer = writer;
    lprof_cookie_io_functions io = {NULL, lprof_output_write, NULL, NULL};
    FILE *stream = fopencookie(cookie, "w", io);
    if (stream) setvbuf(stream, NULL, _IOFBF, 8192);
    return stream;
}

static inline FILE *lprof_stdin(void) { return stdin; }
static inline FILE *lprof_stdout(void) { return stdout; }
static inline FILE *lprof_stderr(void) { return stderr; }

#endif
