// The only C in epsim: a window onto ncursesw for Swift.
//
// Why this file exists:
// - The package does not ask pkg-config for ncursesw's flags (SwiftPM would refuse its
//   -D_XOPEN_SOURCE=600 with a warning), and without _XOPEN_SOURCE_EXTENDED the
//   wide-character API (get_wch, cchar_t, setcchar) is hidden.
// - Global C variables (stdscr, stdout, COLOR_PAIRS) do not import into Swift 6 with strict
//   concurrency, and function-like or composite macros (A_BOLD, KEY_F) do not import at all,
//   so each one used gets a static inline function here. COLOR_PAIR is not needed: the
//   wide-character API (setcchar) takes the pair number itself.
#ifndef EPSIM_CNCURSES_SHIM_H
#define EPSIM_CNCURSES_SHIM_H

#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#if __has_include(<ncursesw/ncurses.h>)
#include <ncursesw/ncurses.h>
#else
#error "epsim's terminal UI needs the ncursesw headers: apt-get install libncurses-dev"
#endif
#include <stdio.h>

static inline WINDOW *epsim_stdscr(void) { return stdscr; }
static inline FILE *epsim_stdout(void) { return stdout; }
static inline FILE *epsim_stdin(void) { return stdin; }
static inline int epsim_color_pair_count(void) { return COLOR_PAIRS; }

static inline attr_t epsim_attr_normal(void) { return A_NORMAL; }
static inline attr_t epsim_attr_bold(void) { return A_BOLD; }
static inline attr_t epsim_attr_dim(void) { return A_DIM; }
static inline attr_t epsim_attr_reverse(void) { return A_REVERSE; }
static inline attr_t epsim_attr_underline(void) { return A_UNDERLINE; }


static inline int epsim_key_code_yes(void) { return KEY_CODE_YES; }
static inline int epsim_key_resize(void) { return KEY_RESIZE; }
static inline int epsim_key_up(void) { return KEY_UP; }
static inline int epsim_key_down(void) { return KEY_DOWN; }
static inline int epsim_key_left(void) { return KEY_LEFT; }
static inline int epsim_key_right(void) { return KEY_RIGHT; }
static inline int epsim_key_home(void) { return KEY_HOME; }
static inline int epsim_key_end(void) { return KEY_END; }
static inline int epsim_key_page_up(void) { return KEY_PPAGE; }
static inline int epsim_key_page_down(void) { return KEY_NPAGE; }
static inline int epsim_key_backspace(void) { return KEY_BACKSPACE; }
static inline int epsim_key_delete(void) { return KEY_DC; }
static inline int epsim_key_insert(void) { return KEY_IC; }
static inline int epsim_key_back_tab(void) { return KEY_BTAB; }
static inline int epsim_key_enter(void) { return KEY_ENTER; }
static inline int epsim_key_f(int n) { return KEY_F(n); }

/// The value tigetstr returns for a capability that exists but is not a string.
static inline int epsim_is_absent_capability(const char *value) {
  return value == NULL || value == (char *)-1;
}

// The mouse: presses of the first button and the wheel, reported as soon as they come
// (no click interval, so a press is not held back to see whether a release follows).
static inline int epsim_key_mouse(void) { return KEY_MOUSE; }
static inline void epsim_mouse_on(void) {
  mousemask(BUTTON1_PRESSED | BUTTON4_PRESSED | BUTTON5_PRESSED, NULL);
  mouseinterval(0);
}
// The last mouse event: 1 a first-button press, 2 wheel up, 3 wheel down, 0 anything else
// (or none to read); its cell in `x` and `y`.
static inline int epsim_read_mouse(int *x, int *y) {
  MEVENT event;
  if (getmouse(&event) != OK) return 0;
  *x = event.x;
  *y = event.y;
  if (event.bstate & BUTTON1_PRESSED) return 1;
  if (event.bstate & BUTTON4_PRESSED) return 2;
  if (event.bstate & BUTTON5_PRESSED) return 3;
  return 0;
}

#endif
